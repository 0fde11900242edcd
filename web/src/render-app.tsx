/**
 * The app's own tree rendered to markup away from a browser, for it to hydrate: at build for the
 * public pages (prerender.tsx, ADR 0017) and in the Worker for a signed-in visitor's console page
 * (server-render.tsx, ADR 0045). Both render exactly what the browser's first render of that page
 * shows: what the cache was primed with, and every other query still loading.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient } from '@trpc/client';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@kubemarket/api';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { App } from './app';
import { loadCookieConsent } from './features/consent';
import { themeColorSchemeManager } from './features/preferences';
import { createQueryClient } from './lib/query-client';
import type { Trpc } from './lib/trpc';
import { createTrpcOptionsProxy } from './lib/trpc';
import { createAppRouter } from './router';

/** React's marker of a part the server could not render (it suspended) and leaves to the browser. */
export const CLIENT_RENDERED = '<!--$!-->';

/** Were a call made while rendering, it would never answer: what was not primed is the browser's to load. */
const pendingLink: TRPCLink<AppRouter> = () => () => observable(() => undefined);

function BrowserMatchesBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The HTTP status the router settled on (200, 404 for a page not found, 500 for a route's error). */
  status: number;
  /** The ids of the routes matched (`/_authenticated/_dashboard`…). */
  routeIds: string[];
}

export interface RenderOptions {
  /** Fills the cache before the router loads, as main.tsx does from the page's data blocks. */
  prime?: (queryClient: QueryClient, trpc: Trpc) => void;
  /** Gives up waiting for lazy parts (the page is then not rendered: the caller serves the plain one). */
  signal?: AbortSignal;
  /** Runs the final, synchronous render (the Worker sets the visitor's time zone and cookie choice around it). */
  around?: (render: () => string) => string;
}

/** The markup of the app at `path`; queries stay pending unless `prime` answered them. */
export async function renderApp(path: string, { prime, signal, around = (render) => render() }: RenderOptions = {}): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [pendingLink] });
  const trpc = createTrpcOptionsProxy(trpcClient, queryClient);
  prime?.(queryClient, trpc);
  // Rendered on a server, the router's markup differs from the browser's in two places, which would
  // keep the page from hydrating: it adds scroll restoration as an inline script (which the browser's
  // router never renders, nor would the Content-Security-Policy run), and it leaves out the Suspense
  // boundary the browser's router puts around the matched routes, added back here around the same markup.
  const router = createAppRouter(
    { queryClient, trpc },
    { history: createMemoryHistory({ initialEntries: [path] }), scrollRestoration: false, InnerWrap: BrowserMatchesBoundary },
  );
  try {
    // The cookie banner's code as well, as the browser waits for it before hydrating: where the banner shows, both render it.
    await Promise.all([router.load(), loadCookieConsent()]);
    const { matches } = router.state;
    const routeIds = matches.map((match) => match.routeId as string);
    const status = matches.some((match) => match.status === 'error') ? 500 : matches.some((match) => match.status === 'notFound') || matches.length < 2 ? 404 : 200;
    const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} colorSchemeManager={themeColorSchemeManager()} />;
    // Rendered as plain markup at once when every lazy part is loaded already (the Worker's renders
    // after its first). Otherwise a part suspended and was left to the browser (React's client-render
    // marker): a first pass then waits for every lazy part (header controls, footer…) to load. Its
    // own output streams late parts in with inline scripts, which the Content-Security-Policy would
    // refuse, so the same tree is rendered again, now without anything left to wait for.
    const first = around(() => renderToString(app));
    if (!first.includes(CLIENT_RENDERED)) return { html: first, status, routeIds };
    const { prelude } = await prerender(app, { signal });
    await prelude.pipeTo(new WritableStream());
    signal?.throwIfAborted();
    return { html: around(() => renderToString(app)), status, routeIds };
  } finally {
    // Nothing of this render outlives it: its queries (paused, never sent) and the router's timers.
    queryClient.clear();
  }
}
