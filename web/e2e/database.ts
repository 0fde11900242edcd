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
  return (await proxy).env.DB;
}

afterAll(async () => {
  const opened = proxy;
  proxy = undefined;
  await (await opened)?.dispose();
});
