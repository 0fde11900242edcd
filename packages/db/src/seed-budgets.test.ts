import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { budgetAlerts, budgets, usageRecords } from './schema';
import { DEMO_BUDGET_ID, seedDemoBudget } from './seed-budgets';
import { createTestDbSeededAt } from './testing';

describe('seed: budgets', () => {
  const NOW = Date.UTC(2026, 10, 23, 12, 20);
  const HOUR_MS = 3_600_000;
  const usage = (id: string, hour: number, cents: number) => ({ id, organizationId: 'org_demo_acme', subjectId: 'clu_demo_webshop', clusterId: 'clu_demo_webshop', hour, kind: 'node' as const, resourceId: 'gp-4-16', quantityMilli: 1000, unitPriceMillicents: cents * 1000, amountMillicents: cents * 1000, orderId: null, createdAt: hour });

  it("sets Acme's organisation-wide budget so this month's metered usage is 85 % of it, with its 50 % and 80 % alerts raised; seeding again changes nothing", async () => {
    const db = await createTestDbSeededAt(NOW);
    // €850 metered this month (and last month's usage, which does not count).
    await db.insert(usageRecords).values([usage('use_a', Date.UTC(2026, 10, 2), 60_000), usage('use_b', NOW - 2 * HOUR_MS, 25_000), usage('use_c', Date.UTC(2026, 9, 30), 99_999)]);
    await seedDemoBudget(db, NOW);
    await seedDemoBudget(db, NOW + HOUR_MS);

    expect(await db.select().from(budgets)).toEqual([
      expect.objectContaining({ id: DEMO_BUDGET_ID, organizationId: 'org_demo_acme', name: 'Acme monthly', scope: 'organization', amountCents: 100_000, thresholds: [50, 80, 100], hibernateOnReach: false }),
    ]);
    const alerts = await db.select().from(budgetAlerts).where(eq(budgetAlerts.budgetId, DEMO_BUDGET_ID)).orderBy(asc(budgetAlerts.thresholdPercent));
    expect(alerts.map(({ month, thresholdPercent, basis, spendCents, budgetCents }) => ({ month, thresholdPercent, basis, spendCents, budgetCents }))).toEqual([
      { month: Date.UTC(2026, 10, 1), thresholdPercent: 50, basis: 'actual', spendCents: 50_000, budgetCents: 100_000 },
      { month: Date.UTC(2026, 10, 1), thresholdPercent: 80, basis: 'actual', spendCents: 80_000, budgetCents: 100_000 },
    ]);
    expect(alerts.every((alert) => alert.createdAt > Date.UTC(2026, 10, 1) && alert.createdAt < NOW)).toBe(true);
  });

  it('sets no budget before anything of the month is metered', async () => {
    const db = await createTestDbSeededAt(NOW);
    await seedDemoBudget(db, NOW);
    expect(await db.select().from(budgets)).toEqual([]);
  });
});
