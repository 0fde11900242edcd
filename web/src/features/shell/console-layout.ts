import type { LoadingScreenSize } from '../../components/loading-screen';

/** The three layouts of the signed-in pages (docs/product/screens.md#signed-in-layouts). */
export type ConsoleLayout = 'dashboard' | 'configuration' | 'plain';

const DASHBOARD_ROUTE_ID = '/_authenticated/_dashboard';
const CONFIGURATION_ROUTE_ID = '/_authenticated/_configuration';
const PLAIN_ROUTE_ID = '/_authenticated/_plain';

function isWithin(routeId: string, parentId: string): boolean {
  return routeId === parentId || routeId.startsWith(`${parentId}/`);
}

/**
 * Which layout the matched routes ask for: each signed-in page sits under the pathless route of its
 * layout (`_dashboard`, `_configuration` or `_plain`); null for public pages.
 */
export function consoleLayoutOf(routeIds: readonly string[]): ConsoleLayout | null {
  if (routeIds.some((id) => isWithin(id, DASHBOARD_ROUTE_ID))) return 'dashboard';
  if (routeIds.some((id) => isWithin(id, CONFIGURATION_ROUTE_ID))) return 'configuration';
  if (routeIds.some((id) => isWithin(id, PLAIN_ROUTE_ID))) return 'plain';
  return null;
}

/** docs/product/states.md#sign-in-gate: the sign-in gate's spinner is sm on plain pages, md on the dashboard, lg while configuring. */
export const GATE_LOADER_SIZE: Record<ConsoleLayout, LoadingScreenSize> = {
  plain: 'sm',
  dashboard: 'md',
  configuration: 'lg',
};
