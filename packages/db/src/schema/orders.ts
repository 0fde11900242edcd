import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { organizations } from './organizations';
import { users } from './users';

export const ORDER_KINDS = ['cluster', 'addon', 'middleware', 'support'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'provisioning', 'completed', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An organisation's purchase; the idempotency key makes a retried checkout create one order only. */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** Who placed it. Restrict: an order is a financial record, so its author cannot vanish from under it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** Integer EUR cents. */
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('orders_organization_idx').on(table.organizationId, table.createdAt)],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
