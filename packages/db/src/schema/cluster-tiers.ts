import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

/** Whether a tier's control plane runs replicated across zones, and whether that costs extra. */
export const HA_CONTROL_PLANE_OPTIONS = ['included', 'optional', 'unavailable'] as const;
export type HaControlPlane = (typeof HA_CONTROL_PLANE_OPTIONS)[number];

export const clusterTiers = sqliteTable('cluster_tiers', {
  id: text('id').primaryKey(),
  /** Display name; its words decide the cluster type (see clusterTypeFromTierName). */
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  /** The baseline configuration the tier price includes: `nodes` nodes of this size. */
  nodes: integer('nodes').notNull(),
  vcpuPerNode: integer('vcpu_per_node').notNull(),
  memoryGbPerNode: integer('memory_gb_per_node').notNull(),
  storageGbPerNode: integer('storage_gb_per_node').notNull(),
  /** Prices are integer EUR cents. */
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  sortOrder: integer('sort_order').notNull(),
  /** Listed to customers. Archiving a tier also clears it; `archivedAt` says when and that it was on purpose. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  ...timestamps,
  // Columns below were added by migration 0005 (ALTER TABLE ... ADD), hence the defaults:
  // SQLite cannot add a NOT NULL column without one. The seed sets every value.
  /** One line for comparison tables: the workloads the tier is built for. */
  purpose: text('purpose').notNull().default(''),
  /** Monthly control-plane availability promised, in basis points (9995 = 99.95 %); null: no SLA. */
  slaBasisPoints: integer('sla_basis_points'),
  haControlPlane: text('ha_control_plane', { enum: HA_CONTROL_PLANE_OPTIONS }).notNull().default('unavailable'),
  /** Price of the HA control plane when it is `optional`; null otherwise. EUR cents. */
  haMonthlyPriceCents: integer('ha_monthly_price_cents'),
  haYearlyPriceCents: integer('ha_yearly_price_cents'),
  /** Limits a configuration must respect: nodes over all pools, and node pools. */
  maxNodes: integer('max_nodes').notNull().default(1),
  maxPools: integer('max_pools').notNull().default(1),
  /** Node flavour ids (node_flavors.id) the tier offers; explicit, an empty list offers none. */
  allowedFlavorIds: text('allowed_flavor_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Region ids (data_centers.id) the tier can be placed in; explicit, an empty list offers none. */
  allowedRegionIds: text('allowed_region_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Set instead of deleting: clusters and orders keep pointing at an archived tier. */
  archivedAt: integer('archived_at'),
});

export type ClusterTier = typeof clusterTiers.$inferSelect;
export type NewClusterTier = typeof clusterTiers.$inferInsert;
