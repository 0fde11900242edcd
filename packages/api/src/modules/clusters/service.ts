import {
  addons as addonsTable,
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterOperations,
  clusters,
  clusterTiers,
  dataCenters,
  kubeconfigIssuances,
  kubernetesVersions,
  middlewareInstances,
  newId,
  nodeFlavors,
  nodePools,
  organizations,
  users,
  type Cluster,
  type ClusterOperation,
  type Database,
  type NodePool,
  pageTotal,
  totalRows,
} from '@kubemarket/db';
import { isQuoteError, quote, utcMonthStart, type OrderLine } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { assertMayGrow } from '../../platform/growth';
import type { ApiServerAddress, CertificateAuthority, ClusterSpec, ProvisionerPort } from '../../platform/provisioner';
import { compareKubernetesVersions, loadPriceBook } from '../catalog';
import { caKeyContext, loadClusterState, runningOperation, busyMessage, retryOperation, startOperation, type ClusterState } from './engine';
import { operationView, progressOf, type OperationView } from './progress';
import type {
  addNodePoolInputSchema,
  clusterDetailSchema,
  clusterEventsPageSchema,
  clusterPageSchema,
  eventsInputSchema,
  ListClustersInput,
  scaleNodePoolInputSchema,
} from './schemas';
import type { SignedInContext } from '../../trpc';

type OrgContext = SignedInContext;

export const CLUSTER_NOT_FOUND = 'No cluster with this id in your organisation.';

function notFound(message = CLUSTER_NOT_FOUND): never {
  throw new TRPCError({ code: 'NOT_FOUND', message });
}

