// Part of `pnpm test`, after the build: fails when the built client is over issue 17's budgets
// (initial JavaScript of /, the largest chunk loaded later, libraries kept out of the first load).
import { bundleReport, kib, printBundleReport } from './lib/bundle-size.mjs';

const report = bundleReport();
if (report.initial.length === 0) {
  console.error('The built index.html references no JavaScript: is web/dist/client/index.html the built page?');
  process.exit(1);
}
for (const { file, gzipBytes } of report.initial.toSorted((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`  ${kib(gzipBytes).padStart(10)}  ${file}`);
}
process.exit(printBundleReport(report).withinLimits ? 0 : 1);
