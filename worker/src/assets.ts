import { consoleUserSchema, type SessionUser } from '@kubemarket/api';
import { FIRST_QUERIES_SCRIPT_ID, jsonDataScript, NO_ROUTE_PRELOADS, parseRoutePreloads, prerenderedAssetPath, ROUTE_PRELOADS_FILE, pagePreloads, sessionUserScript, type RoutePreloads } from '@kubemarket/shared';
import type { Env } from './env';
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

/** The build's table of each page's chunks (ADR 18), read once per isolate and assets binding. */
const routePreloadTables = new WeakMap<object, Promise<RoutePreloads>>();

/**
 * route-preloads.json from the assets binding. A build without it (`vite dev` answers with the SPA
 * shell) or an unreadable one preloads nothing: the page still loads, its chunks only later.
 */
function routePreloadTable(request: Request, env: Env): Promise<RoutePreloads> {
  let table = routePreloadTables.get(env.ASSETS);
  if (!table) {
    table = env.ASSETS.fetch(new Request(new URL(ROUTE_PRELOADS_FILE, request.url)))
      .then(async (response) => ((response.headers.get('Content-Type') ?? '').includes('json') ? parseRoutePreloads(await response.json()) : NO_ROUTE_PRELOADS))
      .catch(() => {
        routePreloadTables.delete(env.ASSETS);
        return NO_ROUTE_PRELOADS;
      });
    routePreloadTables.set(env.ASSETS, table);
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
 */
export async function serveAsset(
  request: Request,
  env: Env,
  csrfToken: string | null,
  user: SessionUser | null = null,
  firstQueries: () => Promise<FirstQueryEntry[]> = () => Promise.resolve([]),
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
  // The procedure's own output schema, so the page says exactly what `auth.me` would.
  const known = user ? consoleUserSchema.safeParse(user) : null;
  // Started at once, alongside the preload table; a HEAD gets the same headers and no page to render.
  const answers = known?.success && request.method === 'GET' ? firstQueries() : Promise.resolve([]);
  // The page's own chunks download with the entry instead of after it has run (ADR 18). Only those:
  // everything they import as well would share the bandwidth with the entry and delay the first paint.
  // And the shell's few small chunks (the cookie banner), which every page asks for as it starts.
  const preloads = pagePreloads(await routePreloadTable(request, env), new URL(request.url).pathname, { signedIn: user !== null })
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const entries = await answers;
  return rewriter
    .on('head', {
      element(head) {
        if (preloads) head.append(preloads, { html: true });
        if (!known || known.success) head.append(sessionUserScript(known ? known.data : null), { html: true });
        if (entries.length > 0) head.append(jsonDataScript(FIRST_QUERIES_SCRIPT_ID, entries), { html: true });
      },
    })
    .transform(response);
}
