// `pnpm bench`: load-tests the local Worker (127.0.0.1 only, bounded in time) and holds the API
// to issue 35's budgets, each against a baseline measured in the same rounds (ADR 48):
// - catalogue reads (REST GET /api/cluster-tiers, tRPC catalog.clusterTiers), anonymous, served
//   from the isolate's cache with no database round trip: at least 0.9x the requests per second
//   of the bare /healthz route; over tRPC, of /healthz plus what tRPC's fetch adapter itself costs
//   (/healthz scaled by the floor's bare tRPC query against its bare Hono route, same rounds; ADR 51:
//   that adapter alone runs at 0.71-0.86x of a bare route, below the 0.9x no tRPC read could reach);
// - the list pages a signed-in customer opens (clusters, orders, invoices over REST, clusters
//   over tRPC, as the demo user alice), each one D1 round trip: at least 0.7x the requests per
//   second of GET /readyz, the same bare route plus one D1 round trip, and p99 at most 1.5x its
//   p99. Their ratio to /healthz is printed too: on local workerd one D1 round trip costs more
//   than the whole bare route (D1 is a Durable Object on the same machine, each query a JSON
//   request checked on both sides), so no route with one can reach 0.7x of a route without.
// Prints every figure beside its budget (each ratio ok or OVER) and exits 1 when one is over.
// Not part of the tests.
//
// The stack's floor, in the same rounds and the product's own isolate (worker/src/bench-floor.ts,
// development only, before every middleware): a bare Hono route, a bare tRPC query (tRPC's fetch
// adapter and nothing else) and one D1 SELECT 1, each against the bare Hono route.
//
// Figures: docs/changelog.md (issue 35) and ADR 48.
//
// Env: BENCH_DURATION (s per target, default 10), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS
// (default 5: each target's time is split into rounds taken in turn, every other round in reverse, so a burst of load from
// elsewhere on the machine does not fall on one target only), BENCH_PORT (default 8798),
// BENCH_SKIP_BUILD=1 (measure the web/dist already built).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { devSession } from './lib/bench-client.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const WARM_UP_S = 3;

const CATALOGUE = { rps: 0.9 };
const SIGNED_IN = { rps: 0.7, p99: 1.5 };

// The Worker as it ships: the `vite build` output.
if (!process.env.BENCH_SKIP_BUILD) buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-bench-'));
prepareDatabase(persistTo);
const port = Number(process.env.BENCH_PORT ?? 8798);
const worker = await startLocalWorker({ port, persistTo, quiet: true });
function measure(target, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${worker.url}${target.path}`, headers: target.headers ?? {}, connections: CONNECTIONS, duration }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx || result.errors) return reject(new Error(`${target.path}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result);
    });
  });
}

const fmt = (value, digits = 2) => value.toFixed(digits);

