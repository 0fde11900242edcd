import { webhookEvents } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { logError } from '../../platform/log';
import { PaymentUnavailableError, WebhookSignatureError, type ChargeOutcome } from '../../platform/payments';
import { applyInvoicePaymentEvent } from '../invoices';
import { applyOutcome, paymentForEvent } from './payment';
import type { Deps } from './views';

export interface WebhookAnswer {
  status: 200 | 400 | 503;
  body: { received: true; duplicate?: true } | { message: string };
}

/**
 * POST /api/webhooks/stripe: the provider tells us a payment succeeded or failed (3-D Secure
 * finished in the browser, a delayed payment method settled). The signature over the raw body is
 * the authentication; an event is handled once by its id (a replay answers 200 and changes
 * nothing), through the same outcome handling as the pay request. Events about payments that are
 * not ours are acknowledged and ignored, so the provider stops retrying them.
 */
export async function handlePaymentWebhook(deps: Deps, rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const port = deps.ports.payments;
  let event;
  try {
    event = await port.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: { message: error.message } };
    if (error instanceof PaymentUnavailableError) return { status: 503, body: { message: error.message } };
    throw error;
  }
  const [seen] = await deps.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return { status: 200, body: { received: true, duplicate: true } };

  let paymentId: string | null = null;
  if (event.type !== 'other' && event.paymentId) {
    const payment = await paymentForEvent(deps.db, port.provider, event.paymentId, event.orderId);
    if (payment) {
      paymentId = payment.id;
      const outcome: ChargeOutcome =
        event.type === 'payment_succeeded'
          ? { status: 'succeeded', paymentId: event.paymentId }
          : { status: 'declined', paymentId: event.paymentId, code: 'payment_failed', reason: event.reason ?? 'Your card was declined.' };
      await applyOutcome(deps, payment.id, outcome);
    } else {
      // Invoice charges carry the invoice's id where order charges carry the order's.
      const invoiceStatus = event.orderId
        ? await applyInvoicePaymentEvent(
            { db: deps.db, ports: deps.ports, appUrl: deps.request.appUrl },
            event.orderId,
            event.type === 'payment_succeeded' ? { succeeded: true } : { succeeded: false, reason: event.reason ?? 'Your bank refused the debit.' },
          )
        : null;
      if (invoiceStatus === null) logError('A payment webhook named no payment of ours', new Error(`${event.type} for ${event.paymentId} (order ${event.orderId ?? 'none'})`));
    }
  }
  // Recorded after its effect: a crash in between lets the provider's retry apply it (once: the
  // outcome handling ignores what is already recorded).
  await deps.db
    .insert(webhookEvents)
    .values({ id: event.id, provider: port.provider, type: event.type, paymentId, receivedAt: deps.ports.clock.now() })
    .onConflictDoNothing();
  return { status: 200, body: { received: true } };
}
