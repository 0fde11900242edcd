import { CLUSTER_OPERATION_PHRASES, pick } from '@kubemarket/shared';
import {
  clusterEvents,
  clusterNodes,
  clusterOperations,
  clusters,
  clusterTiers,
  dataCenters,
  newId,
  nodeFlavors,
  nodePools,
  type Cluster,
  type ClusterEventType,
  type ClusterNode,
  type ClusterOperation,
  type ClusterOperationType,
  type ClusterQuoteReason,
  type ClusterStatus,
  type Database,
  type NodePool,
  type OperationParams,
} from '@kubemarket/db';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import { type ClusterPurpose, type ClusterSpec, type NodeState } from '../../platform/provisioner';

/**
 * The cluster operation engine (ADR 6). An operation is a row with its planned steps; the
 * cluster's operator (a Durable Object in the Worker, a loop in tests) calls `advanceOperation`
 * whenever the operation's `nextRunAt` comes. Each call runs or checks one step through the
 * provisioner port, stores the outcome in one batch, and pushes the new state to every member of
 * the organisation over their sockets. Nothing here keeps state between calls.
 */

export type EngineDeps = Pick<Context, 'db' | 'ports' | 'request'>;
export type Statement = BatchItem<'sqlite'>;

/** Tries of a failing step before the operation fails for good. */
export const MAX_STEP_ATTEMPTS = 3;
/** Back-off before the second and third tries, ms at speed 1 (divided like the step estimates). */
export const RETRY_BACKOFF_MS = [5_000, 15_000] as const;

export const STATUS_DURING: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'provisioning',
  scale_pool: 'updating',
  add_pool: 'updating',
  remove_pool: 'updating',
  upgrade: 'upgrading',
  hibernate: 'hibernating',
  wake: 'waking',
  delete: 'deleting',
  install_addons: 'updating',
  // A middleware's operations run in the cluster without changing it.
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

export const STATUS_AFTER: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'running',
  scale_pool: 'running',
  add_pool: 'running',
  remove_pool: 'running',
  upgrade: 'running',
  hibernate: 'hibernated',
  wake: 'running',
  delete: 'deleted',
  install_addons: 'running',
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

/** Where a cluster stands when an operation on it fails for good. */
export const STATUS_ON_FAILURE: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'failed',
  scale_pool: 'running',
  add_pool: 'running',
  remove_pool: 'running',
  upgrade: 'running',
  hibernate: 'running',
  wake: 'hibernated',
  delete: 'failed',
  // The add-ons stay ordered (and retryable); the cluster itself runs as before.
  install_addons: 'running',
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

export const OPERATION_LABELS: Record<ClusterOperationType, string> = CLUSTER_OPERATION_PHRASES;

/** Tiers whose names say production get Gardener's `production` purpose; dev/test and sandbox do not. */
export function purposeOf(tierName: string): ClusterPurpose {
  if (/sandbox/i.test(tierName)) return 'evaluation';
  if (/dev|test/i.test(tierName)) return 'development';
  return 'production';
}

export interface ClusterState {
  cluster: Cluster;
  pools: NodePool[];
  nodes: ClusterNode[];
  spec: ClusterSpec;
}

export async function loadClusterState(db: Database, clusterId: string): Promise<ClusterState | null> {
  const [row] = await db
    .select({ cluster: clusters, tierName: clusterTiers.name, regionZones: dataCenters.zones })
    .from(clusters)
    .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
    .innerJoin(dataCenters, eq(dataCenters.id, clusters.region))
    .where(eq(clusters.id, clusterId))
    .limit(1);
  if (!row) return null;
  const [pools, nodes] = await Promise.all([
    db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name)),
    db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt), asc(clusterNodes.name)),
  ]);
  const flavorIds = [...new Set(pools.map((pool) => pool.flavorId))];
  const flavors = flavorIds.length === 0 ? [] : await db.select().from(nodeFlavors).where(inArray(nodeFlavors.id, flavorIds));
  const flavorById = new Map(flavors.map((flavor) => [flavor.id, flavor]));
  const { cluster } = row;
  const zones = cluster.zones.length > 0 ? cluster.zones : row.regionZones.length > 0 ? row.regionZones : [cluster.region];
  const spec: ClusterSpec = {
    id: cluster.id,
    organizationId: cluster.organizationId,
    name: cluster.name,
    region: cluster.region,
    zones,
    tierId: cluster.tierId,
    purpose: purposeOf(row.tierName),
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    networking: cluster.networking ?? { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
    maintenance: cluster.maintenance ?? { day: 'sunday', startHour: 3, autoUpgrade: true },
    hibernation: cluster.hibernation,
    providerRef: cluster.providerRef,
    endpoint: cluster.endpoint,
    pools: pools.map((pool) => {
      const flavor = flavorById.get(pool.flavorId);
      return {
        id: pool.id,
        name: pool.name,
        machine: { flavorId: pool.flavorId, vcpu: flavor?.vcpu ?? 2, memoryGb: flavor?.memoryGb ?? 4, gpuCount: flavor?.gpuCount ?? 0 },
        count: pool.count,
        autoscaling: pool.autoscaling,
        labels: pool.labels,
        taints: pool.taints,
        kubernetesVersion: pool.kubernetesVersion,
      };
    }),
  };
  return { cluster, pools, nodes, spec };
}

export function nodeState(node: ClusterNode): NodeState {
  return pick(node, ['name', 'poolId', 'zone', 'status', 'kubeletVersion', 'cpuMillicores', 'memoryMib', 'cpuUsagePercent', 'memoryUsagePercent']);
}

export function eventStatement(db: Database, input: { id?: string; clusterId: string; operationId: string | null; type: ClusterEventType; message: string; actorUserId?: string | null; data?: Record<string, unknown> | null; now: number }): Statement {
  return db.insert(clusterEvents).values({
    id: input.id ?? newId('clusterEvent'),
    clusterId: input.clusterId,
    operationId: input.operationId,
    type: input.type,
    message: input.message,
    actorUserId: input.actorUserId ?? null,
    data: input.data ?? null,
    createdAt: input.now,
  });
}

export interface StartOperationInput {
  clusterId: string;
  type: ClusterOperationType;
  params?: OperationParams;
  requestedBy: string | null;
  orderId?: string | null;
  /** Statements that must commit with the operation (a new pool, a new count). */
  with?: Statement[];
  /** The spec the plan is made from, when `with` changes it (a pool added). */
  spec?: ClusterSpec;
  /** Sentence for the activity, e.g. "Alice scaled pool default from 3 to 5 nodes." */
  message: string;
  /** What the change moves, for the audit entry: the values before and after (counts, versions, status). */
  change?: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** A change that reprices the cluster: its new monthly price, recorded as a quote (cluster_quotes) with the operation. */
  requote?: { monthlyCents: number; reason: ClusterQuoteReason };
}

/** The operation running on a cluster now, if any. */
export async function runningOperation(db: Database, clusterId: string): Promise<ClusterOperation | null> {
  const [row] = await db
    .select()
    .from(clusterOperations)
    .where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.status, 'running')))
    .limit(1);
  return row ?? null;
}

export function busyMessage(operation: Pick<ClusterOperation, 'type'>): string {
  return `The cluster is busy with ${OPERATION_LABELS[operation.type]}; wait until it finishes, then try again.`;
}
