import { createRouter, Outlet } from '@tanstack/react-router';
import type { AnyRoute, RouterHistory } from '@tanstack/react-router';
import { createElement, type ComponentType, type JSX, type ReactNode } from 'react';
import { configurationSlideViewTransition } from './features/shell';
import { useHydrationSignal } from './lib/hydration';
import type { RouterContext } from './lib/router-context';
import { routeTree } from './routeTree.gen';

export type { RouterContext };

/** Prerendering at build time passes a memory history, no scroll restoration and a wrapper (prerender.tsx). */
interface PrerenderOptions {
  history: RouterHistory;
  scrollRestoration: false;
  InnerWrap: (props: { children: ReactNode }) => JSX.Element;
}

/**
 * Every page's component (any route's but the root's) reports the 'page' part hydrated
 * (lib/hydration.ts). The root's Outlet puts the page in a Suspense boundary of its own, which React
 * hydrates after committing the frame: a query that fetched once the frame was hydrated could answer
 * before the page was, and the page's first render in the browser then differed from its markup
 * (a hydration error, the page rendered again). A route's code-split component keeps its preload.
 */
type RouteComponent = NonNullable<AnyRoute['options']['component']>;

function reportingPageHydration(Component: RouteComponent): RouteComponent {
  function Page(props: object) {
    useHydrationSignal('page');
    return createElement(Component as ComponentType, props);
  }
  return Object.assign(Page, { preload: Component.preload });
}

export function createAppRouter(context: RouterContext, prerender?: PrerenderOptions) {
  const router = createRouter({
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
  for (const route of Object.values(router.routesById) as AnyRoute[]) {
    if (!route.isRoot) route.options.component = reportingPageHydration(route.options.component ?? Outlet);
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
