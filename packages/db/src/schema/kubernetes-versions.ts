import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

export const KUBERNETES_VERSION_CLASSIFICATIONS = ['preview', 'supported', 'deprecated'] as const;
export type KubernetesVersionClassification = (typeof KUBERNETES_VERSION_CLASSIFICATIONS)[number];

/**
 * Kubernetes minor versions new clusters can run. Clusters store their full version as text
 * (clusters.kubernetes_version), so a version leaving this list never touches a cluster.
 */
export const kubernetesVersions = sqliteTable(
  'kubernetes_versions',
  {
    /** The minor version, e.g. "1.37"; compare minors numerically, "1.100" follows "1.99". */
    version: text('version').primaryKey(),
    /** Latest patch we ship of that minor: 1 for 1.37.1. */
    patch: integer('patch').notNull(),
    classification: text('classification', { enum: KUBERNETES_VERSION_CLASSIFICATIONS }).notNull(),
    /** End of support (UTC epoch ms); null while not announced. */
    endOfSupportAt: integer('end_of_support_at'),
    /** The version preselected for new clusters; at most one row (partial unique index). */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('kubernetes_versions_one_default_idx').on(table.isDefault).where(sql`is_default = 1`)],
);

export type KubernetesVersion = typeof kubernetesVersions.$inferSelect;
export type NewKubernetesVersion = typeof kubernetesVersions.$inferInsert;
