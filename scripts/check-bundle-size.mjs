// Part of `pnpm test`, after the build: fails when the initial JavaScript of / (gzip) is over budget.
import { INITIAL_JS_BUDGET_BYTES, initialJavaScript, kib } from './lib/bundle-size.mjs';

const files = initialJavaScript();
if (files.length === 0) {
  console.error('The built index.html references no JavaScript: is web/dist/client/index.html the built page?');
  process.exit(1);
}
const total = files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
for (const { file, gzipBytes } of files.toSorted((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`  ${kib(gzipBytes).padStart(10)}  ${file}`);
}
const verdict = total <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(`initial JS of / (gzip): ${kib(total)}, ${verdict} the budget of ${kib(INITIAL_JS_BUDGET_BYTES)}`);
process.exit(total <= INITIAL_JS_BUDGET_BYTES ? 0 : 1);
