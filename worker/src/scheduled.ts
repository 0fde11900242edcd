import { applyHibernationSchedules, ecbRatesSource, evaluateBudgets, emitExpiringKubeconfigs, lateWebhookOrganizations, endExpiredSessions, meterUpTo, generateInvoices, stalledOperations, logError, purgeExpired, refreshAllConnections, refreshExchangeRates, runDunning, sealStoredTotpSecrets, startPendingInstances, takeScheduledBackups } from '@kubemarket/api';
import { secretBoxFor } from './config';
import { databaseFor, operatorContext, paymentsFor, realtimeFor } from './context';
import type { Env } from './env';

/** Crons of wrangler.toml `[triggers]`, each mapped to its job. */
export const CRONS = {
  exchangeRates: '0 */6 * * *',
  housekeeping: '17 * * * *',
  /** Hibernation schedules, and operations whose operator stopped calling (see below). */
  hibernation: '*/5 * * * *',
  /** The previous month's invoices, on the 1st once the month's last hour is metered. */
  invoices: '0 2 1 * *',
  /** Retries of failed invoice charges (days 3, 7 and 14) and overdue marks. */
  dunning: '30 7 * * *',
  /** Every minute, sessions past an expiry or of a disabled account: deleted, their sockets closed (ADR 22). */
  sessions: '* * * * *',
} as const;

/** How often the hibernation job runs: each run covers the five minutes since the one before. */
const HIBERNATION_EVERY_MS = 5 * 60_000;

/**
 * Runs the job of a cron trigger. fetch is a parameter so tests can stand in for the ECB; a
 * failed refresh keeps the stored rates and is logged, and the next run tries again.
 */
export async function runScheduled(
  cron: string,
  env: Env,
  now: number = Date.now(),
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  switch (cron) {
    case CRONS.exchangeRates: {
      const result = await refreshExchangeRates(databaseFor(env), ecbRatesSource(fetchImpl), now);
      if (result.status === 'failed') logError('Exchange rates refresh failed, previous rates kept', result.error);
      else console.log(`Exchange rates ${result.status}: ${result.snapshot.date}`, result.snapshot.rates);
      return;
    }
    case CRONS.sessions: {
      const sweep = await endExpiredSessions(databaseFor(env), realtimeFor(env), now);
      if (sweep.ended > 0) console.log('Ended expired sessions', sweep);
      return;
    }
    case CRONS.housekeeping: {
      const db = databaseFor(env);
      // Sessions go through the sweep first, so that the purge never drops one with open sockets.
      await endExpiredSessions(db, realtimeFor(env), now);
      const purged = await purgeExpired(db, now);
      console.log('Purged expired rows', purged);
      // Seeds stored before encryption, or under a rotated-out key, are sealed under the current key.
      try {
        const sealed = await sealStoredTotpSecrets(db, secretBoxFor(env));
        if (sealed > 0) console.log(`Sealed ${sealed} TOTP secret(s) under the current key`);
      } catch (error) {
        logError('Sealing TOTP secrets failed', error);
      }
      // Usage of every hour that ended since the last metered one (a missed run is caught up here).
      try {
        const context = operatorContext(env);
        const metered = await meterUpTo({ db: context.db, provisioner: context.ports.provisioner }, now);
        if (metered.hours.length > 0) console.log(`Metered ${metered.hours.length} hour(s), ${metered.records} usage record(s)`);
      } catch (error) {
        logError('Usage metering failed', error);
      }
      // Budgets against the spend just metered: each threshold alerted once per month (issue 34).
      try {
        const budgets = await evaluateBudgets(operatorContext(env), now);
        if (budgets.alerts + budgets.hibernated.length > 0) console.log('Budgets', budgets);
      } catch (error) {
        logError('Evaluating budgets failed', error);
      }
      // Daily backups of running middlewares, and expired ones removed (issue 31).
      try {
        const backups = await takeScheduledBackups(db, now);
        if (backups.taken + backups.expired > 0) console.log('Middleware backups', backups);
      } catch (error) {
        logError('Taking middleware backups failed', error);
      }
      // Kubeconfigs ending within a week, announced once each to the webhooks that want it (ADR 36).
      try {
        const context = operatorContext(env);
        const announced = await emitExpiringKubeconfigs(context, now);
        if (announced > 0) console.log(`Enqueued ${announced} kubeconfig.expiring webhook deliveries`);
      } catch (error) {
        logError('Announcing expiring kubeconfigs failed', error);
      }
      // Clusters at other clouds, listed again with each saved connection (issue 16).
      try {
        const context = operatorContext(env);
        const run = await refreshAllConnections({ db: context.db, ports: context.ports });
        if (run.refreshed + run.failed > 0) console.log('Cloud connections refreshed', run);
      } catch (error) {
        logError('Refreshing cloud connections failed', error);
      }
      return;
    }
    case CRONS.hibernation: {
      const context = operatorContext(env);
      const run = await applyHibernationSchedules(context, now, now - HIBERNATION_EVERY_MS);
      if (run.started.length > 0 || run.skipped.length > 0) console.log('Scheduled hibernation', { started: run.started, skipped: run.skipped });
      // A running operation whose step is over a minute late lost its operator (a hand-over that
      // failed after the batch committed, storage lost in a move): hand it over again. Starting an
      // operator that already runs it only moves its alarm to now, and the engine ignores an early call.
      for (const operation of await stalledOperations(context.db, now)) {
        await context.ports.operator.start(operation.clusterId, operation.id).catch((error: unknown) => logError('Restarting a stalled cluster operation failed', error));
        console.log('Restarted a stalled cluster operation', operation);
      }
      // Middlewares paid while their cluster was busy start once it is free (issue 31).
      const started = await startPendingInstances(context).catch((error: unknown) => {
        logError('Starting pending middlewares failed', error);
        return 0;
      });
      if (started > 0) console.log(`Started ${started} pending middleware(s)`);
      // Webhook deliveries whose dispatcher missed its wake are sent now (ADR 36).
      const late = await lateWebhookOrganizations(context.db, now).catch((error: unknown) => {
        logError('Finding late webhook deliveries failed', error);
        return [];
      });
      for (const organizationId of late) await context.ports.webhooks.wake(organizationId).catch((error: unknown) => logError('Waking a webhook dispatcher failed', error));
      return;
    }
    case CRONS.invoices: {
      const context = operatorContext(env);
      const run = await generateInvoices({ db: context.db, ports: { ...context.ports, payments: paymentsFor(env) }, appUrl: context.request.appUrl }, now);
      console.log('Invoices generated', { period: run.period, issued: run.issued.map((invoice) => invoice.number), skipped: run.skipped.length });
      return;
    }
    case CRONS.dunning: {
      const context = operatorContext(env);
      const run = await runDunning({ db: context.db, ports: { ...context.ports, payments: paymentsFor(env) }, appUrl: context.request.appUrl }, now);
      if (run.paid.length + run.retryScheduled.length + run.overdue.length > 0) console.log('Dunning', run);
      return;
    }
    default:
      console.warn(`No scheduled job for cron "${cron}".`);
  }
}
