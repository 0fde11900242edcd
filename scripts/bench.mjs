// `pnpm bench`: load-tests the local Worker (127.0.0.1 only, bounded in time) and compares
// GET /api/cluster-tiers and the equivalent tRPC query against the bare /healthz route,
// all measured in the same run. Not part of the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// The Worker as it ships: the `vite build` output.
buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-bench-'));
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8798), persistTo, quiet: true });

const targets = [
  { name: 'bare hello (GET /healthz)', path: '/healthz' },
  { name: 'REST GET /api/cluster-tiers', path: '/api/cluster-tiers' },
  { name: 'tRPC catalog.clusterTiers', path: '/trpc/catalog.clusterTiers' },
];

async function measure(path, duration) {
  const result = await autocannon({ url: `${worker.url}${path}`, connections: CONNECTIONS, duration });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

try {
  // Warm every route first (module compile, first D1 open) so no target pays for it.
  for (const target of targets) await measure(target.path, 3);
  const rows = [];
  for (const target of targets) rows.push({ ...target, ...(await measure(target.path, DURATION_S)) });
  const base = rows[0];
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per target, wrangler dev on ${worker.url}\n`);
  console.log('target                          req/s    p50 ms  p99 ms   rps vs bare  p99 vs bare');
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(30)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(7)}` +
        `   ${(row.rps / base.rps).toFixed(2).padStart(9)}x  ${(row.p99 / Math.max(base.p99, 1)).toFixed(2).padStart(9)}x`,
    );
  }
  const [, restRow, trpcRow] = rows;
  console.log(`\nREST vs tRPC throughput: ${(restRow.rps / trpcRow.rps).toFixed(2)}x`);
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
