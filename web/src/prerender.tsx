/**
 * Prerendering of the public pages at build time (scripts/prerender.mjs, ADR 0017): the app's own
 * tree rendered in Node for a visitor who is not signed in, with no data yet (queries stay pending,
 * so their sections render the skeletons the browser would show first). The browser hydrates this
 * HTML instead of building the page from nothing, so the first screen paints before the JavaScript.
 */
import { onlineManager } from '@tanstack/react-query';
import { renderApp, type RenderedPage } from './render-app';

export type PrerenderedPage = RenderedPage;

// Every query stays pending without being sent, as in the browser until it has hydrated (main.tsx).
onlineManager.setOnline(false);

export function renderPage(path: string): Promise<PrerenderedPage> {
  return renderApp(path);
}

export {
  APP_LOADER_SCRIPT,
  appScriptsFor,
  CHUNK_STYLES_FILE,
  COLOR_SCHEME_SCRIPT,
  cssModuleClasses,
  parseRoutePreloads,
  stylesheetLinksFor, PRERENDERED_PAGES, prerenderedAssetPath, ROUTE_PRELOADS_FILE } from '@kubemarket/shared';
