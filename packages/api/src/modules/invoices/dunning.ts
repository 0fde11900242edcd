/**
 * Charging issued invoices and dunning (issue 13). After issue, an invoice is charged to the
 * organisation's default payment method through the payments port, unless it pays by bank
 * transfer (or has no card): then it is due in 30 days. A failed charge is retried on days 3, 7
 * and 14 after issue, each failure telling the billing members (notification and email); after
 * the failure of day 14 the invoice is 'overdue' and organizations.overdueSince is set. A bank
 * transfer invoice unpaid at its due date turns overdue the same way. Paying (a successful retry,
 * or payInvoice) clears the mark once no overdue invoice is left.
 *
 * Off-session charges settle only when the provider answers 'succeeded'; a card asking for
 * authentication, or a payment left processing, counts as a failed attempt (the customer pays from
 * the console instead). A provider outage is no attempt: the next daily run tries again. Each
 * attempt has its own idempotency key (`invoice:<id>:<attempt>`), and a run claims an invoice by
 * clearing its next_charge_at conditionally before charging, so two runs never charge it twice.
 */
import { HOLDING_PAYMENT_STATUSES, invoicePayments, invoices, newId, organizations, paymentMethods, type Database, type Invoice, type InvoicePayment, type SavedPaymentMethod } from '@kubemarket/db';
import { euros } from '@kubemarket/shared';
import { and, eq, inArray, isNotNull, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { billingRecipients } from '../billing';
import type { Ports } from '../../context';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { plainMail } from '../../platform/emails';
import { sendMailSafely } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { emitEvent } from '../../platform/webhook-events';
import { MIN_CHARGE_CENTS, PaymentUnavailableError, SANDBOX_TEST_CARDS, type PaymentMethodInput } from '../../platform/payments';
import { CARD_DUE_DAYS, DAY_MS, TRANSFER_DUE_DAYS } from './generate';

export interface InvoiceDeps {
  db: Database;
  ports: Pick<Ports, 'clock' | 'payments' | 'mailer' | 'realtime'> & Partial<Pick<Ports, 'webhooks'>>;
  /** Origin of the console for links in mail. */
  appUrl: string;
}

/** Days after issue on which a failed charge is retried; the last failure makes the invoice overdue. */
export const RETRY_DAYS = [3, 7, 14] as const;


/**
 * The card or mandate a saved method stands for, as the port takes it. The sandbox is stateless
 * and only accepts its own test numbers, each with a distinct last four digits, so a saved sandbox
 * card is its test card again. A method saved with a setup is charged by its payment method id;
 * a Stripe one with its Customer too, which makes the charge off-session (the customer is away).
 */
export function chargeableMethod(method: SavedPaymentMethod): PaymentMethodInput | null {
  if (method.kind === 'bank_transfer') return null;
  if (method.provider === 'stripe') {
    if (!method.providerRef) return null;
    return method.customerRef
      ? { kind: 'stripe_payment_method', paymentMethodId: method.providerRef, customerRef: method.customerRef }
      : { kind: 'stripe_payment_method', paymentMethodId: method.providerRef };
  }
  if (method.kind === 'sepa_debit') return method.providerRef ? { kind: 'sandbox_sepa_debit', paymentMethodId: method.providerRef } : null;
  const card = SANDBOX_TEST_CARDS.find((test) => test.number.endsWith(method.last4 ?? '-'));
  if (!card) return null;
  return { kind: 'sandbox_card', card: { number: card.number, expMonth: method.expMonth ?? 12, expYear: method.expYear ?? 2099, cvc: '123', holderName: method.holderName ?? 'Card holder' } };
}

export async function defaultPaymentMethod(db: Database, organizationId: string): Promise<SavedPaymentMethod | null> {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, organizationId), eq(paymentMethods.isDefault, true), isNull(paymentMethods.removedAt)))
    .limit(1);
  return method ?? null;
}


/** `pending`: a SEPA debit the bank settles days later; charging it again would debit twice. */
export type ChargeResult = { status: 'paid'; paymentId: string } | { status: 'pending'; paymentId: string } | { status: 'failed'; reason: string; paymentId?: string } | { status: 'unavailable' };

