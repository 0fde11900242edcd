import {
  HOLDING_PAYMENT_STATUSES,
  newId,
  orderEvents,
  payments,
  promotionRedemptions,
  type Database,
  type Order,
  type Payment,
  type PaymentMethod,
} from '@kubemarket/db';
import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import { audit, auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import {
  PaymentUnavailableError,
  type ChargeOutcome,
} from '../../platform/payments';
import { orderEmails } from './emails';
import { emitEvent } from '../../platform/webhook-events';
import { mailRecipients, notifyAll, orderRecipients, settleStatements, startFulfilment, type Settlement, type Statement } from './fulfilment';
import { euros } from '@kubemarket/shared';
import { orderDetail, type Deps, type Member } from './views';
import { batch, conflict, orderById, paymentById, type Outcome, type PayResultKind, unavailable } from './payment-common';

// Outcome

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', cartes_bancaires: 'Cartes Bancaires' };

function paidMessage(payment: Payment): string {
  if (payment.provider === 'bank_transfer') return 'Order confirmed for payment by bank transfer.';
  const brand = payment.cardBrand ? (CARD_BRANDS[payment.cardBrand] ?? payment.cardBrand) : null;
  return brand && payment.cardLast4 ? `Payment received by card (${brand} ending in ${payment.cardLast4}).` : 'Payment received by card.';
}

export function methodOf(payment: Payment): PaymentMethod {
  return payment.provider === 'bank_transfer' ? 'bank_transfer' : payment.provider === 'stripe' ? 'stripe' : 'card';
}

/** The payer and the placer hear about a declined payment; the placer only once if they are the same member. */
async function tellDeclined(deps: Deps, order: Order, payment: Payment, reason: string) {
  const recipients = await orderRecipients(deps.db, [payment.userId, order.userId]);
  await notifyAll(deps, recipients, 'error', `Payment failed for ${order.summary}: ${reason} Nothing was charged; the order still awaits payment.`);
  await emitEvent(deps, order.organizationId, { type: 'order.payment_failed', key: payment.id, data: { orderId: order.id, paymentId: payment.id, summary: order.summary, reason } });
  mailRecipients(deps, recipients, order, (fields) => orderEmails.paymentFailed({ ...fields, reason }));
}

/**
 * A payment the provider took although the order was already paid by another payment, or
 * cancelled: it slipped past every claim (a webhook for an authentication step that a new attempt
 * had replaced, a cancel racing a charge). The money goes back at once, whole, and the payer and
 * the order's placer are told; the audit log keeps both the extra charge and its refund. When the
 * provider cannot be reached the error propagates, so the webhook is retried (the refund's key
 * makes the retry safe) and the billing team sees `order.extra_payment` meanwhile.
 */
async function refundExtraCharge(deps: Deps, order: Order, payment: Payment, providerPaymentId: string | null, now: number): Promise<Payment> {
  const metadata = { orderId: order.id, organizationId: order.organizationId, amountCents: payment.amountCents, providerPaymentId };
  await audit(deps.db, { actorUserId: null, organizationId: order.organizationId, action: 'order.extra_payment', targetType: 'payment', targetId: payment.id, metadata }, now).catch(
    (error: unknown) => logError('Auditing an extra payment failed', error),
  );
  if (!providerPaymentId) {
    logError('A payment succeeded for an order that was already settled, without a provider id; refund it by hand', new Error(`order ${order.id}, payment ${payment.id}`));
    return payment;
  }
  const { refundId } = await deps.ports.payments.refund({ paymentId: providerPaymentId, amountCents: payment.amountCents, idempotencyKey: `refund:${payment.id}` });
  const refunded: Payment = { ...payment, status: 'refunded', providerPaymentId, failureReason: 'Refunded: the order had already been paid or cancelled.', updatedAt: now };
  await batch(deps.db, [
    deps.db.update(payments).set({ status: 'refunded', providerPaymentId, failureReason: refunded.failureReason, updatedAt: now }).where(eq(payments.id, payment.id)),
    auditInsert(deps.db, { actorUserId: null, organizationId: order.organizationId, action: 'order.payment_refunded', targetType: 'payment', targetId: payment.id, metadata: { ...metadata, refundId, reason: 'duplicate' } }, now),
  ]);
  const recipients = await orderRecipients(deps.db, [payment.userId, order.userId]);
  await notifyAll(
    deps,
    recipients,
    'info',
    `A second payment of ${euros(payment.amountCents)} for ${order.summary} was taken after the order had already been ${order.status === 'cancelled' ? 'cancelled' : 'paid'}; we refunded it in full. Your bank shows the refund within a few days.`,
  );
  return refunded;
}

/** Releases the first-purchase promotion an order held, unless a payment of the order still holds it. */
export function releaseRedemption(db: Database, orderId: string) {
  return db
    .delete(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        notExists(db.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), inArray(payments.status, [...HOLDING_PAYMENT_STATUSES])))),
      ),
    );
}

