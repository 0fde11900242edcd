import {
  addons,
  catalogPrices,
  clusterAddons,
  clusterHibernations,
  clusterOperations,
  clusters,
  clusterTiers,
  HOURS_PER_MONTH,
  meteredHours,
  middlewareInstances,
  middlewarePlans,
  newId,
  nodeFlavors,
  nodePools,
  orders,
  priceInEffect,
  usageRecords,
  type CatalogPrice,
  type Cluster,
  type ClusterOperation,
  type Database,
  type MiddlewareInstance,
  type NodePool,
  type Order,
  type OrderClusterLine,
  type UsageKind,
} from '@kubemarket/db';
import { EGRESS_GB_MILLICENTS, HIBERNATED_NODE_RATE_BASIS_POINTS, STORAGE_GB_HOUR_MILLICENTS, type QuoteLine } from '@kubemarket/shared';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, max, ne, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ClusterSpec, ProvisionerPort } from '../../platform/provisioner';
import { insertRowsAsJson } from '../../platform/json-rows';
import { purposeOf } from '../clusters';
import { leftoverRows, loadLeftovers, type MeteredLeftover } from './metering-leftovers';

/**
 * Hourly metering (issue 13). Each UTC hour, every cluster alive during it (created before its end,
 * not deleted before its start) records what it ran: control-plane hours by tier, node-hours by
 * flavour, add-on hours, storage GB-hours and egress GB; every completed middleware order records
 * its plan hours; what deleted clusters left and their organisations kept is metered too
 * (metering-leftovers.ts). Prices are those agreed in the order (its quote's component unit price for the
 * order's cycle, per hour: monthly ÷ 730, yearly ÷ 12 ÷ 730, in millicents), never today's
 * catalogue. Something the order did not price (a pool added or re-flavoured later, an add-on
 * installed without an order) takes the catalogue price in effect when it was added.
 *
 * The state of a past hour is rebuilt from history where there is one: pool sizes (the size held for most
 * of the hour) from the succeeded scale_pool/add_pool operations, sleep (at least half the hour)
 * from cluster_hibernations. What has no history
 * (an add-on removed, a pool removed) is metered as it stands when the run happens, which is why the
 * cron meters each hour as soon as it ends.
 *
 * Idempotent: records go in with ON CONFLICT DO NOTHING on (subject, hour, kind, resource), and the
 * hour is written to metered_hours in the same batch, so a repeated or racing run adds nothing.
 */

export const HOUR_MS = 3_600_000;
/** A run catches up at most this many missed hours (oldest first); the next run continues. */
export const MAX_CATCH_UP_HOURS = 31 * 24;
/**
 * D1 binds at most 100 parameters per statement, which would allow only 7 usage rows per INSERT;
 * rows go instead as one JSON array parameter expanded by json_each (ADR 12), this many per
 * statement (about 100 KB, well under D1's 2 MB value limit).
 */
const ROWS_PER_INSERT = 500;
/** A metered_hours row binds 3 parameters. */
const HOURS_PER_INSERT = Math.floor(100 / 3);
/** Rows and hours sent in one batch (one transaction) when catching up many hours. */
const ROWS_PER_BATCH = 5_000;
const HOURS_PER_BATCH = 24 * 7;

/** Usage rows through one JSON parameter (insertRowsAsJson); a row already metered is skipped. */
function insertUsageRows(db: Database, rows: UsageRow[]) {
  return insertRowsAsJson(db, usageRecords, rows).onConflictDoNothing();
}

export interface MeteringDeps {
  db: Database;
  provisioner: Pick<ProvisionerPort, 'usageMetrics'>;
}

export interface MeteringResult {
  /** Hours recorded by this run, oldest first (hours already metered are not repeated). */
  hours: number[];
  records: number;
}

type UsageRow = typeof usageRecords.$inferInsert;

export const floorHour = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;

/** Millicents per hour of a component priced for the order's cycle. */
function hourlyMillicents(unitCents: number, cycle: Order['cycle']): number {
  const months = cycle === 'yearly' ? 12 : 1;
  return Math.round((unitCents * 1000) / (HOURS_PER_MONTH * months));
}

