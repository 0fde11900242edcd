import { clusters, dataCenters, nodeFlavors, nodePools, powerFactors, usageRecords, type Database } from '@kubemarket/db';
import {
  CONTROL_PLANE_SHARE,
  flavourWatts,
  footprintOf,
  addFootprints,
  monthlyClusterFootprint,
  NO_FOOTPRINT,
  powerFactorsOf,
  utcMonthStart,
  type CarbonRegion,
  type Footprint,
  type PowerFactors,
  type PowerSpec,
} from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { usageRange } from './service';

/**
 * The carbon model (ADR 39) applied to what the hourly metering recorded: each cluster's node-hours
 * per flavour and control-plane hours, in its region, turned into kWh and kg CO₂e by the shared
 * functions the configurator uses. /usage, the cluster page and the monthly invoice's annex read
 * it here. Hibernated node-hours count nothing (the nodes are scaled to zero).
 */

export interface CarbonModel {
  factors: PowerFactors;
  /** The factors as listed, for the sources a screen or the invoice names. */
  factorRows: Array<{ id: string; label: string; milliwatts: number; source: string; year: number }>;
  regions: Map<string, CarbonRegion & { name: string; gridSource: string; gridYear: number }>;
  flavors: Map<string, PowerSpec>;
}

export async function carbonModel(db: Database): Promise<CarbonModel> {
  const [factorRows, regionRows, flavorRows] = await Promise.all([
    db.select({ id: powerFactors.id, label: powerFactors.label, milliwatts: powerFactors.milliwatts, source: powerFactors.source, year: powerFactors.year }).from(powerFactors),
    db.select({ id: dataCenters.id, name: dataCenters.name, pueMilli: dataCenters.pueMilli, gridGramsPerKwh: dataCenters.gridGramsPerKwh, gridSource: dataCenters.gridSource, gridYear: dataCenters.gridYear }).from(dataCenters),
    db.select({ id: nodeFlavors.id, vcpu: nodeFlavors.vcpu, memoryGb: nodeFlavors.memoryGb, gpuModel: nodeFlavors.gpuModel, gpuCount: nodeFlavors.gpuCount }).from(nodeFlavors),
  ]);
  return {
    factors: powerFactorsOf(factorRows),
    factorRows,
    regions: new Map(regionRows.map(({ id, ...region }) => [id, region])),
    flavors: new Map(flavorRows.map(({ id, ...spec }) => [id, spec])),
  };
}

const NO_REGION: CarbonRegion = { pueMilli: 1_000, gridGramsPerKwh: 0 };

/** One cluster's metered footprint over a range. */
export interface ClusterCarbon {
  clusterId: string;
  name: string;
  regionId: string;
  nodeHours: number;
  controlPlaneHours: number;
  footprint: Footprint;
}

export interface CarbonCell {
  period: string;
  clusterId: string;
  footprint: Footprint;
}

/**
 * The organisation's clusters' metered footprint over [from, to), per cluster and per period (UTC
 * day or month), summed in SQL per cluster, period and flavour over the (organization_id, hour) index.
 */
export async function meteredCarbon(db: Database, organizationId: string, range: { from: number; to: number; groupBy?: 'day' | 'month'; clusterId?: string }, model?: CarbonModel) {
  const format = range.groupBy === 'month' ? '%Y-%m' : '%Y-%m-%d';
  const period = sql<string>`strftime(${format}, ${usageRecords.hour} / 1000, 'unixepoch')`;
  const [carbon, rows] = await Promise.all([
    model ?? carbonModel(db),
    db
      .select({
        period,
        clusterId: usageRecords.clusterId,
        kind: usageRecords.kind,
        resourceId: usageRecords.resourceId,
        quantityMilli: sql<number>`sum(${usageRecords.quantityMilli})`,
      })
      .from(usageRecords)
      .where(
        and(
          eq(usageRecords.organizationId, organizationId),
          gte(usageRecords.hour, range.from),
          lt(usageRecords.hour, range.to),
          inArray(usageRecords.kind, ['node', 'control_plane']),
          isNotNull(usageRecords.clusterId),
          range.clusterId ? eq(usageRecords.clusterId, range.clusterId) : undefined,
        ),
      )
      .groupBy(period, usageRecords.clusterId, usageRecords.kind, usageRecords.resourceId),
  ]);
  const clusterIds = [...new Set(rows.map((row) => row.clusterId!))];
  const clusterRows = clusterIds.length === 0 ? [] : await db.select({ id: clusters.id, name: clusters.name, regionId: clusters.region }).from(clusters).where(inArray(clusters.id, clusterIds));
  const clusterOf = new Map(clusterRows.map((row) => [row.id, row]));

  const totals = new Map<string, ClusterCarbon>();
  const cells = new Map<string, CarbonCell>();
  for (const row of rows) {
    // The HA surcharge's row is the same control plane's hour: one share per cluster-hour (ADR 39).
    if (row.kind === 'control_plane' && row.resourceId.endsWith(':ha')) continue;
    const cluster = clusterOf.get(row.clusterId!);
    if (!cluster) continue;
    const hours = Number(row.quantityMilli) / 1000;
    const spec = row.kind === 'node' ? carbon.flavors.get(row.resourceId) : CONTROL_PLANE_SHARE;
    const footprint = spec ? footprintOf(flavourWatts(spec, carbon.factors).watts, hours, carbon.regions.get(cluster.regionId) ?? NO_REGION) : NO_FOOTPRINT;
    const total = totals.get(cluster.id) ?? { clusterId: cluster.id, name: cluster.name, regionId: cluster.regionId, nodeHours: 0, controlPlaneHours: 0, footprint: NO_FOOTPRINT };
    if (row.kind === 'node') total.nodeHours += hours;
    else total.controlPlaneHours += hours;
    total.footprint = addFootprints(total.footprint, footprint);
    totals.set(cluster.id, total);
    const key = `${row.period}|${cluster.id}`;
    const cell = cells.get(key) ?? { period: row.period, clusterId: cluster.id, footprint: NO_FOOTPRINT };
    cell.footprint = addFootprints(cell.footprint, footprint);
    cells.set(key, cell);
  }
  return {
    model: carbon,
    clusters: [...totals.values()].sort((a, b) => b.footprint.kgCo2e - a.footprint.kgCo2e),
    cells: [...cells.values()].sort((a, b) => a.period.localeCompare(b.period)),
  };
}