/** One charge of `invoice` with `method`; records nothing. */
export async function chargeOnce(deps: InvoiceDeps, invoice: Invoice, method: PaymentMethodInput, attempt: string): Promise<ChargeResult> {
  const [member] = await billingRecipients(deps.db, invoice.organizationId);
  try {
    const outcome = await deps.ports.payments.charge({
      orderId: invoice.id,
      organizationId: invoice.organizationId,
      amountCents: invoice.totalCents,
      currency: 'EUR',
      idempotencyKey: `invoice:${invoice.id}:${attempt}`,
      description: `Invoice ${invoice.number}`,
      customerEmail: member?.email ?? 'billing@kubemarket.invalid',
      method,
    });
    if (outcome.status === 'succeeded') return { status: 'paid', paymentId: outcome.paymentId };
    if (outcome.status === 'declined') return { status: 'failed', reason: outcome.reason, ...(outcome.paymentId ? { paymentId: outcome.paymentId } : {}) };
    if (outcome.status === 'requires_action') return { status: 'failed', reason: 'Your bank asks you to confirm this payment: pay the invoice from the console.', paymentId: outcome.paymentId };
    if (outcome.status === 'processing' && method.kind === 'stripe_payment_method' && method.customerRef) return { status: 'pending', paymentId: outcome.paymentId };
    return { status: 'failed', reason: 'The payment could not be completed: pay the invoice from the console.', paymentId: outcome.paymentId };
  } catch (error) {
    if (error instanceof PaymentUnavailableError) return { status: 'unavailable' };
    throw error;
  }
}

/** Another payment of the invoice holds it: under way, or it paid the invoice. */
export type HeldCharge = { status: 'held'; holding: InvoicePayment['status'] | undefined } | { status: 'repeated'; payment: InvoicePayment };

const INVOICE_PAYMENT_STATUS: Record<ChargeResult['status'], InvoicePayment['status']> = { paid: 'succeeded', pending: 'processing', failed: 'declined', unavailable: 'failed' };
const INVOICE_PAYMENT_AUDIT: Record<ChargeResult['status'], string> = {
  paid: 'invoice.payment_succeeded',
  pending: 'invoice.payment_processing',
  failed: 'invoice.payment_declined',
  unavailable: 'invoice.payment_unavailable',
};

/**
 * One charge of an invoice, exactly once: its invoice_payments row is claimed first (the key, and
 * invoice_payments_one_holding_idx: one payment under way or done per invoice), so "Pay invoice
 * now" fired five times at once, or racing the dunning run, reaches the provider once. The
 * provider gets the row's key; the outcome is recorded on the row and audited, whoever paid.
 */
export async function claimAndCharge(
  deps: InvoiceDeps,
  invoice: Invoice,
  method: PaymentMethodInput,
  attempt: { suffix: string; userId: string | null; ipAddress: string | null },
): Promise<ChargeResult | HeldCharge> {
  const now = deps.ports.clock.now();
  const id = newId('invoicePayment');
  const key = `invoice:${invoice.id}:${attempt.suffix}`;
  const audited = (action: string, metadata: Record<string, unknown>, at: number) =>
    auditInsert(
      deps.db,
      { actorUserId: attempt.userId, organizationId: invoice.organizationId, action, targetType: 'invoice_payment', targetId: id, ipAddress: attempt.ipAddress, metadata: { invoiceId: invoice.id, number: invoice.number, amountCents: invoice.totalCents, ...metadata } },
      at,
    );
  try {
    await deps.db.batch([
      deps.db.insert(invoicePayments).values({
        id,
        invoiceId: invoice.id,
        organizationId: invoice.organizationId,
        userId: attempt.userId,
        provider: deps.ports.payments.provider,
        idempotencyKey: key,
        amountCents: invoice.totalCents,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      }),
      audited('invoice.payment_attempted', { automatic: attempt.userId === null }, now),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [same] = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key)).limit(1);
    if (same) return { status: 'repeated', payment: same };
    const [holding] = await deps.db
      .select({ status: invoicePayments.status })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoice.id), inArray(invoicePayments.status, [...HOLDING_PAYMENT_STATUSES])))
      .limit(1);
    return { status: 'held', holding: holding?.status };
  }
  const result = await chargeOnce(deps, invoice, method, attempt.suffix);
  const after = deps.ports.clock.now();
  await deps.db.batch([
    deps.db
      .update(invoicePayments)
      .set({
        status: INVOICE_PAYMENT_STATUS[result.status],
        providerPaymentId: 'paymentId' in result ? (result.paymentId ?? null) : null,
        failureReason: result.status === 'failed' ? result.reason : result.status === 'unavailable' ? 'Payments were unavailable; nothing was charged.' : null,
        updatedAt: after,
      })
      .where(eq(invoicePayments.id, id)),
    audited(INVOICE_PAYMENT_AUDIT[result.status], result.status === 'failed' ? { reason: result.reason } : {}, after),
  ]);
  return result;
}

/** Marks the invoice paid (its whole total received) and clears the organisation's overdue mark when nothing else is overdue. */
export async function markPaid(db: Database, invoice: Invoice, now: number, paymentMethodId: string | null): Promise<void> {
  await db.batch([
    db
      .update(invoices)
      .set({ status: 'paid', paidAt: now, receivedCents: sql`${invoices.totalCents}`, nextChargeAt: null, paymentMethodId, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), ne(invoices.status, 'paid'))),
    clearOverdueUnlessAny(db, invoice.organizationId, now),
  ]);
}

