import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

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
  /** Set after the last failed charge of an invoice (dunning); paying clears it. */
  overdueSince: integer('overdue_since'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
