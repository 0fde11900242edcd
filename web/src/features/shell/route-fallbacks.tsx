import { lazyRouteComponent } from '@tanstack/react-router';

// The root route's error and not-found pages, loaded when one is needed rather than with every page.
export const LazyRouteError = lazyRouteComponent(() => import('./route-error'), 'RouteError');
export const LazyNotFoundPage = lazyRouteComponent(() => import('./not-found-page'), 'NotFoundPage');
