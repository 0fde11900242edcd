import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { invoiceRef } from './billing';
import { orders } from './orders';
import { organizationRef } from './organizations';
import { optionalUserRef } from './users';
import { timestamps, requiredRef } from './columns';

/** sandbox and stripe are the payments port's providers; bank_transfer is an invoice we issue. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'bank_transfer'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * pending: claimed, the provider has not answered yet; requires_action: the customer must
 * authenticate; processing: the money is on its way (a bank transfer awaiting its funds, too);
 * succeeded and declined: final; failed: the provider was unavailable, nothing was charged;
 * refunded: the provider took the money although another payment already paid the order or
 * invoice (it slipped past every claim), and we gave it back.
 */
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'processing', 'succeeded', 'declined', 'failed', 'refunded'] as const;

/**
 * The statuses that hold an order's or invoice's one payment: under way (claimed, or money on its
 * way) or done. A partial unique index allows one such row per order and per invoice, so two
 * payments racing for the same order cannot both reach the provider (issue 29).
 */
export const HOLDING_PAYMENT_STATUSES = ['pending', 'processing', 'succeeded'] as const;

/** The partial indexes' condition, from HOLDING_PAYMENT_STATUSES. */
const holding = sql.raw(`status IN (${HOLDING_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`);
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What every attempt to pay records, an order's or an invoice's: the provider, and its id for the
 * payment (PaymentIntent pi_…, sandbox sbx_pi_…; null until it answered, or when it refused the
 * details); the idempotency key (`order:<orderId>:<key>`, `invoice:<invoiceId>:<key>`), which the
 * provider receives too: a repeated or concurrent request with the same key finds the row instead
 * of charging again; the amount, and where the attempt stands.
 */
function paymentAttemptColumns() {
  return {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
  };
}

/** One attempt to pay an order. Card numbers are never stored: the brand and last four digits only. */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'restrict'),
    organizationId: organizationRef('restrict'),
    /** Who paid; null once the account is deleted (the payment stays with the order). */
    userId: optionalUserRef('user_id'),
    ...paymentAttemptColumns(),
    declineCode: text('decline_code'),
    /** Why it was declined or failed, as the customer reads it. */
    failureReason: text('failure_reason'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Bank transfer: when the invoice is due. */
    dueAt: integer('due_at'),
    ...timestamps,
    /** When it succeeded; a bank transfer: the day staff saw it arrive on our account. */
    succeededAt: integer('succeeded_at'),
    /** Bank transfer: the bank's reference of the transfer staff recorded as received. */
    transferReference: text('transfer_reference'),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('payments_provider_payment_idx').on(table.provider, table.providerPaymentId),
    uniqueIndex('payments_one_holding_per_order_idx').on(table.orderId).where(holding),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Webhook events already handled, by the provider's event id: a replayed webhook has one effect. */
export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  /** Our payment it was about, if it was about one of ours. */
  paymentId: text('payment_id'),
  receivedAt: integer('received_at').notNull(),
});

export type WebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * One attempt to pay an issued invoice: "Pay invoice now" in the console (its key from the
 * request) or the monthly charge and its retries (`invoice:<id>:<attempt>`). At most one per
 * invoice is under way or done (the partial unique index), claimed before the provider is called.
 */
export const invoicePayments = sqliteTable(
  'invoice_payments',
  {
    id: text('id').primaryKey(),
    invoiceId: invoiceRef('restrict'),
    organizationId: organizationRef('restrict'),
    /** Who paid from the console; null for the automatic charge. */
    userId: optionalUserRef('user_id'),
    ...paymentAttemptColumns(),
    failureReason: text('failure_reason'),
    ...timestamps,
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    uniqueIndex('invoice_payments_one_holding_idx').on(table.invoiceId).where(holding),
  ],
);

export type InvoicePayment = typeof invoicePayments.$inferSelect;
