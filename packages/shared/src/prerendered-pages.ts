/**
 * Public pages rendered ahead of time at build (web/scripts/prerender.mjs, ADR 0017) and served
 * to visitors who are not signed in (worker/src/assets.ts): the marketing pages people land on.
 * Each must render without data (its data sections show their skeletons until the browser loads it).
 */
export const PRERENDERED_PAGES = [
  '/',
  '/pricing',
  '/documentation',
  '/about',
  '/faq',
  '/data-centers',
  '/case-studies',
  '/careers',
  '/contact',
  '/privacy-policy',
  '/terms',
  '/cookie-policy',
] as const;

const PRERENDERED = new Set<string>(PRERENDERED_PAGES);

/**
 * Where a prerendered page sits among the built assets, without its `.html` (the assets binding
 * serves `/_prerendered/pricing` from `_prerendered/pricing.html`); null for any other path.
 */
export function prerenderedAssetPath(path: string): string | null {
  if (!PRERENDERED.has(path)) return null;
  return `/_prerendered${path === '/' ? '/home' : path}`;
}

/**
 * `#root[data-prerendered]`'s value on a console page the Worker rendered for its visitor (ADR 0045),
 * where a page prerendered at build has an empty one: the app counts it hydrated only once its
 * dashboard layout is too.
 */
export const CONSOLE_PAGE = 'console';

/**
 * Runs in the <head> of a prerendered page before it paints: the colour scheme the visitor chose
 * (docs/product/entities.md's `theme` key: light, dark or system) on <html>, as Mantine sets it once the app runs.
 * The Worker's Content-Security-Policy allows exactly this script by its hash
 * (COLOR_SCHEME_SCRIPT_HASH, checked by prerendered-pages.test.ts).
 */
export const COLOR_SCHEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');document.documentElement.setAttribute('data-mantine-color-scheme',t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}";

/** CSP source of COLOR_SCHEME_SCRIPT: 'sha256-' and the base64 SHA-256 of its text. */
export const COLOR_SCHEME_SCRIPT_HASH = "'sha256-XdJ3aznViCuXTatdPbKsJqQue4QNo4cIx8+JOYsuqL4='";

/**
 * Runs at the end of a prerendered page's <body>: loads the app once the page has painted (the
 * frame after the first one, or after 1 s in a tab that does not paint). Until then the page's
 * stylesheets have the network to themselves; a slow connection paints the page without first
 * downloading the app. The scripts are #root's `data-app-scripts`: the entry, then the modules it
 * imports (preloaded alongside, as index.html's modulepreload links would). The preload links go in
 * five at a time, one task each, the entry after the last: a console page preloads ~70 modules, and
 * starting a request costs ~2 ms per link under a phone's CPU (more on a busy one): all at once they
 * made one task of 130–200 ms right after the first paint, counted in Total Blocking Time (ADR 0046).
 * Allowed by its hash (APP_LOADER_SCRIPT_HASH), like COLOR_SCHEME_SCRIPT.
 */
export const APP_LOADER_SCRIPT =
  "(function(){var started=0;function start(){if(started)return;started=1;var root=document.getElementById('root'),urls=((root&&root.getAttribute('data-app-scripts'))||'').split(' '),i=1;function batch(){for(var end=i+5;i<urls.length&&i<end;i++){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=urls[i];document.head.appendChild(link)}if(i<urls.length)return setTimeout(batch);var entry=document.createElement('script');entry.type='module';entry.crossOrigin='';entry.src=urls[0];document.head.appendChild(entry)}batch()}requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,1000)})()";

/** CSP source of APP_LOADER_SCRIPT. */
export const APP_LOADER_SCRIPT_HASH = "'sha256-IOdE2OMaxav9Qlu1GjJVGHjj9VxjpbFE0jyvHofh6pQ='";
