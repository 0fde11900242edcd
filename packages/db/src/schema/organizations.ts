import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

export const ORGANIZATION_STATUSES = ['pending', 'active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Billing id shown to customers as companyId, e.g. "KM-7F3K9Q". */
  billingId: text('billing_id').notNull().unique(),
  status: text('status', { enum: ORGANIZATION_STATUSES }).notNull().default('pending'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