const fromMonthlyCents = (monthlyCents: number) => Math.round((monthlyCents * 1000) / HOURS_PER_MONTH);

interface ClusterPrices {
  orderId: string | null;
  controlPlane: number | null;
  highAvailability: number | null;
  /** By pool name and flavour, as ordered. */
  pools: Map<string, { flavorId: string; count: number; hourly: number }>;
  addons: Map<string, number>;
}

/** The cluster's line of its order and that line's quote, components in the engine's order. */
function clusterPricesOf(cluster: Cluster, order: Order | undefined): ClusterPrices {
  const prices: ClusterPrices = { orderId: order?.id ?? null, controlPlane: null, highAvailability: null, pools: new Map(), addons: new Map() };
  if (!order?.quote) return prices;
  const clusterLines = order.lines.map((line, index) => ({ line, index })).filter((entry) => entry.line.kind === 'cluster');
  const entry = clusterLines.find((candidate) => (candidate.line as OrderClusterLine).name === cluster.name) ?? clusterLines[0];
  if (!entry) return prices;
  const line = entry.line as OrderClusterLine;
  const quoteLine: QuoteLine | undefined = order.quote.lines.find((candidate) => candidate.index === entry.index);
  if (!quoteLine) return prices;
  // The engine prices a cluster line as: control plane, the HA control plane (when any), each pool in order, each add-on in order.
  const components = quoteLine.components;
  let position = 0;
  const controlPlane = components[position++];
  if (controlPlane) prices.controlPlane = hourlyMillicents(controlPlane.unitCents, order.cycle);
  if (components[position]?.label.startsWith('High-availability control plane')) {
    prices.highAvailability = hourlyMillicents(components[position]!.unitCents, order.cycle);
    position += 1;
  }
  for (const pool of line.nodePools) {
    const component = components[position++];
    if (component) prices.pools.set(pool.name, { flavorId: pool.flavorId, count: pool.count, hourly: hourlyMillicents(component.unitCents, order.cycle) });
  }
  for (const addonId of line.addonIds) {
    const component = components[position++];
    if (component) prices.addons.set(addonId, hourlyMillicents(component.unitCents, order.cycle));
  }
  return prices;
}

/** An add-on order's price for that add-on. */
function addonOrderPrice(order: Order, addonId: string): number | null {
  const index = order.lines.findIndex((line) => line.kind === 'addon' && line.addonId === addonId);
  const component = order.quote?.lines.find((line) => line.index === index)?.components[0];
  return index >= 0 && component ? hourlyMillicents(component.unitCents, order.cycle) : null;
}

interface MeteringState {
  clusters: Cluster[];
  tierNames: Map<string, string>;
  pools: Map<string, NodePool[]>;
  /** Succeeded size changes of each pool, oldest first. */
  sizeChanges: Map<string, Array<{ at: number; count: number }>>;
  addons: Map<string, Array<{ addonId: string; installedAt: number; orderId: string | null }>>;
  sleeps: Map<string, Array<{ startedAt: number; endedAt: number | null }>>;
  orders: Map<string, Order>;
  middlewareOrders: Order[];
  /** Middleware instances alive in the window (issue 31), each metered as its own subject. */
  middlewareInstances: MiddlewareInstance[];
  middlewarePlanPrices: Map<string, { monthlyCents: number; yearlyCents: number | null }>;
  flavors: Map<string, { vcpu: number; memoryGb: number; gpuCount: number; hourly: number }>;
  addonCatalogue: Map<string, number>;
  tierCatalogue: Map<string, number>;
  catalogue: Map<string, CatalogPrice[]>;
  /** What deleted clusters left and their organisations kept (issue 34). */
  leftovers: MeteredLeftover[];
}

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

