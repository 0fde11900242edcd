// `pnpm exec node scripts/bench-usage.mjs`: inserts ROWS usage records for one organisation (Acme)
// into a fresh local D1, serves the built Worker on 127.0.0.1, and prints the p50/p99 of
// GET /api/usage for one month against GET /api/cluster-tiers, measured in the same run. Not a test. BENCH_SKIP_BUILD=1 reuses the last build.
import { rmSync } from 'node:fs';
import { passwordSession } from './lib/bench-client.mjs';
import { benchDatabase, insertAll, measurePath, printAgainstBaseline } from './lib/bench-lists.mjs';
import { startLocalWorker } from './lib/local-worker.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ORGANIZATION = 'org_demo_acme';
const HOUR = 3_600_000;
const KINDS = ['control_plane', 'node', 'addon', 'storage', 'egress'];
const SUBJECTS = ['clu_demo_webshop', 'clu_demo_analytics', 'clu_demo_staging', 'clu_bench_a', 'clu_bench_b'];

/** ROWS rows, newest hour first: every hour has one row per subject and kind, so 25 rows an hour. */
async function insertRows(db) {
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
  await insertAll(
    db,
    'usage_records',
    'id, organization_id, subject_id, cluster_id, hour, kind, resource_id, quantity_milli, unit_price_millicents, amount_millicents, order_id, created_at',
    values,
  );
  const { n } = await db.prepare('SELECT count(*) AS n FROM usage_records WHERE organization_id = ?').bind(ORGANIZATION).first();
  return n;
}

const { persistTo, filled: stored } = await benchDatabase('usage', insertRows);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8798), persistTo, quiet: true });
const origin = worker.url;

const measure = (path, cookie) => measurePath(origin, path, cookie, REQUESTS);

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
  console.log(`\n${stored} usage rows for ${ORGANIZATION} (${ROWS} inserted + the seed's metered history), ${REQUESTS} sequential requests each, Miniflare (the built Worker) on ${origin}\n`);
  printAgainstBaseline([tiers, usageDay, usageKind]);
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
