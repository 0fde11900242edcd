import type { OrderDetail, OrderEvent } from './order-types';

/**
 * An order's timeline (/order-status/{id}) as the steps a customer follows: what happened, oldest
 * first, then what is still to come while the order is under way.
 */
export type StepTone = 'done' | 'failed' | 'warning' | 'upcoming';

export interface TimelineStep {
  key: string;
  title: string;
  /** The server's sentence for a past step; what happens next for an upcoming one. */
  detail: string;
  /** Why a payment or the order failed, in the customer's words. */
  reason: string | null;
  /** When it happened; null for an upcoming step. */
  at: number | null;
  tone: StepTone;
}

export interface OrderTimeline {
  steps: TimelineStep[];
  /** Index of the last step reached (Mantine's Timeline `active`); -1 when none. */
  active: number;
}

type TimelineOrder = Pick<OrderDetail, 'kind' | 'status' | 'events'>;

function eventTitle(event: OrderEvent): { title: string; tone: StepTone } {
  switch (event.type) {
    case 'placed':
      return { title: 'Order placed', tone: 'done' };
    case 'payment_started':
      return { title: 'Payment started', tone: 'done' };
    case 'authentication_required':
      return { title: 'Bank confirmation requested', tone: 'done' };
    case 'payment_failed':
      return { title: 'Payment failed', tone: 'failed' };
    case 'paid':
      return { title: event.amountCents === 0 ? 'Confirmed, nothing to pay' : 'Paid', tone: 'done' };
    case 'invoiced':
      return { title: 'Confirmed for bank transfer', tone: 'done' };
    case 'transfer_received':
      return { title: 'Bank transfer received', tone: 'done' };
    case 'promotion_removed':
      return { title: 'Promotion removed', tone: 'warning' };
    case 'provisioning_started':
      return { title: 'Provisioning started', tone: 'done' };
    case 'completed':
      return { title: 'Completed', tone: 'done' };
    case 'failed':
      return { title: 'Failed', tone: 'failed' };
    case 'cancelled':
      return { title: 'Cancelled', tone: 'failed' };
  }
}

/** The steps an order under way still has to go through. */
function upcomingSteps(order: TimelineOrder): Omit<TimelineStep, 'key'>[] {
  const cluster = order.kind === 'cluster';
  const done = cluster
    ? { title: 'Cluster running', detail: 'The cluster is running and ready to use.' }
    : { title: 'Delivered', detail: order.kind === 'support' ? 'The support plan is active.' : 'What you ordered is ready to use.' };
  const provisioning = { title: 'Provisioning', detail: 'We build the cluster: control plane, network, then the nodes of each pool.' };
  const upcoming = (step: { title: string; detail: string }) => ({ ...step, reason: null, at: null, tone: 'upcoming' as const });
  switch (order.status) {
    case 'pending':
      return [
        upcoming({ title: 'Payment', detail: 'The order awaits its payment.' }),
        ...(cluster ? [upcoming(provisioning)] : []),
        upcoming(done),
      ];
    case 'paid':
      return [...(cluster ? [upcoming(provisioning)] : []), upcoming(done)];
    case 'provisioning':
      return [upcoming(done)];
    default:
      return [];
  }
}

export function orderTimeline(order: TimelineOrder): OrderTimeline {
  const past = order.events.map((event): TimelineStep => {
    const { title, tone } = eventTitle(event);
    return { key: event.id, title, detail: event.message, reason: event.reason, at: event.createdAt, tone };
  });
  const future = upcomingSteps(order).map((step, index): TimelineStep => ({ ...step, key: `upcoming-${index}` }));
  return { steps: [...past, ...future], active: past.length - 1 };
}
