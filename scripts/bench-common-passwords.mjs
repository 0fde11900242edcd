// `pnpm exec node scripts/bench-common-passwords.mjs`: what the common-password list
// (packages/api/src/platform/common-passwords.ts, docs/adr/0011-common-password-list.md) costs.
// Bundles that module with Vite, the list as a JavaScript string (what Node must parse; the Worker
// instead gets it as a Cloudflare Text module, which needs no parsing), and the same module without
// the list as the baseline, then in fresh Node processes, alternating, measures (a) the import
// (parse and evaluate) of each, (b) the first check, (c) a check afterwards; when the Worker is
// built (`pnpm build`), (d) the compile time of the shipped Worker (list in its own Text module)
// against the same bundle with the list inlined as a string literal and with no list at all; and,
// for comparison, what building a Set of the whole list would cost. Not a test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  // The list as a JavaScript string literal (what Node must parse), or an empty one for the baseline.
  const list = {
    name: 'common-password-list-as-string',
    enforce: 'pre',
    load: (id) =>
      id.endsWith('common-passwords.txt') ? { code: `export default ${withoutList ? '""' : JSON.stringify(readFileSync(id, 'utf8'))};`, moduleType: 'js' } : null,
  };
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [list],
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
  console.log(`(a) import in Node, the list as a string literal (the Worker gets a Text module instead, see (d)): ${fmt(importWith)} ms with the list, ${fmt(importBase)} ms without (ratio ${fmt(importWith / importBase)}, +${fmt(importWith - importBase)} ms)`);
  console.log(`(b) first check: ${fmt(stat('withList', 'firstMs'), 3)} ms with the list (nothing is built: it finds the header's end and binary-searches)`);
  console.log(`(c) each check afterwards: ${fmt(stat('withList', 'perCheckUs'), 3)} µs with the list (${CHECKS} checks, half hits), ${fmt(stat('baseline', 'perCheckUs'), 3)} µs without`);
  if (existsSync(workerBundle)) {
    // The built Worker as it ships (the list is a separate Text module the runtime hands over as a
    // string), against the same bundle with the list inlined as a string literal (what V8 would
    // have to compile at every isolate start) and with no list at all (the baseline).
    const shipped = readFileSync(workerBundle, 'utf8');
    const importLine = /^import (\w+) from "(\.\/assets\/common-passwords-[\w-]+\.txt)";$/m.exec(shipped);
    if (!importLine) throw new Error(`${workerBundle} does not import the list as a text module: rebuild it (pnpm build)`);
    const variant = (name, value) => {
      const file = join(outDir, name);
      writeFileSync(file, shipped.replace(importLine[0], `const ${importLine[1]} = ${value};`));
      return file;
    };
    const inlined = variant('worker-list-inlined.js', JSON.stringify(readFileSync(join(dirname(workerBundle), importLine[2]), 'utf8')));
    const baseline = variant('worker-without-list.js', '""');
    const shippedWithoutImport = variant('worker-shipped.js', 'globalThis.__textModule ?? ""');
    const compile = `import { readFileSync } from 'node:fs'; import vm from 'node:vm';
const code = readFileSync(process.argv[1], 'utf8'); const t0 = performance.now();
new vm.SourceTextModule(code); process.stdout.write(String(performance.now() - t0));`;
    const compileMs = (file) => Number(execFileSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', compile, file], { encoding: 'utf8' }));
    const times = { shipped: [], inlined: [], baseline: [] };
    for (let round = 0; round < ROUNDS; round++) {
      times.shipped.push(compileMs(shippedWithoutImport));
      times.inlined.push(compileMs(inlined));
      times.baseline.push(compileMs(baseline));
    }
    const [shippedMs, inlinedMs, baselineMs] = [median(times.shipped), median(times.inlined), median(times.baseline)];
    console.log(
      `(d) compiling the built Worker (${fmt(shipped.length / 1024, 0)} KiB of JavaScript): ${fmt(shippedMs)} ms as shipped (list in a Text module), ` +
        `${fmt(baselineMs)} ms with no list (ratio ${fmt(shippedMs / baselineMs)}), ${fmt(inlinedMs)} ms with the list inlined as a string literal (ratio ${fmt(inlinedMs / baselineMs)})`,
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
