// `pnpm exec node scripts/bench-usage.mjs`: inserts ROWS usage records for one organisation (Acme)
// into a fresh local D1, serves the built Worker on 127.0.0.1, and prints the p50/p99 of
// GET /api/usage for one month against GET /api/cluster-tiers, measured in the same run. Not a test. BENCH_SKIP_BUILD=1 reuses the last build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordSession, percentile, sortedNumbers } from './lib/bench-client.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ORGANIZATION = 'org_demo_acme';
const HOUR = 3_600_000;
const KINDS = ['control_plane', 'node', 'addon', 'storage', 'egress'];
const SUBJECTS = ['clu_demo_webshop', 'clu_demo_analytics', 'clu_demo_staging', 'clu_bench_a', 'clu_bench_b'];

if (!process.env.BENCH_SKIP_BUILD) buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-bench-usage-'));
prepareDatabase(persistTo);

/** ROWS rows, newest hour first: every hour has one row per subject and kind, so 25 rows an hour. */
async function insertRows() {
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy({ configPath: 'wrangler.toml', persist: { path: `${persistTo}/v3` }, remoteBindings: false });
  try {
    const start = Math.floor(Date.now() / HOUR) * HOUR;
    const values = [];
    for (let index = 0; index < ROWS; index += 1) {
      const perHour = SUBJECTS.length * KINDS.length;
      const hour = start - Math.floor(index / perHour) * HOUR;
      const subject = SUBJECTS[index % SUBJECTS.length];
      const kind = KINDS[Math.floor(index / SUBJECTS.length) % KINDS.length];
      const amount = 1_000 + (index % 7) * 250;
      values.push(`('use_bench_${index}','${ORGANIZATION}','${subject}','${subject}',${hour},'${kind}','bench-${kind}',1000,${amount},${amount},NULL,0)`);
    }
    const statements = [];
    for (let index = 0; index < values.length; index += 500) {
      statements.push(
        proxy.env.DB.prepare(
          `INSERT OR IGNORE INTO usage_records (id, organization_id, subject_id, cluster_id, hour, kind, resource_id, quantity_milli, unit_price_millicents, amount_millicents, order_id, created_at) VALUES ${values.slice(index, index + 500).join(',')}`,
        ),
      );
    }
    for (let index = 0; index < statements.length; index += 20) await proxy.env.DB.batch(statements.slice(index, index + 20));
    const { n } = await proxy.env.DB.prepare('SELECT count(*) AS n FROM usage_records WHERE organization_id = ?').bind(ORGANIZATION).first();
    return n;
  } finally {
    await proxy.dispose();
  }
}

const stored = await insertRows();
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8798), persistTo, quiet: true });
const origin = worker.url;

async function measure(path, cookie) {
  const timings = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    timings.push(performance.now() - started);
  }
  const sorted = sortedNumbers(timings);
  return { path, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

try {
  const { cookie } = await passwordSession(origin, 'alice');
  const today = new Date();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate())).toISOString().slice(0, 10);
  const to = today.toISOString().slice(0, 10);
  // Warm both paths once (first-request compilation), then alternate the measured runs' order.
  await measure('/api/cluster-tiers', cookie);
  const tiers = await measure('/api/cluster-tiers', cookie);
  const usageDay = await measure(`/api/usage?from=${from}&to=${to}&groupBy=day&by=cluster`, cookie);
  const usageKind = await measure(`/api/usage?from=${from}&to=${to}&groupBy=day&by=kind`, cookie);
  console.log(`\n${stored} usage rows for ${ORGANIZATION} (${ROWS} inserted + the seed's metered history), ${REQUESTS} sequential requests each, wrangler dev on ${origin}\n`);
  console.log('path                                                            p50 ms   p99 ms   p50 vs tiers');
  for (const row of [tiers, usageDay, usageKind]) {
    console.log(`${row.path.padEnd(64)}${row.p50.toFixed(1).padStart(6)}   ${row.p99.toFixed(1).padStart(6)}   ${(row.p50 / tiers.p50).toFixed(2).padStart(11)}x`);
  }
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