/** A cluster of the organisation, else its 404. */
async function ownCluster(db: Database, organizationId: string, clusterId: string) {
  const [cluster] = await db
    .select({ id: clusters.id, name: clusters.name, regionId: clusters.region })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), eq(clusters.organizationId, organizationId)))
    .limit(1);
  if (!cluster) throw new TRPCError({ code: 'NOT_FOUND', message: `No cluster ${clusterId} in your organisation.` });
  return cluster;
}

/**
 * One cluster's footprint: this month so far from its metered hours, and a whole month of its
 * current pools (the count each has now) and control plane, as the configurator estimates it.
 */
export async function clusterCarbon(db: Database, organizationId: string, clusterId: string, now: number) {
  const cluster = await ownCluster(db, organizationId, clusterId);
  const model = await carbonModel(db);
  const [metered, pools] = await Promise.all([
    meteredCarbon(db, organizationId, { from: utcMonthStart(now), to: now + 1, groupBy: 'month', clusterId }, model),
    db.select({ flavorId: nodePools.flavorId, count: nodePools.count }).from(nodePools).where(eq(nodePools.clusterId, clusterId)),
  ]);
  const region = model.regions.get(cluster.regionId) ?? { ...NO_REGION, name: cluster.regionId, gridSource: '', gridYear: 0 };
  const estimate = monthlyClusterFootprint(
    { pools: pools.flatMap((pool) => { const flavor = model.flavors.get(pool.flavorId); return flavor ? [{ flavor, nodes: pool.count }] : []; }), controlPlane: true },
    region,
    model.factors,
  );
  const monthToDate = metered.clusters[0];
  return {
    clusterId,
    regionId: cluster.regionId,
    pueMilli: region.pueMilli,
    gridGramsPerKwh: region.gridGramsPerKwh,
    gridSource: region.gridSource,
    gridYear: region.gridYear,
    monthStart: utcMonthStart(now),
    monthToDate: { nodeHours: monthToDate?.nodeHours ?? 0, ...(monthToDate?.footprint ?? NO_FOOTPRINT) },
    monthEstimate: { watts: estimate.watts, itKwh: estimate.itKwh, facilityKwh: estimate.facilityKwh, kgCo2e: estimate.kgCo2e, missingFactors: estimate.missing },
  };
}

/** /usage's carbon: each cluster's kWh and kg CO₂e over the range, per period, with the model's sources. */
export async function carbonReport(db: Database, organizationId: string, input: { from?: string | number; to?: string | number; groupBy: 'day' | 'month' }, now: number) {
  const { from, to } = usageRange(input, now);
  const metered = await meteredCarbon(db, organizationId, { from, to, groupBy: input.groupBy });
  const series = new Map<string, Record<string, number>>();
  for (const cell of metered.cells) series.set(cell.period, { ...series.get(cell.period), [cell.clusterId]: cell.footprint.kgCo2e });
  const regionIds = new Set(metered.clusters.map((cluster) => cluster.regionId));
  return {
    from,
    to,
    groupBy: input.groupBy,
    clusters: metered.clusters.map(({ footprint, ...cluster }) => ({ ...cluster, ...footprint })),
    series: [...series].map(([period, kgCo2e]) => ({ period, kgCo2e })),
    totalKgCo2e: metered.clusters.reduce((sum, cluster) => sum + cluster.footprint.kgCo2e, 0),
    sources: {
      factors: metered.model.factorRows,
      regions: [...metered.model.regions].filter(([id]) => regionIds.has(id)).map(([id, region]) => ({ id, ...region })),
    },
  };
}
