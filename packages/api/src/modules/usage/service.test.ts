import { newId, usageRecords, type Database, type UsageKind } from '@kubemarket/db';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';

/** 10 November 2026, 12:00 UTC: a third of the way through a 30-day month. */
const NOW = Date.UTC(2026, 10, 10, 12);
const ACME = 'org_demo_acme';

async function record(db: Database, input: { hour: number; kind: UsageKind; cluster: string | null; subject?: string; resource?: string; amountMillicents: number; quantityMilli?: number; organizationId?: string }) {
  await db.insert(usageRecords).values({
    id: newId('usage'),
    organizationId: input.organizationId ?? ACME,
    subjectId: input.subject ?? input.cluster!,
    clusterId: input.cluster,
    hour: input.hour,
    kind: input.kind,
    resourceId: input.resource ?? `${input.kind}-${input.hour}`,
    quantityMilli: input.quantityMilli ?? 1000,
    unitPriceMillicents: input.amountMillicents,
    amountMillicents: input.amountMillicents,
    createdAt: 0,
  });
}

async function setUp() {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock } });
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  const [webshop, analytics] = ['clu_demo_webshop', 'clu_demo_analytics'];
  // October: 10 € on the webshop. November: 1, 2 and 3 € nodes on days 1–3, plus a 0.5 € add-on on analytics.
  await record(db, { hour: Date.UTC(2026, 9, 15), kind: 'node', cluster: webshop, amountMillicents: 1_000_000 });
  await record(db, { hour: Date.UTC(2026, 10, 1), kind: 'node', cluster: webshop, amountMillicents: 100_000, quantityMilli: 2_000 });
  await record(db, { hour: Date.UTC(2026, 10, 2, 5), kind: 'node', cluster: webshop, amountMillicents: 200_000, quantityMilli: 2_000 });
  await record(db, { hour: Date.UTC(2026, 10, 3, 23), kind: 'node', cluster: analytics, amountMillicents: 300_000, quantityMilli: 4_000 });
  await record(db, { hour: Date.UTC(2026, 10, 3, 23), kind: 'addon', cluster: analytics, amountMillicents: 50_400 });
  await record(db, { hour: Date.UTC(2026, 10, 4), kind: 'middleware', cluster: null, subject: 'ord_demo_postgres', resource: 'mwp_postgresql_business', amountMillicents: 10_000 });
  // Another organisation's use never shows.
  await record(db, { hour: Date.UTC(2026, 10, 2), kind: 'node', cluster: 'cls_other', amountMillicents: 9_999_000, organizationId: 'org_demo_globex' });
  return { alice, ctx, db };
}

