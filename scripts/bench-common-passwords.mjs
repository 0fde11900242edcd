// `pnpm exec node scripts/bench-common-passwords.mjs`: what the common-password list
// (packages/api/src/platform/common-passwords.ts, docs/adr/0011-common-password-list.md) costs.
// Bundles that module with Vite as the Worker build does (the list inlined from `?raw`), and the same
// module without the list as the baseline, then in fresh Node processes, alternating, measures
// (a) the import (parse and evaluate) of each, (b) the first check, (c) a check afterwards; when
// the Worker is built (`pnpm build`), (d) the compile time of its whole bundle with and without the
// list; and, for comparison, what building a Set of the whole list would cost. Not a test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 200_000);

const root = join(import.meta.dirname, '..');
const source = join(root, 'packages/api/src/platform/common-passwords.ts');
const listFile = join(root, 'packages/api/src/platform/common-passwords.txt');
const workerBundle = join(root, 'web/dist/kubemarket/index.js');
// Vite is the web package's dependency: resolve it from there, as the build does.
const { build } = await import(pathToFileURL(createRequire(join(root, 'web/package.json')).resolve('vite')).href);

const outDir = mkdtempSync(join(tmpdir(), 'kubemarket-bench-passwords-'));

/** `common-passwords.ts` bundled to one ES module; `withoutList` swaps the list for an empty one. */
async function bundle(name, withoutList) {
  const emptyList = {
    name: 'empty-common-password-list',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith('common-passwords.txt?raw') ? '\0empty-common-password-list' : null),
    load: (id) => (id === '\0empty-common-password-list' ? 'export default "";' : null),
  };
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: withoutList ? [emptyList] : [],
    build: {
      ssr: source,
      outDir: join(outDir, name),
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'common-passwords.mjs' } },
    },
  });
  return join(outDir, name, 'common-passwords.mjs');
}

// What one fresh process measures: import, first check, then CHECKS checks over hits and misses.
const child = `
const t0 = performance.now();
const list = await import(process.argv[1]);
const t1 = performance.now();
list.isCommonPassword('tangerine-orbit-ledger-93');
const t2 = performance.now();
const probes = JSON.parse(process.argv[2]);
let found = 0;
const t3 = performance.now();
for (let i = 0; i < ${CHECKS}; i++) if (list.isCommonPassword(probes[i % probes.length])) found++;
const t4 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, perCheckUs: ((t4 - t3) * 1000) / ${CHECKS}, found }));
`;

const listText = readFileSync(listFile, 'utf8');
const entries = listText.slice(listText.search(/\n\n/) + 2).split('\n').filter(Boolean);
// Half hits spread over the whole list, half misses (strong passphrases and near misses).
const hits = entries.filter((_, index) => index % Math.floor(entries.length / 500) === 0).slice(0, 500);
const misses = hits.map((entry, index) => (index % 2 ? `${entry}-x` : `quiet-lantern-${index}-marmots`));
const probes = JSON.stringify([...hits, ...misses]);

function run(file) {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child, file, probes], { encoding: 'utf8' }));
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value, digits = 2) => value.toFixed(digits);

try {
  const withList = await bundle('with-list', false);
  const baseline = await bundle('baseline', true);
  const size = (file) => `${fmt(statSync(file).size / 1024, 1)} KiB (gzip ${fmt(gzipSync(readFileSync(file)).length / 1024, 1)} KiB)`;
  console.log(`list: ${entries.length} entries, ${fmt(statSync(listFile).size / 1024, 1)} KiB`);
  console.log(`bundled module with the list:    ${size(withList)}`);
  console.log(`bundled module without the list: ${size(baseline)}`);

  run(withList); // Warm the file cache and the Node binary before measuring.
  run(baseline);
  const results = { withList: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    results.withList.push(run(withList));
    results.baseline.push(run(baseline));
  }
  const stat = (name, key) => median(results[name].map((result) => result[key]));

  const importWith = stat('withList', 'importMs');
  const importBase = stat('baseline', 'importMs');
  console.log(`\nmedians of ${ROUNDS} fresh processes each, alternating:`);
  console.log(`(a) import: ${fmt(importWith)} ms with the list, ${fmt(importBase)} ms without (ratio ${fmt(importWith / importBase)}, +${fmt(importWith - importBase)} ms)`);
  console.log(`(b) first check: ${fmt(stat('withList', 'firstMs'), 3)} ms with the list (nothing is built: it finds the header's end and binary-searches)`);
  console.log(`(c) each check afterwards: ${fmt(stat('withList', 'perCheckUs'), 3)} µs with the list (${CHECKS} checks, half hits), ${fmt(stat('baseline', 'perCheckUs'), 3)} µs without`);
  if (existsSync(workerBundle)) {
    // The built Worker as it ships, and the same bundle with the list's string literal emptied:
    // V8 compiles the whole module when the isolate starts; evaluating the literal costs nothing more.
    const shipped = readFileSync(workerBundle, 'utf8');
    const start = shipped.indexOf('"# Common passwords refused');
    if (start < 0) throw new Error(`${workerBundle} does not contain the list: rebuild it (pnpm build)`);
    let end = start + 1;
    while (shipped[end] !== '"') end += shipped[end] === '\\' ? 2 : 1;
    const stripped = join(outDir, 'worker-without-list.js');
    writeFileSync(stripped, `${shipped.slice(0, start)}""${shipped.slice(end + 1)}`);
    const compile = `import { readFileSync } from 'node:fs'; import vm from 'node:vm';
const code = readFileSync(process.argv[1], 'utf8'); const t0 = performance.now();
new vm.SourceTextModule(code); process.stdout.write(String(performance.now() - t0));`;
    const compileMs = (file) => Number(execFileSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', compile, file], { encoding: 'utf8' }));
    const times = { shipped: [], stripped: [] };
    for (let round = 0; round < ROUNDS; round++) {
      times.shipped.push(compileMs(workerBundle));
      times.stripped.push(compileMs(stripped));
    }
    const [withMs, withoutMs] = [median(times.shipped), median(times.stripped)];
    console.log(
      `(d) compiling the built Worker (${fmt(shipped.length / 1024, 0)} KiB): ${fmt(withMs)} ms with the list, ${fmt(withoutMs)} ms without (ratio ${fmt(withMs / withoutMs)}, +${fmt(withMs - withoutMs)} ms)`,
    );
  } else {
    console.log(`(d) skipped: no ${workerBundle} (run pnpm build first)`);
  }

  // The alternative not taken: a Set of every entry, built at first use.
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const set = new Set(listText.slice(listText.search(/\n\n/) + 2).split('\n'));
  const t1 = performance.now();
  const heapAfter = process.memoryUsage().heapUsed;
  set.delete('');
  console.log(`\nfor comparison, a Set of the list: built in ${fmt(t1 - t0)} ms, about ${fmt((heapAfter - heapBefore) / 1024 / 1024, 1)} MiB of heap (${set.size} entries)`);

  // The binary search must agree with the Set on every probe.
  const expected = JSON.parse(probes).map((probe) => set.has(probe));
  const expectedFound = Array.from({ length: CHECKS }, (_, index) => expected[index % expected.length]).filter(Boolean).length;
  const wrong = [...results.withList, ...results.baseline.map((result) => ({ found: result.found === 0 ? expectedFound : -1 }))].filter((result) => result.found !== expectedFound);
  if (wrong.length > 0) throw new Error(`the lookup disagreed with a Set of the list (expected ${expectedFound} hits)`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
