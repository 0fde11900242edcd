import { consoleUserSchema, logError, type SessionUser } from '@kubemarket/api';
import {
  appScriptsFor,
  CHUNK_STYLES_FILE,
  FIRST_QUERIES_SCRIPT_ID,
  jsonDataScript,
  pagePreloads,
  parseChunkStyles,
  parseRoutePreloads,
  prerenderedAssetPath,
  ROUTE_PRELOADS_FILE,
  SESSION_USER_SCRIPT_ID,
  stylesheetLinksFor,
} from '@kubemarket/shared';
import type { Env } from './env';
import { visitorOf, withRenderedRoot, type ConsoleRenderer, type RenderedRoot } from './console-page';
import type { FirstQueryEntry } from './first-queries';

const STATIC_FILE = /\.(?!html?$)[a-z0-9]{1,8}$/i;

/** A file of the build (hashed JS, CSS, images, fonts) rather than a page of the SPA. */
export function isStaticFilePath(path: string): boolean {
  return STATIC_FILE.test(path);
}

/**
 * Pages carry the visitor's CSRF token, so they are always rendered afresh: without the
 * validators a browser holding an old copy cannot get a 304 and keep an old token.
 */
function unconditional(request: Request): Request {
  if (isStaticFilePath(new URL(request.url).pathname)) return request;
  if (!request.headers.has('If-None-Match') && !request.headers.has('If-Modified-Since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}

/**
 * A public page prerendered at build (web/scripts/prerender.mjs, ADR 0017), for a visitor who is
 * not signed in: its markup is what that visitor's browser renders first. A signed-in visitor gets
 * the plain page, whose app renders their own header at once; a build without the file, the SPA's.
 */
async function prerendered(request: Request, env: Env): Promise<Response | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = new URL(request.url);
  const asset = prerenderedAssetPath(url.pathname);
  if (!asset) return null;
  const response = await env.ASSETS.fetch(unconditional(new Request(new URL(asset, url), request)));
  return response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html') ? response : null;
}

/** The build's tables (ADR 18's preloads, ADR 45's chunk stylesheets), read once per isolate and assets binding. */
const buildTables = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A table the build writes among the assets, parsed. A build without it (`vite dev` answers with the
 * SPA shell) or an unreadable one gives `parse`'s empty table: the page still loads, only later.
 */
function buildTable<T>(request: Request, env: Env, file: string, parse: (value: unknown) => T): Promise<T> {
  const tables = buildTables.get(env.ASSETS) ?? new Map<string, Promise<unknown>>();
  buildTables.set(env.ASSETS, tables);
  let table = tables.get(file) as Promise<T> | undefined;
  if (!table) {
    table = env.ASSETS.fetch(new Request(new URL(file, request.url)))
      .then(async (response) => parse((response.headers.get('Content-Type') ?? '').includes('json') ? await response.json() : null))
      .catch(() => {
        tables.delete(file);
        return parse(null);
      });
    tables.set(file, table);
  }
  return table;
}

/**
 * Serves the built SPA. Unknown paths fall back to index.html (not_found_handling), where
 * the client router shows its not-found page. HTML gets the csrf-token meta tag filled in, and the
 * app's own page (not a prerendered one, whose markup was rendered before anyone was known) the
 * signed-in user as `auth.me` answers it (or null), so a console page's first load does not wait
 * for that answer before asking for its data, and modulepreload links for the route's own chunks. A
 * console page also gets the answers to its first queries (`firstQueries`, run only for a page
 * of the app served to a signed-in user; ADR 0042): it renders its content without another round trip.
 * And, when the build has its stylesheet table and `render` renders it (ADR 0045), the page comes
 * rendered: its markup paints before any script, whose loading then waits for that paint.
 */
export async function serveAsset(
  request: Request,
  env: Env,
  csrfToken: string | null,
  user: SessionUser | null = null,
  firstQueries: () => Promise<FirstQueryEntry[]> = () => Promise.resolve([]),
  render: ConsoleRenderer | null = null,
): Promise<Response> {
  const page = user ? null : await prerendered(request, env);
  const response = page ?? (await env.ASSETS.fetch(unconditional(request)));
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/html')) return response;
  const rewriter = new HTMLRewriter().on('meta[name="csrf-token"]', {
    element(element) {
      element.setAttribute('content', csrfToken ?? '');
    },
  });
  if (page) return rewriter.transform(response);
  const pathname = new URL(request.url).pathname;
  // The procedure's own output schema, so the page says exactly what `auth.me` would.
  const known = user ? consoleUserSchema.safeParse(user) : null;
  // Started at once, alongside the preload table; a HEAD gets the same headers and no page to render.
  const answers = known?.success && request.method === 'GET' ? firstQueries() : Promise.resolve([]);
  const [routePreloads, entries] = await Promise.all([buildTable(request, env, ROUTE_PRELOADS_FILE, parseRoutePreloads), answers]);
  // The data blocks the app primes its cache from, by element id.
  const blocks = new Map<string, unknown>();
  if (!known || known.success) blocks.set(SESSION_USER_SCRIPT_ID, known ? known.data : null);
  if (entries.length > 0) blocks.set(FIRST_QUERIES_SCRIPT_ID, entries);
  const rendered = render && entries.length > 0 ? await renderedRoot(request, env, pathname, blocks, render) : null;
  // The page's own chunks download with the entry instead of after it has run (ADR 18). Only those:
  // everything they import as well would share the bandwidth with the entry and delay the first paint.
  // And the shell's few small chunks (the cookie banner), which every page asks for as it starts.
  // A rendered page loads its scripts once it has painted, and all of them at once.
  const preloads = rendered
    ? ''
    : pagePreloads(routePreloads, pathname, { signedIn: user !== null })
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
  rewriter.on('head', {
    element(head) {
      if (preloads) head.append(preloads, { html: true });
      for (const [id, value] of blocks) head.append(jsonDataScript(id, value), { html: true });
    },
  });
  return (rendered ? withRenderedRoot(rewriter, rendered, (initial) => appScriptsFor(routePreloads, pathname, initial)) : rewriter).transform(response);
}

/**
 * The console page's markup for this visitor and the chunk stylesheets it uses (ADR 0045); null
 * without the build's stylesheet table (`vite dev`) or when the page was not rendered, which is
 * never an error: the browser renders it as before.
 */
async function renderedRoot(request: Request, env: Env, pathname: string, blocks: Map<string, unknown>, render: ConsoleRenderer): Promise<RenderedRoot | null> {
  const styles = await buildTable(request, env, CHUNK_STYLES_FILE, parseChunkStyles);
  if (styles.length === 0) return null;
  try {
    // As JSON text, as the browser reads the blocks: the render primes its cache exactly as main.tsx will.
    const texts = Object.fromEntries([...blocks].map(([id, value]) => [id, JSON.stringify(value ?? null)]));
    const visitor = visitorOf(request);
    const html = await render(pathname + new URL(request.url).search, texts, visitor);
    return html === null ? null : { html, stylesheets: stylesheetLinksFor(styles, html), withBanner: !visitor.consentRecorded };
  } catch (error) {
    logError(`Rendering ${pathname} failed; served for the browser to render`, error);
    return null;
  }
}
