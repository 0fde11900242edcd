// `pnpm lighthouse`: builds the SPA, starts the Worker on a seeded database (127.0.0.1) and runs
// Lighthouse (npm package, mobile simulation) in Debian's chromium on the public pages signed out
// and on the console's pages signed in as the demo customer; prints each score and the CLS against
// issue 17's budgets, then the first-load JavaScript against its budget. Exits 1 when anything is
// over budget. Not part of the tests (a benchmark: the machine's load moves the scores).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { devSession } from './lib/bench-client.mjs';
import { bundleReport, printBundleReport } from './lib/bundle-size.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

/** Issue 17's budgets. */
const PUBLIC = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const SIGNED_IN = { performance: 90 };
const CLS_BUDGET = 0.05;

buildApp();

const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-lighthouse-'));
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: Number(process.env.LIGHTHOUSE_PORT ?? 8796), persistTo, quiet: true });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let over = 0;
const verdict = (ok) => {
  if (!ok) over += 1;
  return ok ? 'ok' : 'OVER';
};

async function audit(path, budgets, headers) {
  const categories = Object.keys(budgets);
  const result = await lighthouse(`${worker.url}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    // The signed-in pages: the session cookie on every request, as the browser would send it.
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in page that sent the browser to /auth measured the sign-in page instead.
  if (headers && new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path}: ended on ${lhr.finalDisplayedUrl}, not signed in?`);
  const cells = categories.map((id) => {
    const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
    return `${id} ${score}/${budgets[id]} ${verdict(score >= budgets[id])}`;
  });
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  cells.push(`CLS ${cls.toFixed(3)}/${CLS_BUDGET} ${verdict(cls <= CLS_BUDGET)}`);
  console.log(`${path.padEnd(24)} ${cells.join('  ')}  (LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms)`);
}

try {
  console.log(`\nLighthouse ${'13'} mobile simulation on ${worker.url}: score/budget\n`);
  console.log('signed out');
  for (const path of ['/', '/pricing', '/documentation']) await audit(path, PUBLIC);

  const session = await devSession(worker.url, 'alice');
  const clusters = await (await session.call('GET', '/api/clusters')).json();
  const clusterId = (clusters.items ?? clusters)[0]?.id;
  if (!clusterId) throw new Error(`the demo customer has no cluster to measure: ${JSON.stringify(clusters).slice(0, 200)}`);
  console.log('\nsigned in as alice (demo customer)');
  for (const path of ['/dashboard', '/my-clusters', `/clusters/${clusterId}`, '/billing', '/usage']) await audit(path, SIGNED_IN, { Cookie: session.cookie });

  console.log('');
  if (!printBundleReport(bundleReport()).ok) over += 1;
  console.log(over === 0 ? '\nEvery figure within budget.' : `\n${over} figure(s) over budget.`);
  if (over > 0) process.exitCode = 1;
} finally {
  await chrome.kill();
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
