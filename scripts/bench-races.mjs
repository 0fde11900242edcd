// `pnpm bench:races`: the races of issue 29 against the built Worker on 127.0.0.1 (Miniflare,
// a fresh seeded local D1). For each path it fires N requests at once (10, 50 and 100), then
// counts the effects in the database and prints them against the one allowed. Not a test: the
// tests (packages/api/src/modules/orders/races.test.ts, worker/test/races.test.ts, and the same
// scenarios at 10 over HTTP in web/e2e/races.global.e2e.test.ts) prove each row; this shows it at load.
// BENCH_SKIP_BUILD=1 reuses the last build; BENCH_RACES=10,50 changes N; BENCH_ONLY=text keeps the
// paths that contain it.
import { rmSync } from 'node:fs';
import { benchDatabase } from './lib/bench-lists.mjs';
import { startLocalWorker } from './lib/local-worker.mjs';
import { workerDatabaseAt } from './lib/worker-database.mjs';
import { holds, raceScenarios } from './lib/race-scenarios.mjs';

const SIZES = (process.env.BENCH_RACES ?? '10,50,100').split(',').map(Number);

const { persistTo } = await benchDatabase('races', async () => 0);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo, quiet: true, vars: { PASSWORD_HASH_COST: 'test' }, databasePort: 0 });
const origin = worker.url;
const scenarios = raceScenarios({ origin, db: workerDatabaseAt(worker.databaseUrl) });

const rows = [];
const only = process.env.BENCH_ONLY;
try {
  for (const [path, scenario] of Object.entries(scenarios)) {
    if (only && !path.includes(only)) continue;
    for (const n of SIZES) {
      try {
        const result = await scenario(n);
        rows.push({ path, ...result, n: result.fired });
      } catch (error) {
        rows.push({ path, n, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

console.log(`\nIssue 29 races: N requests at once against Miniflare (the built Worker) on ${origin}, effects counted in D1 afterwards\n`);
console.log(`${'path'.padEnd(58)} ${'N'.padStart(4)} ${'effects'.padStart(8)} ${'allowed'.padStart(8)}  ${'holds'.padEnd(5)} ${'ms'.padStart(6)}  answers`);
let broken = 0;
for (const row of rows) {
  if (row.error) {
    broken += 1;
    console.log(`${row.path.padEnd(58)} ${String(row.n).padStart(4)}  error: ${row.error}`);
    continue;
  }
  const holding = holds(row);
  if (!holding) broken += 1;
  const answers = Object.entries(row.statuses).map(([status, times]) => `${times}×${status}`).join(' ');
  console.log(`${row.path.padEnd(58)} ${String(row.n).padStart(4)} ${String(row.effects).padStart(8)} ${String(row.allowed).padStart(8)}  ${(holding ? 'yes' : 'NO').padEnd(5)} ${String(row.ms).padStart(6)}  ${answers} (${row.effect})`);
}
console.log(broken === 0 ? '\nEvery path holds at every size.' : `\n${broken} row(s) do not hold.`);
process.exit(broken === 0 ? 0 : 1);
