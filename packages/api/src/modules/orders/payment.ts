import {
  HOLDING_PAYMENT_STATUSES,
  newId,
  orderEvents,
  orders,
  paymentMethods,
  payments,
  promotionRedemptions,
  promotions,
  type Database,
  type Order,
  type Payment,
  type PaymentMethod,
  type SavedPaymentMethod,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import { sellerOf } from '../../context';
import { audit, auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import {
  MIN_CHARGE_CENTS,
  PaymentNotFoundError,
  PaymentUnavailableError,
  SANDBOX_TEST_CARDS,
  type AuthenticationAction,
  type ChargeOutcome,
  type PaymentMethodInput,
} from '../../platform/payments';
import { consumeRateLimit, type RateLimitRule } from '../../platform/rate-limit';
import { organizationHasPurchased } from '../quotes';
import { assertWithinCreditLimit, claimWithinCreditLimit } from '../billing';
import { orderEmails } from './emails';
import { INVOICE_DUE_DAYS, notifyAll, orderRecipients, orderUrl, settleStatements, startFulfilment, type Settlement, type Statement } from './fulfilment';
import { euros } from '@kubemarket/shared';
import { withoutDiscount } from './money';
import type { completeAuthenticationInputSchema, payOrderInputSchema } from './schemas';
import { keepKeptMethod, keepPaidCard, knownStripeCustomer } from '../billing';
import { chargeableMethod } from '../invoices';
import { claimRedemption } from './redemptions';
import { assertMayOrder, organizationOf, settledMessage } from './service';
import { orderDetail, orderOf, type Deps, type Member } from './views';

/**
 * Paying an order, exactly once. Each attempt carries a key; its payments row is claimed first
 * (the unique key in the database, not a lock in memory), so a repeated or concurrent request with
 * the key finds that row and never charges again. The provider gets the same key. Outcomes are
 * recorded with the order's state and timeline in one batch; settling the order is guarded by
 * the one-settling-event index, so a webhook and an answer racing for the same payment, or two
 * payments racing for the same order, settle it once.
 */

type PayInput = z.output<typeof payOrderInputSchema>;
type CompleteInput = z.output<typeof completeAuthenticationInputSchema>;

/** Per organisation: card testing (many small attempts with stolen numbers) stops here. */
export const PAY_RATE_LIMIT = { limit: 30, windowMs: 60 * 60_000 } as const satisfies RateLimitRule;
const DAY_MS = 24 * 60 * 60_000;

export type PayResultKind = 'succeeded' | 'requires_action' | 'processing' | 'declined' | 'invoiced';

interface Outcome {
  result: PayResultKind;
  payment: Payment;
  action: AuthenticationAction | null;
}

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

const UNDER_WAY = 'A payment for this order is still being processed; wait for its outcome before paying again.';

/**
 * Why a new payment of the order was refused by payments_one_holding_per_order_idx: another
 * payment is under way, or it has paid the order.
 */
async function heldBy(db: Database, order: Order): Promise<TRPCError> {
  const [holding] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, [...HOLDING_PAYMENT_STATUSES])))
    .limit(1);
  if (holding?.status === 'succeeded') return conflict(settledMessage('paid', 'paid'));
  return conflict(UNDER_WAY);
}

function unavailable(message: string, cause?: unknown): TRPCError {
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause });
}

async function batch(db: Database, statements: Statement[]): Promise<void> {
  await db.batch(statements as unknown as Parameters<Database['batch']>[0]);
}

