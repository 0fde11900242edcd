import { catalogPrices, clusterAddons, clusterHibernations, clusterOperations, clusters, meteredHours, nodePools, orders, organizations, usageRecords, users, type Database } from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import type { Quote } from '@kubemarket/shared';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, meterHour, meterUpTo, type MeteringDeps } from './metering';

const T0 = Date.UTC(2026, 9, 1);
const ORG = 'org_meter';
const CLUSTER = 'cls_meter';
const POOL = 'npl_meter';

/** A monthly quote at round prices: 7 300 cents/month → 10 000 millicents/hour. */
function clusterQuote(): Quote {
  const component = (label: string, unitCents: number, quantity: number) => ({ label, unitCents, quantity, amountCents: unitCents * quantity });
  const components = [component('Control plane', 7_300, 1), component('Node pool "general": GP', 730, 2), component('Monitoring add-on', 1_460, 1)];
  const amount = components.reduce((sum, entry) => sum + entry.amountCents, 0);
  return {
    cycle: 'monthly',
    lines: [{ index: 0, kind: 'cluster', label: 'cluster', components, amountCents: amount, monthlyEquivalentCents: amount, monthlyPriceCents: amount, yearlyPriceCents: amount * 12, yearlyDiscountPercent: 0 }],
    subtotalCents: amount,
    discount: null,
    promotion: null,
    taxableCents: amount,
    tax: { countryCode: 'FR', rateBasisPoints: 0, amountCents: 0, reverseCharge: false, label: 'VAT' },
    totalCents: amount,
    yearlyDiscountPercent: 0,
  };
}

async function setUp(db: Database) {
  await db.insert(organizations).values({ id: ORG, name: 'Meter', billingId: 'KM-METER1', status: 'active', createdAt: 0, updatedAt: 0 });
  await db.insert(users).values({ id: 'usr_meter', organizationId: ORG, username: 'meter', email: 'meter@example.com', name: 'Meter', createdAt: 0, updatedAt: 0 });
  await db.insert(orders).values({
    id: 'ord_meter',
    organizationId: ORG,
    userId: 'usr_meter',
    kind: 'cluster',
    status: 'completed',
    totalCents: 0,
    idempotencyKey: 'meter-1',
    createdAt: T0 - HOUR_MS,
    lines: [
      {
        kind: 'cluster',
        name: 'metered',
        tierId: 'tier_sandbox',
        regionId: 'nl-ams-1',
        kubernetesVersion: '1.37.1',
        highAvailability: false,
        nodePools: [{ name: 'general', flavorId: 'gp-2-8', count: 2, labels: {}, taints: [] }],
        addonIds: ['addon_monitoring'],
        settings: { zones: [], cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [], maintenanceWindow: { day: 'sunday', startHour: 3 }, autoUpgrade: true },
      },
    ],
    quote: clusterQuote(),
  });
  await db.insert(clusters).values({ id: CLUSTER, organizationId: ORG, name: 'metered', tierId: 'tier_sandbox', region: 'nl-ams-1', status: 'running', kubernetesVersion: '1.37.1', nodeCount: 2, orderId: 'ord_meter', createdAt: T0, updatedAt: T0 });
  await db.insert(nodePools).values({ id: POOL, clusterId: CLUSTER, name: 'general', flavorId: 'gp-2-8', count: 2, kubernetesVersion: '1.37.1', createdAt: T0, updatedAt: T0 });
  await db.insert(clusterAddons).values({ id: 'cad_meter', clusterId: CLUSTER, addonId: 'addon_monitoring', orderId: 'ord_meter', installedAt: T0 });
}

const fixedMetrics: MeteringDeps['provisioner'] = { usageMetrics: () => ({ storageGb: 100, egressGb: 2 }) };

async function rowsOf(db: Database, hour?: number) {
  const rows = await db
    .select()
    .from(usageRecords)
    .where(hour === undefined ? eq(usageRecords.organizationId, ORG) : and(eq(usageRecords.organizationId, ORG), eq(usageRecords.hour, hour)))
    .orderBy(asc(usageRecords.hour), asc(usageRecords.kind), asc(usageRecords.resourceId));
  return rows.map((row) => ({ hour: (row.hour - T0) / HOUR_MS, kind: row.kind, resource: row.resourceId, quantity: row.quantityMilli, unit: row.unitPriceMillicents, amount: row.amountMillicents }));
}