/** Everything the hours in [from, to) need, read once. */
async function loadState(db: Database, from: number, to: number): Promise<MeteringState> {
  const clusterRows = await db
    .select()
    .from(clusters)
    .where(and(lt(clusters.createdAt, to), ne(clusters.status, 'failed'), or(isNull(clusters.deletedAt), gt(clusters.deletedAt, from))));
  const clusterIds = clusterRows.map((cluster) => cluster.id);
  const inClusters = <T>(load: (ids: string[]) => Promise<T[]>) => (clusterIds.length === 0 ? Promise.resolve([] as T[]) : load(clusterIds));
  const [poolRows, operationRows, addonRows, sleepRows, middlewareOrders, tiers, flavorRows, addonRowsCatalogue, priceRows, instanceRows, planRows] = await Promise.all([
    inClusters((ids) => db.select().from(nodePools).where(inArray(nodePools.clusterId, ids))),
    inClusters((ids) =>
      db
        .select()
        .from(clusterOperations)
        .where(and(inArray(clusterOperations.clusterId, ids), eq(clusterOperations.status, 'succeeded'), inArray(clusterOperations.type, ['scale_pool', 'add_pool']))),
    ),
    inClusters((ids) => db.select().from(clusterAddons).where(inArray(clusterAddons.clusterId, ids))),
    inClusters((ids) =>
      db
        .select()
        .from(clusterHibernations)
        .where(and(inArray(clusterHibernations.clusterId, ids), lt(clusterHibernations.startedAt, to), or(isNull(clusterHibernations.endedAt), gt(clusterHibernations.endedAt, from)))),
    ),
    db.select().from(orders).where(and(eq(orders.kind, 'middleware'), inArray(orders.status, ['completed', 'provisioning']), lt(orders.createdAt, to))),
    db.select({ id: clusterTiers.id, name: clusterTiers.name, monthlyPriceCents: clusterTiers.monthlyPriceCents }).from(clusterTiers),
    db.select().from(nodeFlavors),
    db.select({ id: addons.id, monthlyPriceCents: addons.monthlyPriceCents }).from(addons),
    db.select().from(catalogPrices).where(inArray(catalogPrices.itemKind, ['cluster_tier', 'node_flavor', 'addon'])),
    db
      .select()
      .from(middlewareInstances)
      .where(and(isNotNull(middlewareInstances.readyAt), lt(middlewareInstances.readyAt, to), or(isNull(middlewareInstances.deletedAt), gt(middlewareInstances.deletedAt, from)))),
    db.select({ id: middlewarePlans.id, monthlyCents: middlewarePlans.monthlyPriceCents, yearlyCents: middlewarePlans.yearlyPriceCents }).from(middlewarePlans),
  ]);
  const orderIds = [...new Set([...clusterRows.map((cluster) => cluster.orderId), ...addonRows.map((addon) => addon.orderId)].filter((id): id is string => id !== null))];
  const orderRows = orderIds.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.id, orderIds));
  const leftovers = await loadLeftovers(db, from, to);

  const sizeChanges = new Map<string, Array<{ at: number; count: number }>>();
  const sortedOperations = [...operationRows].sort((a, b) => (a.finishedAt ?? a.updatedAt) - (b.finishedAt ?? b.updatedAt));
  for (const operation of sortedOperations as ClusterOperation[]) {
    const poolId = operation.type === 'scale_pool' ? operation.params.poolId : operation.params.pool?.id;
    const count = operation.type === 'scale_pool' ? operation.params.count : operation.params.pool?.count;
    if (!poolId || count === undefined) continue;
    const list = sizeChanges.get(poolId) ?? [];
    list.push({ at: operation.finishedAt ?? operation.updatedAt, count });
    sizeChanges.set(poolId, list);
  }
  return {
    clusters: clusterRows,
    tierNames: new Map(tiers.map((tier) => [tier.id, tier.name])),
    pools: groupBy(poolRows, (pool) => pool.clusterId),
    sizeChanges,
    addons: groupBy(addonRows, (addon) => addon.clusterId),
    sleeps: groupBy(sleepRows, (sleep) => sleep.clusterId),
    orders: new Map(orderRows.map((order) => [order.id, order])),
    middlewareOrders,
    middlewareInstances: instanceRows,
    middlewarePlanPrices: new Map(planRows.map((plan) => [plan.id, { monthlyCents: plan.monthlyCents, yearlyCents: plan.yearlyCents }])),
    flavors: new Map(flavorRows.map((flavor) => [flavor.id, { vcpu: flavor.vcpu, memoryGb: flavor.memoryGb, gpuCount: flavor.gpuCount, hourly: flavor.hourlyPriceMillicents }])),
    addonCatalogue: new Map(addonRowsCatalogue.map((addon) => [addon.id, fromMonthlyCents(addon.monthlyPriceCents)])),
    tierCatalogue: new Map(tiers.map((tier) => [tier.id, fromMonthlyCents(tier.monthlyPriceCents)])),
    catalogue: groupBy(priceRows, (row) => `${row.itemKind}:${row.itemId}`),
    leftovers,
  };
}

