import { listSearchShapes } from '../../components/list-kit/search-params';

/**
 * The shapes of /my-clusters' search parameters and of the detail's tab, for the routes'
 * validateSearch. Routes load with the first page, so this file imports only the list kit's
 * search parameters (no component): list-search.ts reads the values, in the page.
 */
export interface ClusterListSearchParams {
  q?: string;
  status?: string;
  tier?: string;
  region?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** Only the shapes (numbers may come as text from a hand-typed address). */
export function clusterListSearchParams(search: Record<string, unknown>): ClusterListSearchParams {
  return listSearchShapes(search, ['q', 'status', 'tier', 'region', 'sort']);
}

/** The tabs of a cluster's page, each reachable by ?tab=. */
export const CLUSTER_TABS = ['overview', 'pools', 'nodes', 'upgrades', 'maintenance', 'addons', 'hibernation', 'access', 'activity'] as const;
export type ClusterTab = (typeof CLUSTER_TABS)[number];

export interface ClusterDetailSearch {
  tab?: ClusterTab;
}

export function clusterDetailSearch(search: Record<string, unknown>): ClusterDetailSearch {
  const tab = CLUSTER_TABS.find((candidate) => candidate === search.tab);
  return tab && tab !== 'overview' ? { tab } : {};
}
