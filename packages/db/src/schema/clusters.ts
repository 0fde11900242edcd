import { CLUSTER_STATUSES } from '@kubemarket/shared';
import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { clusterTiers } from './cluster-tiers';
import { dataCenters } from './data-centers';
import { timestamps, requiredRef } from './columns';
import { organizationRef } from './organizations';
import type { SealedSecret } from '../secret-box';

/** A cluster's lifecycle, defined with the realtime messages that carry it. */
export { CLUSTER_STATUSES, type ClusterStatus } from '@kubemarket/shared';

export interface ClusterNetworking {
  cni: 'cilium' | 'calico';
  podCidr: string;
  serviceCidr: string;
  apiAllowList: string[];
}

export interface ClusterMaintenance {
  day: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  /** UTC hour the four-hour window starts. */
  startHour: number;
  autoUpgrade: boolean;
}

/** Gardener's form: `start`/`end` are cron expressions "MM HH * * DOW" read in `location`. */
export interface HibernationSchedule {
  start: string | null;
  end: string | null;
}

export interface ClusterHibernation {
  schedules: HibernationSchedule[];
  /** IANA time zone the schedules are read in (the organisation's). */
  timezone: string;
}

/** A customer's managed Kubernetes cluster; it belongs to the organisation, not to one user. */
export const clusters = sqliteTable(
  'clusters',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('restrict'),
    name: text('name').notNull(),
    tierId: requiredRef('tier_id', () => clusterTiers.id, 'restrict'),
    /** The data centre id, e.g. "fr-par-1". */
    region: requiredRef('region', () => dataCenters.id, 'restrict'),
    status: text('status', { enum: CLUSTER_STATUSES }).notNull().default('provisioning'),
    kubernetesVersion: text('kubernetes_version').notNull(),
    /** Nodes the pools ask for (sum of counts); the node rows say how many have joined. */
    nodeCount: integer('node_count').notNull(),
    /** Zones of the region the nodes spread over, e.g. ["fr-par-1a", "fr-par-1b"]. */
    zones: text('zones', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    highAvailability: integer('high_availability', { mode: 'boolean' }).notNull().default(false),
    networking: text('networking', { mode: 'json' }).$type<ClusterNetworking>(),
    maintenance: text('maintenance', { mode: 'json' }).$type<ClusterMaintenance>(),
    hibernation: text('hibernation', { mode: 'json' }).$type<ClusterHibernation>(),
    /** The Kubernetes API server URL, once the control plane has one. */
    endpoint: text('endpoint'),
    /** The cluster CA (simulator): certificate PEM, and its private key sealed by the secret box. */
    caCertificate: text('ca_certificate'),
    caPrivateKey: text('ca_private_key', { mode: 'json' }).$type<SealedSecret>(),
    /** Monthly price of the cluster as it runs now (tier, pools, HA), EUR cents, from the pricing engine. */
    monthlyCents: integer('monthly_cents').notNull().default(0),
    /** The provisioner's name for it (Gardener: the Shoot's name). */
    providerRef: text('provider_ref'),
    /** The order that created it. */
    orderId: text('order_id'),
    ...timestamps,
    /** When deprovisioning finished; billing stops here. */
    deletedAt: integer('deleted_at'),
  },
  (table) => [
    index('clusters_organization_idx').on(table.organizationId, table.createdAt),
    index('clusters_organization_name_idx').on(table.organizationId, table.name),
  ],
);

export type Cluster = typeof clusters.$inferSelect;

/** The cluster a row belongs to (its pools, nodes, operations, history): required, and deleted with it. */
export function clusterRef() {
  return requiredRef('cluster_id', () => clusters.id, 'cascade');
}
export type NewCluster = typeof clusters.$inferInsert;

export interface NodePoolAutoscaling {
  min: number;
  max: number;
}

export interface NodeTaint {
  key: string;
  value: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
}

export const nodePools = sqliteTable(
  'node_pools',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    name: text('name').notNull(),
    flavorId: text('flavor_id').notNull(),
    /** Nodes wanted; with autoscaling, the count now (between min and max). */
    count: integer('count').notNull(),
    autoscaling: text('autoscaling', { mode: 'json' }).$type<NodePoolAutoscaling>(),
    labels: text('labels', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    taints: text('taints', { mode: 'json' }).$type<NodeTaint[]>().notNull().default(sql`'[]'`),
    /** Kubernetes version of the pool's kubelets (follows the control plane after an upgrade). */
    kubernetesVersion: text('kubernetes_version').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('node_pools_cluster_name_idx').on(table.clusterId, table.name)],
);

export type NodePool = typeof nodePools.$inferSelect;

export const NODE_STATUSES = ['joining', 'ready', 'draining', 'hibernated', 'not_ready'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** A worker node of a pool, as the provisioner reports it. */
export const clusterNodes = sqliteTable(
  'cluster_nodes',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    poolId: requiredRef('pool_id', () => nodePools.id, 'cascade'),
    name: text('name').notNull(),
    zone: text('zone').notNull(),
    status: text('status', { enum: NODE_STATUSES }).notNull(),
    kubeletVersion: text('kubelet_version').notNull(),
    cpuMillicores: integer('cpu_millicores').notNull(),
    memoryMib: integer('memory_mib').notNull(),
    /** Last observed use, 0–100. */
    cpuUsagePercent: integer('cpu_usage_percent').notNull().default(0),
    memoryUsagePercent: integer('memory_usage_percent').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('cluster_nodes_cluster_name_idx').on(table.clusterId, table.name), index('cluster_nodes_pool_idx').on(table.poolId)],
);

export type ClusterNode = typeof clusterNodes.$inferSelect;
