import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { type VatCheck, organizationRef } from './organizations';

/**
 * Billing (issue 13): what was used each hour, invoices with their lines and gap-free numbers,
 * credits, payment methods, plans and dunning. Money is integer EUR cents; usage prices are in
 * thousandths of a cent (millicents), as node-hour prices are fractions of a cent.
 */

import { USAGE_KINDS } from '@kubemarket/shared';
import { APPROVAL_STATUSES, approvalColumns, timestamps, requiredRef, created } from './columns';

export { USAGE_KINDS, type UsageKind } from '@kubemarket/shared';

/** One resource's use in one UTC hour. A cron run repeated for the same hour writes nothing twice (unique index). */
export const usageRecords = sqliteTable(
  'usage_records',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    /** The cluster, or the order of a middleware plan, the use belongs to. */
    subjectId: text('subject_id').notNull(),
    /** Set when the subject is a cluster (for grouping by cluster). */
    clusterId: text('cluster_id'),
    /** Start of the UTC hour, epoch ms. */
    hour: integer('hour').notNull(),
    kind: text('kind', { enum: USAGE_KINDS }).notNull(),
    /** The tier, flavour, add-on or plan priced. */
    resourceId: text('resource_id').notNull(),
    /** Quantity in thousandths (node-hours, GB-hours, GB). */
    quantityMilli: integer('quantity_milli').notNull(),
    /** Price of one unit, thousandths of a cent, as agreed in the order. */
    unitPriceMillicents: integer('unit_price_millicents').notNull(),
    /** quantity × unit price, thousandths of a cent. */
    amountMillicents: integer('amount_millicents').notNull(),
    /** The order whose lines set the price. */
    orderId: text('order_id'),
    ...created,
  },
  (table) => [
    uniqueIndex('usage_records_subject_hour_idx').on(table.subjectId, table.hour, table.kind, table.resourceId),
    index('usage_records_organization_hour_idx').on(table.organizationId, table.hour),
  ],
);

export type UsageRecord = typeof usageRecords.$inferSelect;

/** Hours the metering cron has recorded: a missed hour is found and caught up. */
export const meteredHours = sqliteTable('metered_hours', {
  hour: integer('hour').primaryKey(),
  records: integer('records').notNull(),
  ...created,
});

export const INVOICE_STATUSES = ['due', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export interface InvoiceBillingDetails {
  companyName: string;
  billingId: string | null;
  vatNumber: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  postalCode: string;
  city: string;
  countryCode: string;
}

/** An issued invoice (or credit note): immutable once issued; corrections are credit notes. */
export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('restrict'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('invoice'),
    /** KM-2026-000123: one gap-free sequence per year (invoice_sequences). */
    number: text('number').notNull(),
    /** The billed period [start, end), UTC epoch ms. */
    periodStart: integer('period_start').notNull(),
    periodEnd: integer('period_end').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    billing: text('billing', { mode: 'json' }).$type<InvoiceBillingDetails>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    creditsCents: integer('credits_cents').notNull().default(0),
    taxableCents: integer('taxable_cents').notNull(),
    /** VAT rate in basis points (2000 = 20 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** "Reverse charge" is printed: an EU business customer outside our country. */
    reverseCharge: integer('reverse_charge', { mode: 'boolean' }).notNull().default(false),
    totalCents: integer('total_cents').notNull(),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: text('corrects_invoice_id'),
    /** An order's own invoice, issued when the order was paid or confirmed for transfer (issue 30). */
    orderId: text('order_id'),
    /** The VAT number's check this invoice's treatment rests on (the proof for a reverse charge). */
    vatCheck: text('vat_check', { mode: 'json' }).$type<VatCheck>(),
    /** ISO 11649 creditor reference ("RF…") a bank transfer quotes, matched when staff record it. */
    paymentReference: text('payment_reference'),
    /** Money received for it so far (the ledger of payment_receipts); "paid" only once it covers the total. */
    receivedCents: integer('received_cents').notNull().default(0),
    issuedAt: integer('issued_at').notNull(),
    dueAt: integer('due_at').notNull(),
    paidAt: integer('paid_at'),
    /** The payment method charged, and how many charges failed (dunning: days 3, 7 and 14). */
    paymentMethodId: text('payment_method_id'),
    failedCharges: integer('failed_charges').notNull().default(0),
    nextChargeAt: integer('next_charge_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    // One monthly invoice per organisation and period: a repeated or racing generation cannot add a second.
    uniqueIndex('invoices_period_idx').on(table.organizationId, table.periodStart).where(sql`kind = 'invoice' AND order_id IS NULL`),
    // One invoice per order: the payment and its webhook settling it at once issue it once.
    uniqueIndex('invoices_order_idx').on(table.orderId).where(sql`kind = 'invoice' AND order_id IS NOT NULL`),
    uniqueIndex('invoices_payment_reference_idx').on(table.paymentReference),
    // One credit note per invoice: two corrections issued at once cannot both refund it.
    uniqueIndex('invoices_one_credit_note_idx').on(table.correctsInvoiceId).where(sql`kind = 'credit_note'`),
    index('invoices_organization_idx').on(table.organizationId, table.issuedAt),
    index('invoices_dunning_idx').on(table.status, table.nextChargeAt),
  ],
);

export type Invoice = typeof invoices.$inferSelect;

/** The invoice a row belongs to: required; `cascade` goes with it, `restrict` keeps it (money received, payments). */
export function invoiceRef(onDelete: 'cascade' | 'restrict') {
  return requiredRef('invoice_id', () => invoices.id, onDelete);
}

/** 'purchase': what an order bought, on the order's own invoice; 'order': a prepaid order consumed on a monthly invoice. */
export const INVOICE_LINE_KINDS = ['usage', 'subscription', 'order', 'promotion', 'credit', 'purchase'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: text('id').primaryKey(),
    invoiceId: invoiceRef('cascade'),
    position: integer('position').notNull(),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceMillicents: integer('unit_price_millicents').notNull(),
    /** Negative for promotions and credits. */
    amountCents: integer('amount_cents').notNull(),
    clusterId: text('cluster_id'),
    orderId: text('order_id'),
  },
  (table) => [index('invoice_lines_invoice_idx').on(table.invoiceId, table.position)],
);

