import type { D1Like } from '../../scripts/lib/race-scenarios.mjs';
import { workerDatabaseAt } from '../../scripts/lib/worker-database.mjs';

/**
 * The served Worker's own D1 database: for what no screen or API of the product makes (an invoice
 * of a past month for a fresh organisation) and for counting effects. scripts/e2e.mjs passes
 * E2E_DATABASE_URL, where the process serving the Worker runs each statement in the Worker's own
 * workerd (scripts/lib/worker-database.mjs). The tests used to open the same SQLite file from a
 * second workerd (wrangler's platform proxy); while it held the file's lock, the Worker's own
 * statements failed with SQLITE_BUSY: a 500 in whatever test ran beside it.
 */
export function workerDatabase(): Promise<D1Like> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the browser tests with `pnpm test:e2e` (scripts/e2e.mjs)');
  return Promise.resolve(workerDatabaseAt(url));
}
