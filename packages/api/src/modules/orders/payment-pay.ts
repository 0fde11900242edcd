import {
  newId,
  paymentMethods,
  payments,
  type Order,
  type SavedPaymentMethod,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import {
  MIN_CHARGE_CENTS,
  PaymentNotFoundError,
  PaymentUnavailableError,
  type ChargeOutcome,
  type PaymentMethodInput,
} from '../../platform/payments';
import { consumeRateLimit } from '../../platform/rate-limit';
import { assertWithinCreditLimit, claimWithinCreditLimit } from '../billing';
import { INVOICE_DUE_DAYS, settleStatements, startFulfilment, type Settlement } from './fulfilment';
import { euros } from '@kubemarket/shared';
import { keepKeptMethod, keepPaidCard, knownStripeCustomer } from '../billing';
import { chargeableMethod } from '../invoices';
import { assertRegionAllowed } from '../team';
import { assertMayOrder, organizationOf, settledMessage } from './service';
import { orderOf, type Member } from './views';
import { DAY_MS, PAY_RATE_LIMIT, UNDER_WAY, badRequest, batch, conflict, heldBy, orderById, paymentById, type CompleteInput, type PayInput, unavailable } from './payment-common';
import { answer, applyOutcome, releaseRedemption, replay, resultOf } from './payment-outcome';
import { claimPromotion, recheckPromotion } from './payment-promotion';

// Pay

/**
 * A payment method the organisation saved, as the port charges it (issue 31: a saved card pays the
 * next order without being entered again); another organisation's id, or a removed one, is a 404.
 */
export async function savedMethodOf(ctx: Member, id: string): Promise<{ saved: SavedPaymentMethod; method: PaymentMethodInput }> {
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
  // An order placed before the organisation restricted itself to EU-only regions (issue 34).
  const [first] = order.lines;
  if (first?.kind === 'cluster') await assertRegionAllowed(ctx.db, ctx.organizationId, first.regionId);

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
export async function invoice(ctx: Member, order: Order, paymentId: string, now: number) {
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
