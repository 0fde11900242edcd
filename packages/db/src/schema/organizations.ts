import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { timestamps, requiredRef } from './columns';

/**
 * Who the organisation is for tax (issue 30): the invoice's "bill to" and the VAT treatment of
 * every order come from here, never from what an order says. The country is set at registration
 * and changed only through a request our billing team approves; the VAT number is checked through
 * the VAT-validation port each time it changes.
 */
export interface BillingProfile {
  companyName: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** With its country prefix, upper case, no spaces ("FR40303265045"); null: none given. */
  vatNumber: string | null;
  addressLine1: string;
  addressLine2: string | null;
  postalCode: string;
  city: string;
}

/**
 * The answer of the VAT-validation port for a VAT number: VIES in production (its consultation
 * number is the seller's proof for a reverse-charged invoice), the embedded check elsewhere.
 */
export interface VatCheck {
  vatNumber: string;
  valid: boolean;
  /** The registered name and address, when the registry gives them. */
  name: string | null;
  address: string | null;
  /** VIES's requestIdentifier, or the embedded check's own reference. */
  consultationNumber: string | null;
  /** Epoch ms of the consultation. */
  checkedAt: number;
  source: 'vies' | 'embedded';
}

/** 'rejected': staff turned the registration down; its members may sign in but never order. */
export const ORGANIZATION_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Billing id shown to customers as companyId, e.g. "KM-7F3K9Q". */
  billingId: text('billing_id').notNull().unique(),
  status: text('status', { enum: ORGANIZATION_STATUSES }).notNull().default('pending'),
  /** Staff allowed the organisation to pay orders by bank transfer against an invoice. */
  invoicingAllowed: integer('invoicing_allowed', { mode: 'boolean' }).notNull().default(false),
  /**
   * The most an organisation paying by bank transfer may owe at once, EUR cents (unpaid invoices
   * plus bank-transfer orders confirmed but not yet paid); null: no limit. Card payments are not limited.
   */
  creditLimitCents: integer('credit_limit_cents'),
  /** Quotas staff can raise: clusters alive at once, and worker nodes over all of them. */
  maxClusters: integer('max_clusters').notNull().default(20),
  maxNodes: integer('max_nodes').notNull().default(200),
  /** IANA time zone of the organisation (hibernation schedules, reports). */
  timezone: text('timezone').notNull().default('Europe/Paris'),
  /** Null until the organisation gives its billing details (registration, or its first order). */
  billingProfile: text('billing_profile', { mode: 'json' }).$type<BillingProfile>(),
  /** The latest check of the profile's VAT number; null without one. */
  vatCheck: text('vat_check', { mode: 'json' }).$type<VatCheck>(),
  /** Set after the last failed charge of an invoice (dunning); paying clears it. */
  overdueSince: integer('overdue_since'),
  /** The organisation orders only in regions where only people in the EU reach its data (issue 34). */
  euOnlyRegions: integer('eu_only_regions', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

/**
 * The organisation a row belongs to: required, and what deleting the organisation does to the row
 * (`cascade` for what is only the organisation's, `restrict` for financial records that must stay).
 */
export function organizationRef(onDelete: 'cascade' | 'restrict') {
  return requiredRef('organization_id', () => organizations.id, onDelete);
}

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
