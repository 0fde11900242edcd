/**
 * The hourly evaluation of budgets (issue 34), run by the housekeeping cron right after metering:
 * each budget's month-to-date actual and month-end forecast (`monthForecast`) set against each of
 * its thresholds. A threshold crossed on a basis is alerted once per month: the run inserts the
 * alerts with ON CONFLICT DO NOTHING on (budget, month, threshold, basis), and only the run whose
 * insert returned a row tells anyone (a notification and an email to those who manage billing, a
 * `budget.threshold_reached` webhook per alert) and, for a budget that hibernates when reached,
 * puts its Dev/Test and Sandbox clusters to sleep.
 */
import { BUDGET_BASES, budgetAlerts, budgets, newId, type Budget, type BudgetAlert, type BudgetBasis } from '@kubemarket/db';
import { euros, utcMonthStart } from '@kubemarket/shared';
import { asc } from 'drizzle-orm';
import { plainMail } from '../../platform/emails';
import { insertRowsAsJson } from '../../platform/json-rows';
import { logError } from '../../platform/log';
import { sendMailSafely } from '../../platform/mailer';
import { notifyMany } from '../../platform/notify';
import { emitEvent } from '../../platform/webhook-events';
import { billingRecipients } from '../billing';
import { hibernateForBudget, type EngineDeps } from '../clusters';
import { budgetStanding, clustersOf, organizationSpend, type BudgetStanding, type OrganizationSpend } from './spend';

export interface BudgetRun {
  /** Budgets read. */
  checked: number;
  /** Alerts this run raised (an alert another run raised is not counted again). */
  alerts: number;
  /** Clusters this run put to sleep because their budget was reached. */
  hibernated: string[];
}

const monthName = (month: number) => new Date(month).toISOString().slice(0, 7);

/** The alerts the standing calls for: each threshold on each basis reached; 100 % of actual always when the budget hibernates. */
function alertsDue(budget: Budget, standing: BudgetStanding, month: number, now: number): BudgetAlert[] {
  const spend: Record<BudgetBasis, number> = { actual: standing.actualCents, forecast: standing.forecastCents };
  const thresholds: Record<BudgetBasis, number[]> = {
    actual: budget.hibernateOnReach ? [...new Set([...budget.thresholds, 100])] : budget.thresholds,
    forecast: budget.thresholds,
  };
  return BUDGET_BASES.flatMap((basis) =>
    thresholds[basis]
      .filter((threshold) => spend[basis] * 100 >= threshold * budget.amountCents)
      .map((threshold) => ({
        id: newId('budgetAlert'),
        budgetId: budget.id,
        organizationId: budget.organizationId,
        month,
        thresholdPercent: threshold,
        basis,
        spendCents: spend[basis],
        budgetCents: budget.amountCents,
        createdAt: now,
      })),
  );
}

const describeAlert = (alert: BudgetAlert) => `${alert.basis === 'actual' ? 'spend so far' : 'the month-end forecast'} passed ${alert.thresholdPercent} %`;

/** Tells those who manage billing, once, about the alerts this run raised; a webhook per alert. */
async function announce(deps: EngineDeps, budget: Budget, raised: BudgetAlert[], standing: BudgetStanding, month: number) {
  const reached = raised.some((alert) => alert.basis === 'actual' && alert.thresholdPercent >= 100);
  const what = `Budget "${budget.name}" (${euros(budget.amountCents)} a month): ${raised.map(describeAlert).join('; ')}.`;
  const figures = `${euros(standing.actualCents)} spent so far in ${monthName(month)} (${standing.actualPercent} %), ${euros(standing.forecastCents)} forecast by the end of the month (${standing.forecastPercent} %).`;
  const recipients = await billingRecipients(deps.db, budget.organizationId);
  await notifyMany(
    deps,
    recipients.map((member) => member.id),
    { type: reached ? 'error' : 'warning', message: `${what} ${figures}` },
  );
  for (const member of recipients) {
    await sendMailSafely(
      deps.ports.mailer,
      plainMail(member.email, `Budget alert: ${budget.name} at ${standing.actualPercent} %`, [`Hello ${member.name},`, what, figures, `Budgets: ${deps.request.appUrl}/billing`]),
    );
  }
  for (const alert of raised) {
    await emitEvent(deps, budget.organizationId, {
      type: 'budget.threshold_reached',
      key: `${budget.id}:${monthName(month)}:${alert.basis}:${alert.thresholdPercent}`,
      data: {
        budgetId: budget.id,
        name: budget.name,
        scope: { type: budget.scope, clusterId: budget.clusterId, tierId: budget.tierId, label: budget.label },
        threshold: alert.thresholdPercent,
        basis: alert.basis,
        spendCents: alert.spendCents,
        budgetCents: alert.budgetCents,
        month: monthName(month),
      },
    });
  }
}

async function evaluateOne(deps: EngineDeps, budget: Budget, spend: OrganizationSpend, now: number, run: BudgetRun) {
  const month = utcMonthStart(now);
  const standing = await budgetStanding(deps.db, budget, spend, now);
  const due = alertsDue(budget, standing, month, now);
  if (due.length === 0) return;
  // The database arbitrates: of two runs at once, each alert is returned to one of them only.
  const raised = await insertRowsAsJson(deps.db, budgetAlerts, due).onConflictDoNothing().returning();
  if (raised.length === 0) return;
  run.alerts += raised.length;
  await announce(deps, budget, raised, standing, month);
  if (!budget.hibernateOnReach || !raised.some((alert) => alert.basis === 'actual' && alert.thresholdPercent === 100)) return;
  for (const cluster of clustersOf(budget, spend.clusters)) {
    if (cluster.deleted || cluster.status !== 'running') continue;
    const outcome = await hibernateForBudget(deps, cluster.id, budget);
    if ('operationId' in outcome) run.hibernated.push(cluster.id);
  }
}

/** Evaluates every budget, organisation by organisation; one organisation's failure is logged and does not stop the others. */
export async function evaluateBudgets(deps: EngineDeps, now: number): Promise<BudgetRun> {
  const run: BudgetRun = { checked: 0, alerts: 0, hibernated: [] };
  const rows = await deps.db.select().from(budgets).orderBy(asc(budgets.organizationId), asc(budgets.id));
  const byOrganization = new Map<string, Budget[]>();
  for (const budget of rows) byOrganization.set(budget.organizationId, [...(byOrganization.get(budget.organizationId) ?? []), budget]);
  for (const [organizationId, list] of byOrganization) {
    try {
      const spend = await organizationSpend(deps.db, organizationId);
      for (const budget of list) {
        run.checked += 1;
        await evaluateOne(deps, budget, spend, now, run);
      }
    } catch (error) {
      logError(`Evaluating the budgets of ${organizationId} failed`, error);
    }
  }
  return run;
}