function badRequest(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

/** The cluster of the caller's organisation (another organisation's id is a 404, like a missing one). */
async function ownState(ctx: OrgContext, id: string): Promise<ClusterState> {
  const state = await loadClusterState(ctx.db, id);
  if (!state || state.cluster.organizationId !== ctx.user.organizationId) notFound();
  return state;
}

/** A cluster that can take a change now: alive, not failed, not busy. */
async function changeableState(ctx: OrgContext, id: string, allowed: ReadonlyArray<Cluster['status']> = ['running']): Promise<ClusterState> {
  const state = await ownState(ctx, id);
  const { status, name } = state.cluster;
  if (status === 'deleted' || status === 'deleting') throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${name} is ${status === 'deleted' ? 'deleted' : 'being deleted'}.` });
  const running = await runningOperation(ctx.db, id);
  if (running) throw new TRPCError({ code: 'CONFLICT', message: busyMessage(running) });
  if (!allowed.includes(status)) {
    const why: Partial<Record<Cluster['status'], string>> = {
      hibernated: `The cluster ${name} is hibernated; wake it up first.`,
      failed: `The cluster ${name} failed to provision; retry its provisioning or delete it.`,
      provisioning: `The cluster ${name} is still being provisioned.`,
    };
    throw new TRPCError({ code: 'CONFLICT', message: why[status] ?? `The cluster ${name} cannot take this change while it is ${status}.` });
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// Lists and detail

const readyNodesSql = sql<number>`(SELECT COUNT(*) FROM cluster_nodes n WHERE n.cluster_id = ${clusters.id} AND n.status = 'ready')`.mapWith(Number);

export async function listClusters(ctx: OrgContext, input: ListClustersInput): Promise<z.output<typeof clusterPageSchema>> {
  const filters: SQL[] = [eq(clusters.organizationId, ctx.user.organizationId)];
  if (!input.includeDeleted && input.status !== 'deleted') filters.push(ne(clusters.status, 'deleted'));
  if (input.status) filters.push(eq(clusters.status, input.status));
  if (input.tierId) filters.push(eq(clusters.tierId, input.tierId));
  if (input.region) filters.push(eq(clusters.region, input.region));
  if (input.q) {
    const escaped = input.q.replace(/[\\%_]/g, (char) => `\\${char}`);
    // Escaped for the id too: a "%" or "_" typed in the search box is a character, not a wildcard.
    filters.push(or(sql`${clusters.name} LIKE ${`%${escaped}%`} ESCAPE '\\'`, sql`${clusters.id} LIKE ${`${escaped}%`} ESCAPE '\\'`)!);
  }
  const where = and(...filters);
  const order = {
    name: [asc(clusters.name)],
    newest: [desc(clusters.createdAt)],
    oldest: [asc(clusters.createdAt)],
    status: [asc(clusters.status), asc(clusters.name)],
    nodes: [desc(clusters.nodeCount), asc(clusters.name)],
    cost: [desc(clusters.monthlyCents), asc(clusters.name)],
  }[input.sort];
  // One statement (one D1 round trip): the page, its total, and each cluster's running operation
  // (at most one, by cluster_operations_running_idx).
  const offset = (input.page - 1) * input.pageSize;
  const rows = await ctx.db
    .select({
      cluster: summaryColumns,
      tierName: clusterTiers.name,
      regionName: dataCenters.name,
      readyNodes: readyNodesSql,
      running: { id: clusterOperations.id, type: clusterOperations.type, steps: clusterOperations.steps, finishedAt: clusterOperations.finishedAt },
      total: totalRows(),
    })
    .from(clusters)
    .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
    .innerJoin(dataCenters, eq(dataCenters.id, clusters.region))
    .leftJoin(clusterOperations, and(eq(clusterOperations.clusterId, clusters.id), eq(clusterOperations.status, 'running')))
    .where(where)
    .orderBy(...order, asc(clusters.id))
    .limit(input.pageSize)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () => (await ctx.db.select({ value: count() }).from(clusters).where(where))[0]?.value ?? 0);
  const now = ctx.ports.clock.now();
  return {
    items: rows.map((row) => ({
      ...summaryOf(row.cluster, row.tierName, row.regionName, row.readyNodes),
      operation: row.running ? { id: row.running.id, type: row.running.type, progressPercent: progressOf(row.running.steps, row.running.finishedAt ?? now).percent } : null,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** What a cluster's summary shows: the list reads these columns, not its settings or sealed CA key. */
const summaryColumns = {
  id: clusters.id,
  name: clusters.name,
  status: clusters.status,
  tierId: clusters.tierId,
  region: clusters.region,
  kubernetesVersion: clusters.kubernetesVersion,
  nodeCount: clusters.nodeCount,
  monthlyCents: clusters.monthlyCents,
  createdAt: clusters.createdAt,
  deletedAt: clusters.deletedAt,
};

function summaryOf(cluster: Pick<Cluster, keyof typeof summaryColumns>, tierName: string, regionName: string, readyNodes: number) {
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    tier: { id: cluster.tierId, name: tierName },
    region: { id: cluster.region, name: regionName },
    kubernetesVersion: cluster.kubernetesVersion,
    nodeCount: cluster.nodeCount,
    readyNodes,
    monthlyCents: cluster.monthlyCents,
    createdAt: cluster.createdAt,
    deletedAt: cluster.deletedAt,
  };
}

/** Dev/Test and Sandbox tiers hibernate (their purpose is not production). */
export function tierHibernates(tierName: string): boolean {
  return /sandbox|dev|test/i.test(tierName);
}

/** Versions a cluster can move to: newer patches of its minor and the next minor (no downgrade, no skipping). */
export async function availableUpgrades(db: Database, current: string): Promise<string[]> {
  const rows = await db.select({ version: kubernetesVersions.version, patch: kubernetesVersions.patch }).from(kubernetesVersions);
  const [major, minor] = current.split('.').map(Number) as [number, number];
  return rows
    .map((row) => `${row.version}.${row.patch}`)
    .filter((version) => {
      const [vMajor, vMinor] = version.split('.').map(Number) as [number, number];
      return vMajor === major && (vMinor === minor || vMinor === minor + 1) && compareKubernetesVersions(version, current) > 0;
    })
    .sort(compareKubernetesVersions);
}

async function hibernationFacts(db: Database, state: ClusterState, flavorMonthly: Map<string, number>, now: number) {
  const start = utcMonthStart(now);
  const periods = await db
    .select()
    .from(clusterHibernations)
    .where(and(eq(clusterHibernations.clusterId, state.cluster.id), or(isNull(clusterHibernations.endedAt), gte(clusterHibernations.endedAt, start))));
  const hibernatedMs = periods.reduce((sum, period) => sum + Math.max(0, (period.endedAt ?? now) - Math.max(period.startedAt, start)), 0);
  const nodesMonthly = state.pools.reduce((sum, pool) => sum + pool.count * (flavorMonthly.get(pool.flavorId) ?? 0), 0);
  const monthMs = 730 * 3_600_000;
  const open = periods.find((period) => period.endedAt === null);
  return {
    hoursThisMonth: Math.round((hibernatedMs / 3_600_000) * 10) / 10,
    savedCentsThisMonth: Math.round((nodesMonthly * hibernatedMs) / monthMs),
    hibernatedSince: open?.startedAt ?? null,
  };
}

export async function getCluster(ctx: OrgContext, id: string): Promise<z.output<typeof clusterDetailSchema>> {
  const state = await ownState(ctx, id);
  const { db } = ctx;
  const now = ctx.ports.clock.now();
  const { cluster } = state;
  const [[names], flavors, installed, operations, upgrades] = await Promise.all([
    db
      .select({ tierName: clusterTiers.name, regionName: dataCenters.name })
      .from(clusterTiers)
      .innerJoin(dataCenters, eq(dataCenters.id, cluster.region))
      .where(eq(clusterTiers.id, cluster.tierId)),
    state.pools.length === 0 ? [] : db.select().from(nodeFlavors).where(inArray(nodeFlavors.id, [...new Set(state.pools.map((pool) => pool.flavorId))])),
    db
      .select({ id: clusterAddons.addonId, name: addonsTable.name, installedAt: clusterAddons.installedAt })
      .from(clusterAddons)
      .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
      .where(eq(clusterAddons.clusterId, id))
      // By name as people read it: "cert-manager" between "Argo CD" and "Prometheus", not after them.
      .orderBy(sql`${addonsTable.name} COLLATE NOCASE`),
    db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, id)).orderBy(desc(clusterOperations.createdAt)).limit(1),
    cluster.status === 'deleted' ? Promise.resolve([]) : availableUpgrades(db, cluster.kubernetesVersion),
  ]);
  const flavorById = new Map(flavors.map((flavor) => [flavor.id, flavor]));
  const flavorMonthly = new Map(flavors.map((flavor) => [flavor.id, flavor.monthlyPriceCents]));
  const hibernation = await hibernationFacts(db, state, flavorMonthly, now);
  const last = operations[0] ? operationView(operations[0], now) : null;
  const readyNodes = state.nodes.filter((node) => node.status === 'ready').length;
  const tierName = names?.tierName ?? cluster.tierId;
  const billedUntil = cluster.deletedAt ?? now;
  const billedFrom = Math.max(cluster.createdAt, utcMonthStart(now));
  const costSoFarCents = Math.max(0, Math.round((cluster.monthlyCents * Math.max(0, billedUntil - billedFrom)) / (730 * 3_600_000)) - hibernation.savedCentsThisMonth);
  return {
    ...summaryOf(cluster, tierName, names?.regionName ?? cluster.region, readyNodes),
    operation: last && last.status === 'running' ? { id: last.id, type: last.type, progressPercent: last.progressPercent } : null,
    organizationId: cluster.organizationId,
    endpoint: cluster.endpoint,
    zones: state.spec.zones,
    highAvailability: cluster.highAvailability,
    networking: state.spec.networking,
    maintenance: state.spec.maintenance,
    hibernation: {
      supported: tierHibernates(tierName),
      schedules: cluster.hibernation?.schedules ?? [],
      timezone: cluster.hibernation?.timezone ?? 'Europe/Paris',
      ...hibernation,
    },
    costSoFarCents,
    orderId: cluster.orderId,
    nodePools: state.pools.map((pool) => {
      const flavor = flavorById.get(pool.flavorId);
      return {
        id: pool.id,
        name: pool.name,
        flavor: { id: pool.flavorId, name: flavor?.name ?? pool.flavorId, vcpu: flavor?.vcpu ?? 0, memoryGb: flavor?.memoryGb ?? 0, monthlyPriceCents: flavor?.monthlyPriceCents ?? 0 },
        count: pool.count,
        autoscaling: pool.autoscaling,
        labels: pool.labels,
        taints: pool.taints,
        kubernetesVersion: pool.kubernetesVersion,
        monthlyCents: pool.count * (flavor?.monthlyPriceCents ?? 0),
        readyNodes: state.nodes.filter((node) => node.poolId === pool.id && node.status === 'ready').length,
      };
    }),
    nodes: state.nodes.map((node) => {
      const usage = ctx.ports.provisioner.nodeUsage(node, now);
      return {
        name: node.name,
        poolId: node.poolId,
        zone: node.zone,
        status: node.status,
        kubeletVersion: node.kubeletVersion,
        cpuMillicores: node.cpuMillicores,
        memoryMib: node.memoryMib,
        cpuUsagePercent: usage?.cpuUsagePercent ?? null,
        memoryUsagePercent: usage?.memoryUsagePercent ?? null,
        createdAt: node.createdAt,
      };
    }),
    addons: installed,
    currentOperation: last && last.status === 'running' ? last : null,
    lastOperation: last,
    availableUpgrades: upgrades,
    provisioner: ctx.ports.provisioner.kind,
    apiServer: apiServerOf(ctx.ports.provisioner, cluster),
  };
}

/** Where kubectl reaches the cluster: a real control plane at its endpoint, a simulated one only through the local API gateway (ADR 32). */
function apiServerOf(provisioner: ProvisionerPort, cluster: Pick<Cluster, 'endpoint' | 'status'>): ApiServerAddress | null {
  if (cluster.status === 'deleted') return null;
  if (provisioner.apiServer) return provisioner.apiServer(cluster.endpoint);
  return cluster.endpoint ? { url: cluster.endpoint, tlsServerName: null } : null;
}

export async function listClusterEvents(ctx: OrgContext, input: z.output<typeof eventsInputSchema>): Promise<z.output<typeof clusterEventsPageSchema>> {
  await ownState(ctx, input.id);
  const filters: SQL[] = [eq(clusterEvents.clusterId, input.id)];
  if (input.operationId) filters.push(eq(clusterEvents.operationId, input.operationId));
  if (input.cursor) {
    const [at, id] = input.cursor.split('~') as [string, string];
    filters.push(or(lt(clusterEvents.createdAt, Number(at)), and(eq(clusterEvents.createdAt, Number(at)), lt(clusterEvents.id, id)))!);
  }
  const rows = await ctx.db
    .select({ event: clusterEvents, actorName: users.name })
    .from(clusterEvents)
    .leftJoin(users, eq(users.id, clusterEvents.actorUserId))
    .where(and(...filters))
    .orderBy(desc(clusterEvents.createdAt), desc(clusterEvents.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(({ event, actorName }) => ({
      id: event.id,
      operationId: event.operationId,
      type: event.type,
      message: event.message,
      actor: event.actorUserId ? { id: event.actorUserId, name: actorName ?? 'A former member' } : null,
      createdAt: event.createdAt,
    })),
    nextCursor: rows.length > input.limit && page.length > 0 ? `${page.at(-1)!.event.createdAt}~${page.at(-1)!.event.id}` : null,
  };
}

export async function getOperation(ctx: OrgContext, clusterId: string, operationId: string): Promise<OperationView> {
  await ownState(ctx, clusterId);
  const [row] = await ctx.db.select().from(clusterOperations).where(and(eq(clusterOperations.id, operationId), eq(clusterOperations.clusterId, clusterId)));
  if (!row) notFound('No such operation on this cluster.');
  return operationView(row, ctx.ports.clock.now());
}

// ---------------------------------------------------------------------------------------------
// Prices and quotas of a changed cluster

interface PoolShape {
  name: string;
  flavorId: string;
  count: number;
  autoscaling: { min: number; max: number } | null;
}

/**
 * What the cluster would cost per month with these pools, by the same engine that priced its order;
 * the engine also refuses what the tier does not allow (node limits, flavours, pools).
 */
async function priceWithPools(ctx: OrgContext, state: ClusterState, pools: PoolShape[]): Promise<number> {
  const now = ctx.ports.clock.now();
  const priceBook = await loadPriceBook(ctx.db, now);
  const installed = await ctx.db.select({ addonId: clusterAddons.addonId }).from(clusterAddons).where(eq(clusterAddons.clusterId, state.cluster.id));
  const line = {
    kind: 'cluster',
    tierId: state.cluster.tierId,
    regionId: state.cluster.region,
    kubernetesVersion: state.cluster.kubernetesVersion,
    highAvailability: state.cluster.highAvailability,
    nodePools: pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscaling })),
    addonIds: installed.map((row) => row.addonId),
  } as OrderLine;
  try {
    const result = quote([line], { cycle: 'monthly', now, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } }, priceBook);
    return result.lines[0]?.monthlyPriceCents ?? state.cluster.monthlyCents;
  } catch (error) {
    if (isQuoteError(error)) badRequest(error.message);
    throw error;
  }
}

/** Nodes the organisation's live clusters ask for, this cluster excluded. */
async function organizationNodes(db: Database, organizationId: string, exceptClusterId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'), ne(clusters.id, exceptClusterId)));
  return row?.total ?? 0;
}

async function checkNodeQuota(ctx: OrgContext, state: ClusterState, nodes: number): Promise<void> {
  const [org] = await ctx.db.select({ maxNodes: organizations.maxNodes }).from(organizations).where(eq(organizations.id, state.cluster.organizationId));
  const others = await organizationNodes(ctx.db, state.cluster.organizationId, state.cluster.id);
  const limit = org?.maxNodes ?? 200;
  if (others + nodes > limit) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${limit} nodes and its other clusters already use ${others}; this change needs ${nodes}. Remove nodes elsewhere or ask support to raise the quota.`,
    });
  }
}