/**
 * The provider's verdict on a payment, in the organisation's audit log. The provider decided, not
 * a person (a webhook may bring it): no actor, the payer in the details.
 */
function outcomeAudit(deps: Deps, order: Order, payment: Payment, now: number) {
  return auditInsert(
    deps.db,
    {
      actorUserId: null,
      organizationId: order.organizationId,
      action: payment.status === 'succeeded' ? 'order.payment_succeeded' : 'order.payment_declined',
      targetType: 'payment',
      targetId: payment.id,
      metadata: { orderId: order.id, amountCents: payment.amountCents, payerUserId: payment.userId, declineCode: payment.declineCode },
    },
    now,
  );
}

/**
 * Records what the provider answered for a payment, with the order's state and timeline: the
 * pay request's own answer, the authentication step, and webhooks all come through here. Applying
 * the same outcome again changes nothing.
 */
export async function applyOutcome(deps: Deps, paymentId: string, outcome: ChargeOutcome, options: { cardLast4?: string } = {}): Promise<Outcome> {
  const now = deps.ports.clock.now();
  const payment = (await paymentById(deps.db, paymentId))!;
  const order = await orderById(deps.db, payment.orderId);
  const providerPaymentId = outcome.paymentId ?? payment.providerPaymentId;
  const wasOpen = payment.status === 'pending' || payment.status === 'requires_action' || payment.status === 'processing';
  const started: Statement[] =
    payment.status === 'pending' && outcome.paymentId !== undefined
      ? [
          deps.db.insert(orderEvents).values({
            id: newId('orderEvent'),
            orderId: order.id,
            type: 'payment_started',
            message: `Payment of ${euros(payment.amountCents)} by ${payment.provider === 'stripe' ? 'Stripe' : 'card'} started.`,
            paymentId: payment.id,
            data: { amountCents: payment.amountCents },
            createdAt: now,
          }),
        ]
      : [];

  switch (outcome.status) {
    case 'succeeded': {
      if (payment.status === 'succeeded') return { result: 'succeeded', payment, action: null };
      const succeeded: Payment = {
        ...payment,
        status: 'succeeded',
        providerPaymentId,
        cardBrand: outcome.cardBrand ?? payment.cardBrand,
        cardLast4: outcome.cardLast4 ?? payment.cardLast4 ?? options.cardLast4 ?? null,
        declineCode: null,
        failureReason: null,
        succeededAt: now,
        updatedAt: now,
      };
      const { id: _id, ...changes } = succeeded;
      const update = deps.db.update(payments).set(changes).where(eq(payments.id, payment.id));
      const audited = outcomeAudit(deps, order, succeeded, now);
      if (order.status === 'pending') {
        const settlement: Settlement = { how: 'paid', method: methodOf(succeeded), paymentId: payment.id, message: paidMessage(succeeded) };
        try {
          await batch(deps.db, [...started, update, audited, ...settleStatements(deps, order, settlement, now).statements]);
          await startFulfilment(deps, await orderById(deps.db, order.id), settlement, payment.userId);
          return { result: 'succeeded', payment: succeeded, action: null };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Settled meanwhile: by this same payment (its webhook and its answer racing), or by another.
        }
      }
      try {
        await batch(deps.db, [...started, update, audited]);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another payment holds the order (payments_one_holding_per_order_idx): this one is extra.
        const current = await paymentById(deps.db, payment.id);
        if (current?.status === 'succeeded' || current?.status === 'refunded') return { result: 'succeeded', payment: current, action: null };
        return { result: 'succeeded', payment: await refundExtraCharge(deps, await orderById(deps.db, order.id), payment, providerPaymentId, now), action: null };
      }
      const [settledBy] = await deps.db
        .select({ paymentId: orderEvents.paymentId })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), inArray(orderEvents.type, ['paid', 'invoiced', 'cancelled'])))
        .limit(1);
      if (settledBy?.paymentId !== payment.id) {
        return { result: 'succeeded', payment: await refundExtraCharge(deps, await orderById(deps.db, order.id), succeeded, providerPaymentId, now), action: null };
      }
      return { result: 'succeeded', payment: succeeded, action: null };
    }

    case 'requires_action': {
      if (!wasOpen) return { result: resultOf(payment), payment, action: null };
      const next: Payment = { ...payment, status: 'requires_action', providerPaymentId, updatedAt: now };
      await batch(deps.db, [
        ...started,
        deps.db.update(payments).set({ status: 'requires_action', providerPaymentId, updatedAt: now }).where(eq(payments.id, payment.id)),
        ...(payment.status === 'requires_action'
          ? []
          : [
              deps.db.insert(orderEvents).values({
                id: newId('orderEvent'),
                orderId: order.id,
                type: 'authentication_required',
                message: 'Your bank asked to confirm the payment.',
                paymentId: payment.id,
                createdAt: now,
              }),
            ]),
      ]);
      return { result: 'requires_action', payment: next, action: outcome.action };
    }

    case 'processing': {
      if (!wasOpen) return { result: resultOf(payment), payment, action: null };
      await batch(deps.db, [...started, deps.db.update(payments).set({ status: 'processing', providerPaymentId, updatedAt: now }).where(eq(payments.id, payment.id))]);
      return { result: 'processing', payment: { ...payment, status: 'processing', providerPaymentId, updatedAt: now }, action: null };
    }

    case 'declined': {
      if (!wasOpen) return { result: resultOf(payment), payment, action: null };
      const declined: Payment = {
        ...payment,
        status: 'declined',
        providerPaymentId,
        declineCode: outcome.code,
        failureReason: outcome.reason,
        cardLast4: payment.cardLast4 ?? options.cardLast4 ?? null,
        updatedAt: now,
      };
      const { id: _id, ...changes } = declined;
      // Details refused before any payment existed (a mistyped number) are the form's business: no timeline entry, no mail.
      const attempted = providerPaymentId !== null;
      await batch(deps.db, [
        ...started,
        deps.db.update(payments).set(changes).where(eq(payments.id, payment.id)),
        releaseRedemption(deps.db, order.id),
        outcomeAudit(deps, order, declined, now),
        ...(attempted
          ? [
              deps.db.insert(orderEvents).values({
                id: newId('orderEvent'),
                orderId: order.id,
                type: 'payment_failed',
                message: 'The payment failed.',
                reason: outcome.reason,
                paymentId: payment.id,
                data: { declineCode: outcome.code },
                createdAt: now,
              }),
            ]
          : []),
      ]);
      if (attempted && order.status === 'pending') {
        await tellDeclined(deps, order, declined, outcome.reason).catch((error: unknown) => logError('Telling members about a declined payment failed', error));
      }
      return { result: 'declined', payment: declined, action: null };
    }
  }
}

