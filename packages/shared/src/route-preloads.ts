/**
 * Which code a page of the SPA needs before it can render (ADR 0018). The build writes it as
 * ROUTE_PRELOADS_FILE (scripts/lib/route-preloads-plugin.ts); the Worker puts a page's own chunks in
 * the page as modulepreload links (worker/src/assets.ts), so they download alongside the entry
 * instead of after it has run, and the prerendered pages load all their files with the app once
 * they have painted (web/scripts/prerender.mjs). The entry carries no table of every chunk's
 * dependencies any more.
 */
export interface RoutePreloads {
  /** One entry per route file that renders a page, most specific patterns first. */
  routes: RoutePreload[];
  /**
   * Code the app asks for as it starts on every page, whatever the route (the cookie banner and the
   * consent store), with everything it imports: preloaded with every page the app renders, so it
   * does not wait for the entry to run and then for each of its imports in turn.
   */
  shell: string[];
}

export interface RoutePreload {
  /** The route's address as TanStack Router writes it: `/clusters/$id`, `/`. */
  pattern: string;
  /** Its own chunks and its layouts', minus what index.html already loads: what the Worker preloads. */
  chunks: string[];
  /** Those and everything they import: what a prerendered page loads with the app once it has painted. */
  files: string[];
  /** A console page: a visitor who is not signed in is sent to /auth and needs none of it. */
  signedIn?: boolean;
}

/** Where the build writes the table, among the SPA's assets (not hashed: the Worker asks for it by name). */
export const ROUTE_PRELOADS_FILE = '/route-preloads.json';

/** Route files under this folder render console pages, for signed-in users only. */
export const SIGNED_IN_ROUTES_FOLDER = '_authenticated/';

/**
 * The address of a route file of web/src/routes (`_authenticated/_dashboard/clusters/$id/index.tsx`
 * is `/clusters/$id`): pathless layouts (`_name`) and `index` add no segment. Null for the root
 * route, layouts and files that are not routes.
 */
export function routePatternOf(routeFile: string): string | null {
  const segments = routeFile.replace(/\.tsx?$/, '').split('/');
  const last = segments.at(-1) ?? '';
  if (last.startsWith('_') || last === '') return null;
  const path = segments.filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${path.join('/')}`;
}

/** The layout files a route file renders inside (`_authenticated.tsx`, …), outermost first, root included. */
export function layoutFilesOf(routeFile: string): string[] {
  const segments = routeFile.replace(/\.tsx?$/, '').split('/');
  const layouts = ['__root.tsx'];
  for (let index = 1; index < segments.length; index += 1) layouts.push(`${segments.slice(0, index).join('/')}.tsx`);
  return layouts;
}

/** Static segments outrank parameters, as in the router: `/orders/clusters` before `/orders/$id`. */
function specificity(pattern: string): number[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? 1 : 2));
}

/** Sorts patterns so that the first one matching a path is the one the router would pick. */
export function compareRoutePatterns(a: string, b: string): number {
  const [left, right] = [specificity(a), specificity(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (right[index] ?? 0) - (left[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.localeCompare(b);
}

/** The parameters (decoded) when the route at `pattern` (`/clusters/$id`) serves `pathname`, else null. */
export function routeParams(pattern: string, pathname: string): Record<string, string> | null {
  const expected = pattern.split('/').slice(1);
  const actual = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (pattern === '/') return actual.length === 0 || (actual.length === 1 && actual[0] === '') ? {} : null;
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith('$') ? value === '' : segment !== value) return null;
    if (segment.startsWith('$')) params[segment.slice(1)] = decodedSegment(value);
  }
  return params;
}

/** A path segment decoded; as it came when it is not valid percent-encoding (`%E0`), never an exception. */
function decodedSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const matches = (pattern: string, pathname: string) => routeParams(pattern, pathname) !== null;

/**
 * The route serving a page address; null for an address no route serves, and for a console page
 * when nobody is signed in (the app sends them to /auth).
 */
export function routePreloadFor(table: RoutePreloads, pathname: string, { signedIn = true }: { signedIn?: boolean } = {}): RoutePreload | null {
  const route = table.routes.find((candidate) => matches(candidate.pattern, pathname));
  return route && (signedIn || !route.signedIn) ? route : null;
}

/** The table of a build without one (or an unreadable one): nothing is preloaded. */
export const NO_ROUTE_PRELOADS: RoutePreloads = Object.freeze({ routes: [], shell: [] });

/** A list of our own chunks as served (`/assets/name-hash.js`). */
const isChunkList = (list: unknown): list is string[] => Array.isArray(list) && list.every((file) => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file));

/** A table read from the build, checked: anything unexpected preloads nothing rather than break the page. */
export function parseRoutePreloads(value: unknown): RoutePreloads {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as RoutePreloads).routes)) return NO_ROUTE_PRELOADS;
  const routes = (value as RoutePreloads).routes.filter(
    (route): route is RoutePreload =>
      typeof route?.pattern === 'string' &&
      route.pattern.startsWith('/') &&
      (route.signedIn === undefined || typeof route.signedIn === 'boolean') &&
      isChunkList(route.chunks) &&
      isChunkList(route.files),
  );
  const shell = (value as RoutePreloads).shell;
  return { routes, shell: isChunkList(shell) ? shell : [] };
}

/**
 * The modulepreload list of a page the app renders: the route's own chunks (none for an address no
 * route serves, or a console page nobody signed in may see), then the shell's, each once.
 */
export function pagePreloads(table: RoutePreloads, pathname: string, options: { signedIn?: boolean } = {}): string[] {
  return [...new Set([...(routePreloadFor(table, pathname, options)?.chunks ?? []), ...table.shell])];
}

/**
 * What a page painted ahead of its scripts (prerendered, ADR 0017, or rendered by the Worker,
 * ADR 0045) loads once it has painted, for #root's `data-app-scripts`: the entry and what
 * index.html preloads with it (`initial`, the entry first), then everything the page's route needs
 * and the shell's chunks, each once. Fetched at once after the paint, not level by level.
 */
export function appScriptsFor(table: RoutePreloads, pathname: string, initial: string[]): string[] {
  return [...new Set([...initial, ...(routePreloadFor(table, pathname)?.files ?? []), ...table.shell])];
}
