/**
 * The Stripe adapter reading webhooks: the signature, its age, and the events it understands.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './port';
import { STRIPE_API_VERSION } from './stripe';
import { fakeStripeBed, NOW, WEBHOOK_SECRET } from '../../testing/stripe-bed';

const bed = fakeStripeBed();
const { adapter } = bed;

describe('stripePayments webhooks', () => {
  function eventBody(type: string, object: Record<string, unknown>) {
    return JSON.stringify({ id: 'evt_1Fake', object: 'event', api_version: STRIPE_API_VERSION, created: Math.floor(NOW / 1000), type, livemode: false, data: { object } }, null, 2);
  }

  const intent = {
    id: 'pi_3Fake',
    object: 'payment_intent',
    amount: 4_900,
    amount_received: 4_900,
    currency: 'eur',
    metadata: { orderId: 'ord_7f3a', organizationId: 'org_acme' },
    last_payment_error: null,
    status: 'succeeded',
  };

  function sign(payload: string, options: { secret?: string; secondsAgo?: number } = {}) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: Math.floor(bed.now / 1000) - (options.secondsAgo ?? 0) });
  }

  it('accepts a signed payment_intent.succeeded and names the order and amount', async () => {
    const body = eventBody('payment_intent.succeeded', intent);
    expect(await adapter().parseWebhook(body, sign(body))).toEqual({ id: 'evt_1Fake', type: 'payment_succeeded', paymentId: 'pi_3Fake', orderId: 'ord_7f3a', amountCents: 4_900 });
    expect(bed.fake.requests).toHaveLength(0);
  });

  it('maps payment_failed and canceled to payment_failed with a reason the customer can read', async () => {
    const failed = eventBody('payment_intent.payment_failed', {
      ...intent,
      amount_received: 0,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(await adapter().parseWebhook(failed, sign(failed))).toEqual({
      id: 'evt_1Fake',
      type: 'payment_failed',
      paymentId: 'pi_3Fake',
      orderId: 'ord_7f3a',
      amountCents: 4_900,
      reason: 'Your card has insufficient funds.',
    });
    const canceled = eventBody('payment_intent.canceled', { ...intent, status: 'canceled' });
    expect(await adapter().parseWebhook(canceled, sign(canceled))).toMatchObject({ type: 'payment_failed', reason: 'The payment was cancelled, so nothing was charged.' });
  });

  it('passes other event types on as other', async () => {
    const body = eventBody('charge.refunded', { id: 'ch_1Fake', object: 'charge' });
    expect(await adapter().parseWebhook(body, sign(body))).toEqual({ id: 'evt_1Fake', type: 'other' });
  });

  it('accepts a signature up to five minutes old by the injected clock', async () => {
    const body = eventBody('payment_intent.succeeded', intent);
    const header = sign(body, { secondsAgo: 0 });
    bed.now = NOW + 299_000;
    await expect(adapter().parseWebhook(body, header)).resolves.toMatchObject({ type: 'payment_succeeded' });
  });

  it.each([
    ['a tampered body', (body: string) => ({ body: body.replace('4900', '1'), header: sign(body) })],
    ['the wrong secret', (body: string) => ({ body, header: sign(body, { secret: 'whsec_SomebodyElsesSecret' }) })],
    ['a timestamp over five minutes old', (body: string) => ({ body, header: sign(body, { secondsAgo: 301 }) })],
    ['no signature header', (body: string) => ({ body, header: null })],
    ['a garbled signature header', (body: string) => ({ body, header: 't=abc,v1=' })],
    ['a signature from another scheme', (body: string) => ({ body, header: sign(body).replace('v1=', 'v0=') })],
  ])('rejects %s with WebhookSignatureError', async (_label, make) => {
    const { body, header } = make(eventBody('payment_intent.succeeded', intent));
    await expect(adapter().parseWebhook(body, header)).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a validly signed body that is not JSON', async () => {
    const body = 'not json';
    await expect(adapter().parseWebhook(body, sign(body))).rejects.toThrow(WebhookSignatureError);
  });
});
