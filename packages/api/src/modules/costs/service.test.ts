import 'reflect-metadata';
import { clusterOperations, clusterQuotes, clusters, newId, nodePools, usageRecords, type Database, type UsageKind } from '@kubemarket/db';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliceWithRunningCluster, callerAs, clusterRow, createTestCaller, manualClock, poolsOf, refusal, sessionUserOf } from '../../testing';

const ACME = 'org_demo_acme';
const CLUSTER = 'clu_costs_test';

/**
 * A cluster of Acme's built by hand so every figure can be checked by hand: created on 10 November
 * 2026 with one pool of 2 × gp-4-16, quoted 730 € a month (1 € an hour over 730 hours: 2 nodes at
 * 45 cents and the control plane at 10 cents); resized to 4 nodes on the 20th, quoted 1,387 € (1.90 €
 * an hour).
 */
async function handBuiltCluster(db: Database) {
  await db.insert(clusters).values({ id: CLUSTER, organizationId: ACME, name: 'costs-test', tierId: 'tier_economy', region: 'fr-par-1', status: 'running', kubernetesVersion: '1.36.4', nodeCount: 4, monthlyCents: 138_700, createdAt: Date.UTC(2026, 10, 10), updatedAt: Date.UTC(2026, 10, 20) });
  // Built without an order, its first quote prices the pools as stored (2 nodes); the resize's operation says 4.
  await db.insert(nodePools).values({ id: 'npl_costs_workers', clusterId: CLUSTER, name: 'workers', flavorId: 'gp-4-16', count: 2, kubernetesVersion: '1.36.4', createdAt: Date.UTC(2026, 10, 10), updatedAt: Date.UTC(2026, 10, 20) });
  await db.insert(clusterOperations).values({ id: 'cop_costs_resize', clusterId: CLUSTER, organizationId: ACME, type: 'scale_pool', status: 'succeeded', params: { poolId: 'npl_costs_workers', count: 4 }, steps: [], createdAt: Date.UTC(2026, 10, 20), updatedAt: Date.UTC(2026, 10, 20) });
  await db.insert(clusterQuotes).values([
    { id: 'cqt_costs_order', clusterId: CLUSTER, organizationId: ACME, effectiveAt: Date.UTC(2026, 10, 10), monthlyCents: 73_000, reason: 'order', createdAt: Date.UTC(2026, 10, 10) },
    { id: 'cqt_costs_resize', clusterId: CLUSTER, organizationId: ACME, effectiveAt: Date.UTC(2026, 10, 20), monthlyCents: 138_700, reason: 'pool_resized', operationId: 'cop_costs_resize', createdAt: Date.UTC(2026, 10, 20) },
  ]);
  const usage = (hour: number, kind: UsageKind, resourceId: string, quantityMilli: number, amountMillicents: number, orderId: string | null = null) => ({
    id: newId('usage'),
    organizationId: ACME,
    subjectId: CLUSTER,
    clusterId: CLUSTER,
    hour,
    kind,
    resourceId,
    quantityMilli,
    unitPriceMillicents: Math.round((amountMillicents * 1000) / quantityMilli),
    amountMillicents,
    orderId,
    createdAt: hour,
  });
  // Metered in November (a few rows standing for many hours): 880 node-hours awake at 45 cents,
  // 20 asleep at 4.5 cents, 500 GB of egress, 100,000 GB-hours of volumes, 324 control-plane hours
  // (the last one at 11:00 on the 23rd, the last day's only usage) and 324 hours of an add-on
  // bought later by another order.
  await db.insert(usageRecords).values([
    usage(Date.UTC(2026, 10, 15), 'node', 'gp-4-16', 880_000, 39_600_000),
    usage(Date.UTC(2026, 10, 15), 'hibernated_node', 'gp-4-16', 20_000, 90_000),
    usage(Date.UTC(2026, 10, 15), 'egress', 'egress', 500_000, 500_000),
    usage(Date.UTC(2026, 10, 15), 'storage', 'block-storage', 100_000_000, 1_400_000),
    usage(Date.UTC(2026, 10, 15), 'control_plane', 'tier_economy', 323_000, 3_230_000),
    usage(Date.UTC(2026, 10, 23, 11), 'control_plane', 'tier_economy', 1_000, 10_000),
    usage(Date.UTC(2026, 10, 15), 'addon', 'addon_backups', 324_000, 324_000, 'ord_costs_later'),
  ]);
}

