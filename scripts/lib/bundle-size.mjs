// The JavaScript a first visit to / downloads before anything renders, as the built index.html
// references it: the entry script plus its modulepreload links, each gzip-compressed as served.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** `vite build` output of the SPA (web/vite.config.ts, @cloudflare/vite-plugin). */
export const CLIENT_DIST = 'web/dist/client';

/** Issue 17's budget of the initial JavaScript of / (gzip). */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/**
 * What `pnpm test` enforces: the budget itself since 2026-11-24 (the build measured 149.97 KiB, of
 * which React 66.1 and the router, query and tRPC clients 44.7). Anything new in the first load
 * has to make room first.
 */
export const INITIAL_JS_LIMIT_BYTES = INITIAL_JS_BUDGET_BYTES;

/** Issue 17: no chunk loaded later (a route's page, a chart, a dialog) above this (gzip). */
export const LAZY_CHUNK_BUDGET_BYTES = 120 * 1024;

/**
 * Code that must never be in the first load (issue 17), found by strings its minified output keeps:
 * the class names recharts and React Flow give their elements, pdf-lib's and x509's own names.
 */
export const NEVER_IN_FIRST_LOAD = [
  { what: 'charts (recharts)', pattern: /recharts-/ },
  { what: 'diagrams (@xyflow/react)', pattern: /react-flow__/ },
  { what: 'PDF (pdf-lib)', pattern: /PDFDocument|pdf-lib/ },
  { what: 'certificates (@peculiar/x509)', pattern: /X509Certificate|BEGIN CERTIFICATE/ },
];

/** The scripts index.html loads at once, with their gzip sizes in bytes. */
export function initialJavaScript(dist = CLIENT_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((match) => match[0]);
  const files = tags.flatMap((tag) => {
    const isEntry = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    return (isEntry || isPreload) && url ? [url] : [];
  });
  return [...new Set(files)].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file))).length }));
}

export function initialJsGzipBytes(dist = CLIENT_DIST) {
  return initialJavaScript(dist).reduce((total, { gzipBytes }) => total + gzipBytes, 0);
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Every budget of the built client: first load, the largest later chunk, libraries kept out of the first load. */
export function bundleReport(dist = CLIENT_DIST) {
  const initial = initialJavaScript(dist);
  const initialFiles = new Set(initial.map(({ file }) => file));
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && !initialFiles.has(`/assets/${name}`))
    .map((name) => ({ file: `/assets/${name}`, gzipBytes: gzipSync(readFileSync(join(dist, 'assets', name))).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const firstLoadText = initial.map(({ file }) => readFileSync(join(dist, file), 'utf8')).join('\n');
  return {
    initial,
    initialBytes: initial.reduce((total, { gzipBytes }) => total + gzipBytes, 0),
    largestLazy: lazy[0] ?? null,
    lazyOver: lazy.filter(({ gzipBytes }) => gzipBytes > LAZY_CHUNK_BUDGET_BYTES),
    inFirstLoad: NEVER_IN_FIRST_LOAD.filter(({ pattern }) => pattern.test(firstLoadText)).map(({ what }) => what),
  };
}

/**
 * Prints the report against its budgets. Returns `ok` (every budget met) and `withinLimits` (what
 * `pnpm test` requires: the ratchet INITIAL_JS_LIMIT_BYTES instead of the first-load budget).
 */
export function printBundleReport(report) {
  const initialOk = report.initialBytes <= INITIAL_JS_BUDGET_BYTES;
  const lazyOk = report.lazyOver.length === 0;
  const keptOut = report.inFirstLoad.length === 0;
  const mark = (ok) => (ok ? 'ok' : 'OVER');
  const initialWithinLimit = report.initialBytes <= INITIAL_JS_LIMIT_BYTES;
  console.log(
    `initial JS of / (gzip): ${kib(report.initialBytes)} / budget ${kib(INITIAL_JS_BUDGET_BYTES)} ${mark(initialOk)} (limit enforced by pnpm test: ${kib(INITIAL_JS_LIMIT_BYTES)} ${mark(initialWithinLimit)})`,
  );
  console.log(
    `largest chunk loaded later (gzip): ${report.largestLazy ? `${kib(report.largestLazy.gzipBytes)} ${report.largestLazy.file}` : 'none'} / budget ${kib(LAZY_CHUNK_BUDGET_BYTES)} ${mark(lazyOk)}`,
  );
  for (const { file, gzipBytes } of report.lazyOver) console.log(`  over: ${kib(gzipBytes)} ${file}`);
  console.log(`charts, diagrams, PDF and certificate code in the first load: ${keptOut ? 'none' : report.inFirstLoad.join(', ')} ${mark(keptOut)}`);
  return { ok: initialOk && lazyOk && keptOut, withinLimits: initialWithinLimit && lazyOk && keptOut };
}
