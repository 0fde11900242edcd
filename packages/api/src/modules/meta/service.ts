import { sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { readStoredRates } from '../currency';

/**
 * The ECB publishes on working days only, and a long holiday weekend leaves four days between
 * two publications; a week without any successful refresh means the refresh is broken.
 */
export const RATES_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export function versionSummary(ctx: Context) {
  return { displayVersion: `v${ctx.config.appVersion}`, environment: ctx.config.environment };
}

/** For /test-service: is the API up, does the database answer, are the rates current. */
export async function health(ctx: Context) {
  const { clock } = ctx.ports;
  const started = clock.now();
  let databaseOk = true;
  try {
    await ctx.db.run(sql`select 1`);
  } catch (error) {
    console.error('Health check: the database did not answer', error);
    databaseOk = false;
  }
  const latencyMs = Math.max(0, clock.now() - started);
  const snapshot = databaseOk ? await readStoredRates(ctx.db).catch(() => null) : null;
  return {
    api: { ok: true as const },
    database: { ok: databaseOk, latencyMs },
    rates: {
      ok: snapshot !== null && clock.now() - snapshot.timestamp <= RATES_MAX_AGE_MS,
      updatedAt: snapshot?.timestamp ?? null,
    },
  };
}