export function resultOf(payment: Payment): PayResultKind {
  switch (payment.status) {
    case 'succeeded':
      return 'succeeded';
    case 'declined':
      return 'declined';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return payment.provider === 'bank_transfer' ? 'invoiced' : 'processing';
    case 'pending':
      return 'processing';
    case 'failed':
      throw unavailable(payment.failureReason ?? 'Payments were unavailable; nothing was charged. Try again with a new payment.');
    case 'refunded':
      throw conflict(payment.failureReason ?? 'This payment was refunded.');
  }
}

export async function answer(ctx: Member, outcome: Outcome) {
  return {
    result: outcome.result,
    paymentId: outcome.payment.id,
    action: outcome.action,
    reason: outcome.result === 'declined' ? outcome.payment.failureReason : null,
    order: await orderDetail(ctx.db, ctx.organizationId, outcome.payment.orderId),
  };
}

/** A repeated request with a key already used: that payment as it stands, never a second charge. */
export async function replay(ctx: Member, payment: Payment) {
  if (payment.status === 'requires_action' && payment.providerPaymentId && payment.provider === ctx.ports.payments.provider) {
    // The customer may have finished the step meanwhile (Stripe); else the action is answered again.
    const outcome = await ctx.ports.payments.retrieve(payment.providerPaymentId).catch((error: unknown) => {
      if (error instanceof PaymentUnavailableError) throw unavailable(error.message, error);
      throw error;
    });
    return answer(ctx, await applyOutcome(ctx, payment.id, outcome));
  }
  return answer(ctx, { result: resultOf(payment), payment, action: null });
}

// Events

/**
 * The payment a provider event is about: ours by the provider's id, or the attempt claimed for its
 * order whose answer never got recorded (the request died between the charge and the write).
 */
export async function paymentForEvent(db: Database, provider: Payment['provider'], providerPaymentId: string, orderId: string | undefined): Promise<Payment | null> {
  const [known] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  if (known) return known;
  if (!orderId) return null;
  const [claimed] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.status, 'pending'), isNull(payments.providerPaymentId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return claimed ?? null;
}
