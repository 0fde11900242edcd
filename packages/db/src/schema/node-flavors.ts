import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { catalogItemColumns } from './columns';

export const NODE_FLAVOR_CATEGORIES = ['general', 'compute', 'memory', 'gpu'] as const;
export type NodeFlavorCategory = (typeof NODE_FLAVOR_CATEGORIES)[number];

/** Hours in a billing month: 365 × 24 / 12. A node running all month costs its monthly price. */
export const HOURS_PER_MONTH = 730;

/** Machine types of node pools. The tiers that offer one list it in cluster_tiers.allowed_flavor_ids. */
export const nodeFlavors = sqliteTable('node_flavors', {
  /** Family, vCPU and memory, e.g. "gp-4-16"; GPU flavours name the card, e.g. "gpu-l4-1". */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category', { enum: NODE_FLAVOR_CATEGORIES }).notNull(),
  vcpu: integer('vcpu').notNull(),
  memoryGb: integer('memory_gb').notNull(),
  /** e.g. "NVIDIA L4"; null without GPU. */
  gpuModel: text('gpu_model'),
  gpuCount: integer('gpu_count').notNull().default(0),
  /** GPU memory per card. */
  gpuMemoryGb: integer('gpu_memory_gb'),
  localDiskGb: integer('local_disk_gb').notNull(),
  /**
   * Price of one node-hour in thousandths of a EUR cent (3973 = €0.03973): hourly prices of small
   * nodes are fractions of a cent, and rounding them to whole cents would be 10 % off.
   */
  hourlyPriceMillicents: integer('hourly_price_millicents').notNull(),
  /** Price of one node for a whole month (HOURS_PER_MONTH hours), EUR cents; hourly use is capped at it. */
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  /** Region ids (data_centers.id) where the flavour can be ordered. */
  regionIds: text('region_ids', { mode: 'json' }).$type<string[]>().notNull(),
  ...catalogItemColumns,
});

export type NodeFlavor = typeof nodeFlavors.$inferSelect;
export type NewNodeFlavor = typeof nodeFlavors.$inferInsert;