/** The catalogue price in effect at `at` (catalog_prices), else the item's list price. */
function cataloguePrice(state: MeteringState, kind: 'cluster_tier' | 'node_flavor' | 'addon', id: string, at: number): number {
  const row = priceInEffect(state.catalogue.get(`${kind}:${id}`) ?? [], at);
  if (row) return kind === 'node_flavor' && row.hourlyPriceMillicents !== null ? row.hourlyPriceMillicents : fromMonthlyCents(row.monthlyPriceCents);
  if (kind === 'node_flavor') return state.flavors.get(id)?.hourly ?? 0;
  return (kind === 'addon' ? state.addonCatalogue : state.tierCatalogue).get(id) ?? 0;
}

/** Nodes of a pool at `at`: the last size change by then, else the ordered size (before any change), else its size now. */
function poolSizeAt(state: MeteringState, pool: NodePool, ordered: number | undefined, at: number): number {
  const changes = state.sizeChanges.get(pool.id) ?? [];
  let size: number | undefined;
  for (const change of changes) if (change.at <= at) size = change.count;
  if (size !== undefined) return size;
  return changes.length > 0 ? (ordered ?? changes[0]!.count) : pool.count;
}

/** Asleep for the hour when hibernation periods cover at least half of it. */
function asleepDuring(state: MeteringState, clusterId: string, hourStart: number, now: number): boolean {
  const hourEnd = hourStart + HOUR_MS;
  let slept = 0;
  for (const sleep of state.sleeps.get(clusterId) ?? []) {
    const end = Math.min(sleep.endedAt ?? now, hourEnd);
    const start = Math.max(sleep.startedAt, hourStart);
    if (end > start) slept += end - start;
  }
  return slept * 2 >= HOUR_MS;
}

function row(input: Omit<UsageRow, 'id' | 'amountMillicents' | 'createdAt'>, now: number): UsageRow {
  return { ...input, id: newId('usage'), amountMillicents: Math.round((input.quantityMilli * input.unitPriceMillicents) / 1000), createdAt: now };
}