/** One statement: the overdue mark goes only when no invoice of the organisation is overdue any more. */
export function clearOverdueUnlessAny(db: Database, organizationId: string, now: number) {
  return db
    .update(organizations)
    .set({ overdueSince: null, updatedAt: now })
    .where(
      and(
        eq(organizations.id, organizationId),
        notExists(db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.status, 'overdue')))),
      ),
    );
}

async function markOverdue(db: Database, invoice: Invoice, now: number): Promise<void> {
  await db.update(invoices).set({ status: 'overdue', nextChargeAt: null, updatedAt: now }).where(eq(invoices.id, invoice.id));
  await db
    .update(organizations)
    .set({ overdueSince: now, updatedAt: now })
    .where(and(eq(organizations.id, invoice.organizationId), isNull(organizations.overdueSince)));
}

async function tellFailure(deps: InvoiceDeps, invoice: Invoice, reason: string, retryAt: number | null): Promise<void> {
  if (retryAt === null) {
    const data = { invoiceId: invoice.id, number: invoice.number, totalCents: invoice.totalCents, reason };
    await emitEvent(deps, invoice.organizationId, { type: 'invoice.overdue', key: invoice.id, data });
  }
  const what = `The charge of ${euros(invoice.totalCents)} for invoice ${invoice.number} failed: ${reason}`;
  const next =
    retryAt === null
      ? 'The invoice is now overdue. Pay it with a card from Billing in the console to keep your clusters running.'
      : `We will try again on ${new Date(retryAt).toISOString().slice(0, 10)}; you can also pay it now from Billing in the console.`;
  for (const member of await billingRecipients(deps.db, invoice.organizationId)) {
    await notify(deps, member.id, { type: retryAt === null ? 'error' : 'warning', message: `${what} ${next}` });
    await sendMailSafely(
      deps.ports.mailer,
      plainMail(member.email, `${retryAt === null ? 'Invoice overdue' : 'Payment failed'}: ${invoice.number}`, [`Hello ${member.name},`, what, next, `Billing: ${deps.appUrl}/billing`]),
    );
  }
}

/**
 * The charge right after issue: default card, or due by transfer in 30 days. Failures before the
 * last retry day schedule the next retry.
 */
