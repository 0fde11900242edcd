import type { LoadingScreenSize } from './loading-screen';

/** The three layouts of the signed-in pages (SPEC.md section 2). */
export type ConsoleLayout = 'dashboard' | 'configuration' | 'plain';

const SIGNED_IN_ROUTE_ID = '/_authenticated';
const CONFIGURATION_ROUTE_ID = '/_authenticated/_configuration';
const PLAIN_ROUTE_ID = '/_authenticated/_plain';

function isWithin(routeId: string, parentId: string): boolean {
  return routeId === parentId || routeId.startsWith(`${parentId}/`);
}

/**
 * Which layout the matched routes ask for: pages under the `_configuration` and `_plain` pathless
 * routes get those layouts, every other signed-in page the dashboard layout; null for public pages.
 */
export function consoleLayoutOf(routeIds: readonly string[]): ConsoleLayout | null {
  if (routeIds.some((id) => isWithin(id, CONFIGURATION_ROUTE_ID))) return 'configuration';
  if (routeIds.some((id) => isWithin(id, PLAIN_ROUTE_ID))) return 'plain';
  return routeIds.some((id) => isWithin(id, SIGNED_IN_ROUTE_ID)) ? 'dashboard' : null;
}

/** SPEC.md section 4: the auth gate's spinner is sm on plain pages, md on the dashboard, lg while configuring. */
export const GATE_LOADER_SIZE: Record<ConsoleLayout, LoadingScreenSize> = {
  plain: 'sm',
  dashboard: 'md',
  configuration: 'lg',
};
