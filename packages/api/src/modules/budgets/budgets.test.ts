import { auditLog, budgetAlerts, clusterOperations, clusters, newId, nodePools, notifications, usageRecords, webhookDeliveries, type Database } from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { validationFieldsOf } from '../../errors';
import { restRoutes } from '../../rest';
import { insertRowsAsJson } from '../../platform/json-rows';
import { callerAs, createTestCaller, manualClock, memoryMailer, refusal, sessionUserOf } from '../../testing/callers';
import { evaluateBudgets } from '.';

const ACME = 'org_demo_acme';
/** 16 November 2026, 12:30 UTC: the hours up to 12:00 are metered, 372 of the month's 720. */
const NOW = Date.UTC(2026, 10, 16, 12, 30);
const HOUR_MS = 3_600_000;

/** Hours of November metered by NOW: 15 days and 12 hours. */
const METERED_HOURS = 15 * 24 + 12;
const NOVEMBER = Date.UTC(2026, 10, 1);

/**
 * A fresh seeded database with Acme's clusters for budgets: a Dev/Test one (€0.25 an hour) and a
 * Standard one (€0.75) whose pools carry team=payments, a Sandbox one (€0.05) labelled team=web,
 * and €0.10 an hour of middleware plan no cluster carries, every hour of November so far. The
 * month's 720 hours at those rates: €180, €540, €36 and €72.
 */
async function bed() {
  const clock = manualClock(NOW);
  const mailer = memoryMailer();
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const add = async (id: string, tierId: string, label: string, centsPerHour: number) => {
    const [key, value] = label.split('=') as [string, string];
    await db.insert(clusters).values({ id, organizationId: ACME, name: id.replace('clu_', ''), tierId, region: 'fr-par-1', status: 'running', kubernetesVersion: '1.37.1', nodeCount: 1, createdAt: NOW - 40 * 24 * HOUR_MS, updatedAt: NOW });
    await db.insert(nodePools).values({ id: `npl_${id}`, clusterId: id, name: 'default', flavorId: 'gp-2-4', count: 1, kubernetesVersion: '1.37.1', labels: { [key]: value }, createdAt: NOW, updatedAt: NOW });
    await hourly(db, id, centsPerHour);
  };
  await add('clu_b_dev', 'tier_devtest', 'team=payments', 25);
  await add('clu_b_std', 'tier_standard', 'team=payments', 75);
  await add('clu_b_box', 'tier_sandbox', 'team=web', 5);
  await hourly(db, null, 10);
  // Last month's spend counts for no budget of this month.
  await db.insert(usageRecords).values(usageRow('clu_b_std', Date.UTC(2026, 9, 31, 23), 99_900));
  return { clock, mailer, ctx, db, as, alice: await as('alice') };
}

function usageRow(clusterId: string | null, hour: number, cents: number, resourceId = 'gp-2-4') {
  const kind = clusterId ? ('node' as const) : ('middleware' as const);
  return { id: newId('usage'), organizationId: ACME, subjectId: clusterId ?? 'ord_middleware', clusterId, hour, kind, resourceId, quantityMilli: 1000, unitPriceMillicents: cents * 1000, amountMillicents: cents * 1000, orderId: null, createdAt: hour };
}

async function hourly(db: Database, clusterId: string | null, centsPerHour: number) {
  const rows = Array.from({ length: METERED_HOURS }, (_, index) => usageRow(clusterId, NOVEMBER + index * HOUR_MS, centsPerHour));
  await insertRowsAsJson(db, usageRecords, rows);
}

/** `euros` more spend of the cluster in the last metered hour. */
let extra = 0;
async function spend(db: Database, clusterId: string, euros: number) {
  extra += 1;
  await db.insert(usageRecords).values(usageRow(clusterId, NOVEMBER + (METERED_HOURS - 1) * HOUR_MS, euros * 100, `extra-${extra}`));
}