/** Checked when a cluster is ordered: the organisation's cluster and node quotas. */
export async function checkNewClusterQuota(db: Database, organizationId: string, nodes: number): Promise<void> {
  const [[org], [live]] = await Promise.all([
    db.select({ maxClusters: organizations.maxClusters, maxNodes: organizations.maxNodes }).from(organizations).where(eq(organizations.id, organizationId)),
    db
      .select({ clusters: count(), nodes: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
      .from(clusters)
      .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'))),
  ]);
  const maxClusters = org?.maxClusters ?? 20;
  const maxNodes = org?.maxNodes ?? 200;
  if ((live?.clusters ?? 0) >= maxClusters) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your organisation's quota is ${maxClusters} clusters and all are in use. Delete a cluster or ask support to raise the quota.` });
  }
  if ((live?.nodes ?? 0) + nodes > maxNodes) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${maxNodes} nodes and its clusters already use ${live?.nodes ?? 0}; this cluster needs ${nodes}. Remove nodes elsewhere or ask support to raise the quota.`,
    });
  }
}

function poolShapes(pools: NodePool[]): PoolShape[] {
  return pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscaling: pool.autoscaling }));
}

function describeActor(ctx: OrgContext): string {
  return ctx.user.name || ctx.user.username;
}

// ---------------------------------------------------------------------------------------------
// Node pools

export async function scaleNodePool(ctx: OrgContext, input: z.output<typeof scaleNodePoolInputSchema>): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const pool = state.pools.find((candidate) => candidate.id === input.poolId);
  if (!pool) notFound('No node pool with this id in this cluster.');
  const autoscaling = input.autoscaling === undefined ? pool.autoscaling : input.autoscaling;
  let count = input.count ?? pool.count;
  if (autoscaling) {
    if (input.count === undefined) count = Math.min(Math.max(pool.count, autoscaling.min), autoscaling.max);
    else if (count < autoscaling.min || count > autoscaling.max) badRequest(`The node count must be between the autoscaling limits (${autoscaling.min} to ${autoscaling.max}).`);
    if (autoscaling.min < 1) badRequest('A node pool keeps at least 1 node; set the autoscaling minimum to 1 or more.');
  }
  if (count === pool.count && JSON.stringify(autoscaling) === JSON.stringify(pool.autoscaling)) badRequest(`The node pool ${pool.name} already has ${count} nodes and these limits.`);
  // More nodes now, or room for more (a larger autoscaling maximum), is growth: an active organisation's.
  if (count > pool.count || (autoscaling?.max ?? count) > (pool.autoscaling?.max ?? pool.count)) await assertMayGrow(ctx.db, state.cluster.organizationId);
  const pools = poolShapes(state.pools).map((shape) => (shape.name === pool.name ? { ...shape, count, autoscaling } : shape));
  const monthlyCents = await priceWithPools(ctx, state, pools);
  const nodeCount = pools.reduce((sum, shape) => sum + shape.count, 0);
  await checkNodeQuota(ctx, state, nodeCount);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'scale_pool',
    params: { poolId: pool.id, count, autoscaling },
    requestedBy: ctx.user.id,
    message:
      count === pool.count
        ? `${describeActor(ctx)} changed the autoscaling limits of ${pool.name}.`
        : `${describeActor(ctx)} scaled ${pool.name} from ${pool.count} to ${count} nodes.`,
    change: {
      before: { pool: pool.name, count: pool.count, autoscaling: pool.autoscaling, nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pool: pool.name, count, autoscaling, nodeCount, monthlyCents },
    },
    spec: state.spec,
    with: [
      ctx.db.update(nodePools).set({ count, autoscaling, updatedAt: now }).where(eq(nodePools.id, pool.id)),
      ctx.db.update(clusters).set({ nodeCount, monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
    ],
  });
  return operationView(operation, now);
}

export async function addNodePool(ctx: OrgContext, input: z.output<typeof addNodePoolInputSchema>): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  if (state.pools.some((pool) => pool.name === input.pool.name)) badRequest(`This cluster already has a node pool named "${input.pool.name}"; choose another name.`);
  await assertMayGrow(ctx.db, state.cluster.organizationId);
  const autoscaling = input.pool.autoscale ?? null;
  const newPool = { name: input.pool.name, flavorId: input.pool.flavorId, count: input.pool.count, autoscaling };
  const pools = [...poolShapes(state.pools), newPool];
  const monthlyCents = await priceWithPools(ctx, state, pools);
  const nodeCount = pools.reduce((sum, shape) => sum + shape.count, 0);
  await checkNodeQuota(ctx, state, nodeCount);
  const now = ctx.ports.clock.now();
  const poolId = newId('nodePool');
  const [flavor] = await ctx.db.select().from(nodeFlavors).where(eq(nodeFlavors.id, newPool.flavorId));
  const spec: ClusterSpec = {
    ...state.spec,
    pools: [
      ...state.spec.pools,
      {
        id: poolId,
        name: newPool.name,
        machine: { flavorId: newPool.flavorId, vcpu: flavor?.vcpu ?? 0, memoryGb: flavor?.memoryGb ?? 0, gpuCount: flavor?.gpuCount ?? 0 },
        count: newPool.count,
        autoscaling,
        labels: input.pool.labels,
        taints: input.pool.taints,
        kubernetesVersion: state.cluster.kubernetesVersion,
      },
    ],
  };
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'add_pool',
    params: { pool: { id: poolId, name: newPool.name, flavorId: newPool.flavorId, count: newPool.count, autoscaling, labels: input.pool.labels, taints: input.pool.taints } },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} added the node pool ${newPool.name} (${newPool.count} × ${flavor?.name ?? newPool.flavorId}).`,
    change: {
      before: { pools: state.pools.map((pool) => pool.name), nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pools: pools.map((pool) => pool.name), nodeCount, monthlyCents },
    },
    spec,
    with: [
      ctx.db.insert(nodePools).values({
        id: poolId,
        clusterId: state.cluster.id,
        name: newPool.name,
        flavorId: newPool.flavorId,
        count: newPool.count,
        autoscaling,
        labels: input.pool.labels,
        taints: input.pool.taints,
        kubernetesVersion: state.cluster.kubernetesVersion,
        createdAt: now,
        updatedAt: now,
      }),
      ctx.db.update(clusters).set({ nodeCount, monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
    ],
  });
  return operationView(operation, now);
}

export async function removeNodePool(ctx: OrgContext, input: { id: string; poolId: string }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const pool = state.pools.find((candidate) => candidate.id === input.poolId);
  if (!pool) notFound('No node pool with this id in this cluster.');
  if (state.pools.length === 1) badRequest(`${pool.name} is the cluster's only node pool; a cluster needs at least one. Delete the cluster instead.`);
  const pools = poolShapes(state.pools).filter((shape) => shape.name !== pool.name);
  const monthlyCents = await priceWithPools(ctx, state, pools);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'remove_pool',
    params: { poolId: pool.id },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} removed the node pool ${pool.name}.`,
    change: {
      before: { pools: state.pools.map((candidate) => candidate.name), nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pools: pools.map((shape) => shape.name), nodeCount: pools.reduce((sum, shape) => sum + shape.count, 0), monthlyCents },
    },
    with: [ctx.db.update(clusters).set({ nodeCount: pools.reduce((sum, shape) => sum + shape.count, 0), monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id))],
  });
  return operationView(operation, now);
}

// ---------------------------------------------------------------------------------------------
// Upgrades, maintenance, deletion, retries

export async function upgradeCluster(ctx: OrgContext, input: { id: string; version: string }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const current = state.cluster.kubernetesVersion;
  if (compareKubernetesVersions(input.version, current) <= 0) badRequest(`The cluster runs ${current}; Kubernetes cannot be downgraded, choose a newer version.`);
  const allowed = await availableUpgrades(ctx.db, current);
  if (!allowed.includes(input.version)) {
    badRequest(allowed.length === 0 ? `No upgrade is available for ${current} yet.` : `${current} can be upgraded to ${allowed.join(' or ')}; minor versions are upgraded one at a time.`);
  }
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'upgrade',
    params: { fromVersion: current, toVersion: input.version },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} started the upgrade from ${current} to ${input.version}.`,
    change: { before: { kubernetesVersion: current }, after: { kubernetesVersion: input.version } },
  });
  return operationView(operation, now);
}