async function setUp(now: number) {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(now) } });
  await handBuiltCluster(db);
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  return { ctx, db, alice };
}

describe('costs.cluster', () => {
  it('prorates each quote over the hours it was in force, explains the difference by line, and forecasts the month', async () => {
    // 23 November 2026, 12:30: the hours up to 12:00 are metered.
    const { alice } = await setUp(Date.UTC(2026, 10, 23, 12, 30));
    const costs = await alice.costs.cluster({ id: CLUSTER });
    expect(costs.quotes).toEqual([
      { effectiveAt: Date.UTC(2026, 10, 10), monthlyCents: 73_000, reason: 'order', nodeCount: 2 },
      { effectiveAt: Date.UTC(2026, 10, 20), monthlyCents: 138_700, reason: 'pool_resized', nodeCount: 4 },
    ]);
    expect(costs.months).toHaveLength(1);
    const [november] = costs.months;
    expect(november).toMatchObject({ month: '2026-11', current: true, hours: 324 });
    // 10 → 20 November: 240 hours at 73,000 ÷ 730 = 100 cents; 20 → 23 November 12:00: 84 hours at 138,700 ÷ 730 = 190 cents.
    expect(november!.quotes).toEqual([
      { effectiveAt: Date.UTC(2026, 10, 10), monthlyCents: 73_000, reason: 'order', nodeCount: 2, hours: 240, cents: 24_000 },
      { effectiveAt: Date.UTC(2026, 10, 20), monthlyCents: 138_700, reason: 'pool_resized', nodeCount: 4, hours: 84, cents: 15_960 },
    ]);
    expect(november!.quotedCents).toBe(39_960);
    // The rest of the month at the quote in force: 180 hours × 190 cents = 34,200.
    expect(november!.quotedMonthCents).toBe(74_160);
    // 39,600 + 90 + 500 + 1,400 + 3,240 + 324 cents.
    expect(november!.actualCents).toBe(45_154);
    expect(november!.differenceCents).toBe(45_154 - 39_960);
    expect(november!.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(november!.differenceCents);
    // The forecast: 45,154 so far + the last day's rate (10 cents an hour, one hour) × 180 hours left.
    expect(november!.forecast).toMatchObject({ monthToDateCents: 45_154, hoursElapsed: 540, hoursLeft: 180, runRateMillicentsPerHour: 10_000, runRateHours: 1, forecastCents: 46_954 });
  });

  it('counts the nodes each quote priced, so node-hours above them (the autoscaler’s) are a line of their own', async () => {
    const { alice } = await setUp(Date.UTC(2026, 10, 23, 12, 30));
    const [november] = (await alice.costs.cluster({ id: CLUSTER })).months;
    // Quoted node-hours: 240 × 2 + 84 × 4 = 816; metered 880 + 20 = 900: 84 more at 45 cents = 3,780.
    // Asleep: 20 node-hours at 4.5 instead of 45 cents = −810. Egress 500, storage 1,400, the later add-on 324.
    expect(november!.lines).toEqual([
      { key: 'autoscaling', label: 'Nodes above the quoted count (autoscaling)', detail: "900 node-hours metered against 816 quoted: 84 more, at each flavour's node-hour price.", cents: 3_780 },
      { key: 'hibernation', label: 'Hibernation savings', detail: '20 node-hours asleep at 10 % of the node-hour price instead of the full price.', cents: -810 },
      { key: 'egress', label: 'Egress traffic', detail: '500 GB leaving the data centre, metered only (never in a quote).', cents: 500 },
      { key: 'storage', label: 'Storage', detail: '100,000 GB-hours of persistent volumes, metered only (never in a quote).', cents: 1_400 },
      { key: 'addons', label: 'Add-ons outside the quote', detail: "324 hours of add-ons bought after the cluster, at their own order's price.", cents: 324 },
    ]);
    // 3,780 − 810 + 500 + 1,400 + 324 = 5,194 = 45,154 − 39,960: nothing left to prices and rounding.
    expect(november!.differenceCents).toBe(5_194);
  });

  it('answers a past month in full once it has ended, the month under way beside it', async () => {
    const { alice } = await setUp(Date.UTC(2026, 11, 2, 0, 30));
    const costs = await alice.costs.cluster({ id: CLUSTER, months: 3 });
    expect(costs.months.map((month) => [month.month, month.current, month.hours])).toEqual([
      ['2026-12', true, 24],
      ['2026-11', false, 504],
    ]);
    const november = costs.months[1]!;
    // 240 hours at 100 cents and 264 at 190 cents: what the current month's quotedMonthCents announced.
    expect([november.quotedCents, november.quotedMonthCents, november.forecast]).toEqual([74_160, 74_160, null]);
    expect(november.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(november.differenceCents);
    // December: 24 hours at 190 cents, nothing metered yet.
    expect(costs.months[0]).toMatchObject({ quotedCents: 4_560, actualCents: 0, quotedMonthCents: 744 * 190 });
  });

  it("is a 404 for another organisation's cluster, the same sentence as a missing one", async () => {
    const { ctx, db } = await setUp(Date.UTC(2026, 10, 23, 12, 30));
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    const expected = { code: 'NOT_FOUND', message: 'No cluster with this id in your organisation.' };
    expect(await refusal(olivia.costs.cluster({ id: CLUSTER }))).toEqual(expected);
    expect(await refusal(olivia.costs.cluster({ id: 'clu_missing' }))).toEqual(expected);
    expect(await refusal(olivia.costs.cluster({ id: CLUSTER, months: 13 }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('cluster quotes', () => {
  it('are written when an order provisions a cluster and with each pool change that reprices it, once when two changes race', async () => {
    const { t, alice, clusterId, orderId } = await aliceWithRunningCluster();
    const quotesOf = () => t.db.select().from(clusterQuotes).where(eq(clusterQuotes.clusterId, clusterId)).orderBy(asc(clusterQuotes.effectiveAt), asc(clusterQuotes.createdAt));
    const ordered = await clusterRow(t, clusterId);
    expect((await quotesOf()).map((row) => [row.reason, row.monthlyCents, row.orderId])).toEqual([['order', ordered.monthlyCents, orderId]]);

    const [, workers] = await poolsOf(t, clusterId);
    const results = await Promise.allSettled([alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 5 }), alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 5 })]);
    const started = results.filter((result) => result.status === 'fulfilled');
    expect(started).toHaveLength(1);
    const scaled = await clusterRow(t, clusterId);
    const quotes = await quotesOf();
    expect(quotes.map((row) => [row.reason, row.monthlyCents])).toEqual([
      ['order', ordered.monthlyCents],
      ['pool_resized', scaled.monthlyCents],
    ]);
    expect(quotes[1]!.operationId).toBe((started[0] as PromiseFulfilledResult<{ id: string }>).value.id);
    await t.drive(quotes[1]!.operationId!);

    const added = await alice.clusters.addNodePool({ id: clusterId, pool: { name: 'batch', flavorId: 'gp-2-8', count: 1, labels: {}, taints: [] } });
    await t.drive(added.id);
    const removal = await alice.clusters.removeNodePool({ id: clusterId, poolId: workers!.id });
    await t.drive(removal.id);
    const final = await clusterRow(t, clusterId);
    expect((await quotesOf()).map((row) => row.reason)).toEqual(['order', 'pool_resized', 'pool_added', 'pool_removed']);
    expect((await quotesOf()).at(-1)!.monthlyCents).toBe(final.monthlyCents);
    // The costs answer lists them with the nodes each priced: 2 + 3, then 2 + 5, + 1, then 2 + 1.
    const costs = await alice.costs.cluster({ id: clusterId });
    expect(costs.quotes.map((quote) => [quote.reason, quote.nodeCount])).toEqual([
      ['order', 5],
      ['pool_resized', 7],
      ['pool_added', 8],
      ['pool_removed', 3],
    ]);
    expect(await t.db.select().from(clusterQuotes).where(and(eq(clusterQuotes.clusterId, clusterId), eq(clusterQuotes.organizationId, 'org_demo_globex')))).toEqual([]);
  });
});