/** The usage rows of one hour. */
function hourRows(deps: MeteringDeps, state: MeteringState, hourStart: number, now: number): UsageRow[] {
  const hourEnd = hourStart + HOUR_MS;
  const rows: UsageRow[] = [];
  for (const cluster of state.clusters) {
    // A deleted cluster without its deletion time (written before deletedAt existed) stopped when last updated.
    const deletedAt = cluster.deletedAt ?? (cluster.status === 'deleted' ? cluster.updatedAt : null);
    if (cluster.createdAt >= hourEnd || (deletedAt !== null && deletedAt <= hourStart)) continue;
    const order = cluster.orderId ? state.orders.get(cluster.orderId) : undefined;
    const prices = clusterPricesOf(cluster, order);
    const base = { organizationId: cluster.organizationId, subjectId: cluster.id, clusterId: cluster.id, hour: hourStart, orderId: prices.orderId };
    const asleep = asleepDuring(state, cluster.id, hourStart, now);

    // The control plane runs (and is billed) while the nodes sleep.
    rows.push(row({ ...base, kind: 'control_plane', resourceId: cluster.tierId, quantityMilli: 1000, unitPriceMillicents: prices.controlPlane ?? cataloguePrice(state, 'cluster_tier', cluster.tierId, cluster.createdAt) }, now));
    if (cluster.highAvailability && prices.highAvailability !== null && prices.highAvailability > 0) {
      rows.push(row({ ...base, kind: 'control_plane', resourceId: `${cluster.tierId}:ha`, quantityMilli: 1000, unitPriceMillicents: prices.highAvailability }, now));
    }

    const byFlavor = new Map<string, { quantityMilli: number; amountMillicents: number }>();
    const specPools: ClusterSpec['pools'] = [];
    for (const pool of state.pools.get(cluster.id) ?? []) {
      if (pool.createdAt >= hourEnd) continue;
      const ordered = prices.pools.get(pool.name);
      const orderedHere = ordered && ordered.flavorId === pool.flavorId ? ordered : undefined;
      // The size it had for most of the hour (at its middle), as sleep counts for an hour it covers at least half of.
      const at = Math.max(hourStart + HOUR_MS / 2, pool.createdAt, cluster.createdAt);
      const count = poolSizeAt(state, pool, orderedHere?.count, at);
      if (count <= 0) continue;
      const flavor = state.flavors.get(pool.flavorId);
      specPools.push({
        id: pool.id,
        name: pool.name,
        machine: { flavorId: pool.flavorId, vcpu: flavor?.vcpu ?? 2, memoryGb: flavor?.memoryGb ?? 4, gpuCount: flavor?.gpuCount ?? 0 },
        count,
        autoscaling: pool.autoscaling,
        labels: pool.labels,
        taints: pool.taints,
        kubernetesVersion: pool.kubernetesVersion,
      });
      // A pool the order did not have (or whose flavour changed since) is priced as the catalogue stood when it was created.
      const nodeHour = orderedHere?.hourly ?? cataloguePrice(state, 'node_flavor', pool.flavorId, pool.createdAt);
      const unit = asleep ? Math.round((nodeHour * HIBERNATED_NODE_RATE_BASIS_POINTS) / 10_000) : nodeHour;
      const entry = byFlavor.get(pool.flavorId) ?? { quantityMilli: 0, amountMillicents: 0 };
      entry.quantityMilli += count * 1000;
      entry.amountMillicents += count * unit;
      byFlavor.set(pool.flavorId, entry);
    }
    for (const [flavorId, entry] of byFlavor) {
      rows.push({
        ...base,
        id: newId('usage'),
        kind: asleep ? 'hibernated_node' : 'node',
        resourceId: flavorId,
        quantityMilli: entry.quantityMilli,
        // Pools of one flavour priced differently (two orders) share a row: the unit price is their average.
        unitPriceMillicents: Math.round((entry.amountMillicents * 1000) / entry.quantityMilli),
        amountMillicents: entry.amountMillicents,
        createdAt: now,
      });
    }

    for (const addon of state.addons.get(cluster.id) ?? []) {
      if (addon.installedAt >= hourEnd) continue;
      const addonOrder = addon.orderId ? state.orders.get(addon.orderId) : undefined;
      const price =
        (addonOrder?.kind === 'addon' ? addonOrderPrice(addonOrder, addon.addonId) : addonOrder?.id === prices.orderId ? (prices.addons.get(addon.addonId) ?? null) : null) ??
        cataloguePrice(state, 'addon', addon.addonId, addon.installedAt);
      rows.push(row({ ...base, orderId: addon.orderId ?? prices.orderId, kind: 'addon', resourceId: addon.addonId, quantityMilli: 1000, unitPriceMillicents: price }, now));
    }

    const metrics = deps.provisioner.usageMetrics?.(clusterSpec(state, cluster, specPools), hourStart) ?? null;
    if (metrics) {
      const storageMilli = Math.round(metrics.storageGb * 1000);
      // Asleep, nothing is served: only the volumes kept count.
      const egressMilli = asleep ? 0 : Math.round(metrics.egressGb * 1000);
      if (storageMilli > 0) rows.push(row({ ...base, kind: 'storage', resourceId: 'block-storage', quantityMilli: storageMilli, unitPriceMillicents: STORAGE_GB_HOUR_MILLICENTS }, now));
      if (egressMilli > 0) rows.push(row({ ...base, kind: 'egress', resourceId: 'egress', quantityMilli: egressMilli, unitPriceMillicents: EGRESS_GB_MILLICENTS }, now));
    }
  }

  // A middleware instance from the hour it ran to the hour it was deleted, at the price of the
  // plan it runs: the plan bought at its quoted price, a plan resized to at the catalogue's.
  const ordersById = new Map(state.middlewareOrders.map((order) => [order.id, order]));
  const instanceOrders = new Set<string>();
  for (const instance of state.middlewareInstances) {
    instanceOrders.add(instance.orderId);
    if (instance.readyAt === null || instance.readyAt >= hourEnd) continue;
    if (instance.deletedAt !== null && instance.deletedAt <= hourStart) continue;
    const order = ordersById.get(instance.orderId);
    const cycle = order?.cycle ?? 'monthly';
    const line = order?.lines[instance.lineIndex];
    const quoted = line?.kind === 'middleware' && line.planId === instance.planId ? order?.quote?.lines.find((quoteLine) => quoteLine.index === instance.lineIndex)?.components[0] : undefined;
    const plan = state.middlewarePlanPrices.get(instance.planId);
    const amountMillicents = quoted
      ? hourlyMillicents(quoted.unitCents, cycle)
      : plan
        ? cycle === 'yearly' && plan.yearlyCents !== null
          ? hourlyMillicents(plan.yearlyCents, 'yearly')
          : fromMonthlyCents(plan.monthlyCents)
        : 0;
    rows.push({
      id: newId('usage'),
      organizationId: instance.organizationId,
      subjectId: instance.id,
      clusterId: null,
      hour: hourStart,
      kind: 'middleware' satisfies UsageKind,
      resourceId: instance.planId,
      quantityMilli: 1000,
      unitPriceMillicents: amountMillicents,
      amountMillicents,
      orderId: instance.orderId,
      createdAt: now,
    });
  }

  // Orders placed before instances existed: metered as one subject per order, from payment.
  for (const order of state.middlewareOrders) {
    if (instanceOrders.has(order.id) || order.status !== 'completed') continue;
    if ((order.paidAt ?? order.createdAt) >= hourEnd || !order.quote) continue;
    const plans = new Map<string, { quantityMilli: number; amountMillicents: number }>();
    order.lines.forEach((line, index) => {
      if (line.kind !== 'middleware') return;
      const component = order.quote!.lines.find((quoteLine) => quoteLine.index === index)?.components[0];
      if (!component) return;
      const entry = plans.get(line.planId) ?? { quantityMilli: 0, amountMillicents: 0 };
      entry.quantityMilli += 1000;
      entry.amountMillicents += hourlyMillicents(component.unitCents, order.cycle);
      plans.set(line.planId, entry);
    });
    for (const [planId, entry] of plans) {
      rows.push({
        id: newId('usage'),
        organizationId: order.organizationId,
        subjectId: order.id,
        clusterId: null,
        hour: hourStart,
        kind: 'middleware' satisfies UsageKind,
        resourceId: planId,
        quantityMilli: entry.quantityMilli,
        unitPriceMillicents: Math.round((entry.amountMillicents * 1000) / entry.quantityMilli),
        amountMillicents: entry.amountMillicents,
        orderId: order.id,
        createdAt: now,
      });
    }
  }
  rows.push(...leftoverRows(state.leftovers, hourStart, now));
  return rows;
}