export async function chargeIssuedInvoice(deps: InvoiceDeps, invoice: Invoice): Promise<Invoice['status']> {
  if (invoice.status !== 'due') return invoice.status;
  const now = deps.ports.clock.now();
  const saved = await defaultPaymentMethod(deps.db, invoice.organizationId);
  const method = saved ? chargeableMethod(saved) : null;
  if (!saved || !method || invoice.totalCents < MIN_CHARGE_CENTS) {
    // Bank transfer (or no card, or below the card minimum): due in 30 days, no charge.
    await deps.db
      .update(invoices)
      .set({ dueAt: invoice.issuedAt + TRANSFER_DUE_DAYS * DAY_MS, nextChargeAt: null, paymentMethodId: saved?.id ?? null, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    return 'due';
  }
  return attemptCharge(deps, { ...invoice, paymentMethodId: saved.id }, saved.id, method, now);
}

async function attemptCharge(deps: InvoiceDeps, invoice: Invoice, methodId: string, method: PaymentMethodInput, now: number): Promise<Invoice['status']> {
  let result = await claimAndCharge(deps, invoice, method, { suffix: String(invoice.failedCharges), userId: null, ipAddress: null });
  // The same attempt found the provider unavailable before (nothing was charged): a new key.
  if (result.status === 'repeated' && result.payment.status === 'failed') {
    result = await claimAndCharge(deps, invoice, method, { suffix: `${invoice.failedCharges}-${now}`, userId: null, ipAddress: null });
  }
  // A payment from the console holds the invoice (or this attempt already ran): it settles the invoice, not this run.
  if (result.status === 'held' || result.status === 'repeated') return invoice.status;
  if (result.status === 'paid') {
    await markPaid(deps.db, invoice, now, methodId);
    return 'paid';
  }
  if (result.status === 'unavailable') {
    await deps.db.update(invoices).set({ nextChargeAt: now + DAY_MS, paymentMethodId: methodId, updatedAt: now }).where(eq(invoices.id, invoice.id));
    return 'due';
  }
  if (result.status === 'pending') {
    // No retry: the debit is on its way. It stays due for the transfer term while the bank settles it.
    await deps.db
      .update(invoices)
      .set({ nextChargeAt: null, dueAt: invoice.issuedAt + TRANSFER_DUE_DAYS * DAY_MS, paymentMethodId: methodId, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    return 'due';
  }
  return recordFailedCharge(deps, invoice, methodId, result.reason, now);
}

/** A charge failed: the next retry day is scheduled, or after the last one the invoice is overdue. */
async function recordFailedCharge(deps: InvoiceDeps, invoice: Invoice, methodId: string | null, reason: string, now: number): Promise<Invoice['status']> {
  const failedCharges = invoice.failedCharges + 1;
  const retryDay = RETRY_DAYS[failedCharges - 1];
  if (retryDay === undefined) {
    await deps.db.update(invoices).set({ failedCharges, paymentMethodId: methodId, updatedAt: now }).where(eq(invoices.id, invoice.id));
    await markOverdue(deps.db, invoice, now);
    await tellFailure(deps, invoice, reason, null);
    return 'overdue';
  }
  const retryAt = invoice.issuedAt + retryDay * DAY_MS;
  await deps.db
    .update(invoices)
    .set({ failedCharges, nextChargeAt: retryAt, dueAt: invoice.issuedAt + CARD_DUE_DAYS * DAY_MS, paymentMethodId: methodId, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  await tellFailure(deps, invoice, reason, retryAt);
  return 'due';
}

/**
 * The provider's word on an invoice charge that was still processing (a SEPA debit settles days
 * later): paid, or failed like any declined charge (retried on the next dunning day). Null when no
 * invoice has this id; an invoice already settled is left as it is.
 */
export async function applyInvoicePaymentEvent(
  deps: InvoiceDeps,
  invoiceId: string,
  event: { succeeded: true } | { succeeded: false; reason: string },
): Promise<Invoice['status'] | null> {
  const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!invoice) return null;
  if (invoice.status !== 'due' && invoice.status !== 'overdue') return invoice.status;
  const now = deps.ports.clock.now();
  if (event.succeeded) {
    await markPaid(deps.db, invoice, now, invoice.paymentMethodId);
    return 'paid';
  }
  if (invoice.status === 'overdue') return 'overdue';
  return recordFailedCharge(deps, invoice, invoice.paymentMethodId, event.reason, now);
}

export interface DunningRun {
  paid: string[];
  retryScheduled: string[];
  overdue: string[];
}

/** Daily: retries the charges whose day has come, and marks unpaid transfers past due overdue. */
export async function runDunning(deps: InvoiceDeps, now: number): Promise<DunningRun> {
  const run: DunningRun = { paid: [], retryScheduled: [], overdue: [] };
  const dueRetries = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'due'), isNotNull(invoices.nextChargeAt), lte(invoices.nextChargeAt, now)));
  for (const invoice of dueRetries) {
    const claimed = await deps.db
      .update(invoices)
      .set({ nextChargeAt: null, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'due'), eq(invoices.nextChargeAt, invoice.nextChargeAt!)))
      .returning({ id: invoices.id });
    if (claimed.length === 0) continue;
    const saved = await defaultPaymentMethod(deps.db, invoice.organizationId);
    const method = saved ? chargeableMethod(saved) : null;
    let status: Invoice['status'];
    if (!saved || !method) {
      // The card was removed since: count the attempt as failed so the customer hears of it.
      status = await recordFailureWithoutCharge(deps, invoice, now);
    } else {
      status = await attemptCharge(deps, invoice, saved.id, method, now);
    }
    (status === 'paid' ? run.paid : status === 'overdue' ? run.overdue : run.retryScheduled).push(invoice.id);
  }
  const lateTransfers = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'due'), isNull(invoices.nextChargeAt), lte(invoices.dueAt, now), eq(invoices.kind, 'invoice')));
  for (const invoice of lateTransfers) {
    await markOverdue(deps.db, invoice, now);
    await tellFailure(deps, invoice, `no payment reached us by ${new Date(invoice.dueAt).toISOString().slice(0, 10)}.`, null);
    run.overdue.push(invoice.id);
  }
  return run;
}

async function recordFailureWithoutCharge(deps: InvoiceDeps, invoice: Invoice, now: number): Promise<Invoice['status']> {
  const failedCharges = invoice.failedCharges + 1;
  const retryDay = RETRY_DAYS[failedCharges - 1];
  const reason = 'there is no card to charge.';
  if (retryDay === undefined) {
    await deps.db.update(invoices).set({ failedCharges, updatedAt: now }).where(eq(invoices.id, invoice.id));
    await markOverdue(deps.db, invoice, now);
    await tellFailure(deps, invoice, reason, null);
    return 'overdue';
  }
  const retryAt = invoice.issuedAt + retryDay * DAY_MS;
  await deps.db.update(invoices).set({ failedCharges, nextChargeAt: retryAt, updatedAt: now }).where(eq(invoices.id, invoice.id));
  await tellFailure(deps, invoice, reason, retryAt);
  return 'due';
}
