import { describe, expect, it } from 'vitest';
import { orderTimeline } from './timeline';
import type { OrderEvent } from './order-types';

let sequence = 0;
function event(type: OrderEvent['type'], fields: Partial<OrderEvent> = {}): OrderEvent {
  sequence += 1;
  return { id: `oev_${sequence}`, type, message: `${type} happened.`, reason: null, paymentId: null, amountCents: null, dueAt: null, createdAt: 1_000 * sequence, ...fields };
}

describe('orderTimeline', () => {
  it('shows a pending cluster order with its failed payment, then what is still to come', () => {
    const timeline = orderTimeline({
      kind: 'cluster',
      status: 'pending',
      events: [
        event('placed'),
        event('payment_started'),
        event('payment_failed', { reason: 'Your card was declined.' }),
      ],
    });
    expect(timeline.steps.map((step) => [step.title, step.tone])).toEqual([
      ['Order placed', 'done'],
      ['Payment started', 'done'],
      ['Payment failed', 'failed'],
      ['Payment', 'upcoming'],
      ['Provisioning', 'upcoming'],
      ['Cluster running', 'upcoming'],
    ]);
    expect(timeline.steps[2]).toMatchObject({ reason: 'Your card was declined.', detail: 'payment_failed happened.' });
    expect(timeline.steps[3]).toMatchObject({ at: null, reason: null });
    expect(timeline.active).toBe(2);
  });

  it('leaves provisioning out for orders delivered at once', () => {
    const timeline = orderTimeline({ kind: 'middleware', status: 'pending', events: [event('placed')] });
    expect(timeline.steps.map((step) => step.title)).toEqual(['Order placed', 'Payment', 'Delivered']);
    const support = orderTimeline({ kind: 'support', status: 'pending', events: [event('placed')] });
    expect(support.steps.at(-1)?.detail).toBe('The support plan is active.');
  });

  it('follows a provisioning cluster to its running step, then stops once completed', () => {
    const events = [event('placed'), event('authentication_required'), event('paid', { amountCents: 12_345 }), event('provisioning_started')];
    const provisioning = orderTimeline({ kind: 'cluster', status: 'provisioning', events });
    expect(provisioning.steps.map((step) => step.title)).toEqual(['Order placed', 'Bank confirmation requested', 'Paid', 'Provisioning started', 'Cluster running']);
    expect(provisioning.active).toBe(3);

    const completed = orderTimeline({ kind: 'cluster', status: 'completed', events: [...events, event('completed')] });
    expect(completed.steps.map((step) => step.tone)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(completed.active).toBe(4);
  });

  it('names a free order, a bank transfer, a removed promotion and the final failures for what they are', () => {
    const free = orderTimeline({ kind: 'support', status: 'completed', events: [event('placed'), event('paid', { amountCents: 0 }), event('completed')] });
    expect(free.steps[1]?.title).toBe('Confirmed, nothing to pay');

    const invoiced = orderTimeline({ kind: 'addon', status: 'completed', events: [event('placed'), event('promotion_removed'), event('invoiced'), event('completed')] });
    expect(invoiced.steps.map((step) => [step.title, step.tone])).toEqual([
      ['Order placed', 'done'],
      ['Promotion removed', 'warning'],
      ['Confirmed for bank transfer', 'done'],
      ['Completed', 'done'],
    ]);

    const failed = orderTimeline({ kind: 'cluster', status: 'failed', events: [event('placed'), event('paid'), event('provisioning_started'), event('failed', { reason: 'The region ran out of capacity.' })] });
    expect(failed.steps.at(-1)).toMatchObject({ title: 'Failed', tone: 'failed', reason: 'The region ran out of capacity.' });
    expect(failed.steps).toHaveLength(4);

    const cancelled = orderTimeline({ kind: 'middleware', status: 'cancelled', events: [event('placed'), event('cancelled')] });
    expect(cancelled.steps.map((step) => step.title)).toEqual(['Order placed', 'Cancelled']);
  });

  it('keeps the steps of a paid order that is not yet delivered', () => {
    const paid = orderTimeline({ kind: 'cluster', status: 'paid', events: [event('placed'), event('paid')] });
    expect(paid.steps.map((step) => step.title)).toEqual(['Order placed', 'Paid', 'Provisioning', 'Cluster running']);
    expect(paid.active).toBe(1);
  });

  it('shows a bank transfer staff recorded as received after the order was delivered', () => {
    const received = orderTimeline({
      kind: 'support',
      status: 'completed',
      events: [event('placed'), event('invoiced'), event('completed'), event('transfer_received', { message: 'Bank transfer of €238.80 received on 2026-11-23 (reference BNP-1). The order is paid.' })],
    });
    expect(received.steps.map((step) => [step.title, step.tone])).toEqual([
      ['Order placed', 'done'],
      ['Confirmed for bank transfer', 'done'],
      ['Completed', 'done'],
      ['Bank transfer received', 'done'],
    ]);
    expect(received.steps.at(-1)?.detail).toBe('Bank transfer of €238.80 received on 2026-11-23 (reference BNP-1). The order is paid.');
    expect(received.active).toBe(3);
  });
});
