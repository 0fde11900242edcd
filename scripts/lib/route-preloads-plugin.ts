import { compareRoutePatterns, layoutFilesOf, ROUTE_PRELOADS_FILE, routePatternOf, SIGNED_IN_ROUTES_FOLDER, type RoutePreload, type RoutePreloads } from '../../packages/shared/src/route-preloads';

/** The parts of Rollup's output chunk this plugin reads. */
interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

interface Bundle {
  [fileName: string]: OutputChunk | { type: 'asset' };
}

interface EmitContext {
  environment?: { name: string };
  emitFile(file: { type: 'asset'; fileName: string; source: string }): string;
}

/** A route file's code-split parts (`…/routes/pricing.tsx?tsr-split=component`), by the router plugin. */
const SPLIT_ROUTE = /[\\/]src[\\/]routes[\\/](.+?\.tsx)\?tsr-split=/;

/**
 * Modules every page of the app imports as it starts, outside any route (lazy-cookie-consent.tsx
 * asks for the banner's code when the entry runs): the table's `shell`.
 */
const SHELL_MODULE = /[\\/]src[\\/]features[\\/]consent[\\/]cookie-consent\.tsx$/;

/**
 * Builds the table of what each page needs (ADR 0018) from the client bundle: for every route file,
 * the chunks holding its split parts and its layouts' (`chunks`), and those with everything they
 * import (`files`), minus the entry and what it imports (index.html loads those); and the shell's
 * chunks with everything they import. Pure.
 */
export function routePreloadsOf(bundle: Bundle): RoutePreloads {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Iterable<string>) => {
    const seen = new Set<string>();
    const pending = [...start];
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      pending.push(...(byName.get(name)?.imports ?? []));
    }
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const chunksOfRouteFile = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const routeFile = SPLIT_ROUTE.exec(id)?.[1]?.replaceAll('\\', '/');
      if (!routeFile) continue;
      const names = chunksOfRouteFile.get(routeFile) ?? new Set<string>();
      names.add(chunk.fileName);
      chunksOfRouteFile.set(routeFile, names);
    }
  }
  /** As the page links them: served paths, without what index.html loads, sorted. */
  const notInitial = (names: Iterable<string>) => [...new Set(names)].filter((name) => !initial.has(name) && name.endsWith('.js')).map((name) => `/${name}`).sort();
  const routes: RoutePreload[] = [];
  for (const routeFile of chunksOfRouteFile.keys()) {
    const pattern = routePatternOf(routeFile);
    if (!pattern) continue;
    const own = [routeFile, ...layoutFilesOf(routeFile)].flatMap((file) => [...(chunksOfRouteFile.get(file) ?? [])]);
    routes.push({ pattern, chunks: notInitial(own), files: notInitial(closure(own)), ...(routeFile.startsWith(SIGNED_IN_ROUTES_FOLDER) ? { signedIn: true } : {}) });
  }
  routes.sort((a, b) => compareRoutePatterns(a.pattern, b.pattern));
  const shell = chunks.filter((chunk) => chunk.moduleIds.some((id) => SHELL_MODULE.test(id))).map((chunk) => chunk.fileName);
  return { routes, shell: notInitial(closure(shell)) };
}

/**
 * Writes ROUTE_PRELOADS_FILE next to the client build. Vite's own preloading of a dynamic import's
 * dependencies is switched off in web/vite.config.ts: it put a table of every chunk's dependencies
 * in the entry (9 KiB gzip of the first load), where this table costs the first load nothing.
 */
export function routePreloads() {
  return {
    name: 'kubemarket:route-preloads',
    generateBundle(this: EmitContext, _options: unknown, bundle: Bundle) {
      if (this.environment && this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE.slice(1), source: JSON.stringify(routePreloadsOf(bundle)) });
    },
  };
}
