// `pnpm test`: typecheck, lint, build and the initial-JS budget, then every test tier (Node,
// SQLite, workerd, Chromium on the built app) and a check of `pnpm dev` itself.
// Fails when any step fails or when no test ran, and ends with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIAL_JS_LIMIT_BYTES, LAZY_CHUNK_BUDGET_BYTES, kib } from './lib/bundle-size.mjs';
import { offlineEnv } from './lib/local-worker.mjs';

const reports = mkdtempSync(join(tmpdir(), 'kubemarket-test-'));
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
/** Failed tests by name, repeated at the very end so the last lines of a CI log say what broke. */
const failedTests = [];

function step(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...offlineEnv, ...env } });
  console.log(`--- ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function count(reportFile, label) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numTotalTests - report.numPassedTests - report.numFailedTests;
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

step('typecheck', 'pnpm', ['typecheck']);
step('lint', 'pnpm', ['lint']);
const built = step('build web', 'pnpm', ['build']);
if (built) step(`bundle sizes (gzip: first load of / at most ${kib(INITIAL_JS_LIMIT_BYTES)}, later chunks ${kib(LAZY_CHUNK_BUDGET_BYTES)})`, 'node', ['scripts/check-bundle-size.mjs']);

const unitReport = join(reports, 'unit.json');
step('unit, SQLite and workerd tests', 'vitest', ['run', ...json(unitReport)]);
count(unitReport, 'unit, SQLite and workerd tests');

if (built) {
  const e2eReport = join(reports, 'e2e.json');
  step('browser tests', 'node', ['scripts/e2e.mjs', ...json(e2eReport)], { E2E_SKIP_BUILD: '1' });
  count(e2eReport, 'browser tests');
}

const devReport = join(reports, 'dev.json');
step('dev server (vite dev + Worker)', 'node', ['scripts/dev-check.mjs', ...json(devReport)]);
count(devReport, 'dev server (vite dev + Worker)');

console.log(`\nTotal time ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
