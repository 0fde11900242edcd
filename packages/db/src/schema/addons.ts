import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { catalogItemColumns } from './columns';

export const ADDON_CATEGORIES = [
  'monitoring',
  'logging',
  'backup',
  'certificates',
  'ingress',
  'service-mesh',
  'policy',
  'security',
  'gitops',
  'autoscaling',
  'secrets',
  'gpu',
  'ai',
] as const;
export type AddonCategory = (typeof ADDON_CATEGORIES)[number];

/** Cluster software we install and operate, priced per cluster. */
export const addons = sqliteTable('addons', {
  /** e.g. "addon_monitoring". */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category', { enum: ADDON_CATEGORIES }).notNull(),
  description: text('description').notNull(),
  /** Upstream version we install, e.g. "1.19.1". */
  version: text('version').notNull(),
  /** Per cluster, EUR cents; 0 for add-ons included with every cluster. */
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  /** Null: no yearly price, the yearly cycle costs 12 months. */
  yearlyPriceCents: integer('yearly_price_cents'),
  /** Tier ids (cluster_tiers.id) the add-on can be installed on. */
  compatibleTierIds: text('compatible_tier_ids', { mode: 'json' }).$type<string[]>().notNull(),
  /** Inclusive bounds on the cluster's Kubernetes minor version ("1.36"); null: unbounded. */
  minKubernetesVersion: text('min_kubernetes_version'),
  maxKubernetesVersion: text('max_kubernetes_version'),
  /** Add-on ids that must be installed on the same cluster first. */
  requires: text('requires', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Add-on ids that cannot run on the same cluster; the relation is kept symmetric. */
  conflicts: text('conflicts', { mode: 'json' }).$type<string[]>().notNull().default([]),
  ...catalogItemColumns,
});

export type Addon = typeof addons.$inferSelect;
export type NewAddon = typeof addons.$inferInsert;
