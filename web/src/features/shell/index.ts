// The frame of every page: header, footer, menus, the signed-in layouts and the route-level fallbacks.
export { preloadSiteShell, SiteShell } from './app-shell';
export { DashboardLayout } from './dashboard-layout';
export { NotFoundPage } from './not-found-page';
export { configurationSlideViewTransition } from './page-transition';
export { RouteError } from './route-error';
export { LazyNotFoundPage, LazyRouteError } from './route-fallbacks';
export { SignedInError, SignedInOutlet } from './signed-in-layout';
export { SignedInPending } from './signed-in-pending';
export { SlideTransition } from './slide-transition';
export { ToastRegion } from './toast-region';
