import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import type { D1Like } from '../../scripts/lib/race-scenarios.mjs';

/**
 * The served Worker's own D1 database (scripts/e2e.mjs passes its state directory in
 * E2E_PERSIST_TO), through wrangler's platform proxy: for what no screen or API of the product
 * makes (an invoice of a past month for a fresh organisation) and for counting effects. Opened on
 * first use, closed after the test file.
 */
let proxy: Promise<Awaited<ReturnType<typeof getPlatformProxy<{ DB: D1Like }>>>> | undefined;

export async function workerDatabase(): Promise<D1Like> {
  const persistTo = process.env.E2E_PERSIST_TO;
  if (!persistTo) throw new Error('E2E_PERSIST_TO is not set: run the browser tests with `pnpm test:e2e` (scripts/e2e.mjs)');
  proxy ??= getPlatformProxy<{ DB: D1Like }>({ configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)), persist: { path: `${persistTo}/v3` }, remoteBindings: false });
  return waitingForLocks((await proxy).env.DB);
}

/**
 * Two workerd processes share the database file here: the served Worker and this proxy. While the
 * Worker writes (the other test files run at the same time), a statement of the proxy may find the
 * file locked and fail ("Failed to get session commit token", SQLITE_BUSY). As SQLite's own
 * busy_timeout does, such a statement is tried again, for at most about two seconds; any other
 * error is the test's.
 */
const LOCKED = /commit token|SQLITE_BUSY|database is locked/i;

async function whenUnlocked<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= 8 || !LOCKED.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

function waitingForLocks(db: D1Like): D1Like {
  return {
    prepare: (query) => ({
      bind: (...values) => {
        const bound = db.prepare(query).bind(...values);
        return { first: () => whenUnlocked(() => bound.first()), run: () => whenUnlocked(() => bound.run()) };
      },
    }),
  };
}

afterAll(async () => {
  const opened = proxy;
  proxy = undefined;
  await (await opened)?.dispose();
});
