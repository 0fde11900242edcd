import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizationRef } from './organizations';
import { optionalUserRef } from './users';
import { timestamps, requiredRef } from './columns';

/** The clouds whose managed Kubernetes a customer can connect (issue 16). */
export const PROVIDER_IDS = ['gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What the last test or listing concluded: `ok`, or the failure kind of the clouds port. */
export const CONNECTION_RESULT_KINDS = ['ok', 'bad_credentials', 'missing_permission', 'unknown_region', 'rate_limited', 'unreachable', 'timeout', 'unexpected'] as const;
export type ConnectionResultKind = (typeof CONNECTION_RESULT_KINDS)[number];

/**
 * An organisation's read-only credentials at another cloud, to list its managed clusters there.
 * The credentials (the form's JSON) are sealed with AES-GCM (secret-box.ts) under key
 * `credentialsKeyVersion`, bound to the row's id; only `hint` (a key id's last characters, a
 * project or subscription id) is ever shown.
 */
export const providerConnections = sqliteTable(
  'provider_connections',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    provider: text('provider', { enum: PROVIDER_IDS }).notNull(),
    name: text('name').notNull(),
    sealedCredentials: text('sealed_credentials').notNull(),
    credentialsKeyVersion: integer('credentials_key_version').notNull(),
    hint: text('hint').notNull(),
    createdByUserId: optionalUserRef('created_by_user_id'),
    ...timestamps,
    lastTestedAt: integer('last_tested_at'),
    lastResultKind: text('last_result_kind', { enum: CONNECTION_RESULT_KINDS }),
    lastRefreshedAt: integer('last_refreshed_at'),
  },
  (table) => [uniqueIndex('provider_connections_org_name_idx').on(table.organizationId, table.name)],
);

/** The clusters a connection listed at its last refresh; replaced as a whole at each refresh. */
export const externalClusters = sqliteTable(
  'external_clusters',
  {
    id: text('id').primaryKey(),
    connectionId: requiredRef('connection_id', () => providerConnections.id, 'cascade'),
    organizationId: organizationRef('cascade'),
    provider: text('provider', { enum: PROVIDER_IDS }).notNull(),
    /** The provider's own id of the cluster (ARN, ARM id, uid...). */
    providerClusterId: text('provider_cluster_id').notNull(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    kubernetesVersion: text('kubernetes_version').notNull(),
    /** Null where the provider's listing does not count nodes. */
    nodeCount: integer('node_count'),
    status: text('status').notNull(),
    refreshedAt: integer('refreshed_at').notNull(),
  },
  (table) => [index('external_clusters_org_idx').on(table.organizationId, table.name), index('external_clusters_connection_idx').on(table.connectionId)],
);

export type ProviderConnection = typeof providerConnections.$inferSelect;
export type ExternalClusterRow = typeof externalClusters.$inferSelect;