try {
  // alice owns the demo organisation (clusters, orders, invoices); dev.login skips password
  // hashing so the sign-in itself is not what gets measured.
  const alice = await devSession(worker.url, 'alice');
  const signedIn = { Cookie: alice.cookie };
  // What the stack itself charges, in the product's own isolate (worker/src/bench-floor.ts, development only).
  const floor = [
    { name: 'floor: bare Hono route', path: '/__floor/healthz', floor: true },
    { name: 'floor: bare tRPC query', path: '/__floor/trpc/tiers', floor: true },
    { name: 'floor: 1 D1 round trip (SELECT 1)', path: '/__floor/d1', floor: true },
  ];
  const targets = [
    { name: 'bare hello (GET /healthz)', path: '/healthz' },
    { name: 'REST GET /api/cluster-tiers', path: '/api/cluster-tiers', budget: CATALOGUE },
    { name: 'tRPC catalog.clusterTiers', path: '/trpc/catalog.clusterTiers', budget: CATALOGUE, overTrpc: true },
    { name: 'bare + 1 D1 trip (GET /readyz)', path: '/readyz', roundTrip: true },
    { name: 'alice GET /api/clusters', path: '/api/clusters', headers: signedIn, budget: SIGNED_IN },
    { name: 'alice GET /api/orders', path: '/api/orders', headers: signedIn, budget: SIGNED_IN },
    { name: 'alice GET /api/billing/invoices', path: '/api/billing/invoices', headers: signedIn, budget: SIGNED_IN },
    { name: 'alice tRPC clusters.list', path: '/trpc/clusters.list', headers: signedIn, budget: SIGNED_IN },
    ...floor,
  ];

  // Warm every route first (module compile, first D1 open) so no target pays for it.
  for (const target of targets) await measure(target, WARM_UP_S);
  const runs = new Map(targets.map((target) => [target, []]));
  const slice = Math.max(1, Math.round(DURATION_S / ROUNDS));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Every other round in the reverse order, so no target always follows the same one (and its garbage).
    for (const target of round % 2 ? [...targets].reverse() : targets) runs.get(target).push(await measure(target, slice));
  }
  const rows = targets.map((target) => {
    const results = runs.get(target);
    const seconds = results.reduce((sum, result) => sum + result.duration, 0);
    const mean = (pick) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
    return {
      ...target,
      rps: results.reduce((sum, result) => sum + result.requests.total, 0) / seconds,
      p50: mean((result) => result.latency.p50),
      p99: mean((result) => result.latency.p99),
    };
  });

  const base = rows[0];
  // A signed-in list is held against the bare route plus the one D1 round trip it makes (ADR 48).
  const roundTripBase = rows.find((row) => row.roundTrip);
  // Floor rows are taken against the floor's own bare route: what the runtime leaves a route with one round trip.
  const floorBase = rows.find((row) => row.floor);
  const [floorTrpc, floorD1] = rows.filter((row) => row.floor && row !== floorBase);
  // A catalogue read over tRPC is held against the bare route plus what tRPC's own fetch adapter
  // costs in this isolate (ADR 51): /healthz scaled by the floor's bare tRPC query against its bare
  // Hono route, both measured in these rounds. Its ratio to /healthz itself is printed beside it.
  const trpcBase = {
    name: 'bare + tRPC adapter (derived)',
    path: '/healthz x floor tRPC/Hono',
    rps: base.rps * (floorTrpc.rps / floorBase.rps),
    p50: base.p50 * (floorTrpc.p50 / floorBase.p50),
    p99: base.p99 * (floorTrpc.p99 / floorBase.p99),
    derived: true,
  };
  rows.splice(1, 0, trpcBase);
  /** The row a target's ratios are taken against. */
  const baseOf = (row) => (row.floor ? floorBase : row.budget === SIGNED_IN ? roundTripBase : row.overTrpc ? trpcBase : base);
  let over = 0;
  /** One ratio beside its budget: `0.72x >= 0.7x ok`, or blank where the target has no such budget. */
  const against = (ratio, limit, atLeast) => {
    if (limit === undefined) return `${fmt(ratio)}x`.padStart(8).padEnd(24);
    const ok = atLeast ? ratio >= limit : ratio <= limit;
    if (!ok) over += 1;
    return `${`${fmt(ratio)}x`.padStart(8)} ${atLeast ? '>=' : '<='} ${`${limit}x`.padEnd(5)} ${ok ? 'ok' : 'OVER'}`.padEnd(24);
  };
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} x ${slice} s per target, Miniflare (the built Worker) on ${worker.url}\n`);
  console.log(`${'target'.padEnd(36)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'rps/base (budget)'.padEnd(24)} ${'p99/base (budget)'.padEnd(24)} base`);
  for (const row of rows) {
    const bare = baseOf(row);
    if (row === floorBase) console.log('');
    const rps = row === base || row === floorBase ? '' : against(row.rps / bare.rps, row.budget?.rps, true);
    const p99 = row === base || row === floorBase ? '' : against(row.p99 / Math.max(bare.p99, 1), row.budget?.p99, false);
    const baseName = row === base || row === floorBase ? '' : bare.path;
    console.log(`${row.name.padEnd(36)} ${fmt(row.rps, 0).padStart(7)} ${fmt(row.p50, 1).padStart(7)} ${fmt(row.p99, 1).padStart(7)}  ${rps.padEnd(24)} ${p99.padEnd(24)} ${baseName}`.trimEnd());
  }
  const [, , restRow, trpcRow] = rows;
  console.log(`\nREST vs tRPC throughput: ${fmt(restRow.rps / trpcRow.rps)}x; tRPC catalogue against /healthz itself: ${fmt(trpcRow.rps / base.rps)}x`);
  // A signed-in list makes one D1 round trip (its session is in the isolate's cache, ADR 19): what
  // the runtime leaves a route with one, beside what the lists reach, says how far the code can go.
  const lists = rows.filter((row) => row.budget === SIGNED_IN);
  const ofHealthz = lists.map((row) => row.rps / base.rps);
  console.log(
    `The stack's floor, against a bare Hono route: the product's /healthz (its middleware on every answer) ${fmt(base.rps / floorBase.rps)}x, ` +
      `a bare tRPC query ${fmt(floorTrpc.rps / floorBase.rps)}x, one D1 round trip ${fmt(floorD1.rps / floorBase.rps)}x; ` +
      `/readyz (the product's bare route plus that round trip) runs at ${fmt(roundTripBase.rps / base.rps)}x of /healthz, the lists at ${fmt(Math.min(...ofHealthz))}-${fmt(Math.max(...ofHealthz))}x of it (ADR 48).`,
  );
  if (over > 0) {
    console.log(`${over} figure(s) over budget.`);
    process.exitCode = 1;
  } else {
    console.log('Every figure within budget.');
  }
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