describe('metering', () => {
  let db: Database;
  let deps: MeteringDeps;
  beforeEach(async () => {
    db = await createTestDb();
    await seed(db, 0);
    await setUp(db);
    deps = { db, provisioner: fixedMetrics };
  });

  it('records one hour at the prices agreed in the order', async () => {
    const result = await meterHour(deps, T0);
    expect(result.hours).toEqual([T0]);
    expect(await rowsOf(db, T0)).toEqual([
      { hour: 0, kind: 'control_plane', resource: 'tier_sandbox', quantity: 1000, unit: 10_000, amount: 10_000 },
      { hour: 0, kind: 'node', resource: 'gp-2-8', quantity: 2000, unit: 1_000, amount: 2_000 },
      { hour: 0, kind: 'addon', resource: 'addon_monitoring', quantity: 1000, unit: 2_000, amount: 2_000 },
      { hour: 0, kind: 'storage', resource: 'block-storage', quantity: 100_000, unit: 14, amount: 1_400 },
      { hour: 0, kind: 'egress', resource: 'egress', quantity: 2_000, unit: 1_000, amount: 2_000 },
    ].sort((a, b) => a.kind.localeCompare(b.kind)));
  });

  it('keeps the order price when the catalogue changes later', async () => {
    await db.insert(catalogPrices).values({ itemKind: 'node_flavor', itemId: 'gp-2-8', effectiveFrom: T0 - 1, monthlyPriceCents: 99_900, hourlyPriceMillicents: 136_849, createdAt: 0 });
    await meterHour(deps, T0);
    expect((await rowsOf(db, T0)).find((row) => row.kind === 'node')).toMatchObject({ unit: 1_000, amount: 2_000 });
  });

  it('prices a pool added later at the catalogue price in effect when it was added', async () => {
    await db.insert(catalogPrices).values({ itemKind: 'node_flavor', itemId: 'c-4-8', effectiveFrom: T0, monthlyPriceCents: 7_300, hourlyPriceMillicents: 10_000, createdAt: 0 });
    await db.insert(catalogPrices).values({ itemKind: 'node_flavor', itemId: 'c-4-8', effectiveFrom: T0 + 5 * HOUR_MS, monthlyPriceCents: 14_600, hourlyPriceMillicents: 20_000, createdAt: 0 });
    await db.insert(nodePools).values({ id: 'npl_extra', clusterId: CLUSTER, name: 'compute', flavorId: 'c-4-8', count: 1, kubernetesVersion: '1.37.1', createdAt: T0 + 2 * HOUR_MS, updatedAt: T0 });
    await meterUpTo({ db, provisioner: {} }, T0 + 8 * HOUR_MS);
    const compute = (await rowsOf(db)).filter((row) => row.resource === 'c-4-8');
    // Not before it existed; at the price of its creation date even after the catalogue moved.
    expect(compute.map((row) => row.hour)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(new Set(compute.map((row) => row.unit))).toEqual(new Set([10_000]));
  });

  it('meters a pool scaled mid-period at the size it had for most of each hour', async () => {
    await db.update(nodePools).set({ count: 5 }).where(eq(nodePools.id, POOL));
    await db.insert(clusterOperations).values({
      id: 'cop_scale',
      clusterId: CLUSTER,
      organizationId: ORG,
      type: 'scale_pool',
      status: 'succeeded',
      params: { poolId: POOL, count: 5 },
      steps: [],
      createdAt: T0 + 3 * HOUR_MS,
      updatedAt: T0 + 3 * HOUR_MS + 600_000,
      finishedAt: T0 + 3 * HOUR_MS + 600_000,
    });
    await meterUpTo(deps, T0 + 6 * HOUR_MS);
    const nodes = (await rowsOf(db)).filter((row) => row.kind === 'node');
    expect(nodes.map((row) => [row.hour, row.quantity, row.amount])).toEqual([
      [0, 2000, 2000],
      [1, 2000, 2000],
      [2, 2000, 2000],
      // The scale finished ten minutes into hour 3: five nodes ran for most of it.
      [3, 5000, 5000],
      [4, 5000, 5000],
      [5, 5000, 5000],
    ]);
  });

  it('meters a hibernated night at the hibernation rate, the control plane still running', async () => {
    await db.insert(clusterHibernations).values({ id: 'hib_meter', clusterId: CLUSTER, startedAt: T0 + HOUR_MS, endedAt: T0 + 3 * HOUR_MS + 20 * 60_000 });
    await meterUpTo(deps, T0 + 5 * HOUR_MS);
    const rows = await rowsOf(db);
    const nodes = rows.filter((row) => row.kind === 'node' || row.kind === 'hibernated_node').map((row) => [row.hour, row.kind, row.unit, row.amount]);
    expect(nodes).toEqual([
      [0, 'node', 1000, 2000],
      [1, 'hibernated_node', 100, 200],
      [2, 'hibernated_node', 100, 200],
      // Twenty minutes asleep: under half the hour, a full node-hour.
      [3, 'node', 1000, 2000],
      [4, 'node', 1000, 2000],
    ]);
    expect(rows.filter((row) => row.kind === 'control_plane')).toHaveLength(5);
    expect(rows.filter((row) => row.kind === 'egress').map((row) => row.hour)).toEqual([0, 3, 4]);
    expect(rows.filter((row) => row.kind === 'storage')).toHaveLength(5);
  });

  it('meters a completed middleware order at its plan price, as its own subject', async () => {
    const quote = clusterQuote();
    quote.lines = [{ ...quote.lines[0]!, kind: 'middleware', components: [{ label: 'PostgreSQL Starter', unitCents: 1_460, quantity: 1, amountCents: 1_460 }] }];
    await db.insert(orders).values({ id: 'ord_mw', organizationId: ORG, userId: 'usr_meter', kind: 'middleware', status: 'completed', totalCents: 1_460, idempotencyKey: 'meter-mw', createdAt: T0 + HOUR_MS, paidAt: T0 + HOUR_MS + 60_000, lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter' }], quote });
    await meterUpTo(deps, T0 + 3 * HOUR_MS);
    const middleware = await db.select().from(usageRecords).where(and(eq(usageRecords.kind, 'middleware'), eq(usageRecords.organizationId, ORG)));
    expect(middleware.map((row) => ({ hour: (row.hour - T0) / HOUR_MS, subject: row.subjectId, cluster: row.clusterId, resource: row.resourceId, amount: row.amountMillicents }))).toEqual([
      { hour: 1, subject: 'ord_mw', cluster: null, resource: 'mwp_postgresql_starter', amount: 2_000 },
      { hour: 2, subject: 'ord_mw', cluster: null, resource: 'mwp_postgresql_starter', amount: 2_000 },
    ]);
  });

  it('stops metering a cluster once it is deleted', async () => {
    await db.update(clusters).set({ status: 'deleted', deletedAt: T0 + 2 * HOUR_MS + 1 }).where(eq(clusters.id, CLUSTER));
    await meterUpTo(deps, T0 + 6 * HOUR_MS);
    const hours = [...new Set((await rowsOf(db)).map((row) => row.hour))];
    // Deleted one millisecond into hour 2: that hour is billed, none after.
    expect(hours).toEqual([0, 1, 2]);
  });

  it('records nothing twice when a run is repeated or late', async () => {
    const first = await meterUpTo(deps, T0 + 4 * HOUR_MS);
    expect(first.hours.slice(-4).map((hour) => (hour - T0) / HOUR_MS)).toEqual([0, 1, 2, 3]);
    const count = (await rowsOf(db)).length;
    expect(await meterUpTo(deps, T0 + 4 * HOUR_MS + 30 * 60_000)).toEqual({ hours: [], records: 0 });
    expect(await meterHour(deps, T0 + 2 * HOUR_MS)).toEqual({ hours: [], records: 0 });
    // Even with the metered_hours mark gone (a run that failed after inserting), the unique index holds.
    await db.delete(meteredHours).where(eq(meteredHours.hour, T0 + 2 * HOUR_MS));
    await meterHour(deps, T0 + 2 * HOUR_MS);
    expect((await rowsOf(db)).length).toBe(count);
  });

  it('catches up missed hours, oldest first, at most the bound per run', async () => {
    await meterHour(deps, T0);
    // The cron missed five hours: the next run records hours 1 to 5.
    const caughtUp = await meterUpTo(deps, T0 + 6 * HOUR_MS + 17 * 60_000);
    expect(caughtUp.hours.map((hour) => (hour - T0) / HOUR_MS)).toEqual([1, 2, 3, 4, 5]);
    const bounded = await meterUpTo(deps, T0 + 20 * HOUR_MS, 4);
    expect(bounded.hours.map((hour) => (hour - T0) / HOUR_MS)).toEqual([6, 7, 8, 9]);
    const rest = await meterUpTo(deps, T0 + 20 * HOUR_MS);
    expect(rest.hours.map((hour) => (hour - T0) / HOUR_MS)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(new Set((await rowsOf(db)).map((row) => row.hour)).size).toBe(20);
  });

  it('meters no storage or egress when the provisioner reports none', async () => {
    await meterHour({ db, provisioner: { usageMetrics: () => null } }, T0);
    expect((await rowsOf(db, T0)).map((row) => row.kind)).toEqual(['addon', 'control_plane', 'node']);
  });
});

describe('simulator usage metrics', () => {
  it('reports the same figures for the same hour, growing with the nodes', async () => {
    const { simulatorProvisioner } = await import('../../platform/provisioner/simulator');
    const port = simulatorProvisioner();
    const pool = { id: 'p', name: 'p', machine: { flavorId: 'gp-2-8', vcpu: 2, memoryGb: 8, gpuCount: 0 }, count: 2, autoscaling: null, labels: {}, taints: [], kubernetesVersion: '1.37.1' };
    const spec = { id: 'clu_x', organizationId: 'o', name: 'x', region: 'fr-par-1', zones: ['fr-par-1a'], tierId: 't', purpose: 'production' as const, kubernetesVersion: '1.37.1', highAvailability: false, networking: { cni: 'cilium' as const, podCidr: '', serviceCidr: '', apiAllowList: [] }, maintenance: { day: 'sunday' as const, startHour: 3, autoUpgrade: true }, hibernation: null, pools: [pool], providerRef: null, endpoint: null };
    const noon = Date.UTC(2026, 9, 1, 12);
    const once = port.usageMetrics!(spec, noon)!;
    expect(port.usageMetrics!(spec, noon)).toEqual(once);
    expect(once.storageGb).toBeGreaterThanOrEqual(40);
    expect(once.storageGb).toBeLessThanOrEqual(80);
    const doubled = port.usageMetrics!({ ...spec, pools: [{ ...pool, count: 4 }] }, noon)!;
    expect(doubled.storageGb).toBe(once.storageGb * 2);
    expect(doubled.egressGb).toBeCloseTo(once.egressGb * 2, 2);
  });
});