export async function updateMaintenance(ctx: OrgContext, input: { id: string; maintenance: NonNullable<Cluster['maintenance']> }): Promise<{ success: true }> {
  const state = await ownState(ctx, input.id);
  if (state.cluster.status === 'deleted') throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${state.cluster.name} is deleted.` });
  const now = ctx.ports.clock.now();
  const { day, startHour, autoUpgrade } = input.maintenance;
  await ctx.db.batch([
    ctx.db.update(clusters).set({ maintenance: { day, startHour, autoUpgrade }, updatedAt: now }).where(eq(clusters.id, input.id)),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: input.id,
      operationId: null,
      type: 'settings_changed',
      message: `${describeActor(ctx)} set the maintenance window to ${day}s at ${String(startHour).padStart(2, '0')}:00 UTC, automatic upgrades ${autoUpgrade ? 'on' : 'off'}.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  ]);
  return { success: true };
}

export async function deleteCluster(ctx: OrgContext, input: { id: string; confirmName: string }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id, ['running', 'failed', 'hibernated']);
  if (input.confirmName !== state.cluster.name) badRequest(`Type the cluster's name, ${state.cluster.name}, exactly to confirm its deletion.`);
  // Managed middlewares run inside it (issue 31): their data goes first, deliberately.
  const hosted = await ctx.db
    .select({ name: middlewareInstances.name })
    .from(middlewareInstances)
    .where(and(eq(middlewareInstances.clusterId, state.cluster.id), ne(middlewareInstances.status, 'deleted')))
    .orderBy(asc(middlewareInstances.name));
  if (hosted.length > 0) {
    const names = hosted.map((row) => row.name);
    badRequest(`${state.cluster.name} runs the middleware${names.length > 1 ? 's' : ''} ${names.join(', ')}; delete ${names.length > 1 ? 'them' : 'it'} from ${names.length > 1 ? 'their pages' : 'its page'} first.`);
  }
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'delete',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} deleted the cluster ${state.cluster.name}.`,
  });
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.delete', targetType: 'cluster', targetId: state.cluster.id, ipAddress: ctx.request.ipAddress, metadata: { name: state.cluster.name } }, now);
  return operationView(operation, now);
}

/** Whether retrying would add nodes: a provisioning, a new pool, a wake-up, or a scale-up still short of its nodes. */
function retryGrows(state: ClusterState, operation: ClusterOperation): boolean {
  if (operation.type === 'provision' || operation.type === 'add_pool' || operation.type === 'wake') return true;
  if (operation.type !== 'scale_pool') return false;
  const { poolId, count } = operation.params;
  return count !== undefined && count > state.nodes.filter((node) => node.poolId === poolId).length;
}

export async function retryClusterOperation(ctx: OrgContext, input: { id: string; operationId: string }): Promise<OperationView> {
  const state = await ownState(ctx, input.id);
  const [operation] = await ctx.db.select().from(clusterOperations).where(and(eq(clusterOperations.id, input.operationId), eq(clusterOperations.clusterId, state.cluster.id)));
  if (!operation) notFound('No such operation on this cluster.');
  if (operation.status !== 'failed') throw new TRPCError({ code: 'CONFLICT', message: operation.status === 'running' ? 'This operation is still running.' : 'This operation finished; there is nothing to retry.' });
  const [latest] = await ctx.db.select({ id: clusterOperations.id }).from(clusterOperations).where(eq(clusterOperations.clusterId, state.cluster.id)).orderBy(desc(clusterOperations.createdAt)).limit(1);
  if (latest?.id !== operation.id) throw new TRPCError({ code: 'CONFLICT', message: 'A later operation ran on this cluster since; start the change again instead.' });
  if (retryGrows(state, operation as ClusterOperation)) await assertMayGrow(ctx.db, state.cluster.organizationId);
  await retryOperation(ctx, operation as ClusterOperation, ctx.user.id);
  return getOperation(ctx, state.cluster.id, operation.id);
}

/** The add-ons the organisation's clusters (not deleted) run, each with its clusters, by add-on name. */
export async function addonsInUse(ctx: OrgContext) {
  const rows = await ctx.db
    .select({ addonId: clusterAddons.addonId, name: addonsTable.name, clusterId: clusters.id, clusterName: clusters.name, installedAt: clusterAddons.installedAt })
    .from(clusterAddons)
    .innerJoin(clusters, eq(clusters.id, clusterAddons.clusterId))
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusters.organizationId, ctx.user.organizationId), ne(clusters.status, 'deleted')))
    .orderBy(asc(addonsTable.name), asc(clusters.name));
  const byAddon = new Map<string, { addonId: string; name: string; clusters: Array<{ id: string; name: string; installedAt: number }> }>();
  for (const row of rows) {
    const entry = byAddon.get(row.addonId) ?? { addonId: row.addonId, name: row.name, clusters: [] };
    entry.clusters.push({ id: row.clusterId, name: row.clusterName, installedAt: row.installedAt });
    byAddon.set(row.addonId, entry);
  }
  return [...byAddon.values()];
}

export async function removeAddon(ctx: OrgContext, input: { id: string; addonId: string }): Promise<{ success: true }> {
  await changeableState(ctx, input.id);
  const [installed] = await ctx.db
    .select({ id: clusterAddons.id, name: addonsTable.name })
    .from(clusterAddons)
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusterAddons.clusterId, input.id), eq(clusterAddons.addonId, input.addonId)));
  if (!installed) notFound('This add-on is not installed on this cluster.');
  const others = await ctx.db
    .select({ name: addonsTable.name, requires: addonsTable.requires })
    .from(clusterAddons)
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusterAddons.clusterId, input.id), ne(clusterAddons.addonId, input.addonId)));
  const dependents = others.filter((other) => (other.requires ?? []).includes(input.addonId)).map((other) => other.name);
  if (dependents.length > 0) badRequest(`${dependents.join(' and ')} ${dependents.length === 1 ? 'needs' : 'need'} ${installed.name}; remove ${dependents.length === 1 ? 'it' : 'them'} first.`);
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ctx.db.delete(clusterAddons).where(eq(clusterAddons.id, installed.id)),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: input.id,
      operationId: null,
      type: 'addon_removed',
      message: `${describeActor(ctx)} removed the ${installed.name} add-on.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  ]);
  return { success: true };
}