describe('budgets', () => {
  it('sums this month’s spend of each scope (the organisation, a cluster, a tier, a node-pool label) and forecasts it by the one formula', async () => {
    const t = await bed();
    await t.alice.budgets.create({ name: 'All', scope: 'organization', amountCents: 100_000 });
    await t.alice.budgets.create({ name: 'Dev', scope: 'cluster', clusterId: 'clu_b_dev', amountCents: 20_000 });
    await t.alice.budgets.create({ name: 'Standard', scope: 'tier', tierId: 'tier_standard', amountCents: 60_000 });
    await t.alice.budgets.create({ name: 'Payments', scope: 'label', label: 'team=payments', amountCents: 80_000 });
    const list = await (await t.as('vera')).budgets.list();
    const byName = Object.fromEntries(list.budgets.map((budget) => [budget.name, budget]));
    expect(list.month).toBe(NOVEMBER);
    // 372 hours at €1.15 is €427.80; at that pace the 720 hours of November are €828.
    expect(byName.All).toMatchObject({ target: 'The whole organisation', actualCents: 42_780, actualPercent: 42, forecastCents: 82_800, forecastPercent: 82, thresholds: [50, 80, 100], alerts: [] });
    expect(byName.Dev).toMatchObject({ target: 'b_dev', actualCents: 9_300, actualPercent: 46, forecastCents: 18_000, forecastPercent: 90 });
    expect(byName.Standard).toMatchObject({ target: 'Standard clusters', actualCents: 27_900, actualPercent: 46, forecastCents: 54_000 });
    expect(byName.Payments).toMatchObject({ target: 'Clusters labelled team=payments', actualCents: 37_200, actualPercent: 46, forecastCents: 72_000, forecastPercent: 90 });
    // The seeded clusters' labels too: every label a pool of the organisation carries.
    expect(list.choices.labels).toEqual(['role=system', 'team=payments', 'team=web', 'workload=spark']);
    expect(list.choices.clusters.find((cluster) => cluster.id === 'clu_b_dev')).toMatchObject({ tierId: 'tier_devtest', hibernates: true });
    expect(list.choices.tiers.find((tier) => tier.id === 'tier_standard')).toMatchObject({ hibernates: false });
  });

  it('alerts each threshold once per basis: the forecast crosses before the actual does', async () => {
    const t = await bed();
    const budget = await t.alice.budgets.create({ name: 'Payments', scope: 'label', label: 'team=payments', amountCents: 80_000 });
    // Actual 46 % (€372 of €800), forecast 90 % (€720).
    expect(await evaluateBudgets(t.ctx, NOW)).toMatchObject({ checked: 1, alerts: 2 });
    const alerts = async () => (await t.db.select().from(budgetAlerts).where(eq(budgetAlerts.budgetId, budget.id))).map((alert) => `${alert.basis} ${alert.thresholdPercent}`).sort();
    expect(await alerts()).toEqual(['forecast 50', 'forecast 80']);
    expect(await evaluateBudgets(t.ctx, NOW)).toMatchObject({ alerts: 0 });
    // €300 more in the last hour: actual €672 (84 %); the last day's run rate, (24 × €1 + €300) ÷ 24 = €13.50 an hour for 348 hours, makes €5,370.
    await spend(t.db, 'clu_b_std', 300);
    expect(await evaluateBudgets(t.ctx, NOW + 60_000)).toMatchObject({ alerts: 3 });
    expect(await alerts()).toEqual(['actual 50', 'actual 80', 'forecast 100', 'forecast 50', 'forecast 80']);
    const listed = (await t.alice.budgets.list()).budgets[0]!;
    expect(listed).toMatchObject({ actualCents: 67_200, actualPercent: 84, forecastCents: 537_000, forecastPercent: 671 });
    expect(listed.alerts.map((alert) => `${alert.basis} ${alert.thresholdPercent}`)).toEqual(['forecast 50', 'forecast 80', 'actual 50', 'actual 80', 'forecast 100']);
    expect(listed.alerts.find((alert) => alert.basis === 'actual' && alert.thresholdPercent === 80)).toMatchObject({ spendCents: 67_200, budgetCents: 80_000 });
    // Two runs raised alerts: two notifications to Alice.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, 'usr_demo_alice'));
    expect(told.map((row) => row.message)).toEqual([
      'Budget "Payments" (€800.00 a month): the month-end forecast passed 50 %; the month-end forecast passed 80 %. €372.00 spent so far in 2026-11 (46 %), €720.00 forecast by the end of the month (90 %).',
      'Budget "Payments" (€800.00 a month): spend so far passed 50 %; spend so far passed 80 %; the month-end forecast passed 100 %. €672.00 spent so far in 2026-11 (84 %), €5,370.00 forecast by the end of the month (671 %).',
    ]);
  });

  it('raises an alert once when two evaluations run at once: one alert, one notification, one mail, one webhook', async () => {
    const t = await bed();
    await t.alice.webhooks.create({ url: 'https://hooks.example.com/budgets', events: ['budget.threshold_reached'] });
    // €93 of €150 so far is 62 % (below the only threshold, 100 %), but €180 forecast.
    const budget = await t.alice.budgets.create({ name: 'Dev', scope: 'cluster', clusterId: 'clu_b_dev', amountCents: 15_000, thresholds: [100] });
    const runs = await Promise.all([evaluateBudgets(t.ctx, NOW), evaluateBudgets(t.ctx, NOW)]);
    expect(runs.map((run) => run.alerts).sort()).toEqual([0, 1]);
    expect(await t.db.select().from(budgetAlerts).where(eq(budgetAlerts.budgetId, budget.id))).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, 'usr_demo_alice'));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('the month-end forecast passed 100 %');
    expect(t.mailer.sent.filter((mail) => mail.to === 'alice@acme.example').map((mail) => mail.subject)).toEqual(['Budget alert: Dev at 62 %']);
    // Bruno manages billing and hears of it; Marc (a member) and Vera (a viewer) do not.
    expect(t.mailer.sent.map((mail) => mail.to)).toContain('bruno@acme.example');
    expect(t.mailer.sent.map((mail) => mail.to)).not.toContain('marc@acme.example');
    const deliveries = await t.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.organizationId, ACME), eq(webhookDeliveries.eventType, 'budget.threshold_reached')));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.eventId).toBe(`budget.threshold_reached:${budget.id}:2026-11:forecast:100`);
    expect(JSON.parse(deliveries[0]!.payload).data).toEqual({
      budgetId: budget.id,
      name: 'Dev',
      scope: { type: 'cluster', clusterId: 'clu_b_dev', tierId: null, label: null },
      threshold: 100,
      basis: 'forecast',
      spendCents: 18_000,
      budgetCents: 15_000,
      month: '2026-11',
    });
  });

  it('hibernates the running Dev/Test and Sandbox clusters of a budget once its actual reaches 100 %, with an audit entry', async () => {
    const t = await bed();
    // €93 of €120: 77 %, short of the only threshold; then €30 more reaches 100 %.
    const budget = await t.alice.budgets.create({ name: 'Dev', scope: 'cluster', clusterId: 'clu_b_dev', amountCents: 12_000, thresholds: [80], hibernateOnReach: true });
    expect(await evaluateBudgets(t.ctx, NOW)).toMatchObject({ hibernated: [] });
    await spend(t.db, 'clu_b_dev', 30);
    const runs = await Promise.all([evaluateBudgets(t.ctx, NOW), evaluateBudgets(t.ctx, NOW)]);
    expect(runs.flatMap((run) => run.hibernated)).toEqual(['clu_b_dev']);
    const [operation] = await t.db.select().from(clusterOperations).where(and(eq(clusterOperations.clusterId, 'clu_b_dev'), eq(clusterOperations.type, 'hibernate')));
    expect(operation).toMatchObject({ requestedBy: null, params: { budgetId: budget.id } });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'cluster.operation.hibernate'), eq(auditLog.targetId, 'clu_b_dev')));
    expect(entry).toMatchObject({ actorUserId: null, organizationId: ACME });
    expect(entry!.metadata).toMatchObject({ params: { budgetId: budget.id } });
    expect((await t.alice.budgets.list()).budgets[0]!.alerts.map((alert) => `${alert.basis} ${alert.thresholdPercent}`)).toContain('actual 100');
  });

  it('allows "hibernate when reached" only where every cluster of the scope is Dev/Test or Sandbox', async () => {
    const t = await bed();
    expect(await refusal(t.alice.budgets.create({ name: 'Std', scope: 'tier', tierId: 'tier_standard', amountCents: 10_000, hibernateOnReach: true }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'hibernateOnReach: Hibernating when the budget is reached is only for Dev/Test and Sandbox clusters; Standard clusters keep running.',
    });
    expect(await refusal(t.alice.budgets.create({ name: 'Payments', scope: 'label', label: 'team=payments', amountCents: 10_000, hibernateOnReach: true }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'hibernateOnReach: Hibernating when the budget is reached is only for Dev/Test and Sandbox clusters; b_std is a Standard cluster, which keeps running.',
    });
    // Over REST the refusal names its field, as a schema failure does.
    const refused = await t.alice.budgets.create({ name: 'Std', scope: 'cluster', clusterId: 'clu_b_std', amountCents: 10_000, hibernateOnReach: true }).catch((error: unknown) => error);
    expect(refused instanceof TRPCError && validationFieldsOf(refused)).toEqual([{ path: 'hibernateOnReach', message: expect.stringContaining('b_std is a Standard cluster') }]);
    await t.alice.budgets.create({ name: 'Web', scope: 'label', label: 'team=web', amountCents: 10_000, hibernateOnReach: true });
    const sandbox = await t.alice.budgets.create({ name: 'Sandboxes', scope: 'tier', tierId: 'tier_sandbox', amountCents: 10_000, hibernateOnReach: true });
    // Moving a hibernating budget onto a production cluster is refused the same way.
    expect((await refusal(t.alice.budgets.update({ id: sandbox.id, scope: 'cluster', clusterId: 'clu_b_std' }))).message).toMatch(/^hibernateOnReach: .*b_std is a Standard cluster/);
    expect(await t.alice.budgets.update({ id: sandbox.id, scope: 'cluster', clusterId: 'clu_b_std', hibernateOnReach: false })).toMatchObject({ scope: 'cluster', clusterId: 'clu_b_std', tierId: null, hibernateOnReach: false });
  });

  it('refuses bad input with the field and a sentence, a taken name, and roles that do not manage billing', async () => {
    const t = await bed();
    const bad = async (input: unknown) => (await refusal(t.alice.budgets.create(input as never))).message;
    expect(await bad({ name: 'X', scope: 'cluster', amountCents: 10_000 })).toBe('clusterId: Choose the cluster this budget watches.');
    expect(await bad({ name: 'X', scope: 'label', label: 'payments', amountCents: 10_000 })).toBe('label: A label is key=value, e.g. team=payments.');
    expect(await bad({ name: 'X', scope: 'organization', amountCents: 50 })).toBe('amountCents: The amount is at least €1.00 a month.');
    expect(await bad({ name: 'X', scope: 'organization', amountCents: 10_000, thresholds: [0] })).toBe('thresholds.0: A threshold is at least 1 %.');
    expect(await bad({ name: 'X', scope: 'organization', amountCents: 10_000, thresholds: [50, 50] })).toBe('thresholds: Each threshold once.');
    expect(await bad({ name: ' ', scope: 'galaxy', amountCents: 10_000 })).toBe('name: Name is required.; scope: Scope must be one of: organization, cluster, tier, label.');
    expect(await bad({ name: 'X', scope: 'cluster', clusterId: 'clu_demo_globex_missing', amountCents: 10_000 })).toBe('clusterId: No cluster with this id in your organisation.');
    expect(await bad({ name: 'X', scope: 'tier', tierId: 'tier_nope', amountCents: 10_000 })).toBe('tierId: No such tier in the catalogue.');
    await t.alice.budgets.create({ name: 'All', scope: 'organization', amountCents: 10_000 });
    expect(await refusal(t.alice.budgets.create({ name: 'All', scope: 'organization', amountCents: 20_000 }))).toEqual({ code: 'CONFLICT', message: 'A budget named "All" already exists; choose another name.' });
    expect((await refusal((await t.as('marc')).budgets.create({ name: 'Mine', scope: 'organization', amountCents: 10_000 }))).code).toBe('FORBIDDEN');
    expect(await (await t.as('bruno')).budgets.create({ name: 'Bruno', scope: 'organization', amountCents: 10_000 })).toMatchObject({ name: 'Bruno' });
  });

  it('serves /api/budgets from the budgets procedures', () => {
    const table = Object.fromEntries(restRoutes().map((route) => [`${route.method} ${route.path}`, route.procedure]));
    expect(table).toMatchObject({ 'GET /api/budgets': 'budgets.list', 'POST /api/budgets': 'budgets.create', 'PATCH /api/budgets/{id}': 'budgets.update', 'DELETE /api/budgets/{id}': 'budgets.delete' });
  });

  it("answers 404 for another organisation's budget, and a second delete at once finds nothing", async () => {
    const t = await bed();
    const budget = await t.alice.budgets.create({ name: 'All', scope: 'organization', amountCents: 10_000 });
    const gabriel = await t.as('gabriel');
    const notFound = { code: 'NOT_FOUND', message: 'No budget with this id in your organisation.' };
    expect(await refusal(gabriel.budgets.update({ id: budget.id, amountCents: 1_000_00 }))).toEqual(notFound);
    expect(await refusal(gabriel.budgets.delete({ id: budget.id }))).toEqual(notFound);
    expect((await gabriel.budgets.list()).budgets).toEqual([]);
    const outcomes = await Promise.allSettled([t.alice.budgets.delete({ id: budget.id }), t.alice.budgets.delete({ id: budget.id })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await t.alice.budgets.list()).budgets).toEqual([]);
  });
});