describe('usage.get', () => {
  it('splits each day by cluster, with totals and names', async () => {
    const { alice } = await setUp();
    const report = await alice.usage.get({ from: '2026-11-01', to: '2026-11-30', groupBy: 'day', by: 'cluster' });
    expect(report.from).toBe(Date.UTC(2026, 10, 1));
    expect(report.to).toBe(Date.UTC(2026, 11, 1));
    expect(report.series).toEqual([
      { period: '2026-11-01', totalCents: 100, amounts: { clu_demo_webshop: 100 } },
      { period: '2026-11-02', totalCents: 200, amounts: { clu_demo_webshop: 200 } },
      { period: '2026-11-03', totalCents: 350, amounts: { clu_demo_analytics: 350 } },
      { period: '2026-11-04', totalCents: 10, amounts: { ord_demo_postgres: 10 } },
    ]);
    expect(report.groups.map((group) => group.key)).toEqual(['clu_demo_analytics', 'clu_demo_webshop', 'ord_demo_postgres']);
    expect(report.groups.map((group) => group.label)).toEqual(['analytics-eu', 'webshop-prod', 'PostgreSQL Business HA']);
    expect(report.totals).toEqual({ amountCents: 660, byGroup: { clu_demo_analytics: 350, clu_demo_webshop: 300, ord_demo_postgres: 10 } });
    expect(report.quantities).toEqual([
      { kind: 'node', unit: 'node-hours', quantity: 8, amountCents: 600 },
      { kind: 'addon', unit: 'hours', quantity: 1, amountCents: 50 },
      { kind: 'middleware', unit: 'hours', quantity: 1, amountCents: 10 },
    ]);
  });

  it('sums months by resource kind', async () => {
    const { alice } = await setUp();
    const report = await alice.usage.get({ from: '2026-10-01', to: '2026-11-30', groupBy: 'month', by: 'kind' });
    expect(report.series).toEqual([
      { period: '2026-10', totalCents: 1000, amounts: { node: 1000 } },
      { period: '2026-11', totalCents: 660, amounts: { node: 600, addon: 50, middleware: 10 } },
    ]);
    expect(report.groups).toEqual([
      { key: 'node', label: 'Nodes' },
      { key: 'addon', label: 'Add-ons' },
      { key: 'middleware', label: 'Middlewares' },
    ]);
  });

  it('gives each period its quantities per resource kind, and per cluster within a kind', async () => {
    const { alice, db } = await setUp();
    // 3 November: webshop runs 1.5 node-hours beside analytics' 4, and analytics stores 500 GB-hours
    // over two hours (7.4 cents: its day is 300 + 50.4 + 7.4 = 357.8 cents, rounded once to 358).
    await record(db, { hour: Date.UTC(2026, 10, 3, 10), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 30_000, quantityMilli: 1_500 });
    await record(db, { hour: Date.UTC(2026, 10, 3, 10), kind: 'storage', cluster: 'clu_demo_analytics', amountMillicents: 3_702, quantityMilli: 250_125 });
    await record(db, { hour: Date.UTC(2026, 10, 3, 11), kind: 'storage', cluster: 'clu_demo_analytics', amountMillicents: 3_698, quantityMilli: 249_875 });
    const report = await alice.usage.get({ from: '2026-11-01', to: '2026-11-30', groupBy: 'day', by: 'cluster' });
    expect(report.quantitySeries).toEqual([
      { period: '2026-11-01', quantities: { node: 2 }, byGroup: { node: { clu_demo_webshop: 2 } } },
      { period: '2026-11-02', quantities: { node: 2 }, byGroup: { node: { clu_demo_webshop: 2 } } },
      {
        period: '2026-11-03',
        quantities: { node: 5.5, addon: 1, storage: 500 },
        byGroup: { node: { clu_demo_analytics: 4, clu_demo_webshop: 1.5 }, addon: { clu_demo_analytics: 1 }, storage: { clu_demo_analytics: 500 } },
      },
      { period: '2026-11-04', quantities: { middleware: 1 }, byGroup: { middleware: { ord_demo_postgres: 1 } } },
    ]);
    // The amounts of the same periods: a cluster's kinds are added before its cell is rounded.
    expect(report.series.map((entry) => entry.period)).toEqual(report.quantitySeries.map((entry) => entry.period));
    expect(report.series[2]).toEqual({ period: '2026-11-03', totalCents: 388, amounts: { clu_demo_analytics: 358, clu_demo_webshop: 30 } });
    expect(report.totals).toEqual({ amountCents: 698, byGroup: { clu_demo_analytics: 358, clu_demo_webshop: 330, ord_demo_postgres: 10 } });
    expect(report.quantities).toEqual([
      { kind: 'node', unit: 'node-hours', quantity: 9.5, amountCents: 630 },
      { kind: 'addon', unit: 'hours', quantity: 1, amountCents: 50 },
      { kind: 'middleware', unit: 'hours', quantity: 1, amountCents: 10 },
      { kind: 'storage', unit: 'GB-hours', quantity: 500, amountCents: 7 },
    ]);
    // Each kind's quantities per period add up to its total for the range.
    for (const { kind, quantity } of report.quantities) {
      expect(report.quantitySeries.reduce((sum, entry) => sum + (entry.quantities[kind] ?? 0), 0)).toBe(quantity);
    }
  });

  it('gives monthly quantities per kind when split by kind', async () => {
    const { alice, ctx, db } = await setUp();
    const report = await alice.usage.get({ from: '2026-10-01', to: '2026-11-30', groupBy: 'month', by: 'kind' });
    expect(report.quantitySeries).toEqual([
      { period: '2026-10', quantities: { node: 1 }, byGroup: { node: { node: 1 } } },
      { period: '2026-11', quantities: { node: 8, addon: 1, middleware: 1 }, byGroup: { node: { node: 8 }, addon: { addon: 1 }, middleware: { middleware: 1 } } },
    ]);
    // Another organisation's quantities never show; none at all is an empty series.
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    expect((await olivia.usage.get({ from: '2026-11-01', to: '2026-11-30' })).quantitySeries).toEqual([]);
  });

  it('forecasts the month as the month to date plus the last day’s hourly run rate for each hour left', async () => {
    const { alice, db } = await setUp();
    // The last metered day (10:00 and 11:00 of the 10th; 12:00 is under way): 24 cents an hour.
    await record(db, { hour: Date.UTC(2026, 10, 10, 10), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 24_000 });
    await record(db, { hour: Date.UTC(2026, 10, 10, 11), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 24_000 });
    // The range asked for does not change the forecast: it is always the current month's.
    const report = await alice.usage.get({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.forecast).toEqual({
      monthStart: Date.UTC(2026, 10, 1),
      monthEnd: Date.UTC(2026, 11, 1),
      // 660.4 + 48 cents.
      monthToDateCents: 708,
      // 9 days and 12 hours metered, 720 − 228 = 492 left.
      hoursElapsed: 228,
      hoursInMonth: 720,
      hoursLeft: 492,
      runRateMillicentsPerHour: 24_000,
      runRateHours: 2,
      elapsedDays: 9.5,
      daysInMonth: 30,
      // 708.4 + 24 × 492 = 708.4 + 11,808 = 12,516.4 cents.
      forecastCents: 12_516,
    });
  });

  it('forecasts what /billing forecasts, at any minute of the month', async () => {
    for (const at of [NOW, NOW + 20 * 60_000, Date.UTC(2026, 10, 3, 23, 59), Date.UTC(2026, 10, 1, 0, 10)]) {
      const clock = manualClock(at);
      const { ctx, db } = await createTestCaller({ ports: { clock } });
      await record(db, { hour: Date.UTC(2026, 10, 1), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 123_456 });
      await record(db, { hour: Date.UTC(2026, 10, 3, 22), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 654_321 });
      await record(db, { hour: Date.UTC(2026, 9, 31, 23), kind: 'node', cluster: 'clu_demo_webshop', amountMillicents: 5_000 });
      const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
      const [summary, report] = await Promise.all([alice.billing.summary(), alice.usage.get({})]);
      expect(report.forecast.forecastCents, new Date(at).toISOString()).toBe(summary.forecastCents);
      expect(report.forecast.monthToDateCents).toBe(summary.monthToDateCents);
      expect(summary.forecastCents).toBeGreaterThan(0);
    }
  });

  it('defaults to the current month to now, and takes epoch milliseconds', async () => {
    const { alice } = await setUp();
    const report = await alice.usage.get();
    expect([report.from, report.to, report.groupBy, report.by]).toEqual([Date.UTC(2026, 10, 1), NOW, 'day', 'cluster']);
    const exact = await alice.usage.get({ from: Date.UTC(2026, 10, 2), to: Date.UTC(2026, 10, 3) });
    expect(exact.totals.amountCents).toBe(200);
  });

  it('refuses a range longer than 400 days or ending before it starts', async () => {
    const { alice } = await setUp();
    await expect(alice.usage.get({ from: '2025-01-01', to: '2026-11-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Ask for at most 400 days at a time.' });
    await expect(alice.usage.get({ from: '2026-11-05', to: '2026-11-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers only the caller’s organisation', async () => {
    const { ctx, db } = await setUp();
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    const report = await olivia.usage.get({ from: '2026-11-01', to: '2026-11-30' });
    expect(report.series).toEqual([]);
    expect(report.totals.amountCents).toBe(0);
    const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
    expect((await gabriel.usage.get({ from: '2026-11-01', to: '2026-11-30' })).totals).toEqual({ amountCents: 9_999, byGroup: { cls_other: 9_999 } });
  });
});

describe('GET /api/usage', () => {
  it('is a REST route whose query parameters are documented and coerced from text', async () => {
    const { coerceQueryValue, inputProperties, restRoutes } = await import('../../rest');
    const { openApiDocument } = await import('../../openapi');
    const route = restRoutes().find((candidate) => candidate.path === '/api/usage')!;
    expect(route).toMatchObject({ procedure: 'usage.get', method: 'GET' });
    const { properties, required } = inputProperties(route);
    expect(Object.keys(properties).sort()).toEqual(['by', 'from', 'groupBy', 'to']);
    expect(required).toEqual([]);
    const document = openApiDocument(restRoutes(), { version: 'test', serverUrl: 'https://console.example.eu' }) as { paths: Record<string, { get?: { summary?: string } }> };
    expect(document.paths['/api/usage']?.get?.summary).toMatch(/usage and cost per day or month/);
    // Text from a query string: an epoch in ms and a date both parse.
    const { alice } = await setUp();
    const from = coerceQueryValue(properties.from, [String(Date.UTC(2026, 10, 2))]);
    const to = coerceQueryValue(properties.to, ['2026-11-02']);
    const report = await alice.usage.get({ from, to } as never);
    expect([report.from, report.to, report.totals.amountCents]).toEqual([Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3), 200]);
  });
});
