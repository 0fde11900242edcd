import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { JSX, ReactNode } from 'react';
import { configurationSlideViewTransition } from './features/shell';
import type { RouterContext } from './lib/router-context';
import { routeTree } from './routeTree.gen';

export type { RouterContext };

/** Prerendering at build time passes a memory history, no scroll restoration and a wrapper (prerender.tsx). */
interface PrerenderOptions {
  history: RouterHistory;
  scrollRestoration: false;
  InnerWrap: (props: { children: ReactNode }) => JSX.Element;
}

export function createAppRouter(context: RouterContext, prerender?: PrerenderOptions) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders only warm the query cache; TanStack Query decides freshness, so the router never caches.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...prerender,
    // docs/product/screens.md#page-transitions: the slide between configuring a cluster and its provisioning; no other navigation animates.
    defaultViewTransition: configurationSlideViewTransition(),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
