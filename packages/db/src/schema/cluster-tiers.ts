import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

export const clusterTiers = sqliteTable('cluster_tiers', {
  id: text('id').primaryKey(),
  /** Display name; its words decide the cluster type (see clusterTypeFromTierName). */
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  nodes: integer('nodes').notNull(),
  vcpuPerNode: integer('vcpu_per_node').notNull(),
  memoryGbPerNode: integer('memory_gb_per_node').notNull(),
  storageGbPerNode: integer('storage_gb_per_node').notNull(),
  /** Prices are integer EUR cents. */
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  sortOrder: integer('sort_order').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export type ClusterTier = typeof clusterTiers.$inferSelect;
export type NewClusterTier = typeof clusterTiers.$inferInsert;