// ---------------------------------------------------------------------------------------------
// Credentials

/**
 * The CA the simulator signs kubeconfigs with. A running simulator cluster without one (a seeded
 * cluster: the seed stores no private keys) gets one now, as a credential rotation would make it;
 * of two downloads racing to create it, the first stored wins and both sign with that one.
 * Gardener signs with the Shoot's own CA, so nothing is created for it.
 */
async function clusterCa(ctx: OrgContext, state: ClusterState, now: number): Promise<CertificateAuthority | null> {
  const { cluster } = state;
  const open = async (certificatePem: string, sealed: NonNullable<Cluster['caPrivateKey']>) => ({ certificatePem, privateKeyPem: await ctx.ports.secrets.open(sealed, caKeyContext(cluster.id)) });
  if (cluster.caCertificate && cluster.caPrivateKey) return open(cluster.caCertificate, cluster.caPrivateKey);
  if (ctx.ports.provisioner.kind !== 'simulator') return null;
  const { ca } = await ctx.ports.provisioner.rotateCredentials(state.spec, now);
  if (!ca) return null;
  await ctx.db
    .update(clusters)
    .set({ caCertificate: ca.certificatePem, caPrivateKey: await ctx.ports.secrets.seal(ca.privateKeyPem, caKeyContext(cluster.id)), updatedAt: now })
    .where(and(eq(clusters.id, cluster.id), isNull(clusters.caCertificate)));
  const [stored] = await ctx.db.select({ caCertificate: clusters.caCertificate, caPrivateKey: clusters.caPrivateKey }).from(clusters).where(eq(clusters.id, cluster.id));
  return stored?.caCertificate && stored.caPrivateKey ? open(stored.caCertificate, stored.caPrivateKey) : null;
}

