/**
 * Prerendering of the public pages at build time (scripts/prerender.mjs, ADR 0017): the app's own
 * tree rendered in Node for a visitor who is not signed in, with no data yet (queries stay pending,
 * so their sections render the skeletons the browser would show first). The browser hydrates this
 * HTML instead of building the page from nothing, so the first screen paints before the JavaScript.
 */
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient } from '@trpc/client';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@kubemarket/api';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { App } from './app';
import { themeColorSchemeManager } from './features/preferences';
import { createQueryClient } from './lib/query-client';
import { createTrpcOptionsProxy } from './lib/trpc';
import { createAppRouter } from './router';

/** Were a call made while prerendering, it would never answer: the data is the visitor's to load, when they visit. */
const pendingLink: TRPCLink<AppRouter> = () => () => observable(() => undefined);

function BrowserMatchesBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The HTTP status the router settled on (a page that is not found is not prerendered). */
  status: number;
}

// Every query stays pending without being sent, as in the browser until it has hydrated (main.tsx).
onlineManager.setOnline(false);

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [pendingLink] });
  // Rendered on a server, the router's markup differs from the browser's in two places, which would
  // keep the page from hydrating: it adds scroll restoration as an inline script (which the browser's
  // router never renders, nor would the Content-Security-Policy run), and it leaves out the Suspense
  // boundary the browser's router puts around the matched routes, added back here around the same markup.
  const router = createAppRouter(
    { queryClient, trpc: createTrpcOptionsProxy(trpcClient, queryClient) },
    { history: createMemoryHistory({ initialEntries: [path] }), scrollRestoration: false, InnerWrap: BrowserMatchesBoundary },
  );
  await router.load();
  const { matches } = router.state;
  const status = matches.some((match) => match.status === 'error') ? 500 : matches.some((match) => match.status === 'notFound') || matches.length < 2 ? 404 : 200;
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} colorSchemeManager={themeColorSchemeManager()} />;
  // Two passes. The first waits for every lazy part (header controls, footer…) to load; its output
  // streams late parts in with inline scripts, which the Content-Security-Policy would refuse. The
  // second renders the same tree again, now without anything left to wait for, as plain markup.
  const { prelude } = await prerenderToNodeStream(app);
  for await (const chunk of prelude) void chunk;
  return { html: renderToString(app), status };
}

export { APP_LOADER_SCRIPT, COLOR_SCHEME_SCRIPT, parseRoutePreloads, PRERENDERED_PAGES, prerenderedAssetPath, ROUTE_PRELOADS_FILE, routePreloadFor } from '@kubemarket/shared';
