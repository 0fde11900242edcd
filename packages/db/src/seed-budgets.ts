import { utcMonthStart } from '@kubemarket/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from './client';
import { budgetAlerts, budgets, usageRecords } from './schema';

export const DEMO_BUDGET_ID = 'bdg_demo_acme_monthly';
/** Where Acme's organisation-wide budget stands on a first run: past its 80 % alert, short of 100 %. */
export const DEMO_BUDGET_PERCENT = 85;
const DEMO_BUDGET_ALERTS = [50, 80] as const;

/**
 * Acme's monthly budget over the whole organisation (issue 34), its amount chosen from what Acme's
 * clusters were metered this month so that the month to date is 85 % of it on a first run, with
 * the 50 % and 80 % alerts of the actual already raised (at the hours the spend would have crossed
 * them, were it spread evenly). It needs this month's usage, so it runs after the metering
 * (scripts/seed.ts); without usage yet (the first hour of a month) there is nothing to set it
 * from and it is left out. Seeding again keeps the first amount and alerts.
 */
export async function seedDemoBudget(db: Database, now = Date.now()): Promise<void> {
  const organizationId = 'org_demo_acme';
  const month = utcMonthStart(now);
  const [row] = await db
    .select({ millicents: sql<number>`coalesce(sum(${usageRecords.amountMillicents}), 0)` })
    .from(usageRecords)
    .where(and(eq(usageRecords.organizationId, organizationId), gte(usageRecords.hour, month)));
  const actualCents = Math.round(Number(row?.millicents ?? 0) / 1000);
  if (actualCents === 0) return;
  // Rounded down, so the actual is never below 85 % of it (85 % exactly, as the list rounds down too).
  const amountCents = Math.floor((actualCents * 100) / DEMO_BUDGET_PERCENT);
  const createdAt = month;
  const inserted = await db
    .insert(budgets)
    .values({ id: DEMO_BUDGET_ID, organizationId, name: 'Acme monthly', scope: 'organization', amountCents, thresholds: [50, 80, 100], hibernateOnReach: false, createdByUserId: 'usr_demo_bruno', createdAt, updatedAt: createdAt })
    .onConflictDoNothing()
    .returning({ id: budgets.id });
  // Alerts only with the budget they belong to: a budget kept from an earlier run has its own amount and month.
  if (inserted.length === 0) return;
  await db
      .insert(budgetAlerts)
      .values(
        DEMO_BUDGET_ALERTS.map((threshold) => ({
          id: `bda_demo_acme_actual_${threshold}`,
          budgetId: DEMO_BUDGET_ID,
          organizationId,
          month,
          thresholdPercent: threshold,
          basis: 'actual' as const,
          spendCents: Math.ceil((amountCents * threshold) / 100),
          budgetCents: amountCents,
          createdAt: Math.round(month + ((now - month) * threshold) / DEMO_BUDGET_PERCENT),
        })),
      )
      .onConflictDoNothing();
}