export type InvoiceLine = typeof invoiceLines.$inferSelect;

export const DOCUMENT_SERIES = ['invoice', 'credit_note'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/**
 * The last number issued each year in each series (invoices KM-2026-…, credit notes
 * KM-CN-2026-…, issue 30); numbers are taken by incrementing it in the issuing batch.
 */
export const invoiceSequences = sqliteTable(
  'invoice_sequences',
  {
    series: text('series', { enum: DOCUMENT_SERIES }).notNull().default('invoice'),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

/**
 * The ledger of money received by bank transfer for an invoice (issue 30): each transfer as staff
 * saw it on the bank statement, matched by the invoice's RF reference. An invoice's
 * received_cents is the sum of its receipts (and of card payments); it is "paid" only once that
 * covers its total. The bank's reference is unique per invoice, so the same transfer is never
 * recorded twice.
 */
export const invoiceReceipts = sqliteTable(
  'invoice_receipts',
  {
    id: text('id').primaryKey(),
    invoiceId: invoiceRef('restrict'),
    organizationId: organizationRef('restrict'),
    amountCents: integer('amount_cents').notNull(),
    /** What went beyond the invoice's total, returned to the organisation as a credit. */
    excessCents: integer('excess_cents').notNull().default(0),
    /** The bank's reference of the transfer, as on the statement. */
    bankReference: text('bank_reference').notNull(),
    receivedAt: integer('received_at').notNull(),
    recordedBy: text('recorded_by').notNull(),
    ...created,
  },
  (table) => [uniqueIndex('invoice_receipts_bank_reference_idx').on(table.invoiceId, table.bankReference), index('invoice_receipts_organization_idx').on(table.organizationId, table.receivedAt)],
);

export type InvoiceReceipt = typeof invoiceReceipts.$inferSelect;

export const CREDIT_ORIGINS = ['promotion', 'prepaid', 'goodwill', 'refund'] as const;
export type CreditOrigin = (typeof CREDIT_ORIGINS)[number];

/** Credits are applied to invoices before any charge, the soonest expiring first. */
export const credits = sqliteTable(
  'credits',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    origin: text('origin', { enum: CREDIT_ORIGINS }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    remainingCents: integer('remaining_cents').notNull(),
    expiresAt: integer('expires_at'),
    createdBy: text('created_by'),
    ...created,
  },
  (table) => [index('credits_organization_idx').on(table.organizationId, table.expiresAt)],
);

export type Credit = typeof credits.$inferSelect;

export const CREDIT_REQUEST_STATUSES = APPROVAL_STATUSES;
export type CreditRequestStatus = (typeof CREDIT_REQUEST_STATUSES)[number];

/**
 * Four eyes on staff money (issue 29): a credit above an administrator's own limits (per grant,
 * per month) waits here until another administrator approves it; approving creates the credit
 * (its id is the request's, `crd_` for `crq_`, so it is created once). Decided requests stay as
 * the record of who asked for what, why, and who decided.
 */
export const creditRequests = sqliteTable(
  'credit_requests',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    origin: text('origin', { enum: CREDIT_ORIGINS }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    expiresAt: integer('expires_at'),
    /** Why it exceeds the requester's limits, as the approver reads it. */
    limitReason: text('limit_reason').notNull(),
    ...approvalColumns,
    ...created,
  },
  (table) => [index('credit_requests_status_idx').on(table.status, table.createdAt)],
);

export type CreditRequest = typeof creditRequests.$inferSelect;

/**
 * Four eyes on credit notes (issue 29): a correction of an invoice above
 * STAFF_CREDIT_LIMITS.alonePerGrantCents waits here for another administrator; approving issues
 * the credit note. At most one request per invoice is pending.
 */
export const creditNoteRequests = sqliteTable(
  'credit_note_requests',
  {
    id: text('id').primaryKey(),
    invoiceId: invoiceRef('cascade'),
    organizationId: text('organization_id').notNull(),
    /** The invoice's total, what the correction gives back or cancels. */
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    ...approvalColumns,
    creditNoteId: text('credit_note_id'),
    ...created,
  },
  (table) => [uniqueIndex('credit_note_requests_pending_idx').on(table.invoiceId).where(sql`status = 'pending'`)],
);

export type CreditNoteRequest = typeof creditNoteRequests.$inferSelect;

export const creditApplications = sqliteTable(
  'credit_applications',
  {
    id: text('id').primaryKey(),
    creditId: requiredRef('credit_id', () => credits.id, 'cascade'),
    invoiceId: invoiceRef('cascade'),
    amountCents: integer('amount_cents').notNull(),
    ...created,
  },
  (table) => [uniqueIndex('credit_applications_credit_invoice_idx').on(table.creditId, table.invoiceId)],
);

export const PAYMENT_METHOD_KINDS = ['card', 'sepa_debit', 'bank_transfer'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Saved ways to pay invoices: a card (sandbox or Stripe SetupIntent), a SEPA mandate, bank transfer. */
export const paymentMethods = sqliteTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    kind: text('kind', { enum: PAYMENT_METHOD_KINDS }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'bank'] }).notNull(),
    /** Stripe's PaymentMethod id (pm_…); the sandbox's own id. */
    providerRef: text('provider_ref'),
    /** Stripe's Customer (cus_…) a saved method belongs to: off-session charges name it. */
    customerRef: text('customer_ref'),
    /** SEPA direct debit: the mandate the customer accepted (Stripe's mandate_…, the sandbox's own). */
    mandateRef: text('mandate_ref'),
    /** SEPA direct debit: the bank's code from the IBAN (a German BLZ), when the provider gives one. */
    bankCode: text('bank_code'),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holderName: text('holder_name'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by'),
    ...created,
    removedAt: integer('removed_at'),
  },
  (table) => [
    index('payment_methods_organization_idx').on(table.organizationId),
    uniqueIndex('payment_methods_default_idx').on(table.organizationId).where(sql`is_default = 1 AND removed_at IS NULL`),
  ],
);

export type SavedPaymentMethod = typeof paymentMethods.$inferSelect;

export const BILLING_PLANS = ['pay_as_you_go', 'yearly_commitment'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];

/** The organisation's plan from `startsAt`; a switch is a row starting at the next period. */
export const billingPlans = sqliteTable(
  'billing_plans',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    plan: text('plan', { enum: BILLING_PLANS }).notNull(),
    startsAt: integer('starts_at').notNull(),
    createdBy: text('created_by'),
    ...created,
  },
  (table) => [uniqueIndex('billing_plans_organization_start_idx').on(table.organizationId, table.startsAt)],
);