function clusterSpec(state: MeteringState, cluster: Cluster, pools: ClusterSpec['pools']): ClusterSpec {
  return {
    id: cluster.id,
    organizationId: cluster.organizationId,
    name: cluster.name,
    region: cluster.region,
    zones: cluster.zones.length > 0 ? cluster.zones : [cluster.region],
    tierId: cluster.tierId,
    purpose: purposeOf(state.tierNames.get(cluster.tierId) ?? ''),
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    networking: cluster.networking ?? { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
    maintenance: cluster.maintenance ?? { day: 'sunday', startHour: 3, autoUpgrade: true },
    hibernation: cluster.hibernation,
    pools,
    providerRef: cluster.providerRef,
    endpoint: cluster.endpoint,
  };
}

/** Records the given hours not metered yet, each in one batch with its metered_hours row. */
async function meterHours(deps: MeteringDeps, hours: number[], now: number): Promise<MeteringResult> {
  if (hours.length === 0) return { hours: [], records: 0 };
  const first = hours[0]!;
  const last = hours[hours.length - 1]!;
  const done = new Set(
    (await deps.db.select({ hour: meteredHours.hour }).from(meteredHours).where(and(gte(meteredHours.hour, first), lt(meteredHours.hour, last + HOUR_MS)))).map((entry) => entry.hour),
  );
  const todo = hours.filter((hour) => !done.has(hour));
  if (todo.length === 0) return { hours: [], records: 0 };
  const state = await loadState(deps.db, todo[0]!, todo[todo.length - 1]! + HOUR_MS);
  const result: MeteringResult = { hours: [], records: 0 };
  // Whole hours go into each batch (an hour is never half written, its metered_hours row goes with
  // its records), many hours per round trip when catching up.
  let pendingRows: UsageRow[] = [];
  let pendingHours: Array<{ hour: number; records: number; createdAt: number }> = [];
  const flush = async () => {
    if (pendingHours.length === 0) return;
    const statements: BatchItem<'sqlite'>[] = [];
    for (let index = 0; index < pendingRows.length; index += ROWS_PER_INSERT) statements.push(insertUsageRows(deps.db, pendingRows.slice(index, index + ROWS_PER_INSERT)));
    for (let index = 0; index < pendingHours.length; index += HOURS_PER_INSERT) {
      statements.push(deps.db.insert(meteredHours).values(pendingHours.slice(index, index + HOURS_PER_INSERT)).onConflictDoNothing());
    }
    await deps.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    result.hours.push(...pendingHours.map((entry) => entry.hour));
    result.records += pendingRows.length;
    pendingRows = [];
    pendingHours = [];
  };
  for (const hour of todo) {
    const rows = hourRows(deps, state, hour, now);
    pendingRows.push(...rows);
    pendingHours.push({ hour, records: rows.length, createdAt: now });
    if (pendingRows.length >= ROWS_PER_BATCH || pendingHours.length >= HOURS_PER_BATCH) await flush();
  }
  await flush();
  return result;
}

/** Meters the UTC hour starting at `hourStart` (once: a repeated call records nothing). */
export function meterHour(deps: MeteringDeps, hourStart: number, now: number = hourStart + HOUR_MS): Promise<MeteringResult> {
  if (hourStart % HOUR_MS !== 0) throw new RangeError(`An hour starts on the hour, not at ${new Date(hourStart).toISOString()}.`);
  return meterHours(deps, [hourStart], now);
}

/**
 * Meters every hour that ended by `now` and was not metered yet, from the one after the last
 * metered hour (or `maxHours` back on a first run), oldest first, at most `maxHours` per call.
 */
export async function meterUpTo(deps: MeteringDeps, now: number, maxHours: number = MAX_CATCH_UP_HOURS): Promise<MeteringResult> {
  const lastEnded = floorHour(now) - HOUR_MS;
  const [latest] = await deps.db.select({ hour: max(meteredHours.hour) }).from(meteredHours);
  const start = latest?.hour != null ? latest.hour + HOUR_MS : lastEnded - (maxHours - 1) * HOUR_MS;
  const hours: number[] = [];
  for (let hour = start; hour <= lastEnded && hours.length < maxHours; hour += HOUR_MS) hours.push(hour);
  return meterHours(deps, hours, now);
}
