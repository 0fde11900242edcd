import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { clusterTiers } from './cluster-tiers';
import { dataCenters } from './data-centers';
import { organizations } from './organizations';

export const CLUSTER_STATUSES = ['provisioning', 'running', 'upgrading', 'deleting', 'failed'] as const;
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];

/** A customer's managed Kubernetes cluster; it belongs to the organisation, not to one user. */
export const clusters = sqliteTable(
  'clusters',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    tierId: text('tier_id')
      .notNull()
      .references(() => clusterTiers.id, { onDelete: 'restrict' }),
    /** The data centre id, e.g. "fr-par-1". */
    region: text('region')
      .notNull()
      .references(() => dataCenters.id, { onDelete: 'restrict' }),
    status: text('status', { enum: CLUSTER_STATUSES }).notNull().default('provisioning'),
    kubernetesVersion: text('kubernetes_version').notNull(),
    nodeCount: integer('node_count').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('clusters_organization_idx').on(table.organizationId, table.createdAt)],
);

export type Cluster = typeof clusters.$inferSelect;
export type NewCluster = typeof clusters.$inferInsert;