async function paymentById(db: Database, id: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

async function orderById(db: Database, id: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row!;
}

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', cartes_bancaires: 'Cartes Bancaires' };

function paidMessage(payment: Payment): string {
  if (payment.provider === 'bank_transfer') return 'Order confirmed for payment by bank transfer.';
  const brand = payment.cardBrand ? (CARD_BRANDS[payment.cardBrand] ?? payment.cardBrand) : null;
  return brand && payment.cardLast4 ? `Payment received by card (${brand} ending in ${payment.cardLast4}).` : 'Payment received by card.';
}

function methodOf(payment: Payment): PaymentMethod {
  return payment.provider === 'bank_transfer' ? 'bank_transfer' : payment.provider === 'stripe' ? 'stripe' : 'card';
}

/** The payer and the placer hear about a declined payment; the placer only once if they are the same member. */
async function tellDeclined(deps: Deps, order: Order, payment: Payment, reason: string) {
  const recipients = await orderRecipients(deps.db, [payment.userId, order.userId]);
  await notifyAll(deps, recipients, 'error', `Payment failed for ${order.summary}: ${reason} Nothing was charged; the order still awaits payment.`);
  for (const recipient of recipients) {
    if (recipient.disabledAt !== null) continue;
    mailInBackground(deps.ports, async () =>
      orderEmails.paymentFailed({
        to: recipient.email,
        name: recipient.name,
        orderId: order.id,
        summary: order.summary,
        totalCents: order.totalCents,
        cycle: order.cycle,
        url: orderUrl(deps, order.id),
        reason,
      }),
    );
  }
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
function releaseRedemption(db: Database, orderId: string) {
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

function resultOf(payment: Payment): PayResultKind {
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

async function answer(ctx: Member, outcome: Outcome) {
  return {
    result: outcome.result,
    paymentId: outcome.payment.id,
    action: outcome.action,
    reason: outcome.result === 'declined' ? outcome.payment.failureReason : null,
    order: await orderDetail(ctx.db, ctx.organizationId, outcome.payment.orderId),
  };
}

/** A repeated request with a key already used: that payment as it stands, never a second charge. */
async function replay(ctx: Member, payment: Payment) {
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

/**
 * Before charging: a first-purchase promotion the order was placed with no longer applies once the
 * organisation has purchased (another order was paid meanwhile). The order is re-priced without
 * it, from its own quote, and the customer reviews the new total before paying.
 */
async function recheckPromotion(ctx: Member, order: Order, now: number): Promise<void> {
  if (!order.promotionApplied || !order.promotionCode || !order.quote?.discount) return;
  const [promotion] = await ctx.db.select({ firstPurchaseOnly: promotions.firstPurchaseOnly }).from(promotions).where(eq(promotions.code, order.promotionCode)).limit(1);
  if (!promotion?.firstPurchaseOnly || !(await organizationHasPurchased(ctx.db, order.organizationId))) return;
  await removePromotion(ctx, order, now);
}

const FIRST_PURCHASE_ONLY = 'This code is only for an organisation’s first purchase.';

/** Re-prices a pending order without its promotion and asks the customer to review it (throws). */
async function removePromotion(ctx: Member, order: Order, now: number, why: 'first_purchase' | 'exhausted' | 'exhausted_here' = 'first_purchase'): Promise<never> {
  const reasons = {
    first_purchase: { quote: FIRST_PURCHASE_ONLY, event: 'the organisation has made its first purchase', customer: `${order.promotionCode} applies only to your organisation's first purchase, which has now been made.` },
    exhausted: { quote: 'This code has been used as many times as it may be.', event: 'the code has been used as many times as it may be', customer: `${order.promotionCode} has been used as many times as it may be.` },
    exhausted_here: { quote: 'Your organisation has used this code as many times as it may.', event: 'the organisation has used the code as many times as it may', customer: `Your organisation has used ${order.promotionCode} as many times as it may.` },
  }[why];
  const quote = withoutDiscount(order.quote!, reasons.quote);
  await batch(ctx.db, [
    ctx.db
      .update(orders)
      .set({ quote, discountCents: 0, taxCents: quote.tax.amountCents, totalCents: quote.totalCents, promotionApplied: false, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.promotionApplied, true))),
    ctx.db.insert(orderEvents).values({
      id: newId('orderEvent'),
      orderId: order.id,
      type: 'promotion_removed',
      message: `Promotion ${order.promotionCode} removed: ${reasons.event}. New total ${euros(quote.totalCents)}.`,
      data: { amountCents: quote.totalCents, previousTotalCents: order.totalCents },
      createdAt: now,
    }),
  ]);
  throw badRequest(`${reasons.customer} The order was re-priced to ${euros(quote.totalCents)}; review it and pay again.`);
}

/**
 * The order's promotion, held by this order from its payment on: one `INSERT … SELECT … WHERE`
 * counts the orders already holding the code (in all, and of this organisation) against its
 * redemption limits and inserts only below them, so SQLite (D1) arbitrates between orders paid at
 * once; promotion_redemptions_first_purchase_idx keeps an organisation to one first-purchase
 * code. A code no longer available re-prices the order without it, as recheckPromotion does once a
 * purchase is made. A declined or failed payment gives it back (releaseRedemption).
 */
async function claimPromotion(ctx: Member, order: Order, now: number): Promise<void> {
  if (!order.promotionApplied || !order.promotionCode || !order.quote?.discount) return;
  const code = order.promotionCode;
  if (await claimRedemption(ctx.db, { orderId: order.id, organizationId: order.organizationId, code, discountCents: order.discountCents, now })) return;
  // Why not: another order holds the organisation's first purchase, or the code is used up.
  const [promotion] = await ctx.db.select().from(promotions).where(eq(promotions.code, code)).limit(1);
  if (promotion?.firstPurchaseOnly && (await ctx.db.$count(promotionRedemptions, and(eq(promotionRedemptions.organizationId, order.organizationId), eq(promotionRedemptions.firstPurchase, true)))) > 0) {
    await removePromotion(ctx, order, now, 'first_purchase');
  }
  const inAll = await ctx.db.$count(promotionRedemptions, eq(promotionRedemptions.promotionCode, code));
  const usedUp = !promotion || (promotion.maxRedemptions !== null && inAll >= promotion.maxRedemptions);
  await removePromotion(ctx, order, now, usedUp ? 'exhausted' : 'exhausted_here');
}

/**
 * A payment method the organisation saved, as the port charges it (issue 31: a saved card pays the
 * next order without being entered again); another organisation's id, or a removed one, is a 404.
 */
async function savedMethodOf(ctx: Member, id: string): Promise<{ saved: SavedPaymentMethod; method: PaymentMethodInput }> {
  const [saved] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.organizationId, ctx.organizationId), isNull(paymentMethods.removedAt)))
    .limit(1);
  if (!saved) throw new TRPCError({ code: 'NOT_FOUND', message: 'No saved payment method with this id in your organisation.' });
  if (saved.kind === 'bank_transfer') throw badRequest('Bank transfer is not charged: pay with the method kind "bank_transfer" instead.');
  const method = saved.provider === ctx.ports.payments.provider ? chargeableMethod(saved) : null;
  if (!method) throw badRequest(`The saved ${saved.brand ?? saved.kind} ending in ${saved.last4 ?? '—'} cannot pay here: enter a card instead.`);
  return { saved, method };
}

/** What a payment charges: the port's method for the customer's choice, and the card's last four digits when known. */
async function chargedMethod(ctx: Member, choice: PayInput['method']): Promise<{ method: PaymentMethodInput; cardLast4: string | undefined }> {
  if (choice.kind === 'saved') {
    const { saved, method } = await savedMethodOf(ctx, choice.paymentMethodId);
    return { method, cardLast4: saved.last4 ?? undefined };
  }
  return { method: portMethod(ctx, choice), cardLast4: choice.kind === 'card' ? choice.card.number.replace(/\D/g, '').slice(-4) || undefined : undefined };
}

/** The port's method for the customer's choice, or the sentence saying what this deployment takes. */
function portMethod(ctx: Member, method: Exclude<PayInput['method'], { kind: 'saved' }>): PaymentMethodInput {
  const provider = ctx.ports.payments.provider;
  if (method.kind === 'card') {
    if (provider !== 'sandbox') throw badRequest('Cards are entered in the Stripe payment form here: pay with the method kind "stripe".');
    return { kind: 'sandbox_card', card: method.card };
  }
  if (method.kind === 'stripe') {
    if (provider !== 'stripe') throw badRequest('This deployment takes test-mode payments: pay with the method kind "card" and a test card such as 4242 4242 4242 4242.');
    return method.paymentMethodId === undefined ? { kind: 'stripe_payment_method' } : { kind: 'stripe_payment_method', paymentMethodId: method.paymentMethodId };
  }
  throw new Error('Bank transfers are not charged through the payments port.');
}

/**
 * POST /api/orders/{id}/pay: pays a pending order by card (the sandbox, or Stripe) or, for
 * organisations our billing team approved, by bank transfer against an invoice.
 */
export async function payOrder(ctx: Member, input: PayInput) {
  const order = await orderOf(ctx.db, ctx.organizationId, input.id);
  const key = `order:${order.id}:${input.paymentIdempotencyKey}`;
  const [existing] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
  if (existing) return replay(ctx, existing);

  const organization = await organizationOf(ctx.db, ctx.organizationId);
  assertMayOrder(organization);
  if (order.status !== 'pending') throw badRequest(settledMessage(order.status, 'paid'));
  const now = ctx.ports.clock.now();
  const attempts = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  if (attempts.some((payment) => payment.status === 'pending' || payment.status === 'processing')) throw conflict(UNDER_WAY);
  await recheckPromotion(ctx, order, now);

  const bankTransfer = input.method.kind === 'bank_transfer';
  if (bankTransfer && !organization.invoicingAllowed) throw badRequest('Paying by bank transfer needs our approval; contact billing support.');
  // A free order (a 100 % code) is not confirmed by the customer alone: billing does it on purpose.
  if (bankTransfer && order.totalCents <= 0) throw badRequest(`This order comes to ${euros(0)}: our billing team confirms free orders. Contact billing support.`);
  if (bankTransfer) await assertWithinCreditLimit(ctx.db, organization, order.totalCents);
  const charged = bankTransfer ? null : await chargedMethod(ctx, input.method);
  if (!bankTransfer && order.totalCents < MIN_CHARGE_CENTS) {
    throw badRequest(`Card payments start at ${euros(MIN_CHARGE_CENTS)}; this order comes to ${euros(order.totalCents)}. Contact billing support to pay it.`);
  }
  await consumeRateLimit(ctx.db, `orders:pay:org:${ctx.organizationId}`, PAY_RATE_LIMIT, now);

  // Claim the attempt. A payment left at its authentication step is replaced by this one.
  const paymentId = newId('payment');
  const superseded = attempts.filter((payment) => payment.status === 'requires_action').map((payment) => payment.id);
  const cardLast4 = charged?.cardLast4;
  const claim = {
    id: paymentId,
    orderId: order.id,
    organizationId: order.organizationId,
    userId: ctx.user.id,
    provider: bankTransfer ? ('bank_transfer' as const) : ctx.ports.payments.provider,
    idempotencyKey: key,
    amountCents: order.totalCents,
    status: 'pending' as const,
    createdAt: now,
    updatedAt: now,
  };
  try {
    // A bank transfer reserves its amount under the credit limit in the same statement that
    // claims the order, so parallel confirmations never owe more than the limit together.
    if (bankTransfer) await claimWithinCreditLimit(ctx.db, organization, claim);
    await batch(ctx.db, [
      ...(bankTransfer ? [] : [ctx.db.insert(payments).values(claim)]),
      // Who tried to pay what, from where: card testing shows up here first.
      auditInsert(
        ctx.db,
        {
          actorUserId: ctx.user.id,
          action: 'order.payment_attempted',
          targetType: 'payment',
          targetId: paymentId,
          ipAddress: ctx.request.ipAddress,
          metadata: { orderId: order.id, organizationId: order.organizationId, amountCents: order.totalCents, method: input.method.kind },
        },
        now,
      ),
      ...(superseded.length > 0
        ? [
            ctx.db
              .update(payments)
              .set({ status: 'declined', declineCode: 'payment_canceled', failureReason: 'Replaced by a new payment attempt.', updatedAt: now })
              .where(and(inArray(payments.id, superseded), eq(payments.status, 'requires_action'))),
          ]
        : []),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key, sent twice at once: the other request owns the attempt.
    const [winner] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
    if (winner) return replay(ctx, winner);
    // Another key: another payment holds the order (under way or done). Nothing reaches the provider.
    throw await heldBy(ctx.db, order);
  }

  // The order's promotion is claimed for it before any money moves.
  try {
    await claimPromotion(ctx, order, now);
  } catch (error) {
    await ctx.db.update(payments).set({ status: 'failed', failureReason: 'The promotion was no longer available; nothing was charged.', updatedAt: now }).where(eq(payments.id, paymentId));
    throw error;
  }

  if (bankTransfer) return invoice(ctx, order, paymentId, now);

  // Stripe keeps the card with the organisation's Customer as it pays (issue 31).
  const keepFor = input.method.kind === 'stripe' && input.method.save === true ? await knownStripeCustomer(ctx).then((customerRef) => (customerRef ? { customerRef } : {})) : undefined;
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.ports.payments.charge({
      orderId: order.id,
      organizationId: order.organizationId,
      amountCents: order.totalCents,
      currency: 'EUR',
      idempotencyKey: key,
      description: `${order.summary} (order ${order.id})`,
      customerEmail: ctx.user.email,
      method: charged!.method,
      ...(keepFor ? { keepFor } : {}),
    });
  } catch (error) {
    // Nothing was charged: the attempt is closed so that a new one (with a new key) may follow.
    const reason = error instanceof PaymentUnavailableError ? error.message : 'The payment could not be started; nothing was charged. Try again in a few minutes.';
    await batch(ctx.db, [
      ctx.db.update(payments).set({ status: 'failed', failureReason: reason, updatedAt: ctx.ports.clock.now() }).where(eq(payments.id, paymentId)),
      releaseRedemption(ctx.db, order.id),
    ]);
    if (error instanceof PaymentUnavailableError) throw unavailable(error.message, error);
    throw error;
  }
  const result = await applyOutcome(ctx, paymentId, outcome, cardLast4 ? { cardLast4 } : {});
  if (input.method.kind === 'card' && input.method.save === true && result.payment.status === 'succeeded') await keepPaidCard(ctx, input.method.card);
  if (outcome.status === 'succeeded' && outcome.kept && result.payment.status === 'succeeded') await keepKeptMethod(ctx, outcome.kept);
  return answer(ctx, result);
}


/** Bank transfer: the order is confirmed and delivered now; the invoice is due in 30 days. */
async function invoice(ctx: Member, order: Order, paymentId: string, now: number) {
  const dueAt = now + INVOICE_DUE_DAYS * DAY_MS;
  const settlement: Settlement = {
    how: 'invoiced',
    method: 'bank_transfer',
    paymentId,
    message: `Order confirmed for payment by bank transfer: an invoice of ${euros(order.totalCents)} is due on ${new Date(dueAt).toISOString().slice(0, 10)}.`,
    dueAt,
  };
  try {
    await batch(ctx.db, [
      ctx.db.update(payments).set({ status: 'processing', dueAt, updatedAt: now }).where(eq(payments.id, paymentId)),
      ...settleStatements(ctx, order, settlement, now).statements,
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await ctx.db.update(payments).set({ status: 'failed', failureReason: 'The order was settled meanwhile.', updatedAt: now }).where(eq(payments.id, paymentId));
    throw badRequest(settledMessage((await orderById(ctx.db, order.id)).status, 'paid'));
  }
  await startFulfilment(ctx, await orderById(ctx.db, order.id), settlement, ctx.user.id);
  return answer(ctx, { result: 'invoiced', payment: (await paymentById(ctx.db, paymentId))!, action: null });
}

/**
 * POST /api/orders/{id}/authentication: the customer completed or cancelled the authentication
 * step (sandbox), or Stripe.js finished it (the PaymentIntent is read again). Idempotent.
 */
export async function completeAuthentication(ctx: Member, input: CompleteInput) {
  const order = await orderOf(ctx.db, ctx.organizationId, input.id);
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.orderId, order.id)))
    .limit(1);
  if (!payment) throw new TRPCError({ code: 'NOT_FOUND', message: 'No payment with this id for this order.' });
  if (payment.status !== 'requires_action') return answer(ctx, { result: resultOf(payment), payment, action: null });
  if (!payment.providerPaymentId || payment.provider !== ctx.ports.payments.provider) {
    throw badRequest('This payment was started with another payments provider; start a new payment.');
  }
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.ports.payments.completeAuthentication(payment.providerPaymentId, input.approved);
  } catch (error) {
    if (error instanceof PaymentUnavailableError) throw unavailable(error.message, error);
    if (error instanceof PaymentNotFoundError) throw badRequest('This payment does not await authentication; start a new payment.');
    throw error;
  }
  const result = await applyOutcome(ctx, payment.id, outcome);
  // A card kept at checkout whose bank step came first is kept now that it paid (issue 31).
  if (outcome.status === 'succeeded' && outcome.kept && result.payment.status === 'succeeded') await keepKeptMethod(ctx, outcome.kept);
  return answer(ctx, result);
}

