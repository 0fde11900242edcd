// What the list benchmarks (bench-usage, bench-staff-users, bench-clusters) share: bulk inserts into
// a throwaway local D1, timing one path with sequential requests, and the table printed against
// GET /api/cluster-tiers measured in the same run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, sortedNumbers } from './bench-client.mjs';
import { buildApp, prepareDatabase } from './local-worker.mjs';

/**
 * The app built (unless BENCH_SKIP_BUILD=1), a migrated and seeded throwaway local D1, then
 * `fill(db)` adding the rows to measure over: answers the database's folder and what `fill` answered.
 */
export async function benchDatabase(name, fill) {
  if (!process.env.BENCH_SKIP_BUILD) buildApp();
  const persistTo = mkdtempSync(join(tmpdir(), `kubemarket-bench-${name}-`));
  prepareDatabase(persistTo);
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy({ configPath: 'wrangler.toml', persist: { path: `${persistTo}/v3` }, remoteBindings: false });
  try {
    return { persistTo, filled: await fill(proxy.env.DB) };
  } finally {
    await proxy.dispose();
  }
}

/** Multi-row INSERTs of literal values (D1 binds at most 100 parameters), 20 statements a batch. */
export async function insertAll(db, table, columns, rows) {
  const statements = [];
  for (let index = 0; index < rows.length; index += 500) {
    statements.push(db.prepare(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES ${rows.slice(index, index + 500).join(',')}`));
  }
  for (let index = 0; index < statements.length; index += 20) await db.batch(statements.slice(index, index + 20));
}

/**
 * `requests` sequential GETs of `path` with the session cookie: p50 and p99 in ms, and the list's
 * `total` (from the first answer) when `counted` says the path answers a page.
 */
export async function measurePath(origin, path, cookie, requests, counted = () => false) {
  const timings = [];
  let total = null;
  for (let index = 0; index < requests; index += 1) {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 500)}`);
    timings.push(performance.now() - started);
    if (index === 0 && counted(path)) total = JSON.parse(body).total;
  }
  const sorted = sortedNumbers(timings);
  return { path, p50: percentile(sorted, 50), p99: percentile(sorted, 99), total };
}

/**
 * Measures each list path after warming every path once (first-request compilation), with
 * /api/cluster-tiers first as the baseline row `printAgainstBaseline` compares them to.
 */
export async function measureAgainstTiers(measure, cookie, paths) {
  for (const path of ['/api/cluster-tiers', ...paths]) await measure(path, cookie);
  const rows = [await measure('/api/cluster-tiers', cookie)];
  for (const path of paths) rows.push(await measure(path, cookie));
  return rows;
}

/** Prints each row's p50/p99 and its p50 against the baseline row's (the first), with a matches column when rows have totals. */
export function printAgainstBaseline(rows) {
  const [baseline] = rows;
  const counted = rows.some((row) => row.total !== null && row.total !== undefined);
  console.log(`${'path'.padEnd(64)}${counted ? 'matches'.padStart(7) + '   ' : ''}p50 ms   p99 ms   p50 vs tiers`);
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(64)}${counted ? `${String(row.total ?? '').padStart(7)}   ` : ''}${row.p50.toFixed(1).padStart(6)}   ${row.p99.toFixed(1).padStart(6)}   ${(row.p50 / baseline.p50).toFixed(2).padStart(11)}x`,
    );
  }
}