export async function issueKubeconfig(ctx: OrgContext, input: { id: string; expiresInSeconds: number }) {
  const state = await ownState(ctx, input.id);
  const { cluster } = state;
  if (!cluster.endpoint || !['running', 'updating', 'upgrading'].includes(cluster.status)) {
    throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${cluster.name} has no reachable API server right now (${cluster.status}); a kubeconfig is available once it runs.` });
  }
  const now = ctx.ports.clock.now();
  const ca = await clusterCa(ctx, state, now);
  const issued = await ctx.ports.provisioner.issueKubeconfig({
    cluster: state.spec,
    ca,
    user: { id: ctx.user.id, username: ctx.user.username, organizationId: ctx.user.organizationId },
    expiresInSeconds: input.expiresInSeconds,
    now,
  });
  await ctx.db.batch([
    ctx.db.insert(kubeconfigIssuances).values({
      id: newId('kubeconfig'),
      clusterId: cluster.id,
      userId: ctx.user.id,
      serialNumber: issued.serialNumber,
      notAfter: issued.notAfter,
      caFingerprint: issued.caFingerprint,
      createdAt: now,
    }),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: cluster.id,
      operationId: null,
      type: 'kubeconfig_issued',
      message: `${describeActor(ctx)} downloaded a kubeconfig valid until ${new Date(issued.notAfter).toISOString().replace('.000Z', 'Z')}.`,
      actorUserId: ctx.user.id,
      data: { serialNumber: issued.serialNumber, notAfter: issued.notAfter },
      createdAt: now,
    }),
  ]);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.kubeconfig', targetType: 'cluster', targetId: cluster.id, ipAddress: ctx.request.ipAddress, metadata: { serialNumber: issued.serialNumber, notAfter: issued.notAfter } }, now);
  return { kubeconfig: issued.yaml, expiresAt: issued.notAfter, serialNumber: issued.serialNumber };
}

export async function revokeCredentials(ctx: OrgContext, id: string): Promise<{ revoked: number }> {
  const state = await changeableState(ctx, id, ['running', 'hibernated']);
  const now = ctx.ports.clock.now();
  const rotated = await ctx.ports.provisioner.rotateCredentials(state.spec, now);
  const statements = [];
  if (rotated.ca) {
    statements.push(
      ctx.db
        .update(clusters)
        .set({ caCertificate: rotated.ca.certificatePem, caPrivateKey: await ctx.ports.secrets.seal(rotated.ca.privateKeyPem, caKeyContext(id)), updatedAt: now })
        .where(eq(clusters.id, id)),
    );
  }
  const [live] = await ctx.db
    .select({ value: count() })
    .from(kubeconfigIssuances)
    .where(and(eq(kubeconfigIssuances.clusterId, id), isNull(kubeconfigIssuances.revokedAt), gte(kubeconfigIssuances.notAfter, now)));
  const revoked = live?.value ?? 0;
  statements.push(
    ctx.db.update(kubeconfigIssuances).set({ revokedAt: now }).where(and(eq(kubeconfigIssuances.clusterId, id), isNull(kubeconfigIssuances.revokedAt))),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: id,
      operationId: null,
      type: 'credentials_revoked',
      message: `${describeActor(ctx)} revoked every kubeconfig issued so far (${revoked} still valid); the cluster's certificate authority was rotated.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  );
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.credentials.revoke', targetType: 'cluster', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { revoked } }, now);
  return { revoked };
}

// ---------------------------------------------------------------------------------------------
// Hibernation now (schedules: hibernation.ts)

export async function hibernateNow(ctx: OrgContext, id: string): Promise<OperationView> {
  const state = await changeableState(ctx, id);
  await requireHibernatingTier(ctx.db, state);
  const operation = await startOperation(ctx, state, {
    clusterId: id,
    type: 'hibernate',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} put ${state.cluster.name} to sleep.`,
    change: { before: { status: state.cluster.status }, after: { status: 'hibernated' } },
  });
  return operationView(operation, ctx.ports.clock.now());
}

export async function wakeNow(ctx: OrgContext, id: string): Promise<OperationView> {
  const state = await changeableState(ctx, id, ['hibernated']);
  await assertMayGrow(ctx.db, state.cluster.organizationId);
  const operation = await startOperation(ctx, state, {
    clusterId: id,
    type: 'wake',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} woke ${state.cluster.name} up.`,
    change: { before: { status: state.cluster.status }, after: { status: 'running' } },
  });
  return operationView(operation, ctx.ports.clock.now());
}

export async function requireHibernatingTier(db: Database, state: ClusterState): Promise<void> {
  const [tier] = await db.select({ name: clusterTiers.name }).from(clusterTiers).where(eq(clusterTiers.id, state.cluster.tierId));
  if (!tier || !tierHibernates(tier.name)) {
    const kind = tier?.name ?? 'production';
    badRequest(`Hibernation is for Dev/Test and Sandbox clusters; ${state.cluster.name} is ${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind} cluster, which keeps running.`);
  }
}

