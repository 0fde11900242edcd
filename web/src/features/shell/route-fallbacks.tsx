import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// The root route's error and not-found pages, loaded when one is needed rather than with every page.
const RouteError = lazy(() => import('./route-error').then((module) => ({ default: module.RouteError })));
const NotFoundPage = lazy(() => import('./not-found-page').then((module) => ({ default: module.NotFoundPage })));

// Plain components with their own Suspense, not the router's lazyRouteComponent: a root error
// component the router can preload makes it wrap the whole page in a Suspense boundary in the
// browser but not when prerendering, and the prerendered pages (ADR 17) would not hydrate.
export function LazyRouteError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <RouteError {...props} />
    </Suspense>
  );
}

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
