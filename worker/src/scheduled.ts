import { applyHibernationSchedules, ecbRatesSource, logError, purgeExpired, refreshExchangeRates, sealStoredTotpSecrets } from '@kubemarket/api';
import { secretBoxFor } from './config';
import { databaseFor, operatorContext } from './context';
import type { Env } from './env';

/** Crons of wrangler.toml `[triggers]`, each mapped to its job. */
export const CRONS = {
  exchangeRates: '0 */6 * * *',
  housekeeping: '17 * * * *',
  hibernation: '*/5 * * * *',
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
    case CRONS.housekeeping: {
      const db = databaseFor(env);
      const purged = await purgeExpired(db, now);
      console.log('Purged expired rows', purged);
      // Seeds stored before encryption, or under a rotated-out key, are sealed under the current key.
      try {
        const sealed = await sealStoredTotpSecrets(db, secretBoxFor(env));
        if (sealed > 0) console.log(`Sealed ${sealed} TOTP secret(s) under the current key`);
      } catch (error) {
        logError('Sealing TOTP secrets failed', error);
      }
      return;
    }
    case CRONS.hibernation: {
      const run = await applyHibernationSchedules(operatorContext(env), now, now - HIBERNATION_EVERY_MS);
      if (run.started.length > 0 || run.skipped.length > 0) console.log('Scheduled hibernation', { started: run.started, skipped: run.skipped });
      return;
    }
    default:
      console.warn(`No scheduled job for cron "${cron}".`);
  }
}
