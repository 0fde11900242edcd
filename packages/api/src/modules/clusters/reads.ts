import {
  addons as addonsTable,
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterOperations,
  clusters,
  clusterTiers,
  dataCenters,
  kubernetesVersions,
  nodeFlavors,
  users,
  type Cluster,
  type Database,
  pageTotal,
  preparedOnce,
  totalRows,
} from '@kubemarket/db';
import { utcMonthStart } from '@kubemarket/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiServerAddress, ProvisionerPort } from '../../platform/provisioner';
import { escapeLike } from '../../platform/sql-like';
import { compareKubernetesVersions } from '../catalog';
import { type ClusterState } from './engine';
import { nodeState } from './engine-state';
import { operationView, progressOf, type OperationView } from './progress';
import type {
  clusterDetailSchema,
  clusterEventsPageSchema,
  clusterPageSchema,
  eventsInputSchema,
  ListClustersInput,
} from './schemas';
import { notFound, ownState, type OrgContext } from './service-common';

// Lists and detail

const readyNodesSql = sql<number>`(SELECT COUNT(*) FROM cluster_nodes n WHERE n.cluster_id = ${clusters.id} AND n.status = 'ready')`.mapWith(Number);

const CLUSTER_ORDERS = {
  name: [asc(clusters.name)],
  newest: [desc(clusters.createdAt)],
  oldest: [asc(clusters.createdAt)],
  status: [asc(clusters.status), asc(clusters.name)],
  nodes: [desc(clusters.nodeCount), asc(clusters.name)],
  cost: [desc(clusters.monthlyCents), asc(clusters.name)],
} as const;

/**
 * What the list filters on, every value a placeholder that listClusters binds (clusterListValues),
 * and the key of that shape (which filters, which order) for preparedOnce (ADR 44).
 */
function clusterListShape(input: ListClustersInput) {
  const hidesDeleted = !input.includeDeleted && input.status !== 'deleted';
  const where = () =>
    and(
      eq(clusters.organizationId, sql.placeholder('organizationId')),
      hidesDeleted ? ne(clusters.status, 'deleted') : undefined,
      input.status ? eq(clusters.status, sql.placeholder('status')) : undefined,
      input.tierId ? eq(clusters.tierId, sql.placeholder('tierId')) : undefined,
      input.region ? eq(clusters.region, sql.placeholder('region')) : undefined,
      // Escaped for the id too: a "%" or "_" typed in the search box is a character, not a wildcard.
      input.q ? or(sql`${clusters.name} LIKE ${sql.placeholder('nameLike')} ESCAPE '\\'`, sql`${clusters.id} LIKE ${sql.placeholder('idLike')} ESCAPE '\\'`) : undefined,
    );
  const key = [hidesDeleted, input.status, input.tierId, input.region, input.q].map((value) => (value ? 1 : 0)).join('');
  return { key: `${key}:${input.sort}`, where };
}

function clusterListValues(organizationId: string, input: ListClustersInput) {
  const escaped = input.q ? escapeLike(input.q) : '';
  return { organizationId, status: input.status, tierId: input.tierId, region: input.region, nameLike: `%${escaped}%`, idLike: `${escaped}%` };
}

export async function listClusters(ctx: OrgContext, input: ListClustersInput): Promise<z.output<typeof clusterPageSchema>> {
  const shape = clusterListShape(input);
  const values = clusterListValues(ctx.user.organizationId, input);
  // One statement (one D1 round trip), its SQL built once per isolate and shape: the page, its
  // total, and each cluster's running operation (at most one, by cluster_operations_running_idx).
  const page = preparedOnce(ctx.db, `clusters.list:${shape.key}`, () =>
    ctx.db
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
      .where(shape.where())
      .orderBy(...CLUSTER_ORDERS[input.sort], asc(clusters.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  );
  const offset = (input.page - 1) * input.pageSize;
  const rows = await page.all({ ...values, limit: input.pageSize, offset });
  const total = await pageTotal(rows, offset, async () => {
    const counted = preparedOnce(ctx.db, `clusters.count:${shape.key}`, () => ctx.db.select({ value: count() }).from(clusters).where(shape.where()).prepare());
    return (await counted.all(values))[0]?.value ?? 0;
  });
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
export const summaryColumns = {
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

export function summaryOf(cluster: Pick<Cluster, keyof typeof summaryColumns>, tierName: string, regionName: string, readyNodes: number) {
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
        ...nodeState(node),
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
  // Pages are taken as the activity stood at `asOf`: an event written meanwhile shifts nothing.
  const asOf = input.asOf ?? ctx.ports.clock.now();
  filters.push(lte(clusterEvents.createdAt, asOf));
  const rows = await ctx.db
    .select({ event: clusterEvents, actorName: users.name, total: sql<number>`count(*) over ()` })
    .from(clusterEvents)
    .leftJoin(users, eq(users.id, clusterEvents.actorUserId))
    .where(and(...filters))
    .orderBy(desc(clusterEvents.createdAt), desc(clusterEvents.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const total = rows[0]?.total ?? (input.page === 1 ? 0 : await ctx.db.$count(clusterEvents, and(...filters)));
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    asOf,
    items: rows.map(({ event, actorName }) => ({
      id: event.id,
      operationId: event.operationId,
      type: event.type,
      message: event.message,
      actor: event.actorUserId ? { id: event.actorUserId, name: actorName ?? 'A former member' } : null,
      createdAt: event.createdAt,
    })),
  };
}

export async function getOperation(ctx: OrgContext, clusterId: string, operationId: string): Promise<OperationView> {
  await ownState(ctx, clusterId);
  const [row] = await ctx.db.select().from(clusterOperations).where(and(eq(clusterOperations.id, operationId), eq(clusterOperations.clusterId, clusterId)));
  if (!row) notFound('No such operation on this cluster.');
  return operationView(row, ctx.ports.clock.now());
}
