import { newId, nodePools, usageRecords, type Database, type UsageKind } from '@kubemarket/db';
import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';

/** 10 January 2031: a month no seeded metering reaches, so only this test's hours count. */
const NOW = Date.UTC(2031, 0, 10, 12);
const WEBSHOP = 'clu_demo_webshop'; // Paris: PUE 1.58, 56 g/kWh
const ANALYTICS = 'clu_demo_analytics'; // Frankfurt: PUE 1.58, 381 g/kWh

async function record(db: Database, input: { hour: number; kind: UsageKind; cluster: string; resource: string; hours: number; organizationId?: string }) {
  await db.insert(usageRecords).values({
    id: newId('usage'),
    organizationId: input.organizationId ?? 'org_demo_acme',
    subjectId: input.cluster,
    clusterId: input.cluster,
    hour: input.hour,
    kind: input.kind,
    resourceId: input.resource,
    quantityMilli: input.hours * 1000,
    unitPriceMillicents: 1,
    amountMillicents: input.hours,
    createdAt: 0,
  });
}

async function setUp() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW) } });
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  const day = (date: number) => Date.UTC(2031, 0, date);
  // The webshop on 2 January: 10 node-hours of gp-4-16 and 10 control-plane hours (its HA row is the same hours).
  await record(db, { hour: day(2), kind: 'node', cluster: WEBSHOP, resource: 'gp-4-16', hours: 10 });
  await record(db, { hour: day(2), kind: 'control_plane', cluster: WEBSHOP, resource: 'tier_standard', hours: 10 });
  await record(db, { hour: day(2), kind: 'control_plane', cluster: WEBSHOP, resource: 'tier_standard:ha', hours: 10 });
  // Hibernated nodes are scaled to zero: no power.
  await record(db, { hour: day(2), kind: 'hibernated_node', cluster: WEBSHOP, resource: 'gp-4-16', hours: 5 });
  // analytics-eu on 3 January: 100 node-hours of m-8-64.
  await record(db, { hour: day(3), kind: 'node', cluster: ANALYTICS, resource: 'm-8-64', hours: 100 });
  // Another organisation's cluster never shows.
  await record(db, { hour: day(3), kind: 'node', cluster: 'clu_other', resource: 'gp-4-16', hours: 1_000, organizationId: 'org_demo_globex' });
  return { ctx, db, alice };
}

describe('usage.carbon and usage.clusterCarbon: the carbon model on metered hours, checked by hand', () => {
  it('estimates each cluster’s kWh and kg CO₂e over a range, per day, with the sources', async () => {
    const { alice } = await setUp();
    const report = await alice.usage.carbon({ from: '2031-01-01', to: '2031-01-31', groupBy: 'day' });
    // analytics-eu: m-8-64 = 8 × 2.12 + 64 × 0.392 = 16.96 + 25.088 = 42.048 W; × 100 h ÷ 1000 = 4.2048 kWh
    //   × 1.58 = 6.643584 kWh; × 381 g ÷ 1000 = 2.531205504 kg
    // webshop: gp-4-16 14.752 W × 10 h = 0.14752 kWh, control plane 7.376 W × 10 h = 0.07376 kWh: 0.22128 kWh
    //   × 1.58 = 0.3496224 kWh; × 56 g ÷ 1000 = 0.019578854 kg
    expect(report.clusters.map((cluster) => cluster.clusterId)).toEqual([ANALYTICS, WEBSHOP]);
    const [analytics, webshop] = report.clusters;
    expect(analytics).toMatchObject({ name: 'analytics-eu', regionId: 'de-fra-1', nodeHours: 100, controlPlaneHours: 0 });
    expect(analytics!.itKwh).toBeCloseTo(4.2048, 9);
    expect(analytics!.facilityKwh).toBeCloseTo(6.643584, 9);
    expect(analytics!.kgCo2e).toBeCloseTo(2.531205504, 9);
    expect(webshop).toMatchObject({ nodeHours: 10, controlPlaneHours: 10 });
    expect(webshop!.itKwh).toBeCloseTo(0.22128, 9);
    expect(webshop!.kgCo2e).toBeCloseTo(0.019578854, 9);
    expect(report.totalKgCo2e).toBeCloseTo(2.531205504 + 0.019578854, 9);
    expect(report.series).toEqual([
      { period: '2031-01-02', kgCo2e: { [WEBSHOP]: expect.closeTo(0.019578854, 9) } },
      { period: '2031-01-03', kgCo2e: { [ANALYTICS]: expect.closeTo(2.531205504, 9) } },
    ]);
    expect(report.sources.regions.map((region) => [region.id, region.gridGramsPerKwh, region.gridYear])).toEqual(expect.arrayContaining([['fr-par-1', 56, 2023], ['de-fra-1', 381, 2023]]));
    expect(report.sources.factors.find((factor) => factor.id === 'vcpu')?.source).toMatch(/Cloud Carbon Footprint/);
  });

  it('gives a cluster’s month so far and a month of it as it is now; another organisation’s cluster is a 404', async () => {
    const { db, ctx, alice } = await setUp();
    // The webshop's pools made one: 3 × gp-4-16.
    const [first] = await db.select().from(nodePools).where(eq(nodePools.clusterId, WEBSHOP)).orderBy(asc(nodePools.createdAt)).limit(1);
    await db.delete(nodePools).where(and(eq(nodePools.clusterId, WEBSHOP), ne(nodePools.id, first!.id)));
    await db.update(nodePools).set({ flavorId: 'gp-4-16', count: 3 }).where(eq(nodePools.id, first!.id));
    const carbon = await alice.usage.clusterCarbon({ id: WEBSHOP });
    expect(carbon).toMatchObject({ regionId: 'fr-par-1', pueMilli: 1_580, gridGramsPerKwh: 56, monthStart: Date.UTC(2031, 0, 1) });
    expect(carbon.monthToDate.nodeHours).toBe(10);
    expect(carbon.monthToDate.kgCo2e).toBeCloseTo(0.019578854, 9);
    // 3 × 14.752 + 7.376 = 51.632 W; × 730 h ÷ 1000 = 37.69136 kWh; × 1.58 = 59.5523488; × 56 ÷ 1000 = 3.334931533 kg
    expect(carbon.monthEstimate.watts).toBeCloseTo(51.632, 9);
    expect(carbon.monthEstimate.kgCo2e).toBeCloseTo(3.334931533, 9);
    expect(carbon.monthEstimate.missingFactors).toEqual([]);

    const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
    await expect(gabriel.usage.clusterCarbon({ id: WEBSHOP })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await gabriel.usage.carbon({ from: '2031-01-01', to: '2031-01-31', groupBy: 'day' })).clusters.map((cluster) => cluster.clusterId)).not.toContain(WEBSHOP);
  });
});
