// `pnpm test`: typecheck, lint, build and the initial-JS budget, then every test tier (Node,
// SQLite, workerd, Chromium on the built app) and a check of `pnpm dev` itself.
// Steps that do not depend on each other overlap as far as two cores allow (ADR 24): typecheck,
// lint, the build and the check of `pnpm dev` run together, their output printed whole as each
// ends; one local database is migrated and seeded first, and the dev check and the browser tier
// each start on a copy of it; the unit tier starts when all but the lint are done, the browser
// tier's server is started beside it, and its tests run after it; each tier uses both cores, its
// output streamed.
// Fails when any step fails or when no test ran, and ends with a table of each step's time, then a
// plain "N passed, N failed" line.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIAL_JS_LIMIT_BYTES, LAZY_CHUNK_BUDGET_BYTES, kib } from './lib/bundle-size.mjs';
import { offlineEnv } from './lib/local-worker.mjs';

const reports = mkdtempSync(join(tmpdir(), 'kubemarket-test-'));

/**
 * The machine's speed now, by a fixed piece of work on one core (SHA-256 over 128 MiB, then 300
 * JSON round trips of a 2,000-item document): step times from runs on a machine whose speed
 * changes through the day are compared through it (issue 28).
 */
function machineSpeedProbe() {
  const t0 = performance.now();
  const block = Buffer.alloc(1024 * 1024, 7);
  const hash = createHash('sha256');
  for (let index = 0; index < 128; index += 1) hash.update(block);
  hash.digest();
  let document = Array.from({ length: 2_000 }, (_, index) => ({ id: `item_${index}`, cents: index * 37, tags: ['a', 'b', String(index)] }));
  for (let round = 0; round < 300; round += 1) document = JSON.parse(JSON.stringify(document));
  return performance.now() - t0;
}
const probeMs = machineSpeedProbe();
console.log(`Machine speed probe: ${probeMs.toFixed(0)} ms of fixed work on one core.`);
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Failed tests by name, repeated at the very end so the last lines of a CI log say what broke. */
const failedTests = [];
/** One row per step for the closing table. */
const table = [];

const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Runs one step. `buffered` steps (those that overlap others) keep their output and print it whole
 * when they end, so parallel logs never interleave; the others stream it.
 */
function step(name, command, args, { env = {}, buffered = false, setup = null } = {}) {
  let t0 = Date.now();
  const row = { name, ms: 0, ok: false, tests: '', startedAt: t0 - started };
  table.push(row);
  // A step whose setup overlaps an earlier step: its row says when it was let go, and its time from then.
  if (setup) {
    const setupStarted = t0;
    table.push({ name: `${name}: setup while waiting`, ms: 0, ok: true, tests: '', startedAt: setupStarted - started, setupOf: row });
    void setup.then(() => {
      const setupRow = table.find((r) => r.setupOf === row);
      t0 = Date.now();
      setupRow.ms = t0 - setupStarted;
      row.startedAt = t0 - started;
      if (!buffered) console.log(`\n=== ${name} ===`);
    });
  }
  if (!buffered && !setup) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...offlineEnv, ...env } });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      row.ms = Date.now() - t0;
      row.ok = code === 0;
      if (buffered) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`--- ${name}: ${row.ok ? 'ok' : 'FAILED'} in ${seconds(row.ms)} s`);
      if (!row.ok) failedSteps.push(name);
      resolve(row.ok);
    });
  });
}

function count(reportFile, label) {
  const row = table.find((r) => r.name === label);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numTotalTests - report.numPassedTests - report.numFailedTests;
    if (row) row.tests = `${report.numPassedTests}/${report.numTotalTests}`;
    console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed of ${report.numTotalTests}`);
    if (report.numTotalTests === 0) failedSteps.push(`${label} (no test ran)`);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${label}: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n    ${reason}`);
      }
    }
  } catch {
    failedSteps.push(`${label} (no report)`);
  }
}

const json = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

// 1. Static checks, the build and the check of `pnpm dev` (which needs no build), together.
const bundleStep = `bundle sizes (gzip: first load of / at most ${kib(INITIAL_JS_LIMIT_BYTES)}, later chunks ${kib(LAZY_CHUNK_BUDGET_BYTES)})`;
const devLabel = 'dev server (vite dev + Worker)';
const devReport = join(reports, 'dev.json');
// One database, migrated and seeded once: the dev check and the browser tier each start on a copy.
const seededState = join(reports, 'seeded-state');
const seededEnv = { KUBEMARKET_SEEDED_STATE: seededState };
const seeded = step('seeded database (copied for the dev check and the browser tests)', 'node', ['scripts/db-setup.mjs', seededState], { buffered: true });
const typecheck = step('typecheck', 'pnpm', ['typecheck'], { buffered: true });
const lint = step('lint', 'pnpm', ['lint'], { buffered: true });
const build = step('build web', 'pnpm', ['build'], { buffered: true }).then(async (ok) => ok && (await step(bundleStep, 'node', ['scripts/check-bundle-size.mjs'], { buffered: true }), true));
const dev = seeded.then(async (ok) => {
  if (!ok) return;
  await step(devLabel, 'node', ['scripts/dev-check.mjs', ...json(devReport)], { buffered: true, env: seededEnv });
  count(devReport, devLabel);
});

// 2. The Node, SQLite and workerd tiers: one Vitest run, two workers. It starts once the typecheck,
// the build and the dev check are done (the lint, one thread, goes on beside it), and the browser tier's server starts beside it as
// soon as the build is there (its database, fake clouds and Worker, ~20 s), waiting to begin.
const unitLabel = 'unit, SQLite and workerd tests';
const unitReport = join(reports, 'unit.json');
const e2eReport = join(reports, 'e2e.json');
const startBrowserTests = join(reports, 'start-browser-tests');
const letBrowserTestsGo = Promise.withResolvers();
// The lint, single-threaded and the last of them to end, goes on beside the unit tier's start.
await Promise.all([typecheck, build, dev]);
const built = await build;
const browser = built && (await seeded)
  ? step('browser tests', 'node', ['scripts/e2e.mjs', ...json(e2eReport)], { env: { E2E_SKIP_BUILD: '1', E2E_START_WHEN: startBrowserTests, ...seededEnv }, setup: letBrowserTestsGo.promise })
  : null;
await step(unitLabel, 'vitest', ['run', ...json(unitReport)]);
count(unitReport, unitLabel);
await lint;

// 3. Chromium on the built app.
if (browser) {
  writeFileSync(startBrowserTests, '');
  letBrowserTestsGo.resolve();
  await browser;
  count(e2eReport, 'browser tests');
}

const total = Date.now() - started;
const width = Math.max(...table.map((r) => r.name.length), 4);
console.log(`\nStep times (steps marked with the same start overlap):`);
console.log(`  ${'step'.padEnd(width)}  start s  time s  result  tests`);
for (const row of table) {
  console.log(`  ${row.name.padEnd(width)}  ${seconds(row.startedAt).padStart(7)}  ${seconds(row.ms).padStart(6)}  ${(row.ok ? 'ok' : 'FAILED').padEnd(6)}  ${row.tests}`);
}
console.log(`  ${'total'.padEnd(width)}  ${''.padStart(7)}  ${seconds(total).padStart(6)}`);
console.log(`\nTotal time ${seconds(total)} s (machine speed probe at the start: ${probeMs.toFixed(0)} ms, at the end: ${machineSpeedProbe().toFixed(0)} ms)`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