/** What the checkout offers this organisation. */
export async function paymentOptions(ctx: Member) {
  const organization = await organizationOf(ctx.db, ctx.organizationId);
  const port = ctx.ports.payments;
  const card = port.provider === 'sandbox' ? ('card' as const) : ('stripe' as const);
  // The saved cards and mandates this deployment can charge, the default first (issue 31).
  const saved = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  const savedMethods = saved
    .filter((method) => method.kind !== 'bank_transfer' && method.provider === port.provider && chargeableMethod(method) !== null)
    .map((method) => ({
      id: method.id,
      kind: method.kind as 'card' | 'sepa_debit',
      label: method.kind === 'card' ? `${brandName(method.brand)} ending in ${method.last4 ?? '—'}` : `SEPA direct debit, account ending in ${method.last4 ?? '—'}`,
      isDefault: method.isDefault,
    }));
  return {
    savedMethods,
    // The sandbox keeps the card entered; Stripe attaches it to the organisation's Customer as it pays.
    canSaveCards: port.provider === 'sandbox' || port.publishableKey !== undefined,
    provider: port.provider,
    testMode: port.testMode,
    methods: organization.invoicingAllowed ? [card, 'bank_transfer' as const] : [card],
    testCards: port.provider === 'sandbox' ? SANDBOX_TEST_CARDS.map((testCard) => ({ number: testCard.number, description: testCard.description })) : [],
    publishableKey: port.provider === 'stripe' ? (port.publishableKey ?? null) : null,
    minimumCardChargeCents: MIN_CHARGE_CENTS,
    invoiceDueDays: INVOICE_DUE_DAYS,
    billingProfile: organization.billingProfile,
    transferAccount: (({ legalName, iban, bic }) => ({ beneficiary: legalName, iban, bic }))(sellerOf(ctx.config)),
  };
}

function brandName(brand: string | null): string {
  if (!brand) return 'Card';
  return brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);
}

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
