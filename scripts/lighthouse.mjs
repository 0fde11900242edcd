// `pnpm lighthouse`: builds the SPA, starts the Worker on a seeded database (127.0.0.1) and runs
// Lighthouse (npm package) in Debian's chromium on / and /pricing; prints the category scores
// and the initial JS of / (gzip). Not part of the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { initialJsGzipBytes, kib } from './lib/bundle-size.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

buildApp();

const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-lighthouse-'));
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: Number(process.env.LIGHTHOUSE_PORT ?? 8796), persistTo, quiet: true });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  console.log('\npage        performance  accessibility  best-practices  seo');
  for (const path of ['/', '/pricing']) {
    const result = await lighthouse(`${worker.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
    const scores = categories.map((id) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100));
    console.log(`${path.padEnd(10)}  ${scores.map((score, i) => String(score).padStart([11, 13, 14, 4][i])).join('  ')}`);
  }
  console.log(`\ninitial JS of / (gzip): ${kib(initialJsGzipBytes())}`);
} finally {
  await chrome.kill();
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
