// Prerenders the public pages after `vite build` (ADR 0017): builds web/src/prerender.tsx for Node,
// renders each page of PRERENDERED_PAGES as a visitor who is not signed in would first see it, and
// writes it into the built SPA (web/dist/client/_prerendered/…) from index.html's template. The
// Worker serves those files to visitors without a session (worker/src/assets.ts); the browser
// hydrates them. A page that fails to render, or renders as not found, fails the build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = join(import.meta.dirname, '..');
const client = join(web, 'dist', 'client');

await build({ configFile: join(web, 'vite.prerender.config.ts'), root: web, logLevel: 'warn' });
const { renderPage, PRERENDERED_PAGES, prerenderedAssetPath, COLOR_SCHEME_SCRIPT, APP_LOADER_SCRIPT, parseRoutePreloads, ROUTE_PRELOADS_FILE, appScriptsFor, CHUNK_STYLES_FILE, cssModuleClasses, stylesheetLinksFor } = await import(
  pathToFileURL(join(web, 'node_modules', '.cache', 'kubemarket-prerender', 'prerender.js')).href
);

const shell = readFileSync(join(client, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!shell.includes(EMPTY_ROOT)) throw new Error(`web/dist/client/index.html has no ${EMPTY_ROOT} to fill`);

/**
 * The app's scripts leave the <head>: APP_LOADER_SCRIPT loads them once the page has painted, from
 * #root's data-app-scripts (the entry first, then its modulepreloads, the page's own chunks and the
 * shell's from route-preloads.json, ADR 18), so the first paint downloads only the page and its
 * stylesheets, and the app then fetches everything it needs to hydrate at once.
 */
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
const entry = ENTRY.exec(shell)?.[1];
if (!entry) throw new Error('web/dist/client/index.html has no module script to load the app with');
const appScripts = [entry, ...[...shell.matchAll(PRELOAD)].map((match) => match[1])];
const template = shell.replace(ENTRY, '').replace(PRELOAD, '');
const routePreloads = parseRoutePreloads(JSON.parse(readFileSync(join(client, ROUTE_PRELOADS_FILE), 'utf8')));

// The stylesheets of lazily loaded chunks by the classes they define (page-styles.ts): the
// prerendered pages link those of their markup, and the Worker those of a console page it renders.
const linked = new Set([...template.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]));
const chunkStyles = readdirSync(join(client, 'assets'))
  .filter((file) => file.endsWith('.css') && !linked.has(`/assets/${file}`))
  .map((file) => ({ href: `/assets/${file}`, classes: cssModuleClasses(readFileSync(join(client, 'assets', file), 'utf8')) }));
writeFileSync(join(client, CHUNK_STYLES_FILE.slice(1)), JSON.stringify(chunkStyles));

const started = Date.now();
let bytes = 0;
for (const path of PRERENDERED_PAGES) {
  const { html, status } = await renderPage(path);
  if (status !== 200) throw new Error(`prerendering ${path}: the router answered ${status}`);
  if (!html.includes('<main')) throw new Error(`prerendering ${path}: no <main> in the markup`);
  const page = template
    // Before the stylesheet applies: the visitor's colour scheme, so a dark page never flashes light.
    .replace('</head>', `${stylesheetLinksFor(chunkStyles, html)}<script>${COLOR_SCHEME_SCRIPT}</script></head>`)
    .replace(EMPTY_ROOT, `<div id="root" data-prerendered="" data-app-scripts="${appScriptsFor(routePreloads, path, appScripts).join(' ')}">${html}</div><script>${APP_LOADER_SCRIPT}</script>`);
  const file = join(client, `${prerenderedAssetPath(path)}.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
  bytes += page.length;
}
console.log(`Prerendered ${PRERENDERED_PAGES.length} public pages in ${((Date.now() - started) / 1000).toFixed(1)} s (${Math.round(bytes / 1024)} KiB of HTML).`);
// Timers of the routers and of the paused queries would keep Node waiting; the pages are written.
process.exit(0);
