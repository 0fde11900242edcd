/**
 * The shapes of /my-clusters' search parameters and of the detail's tab, for the routes'
 * validateSearch. Routes load with the first page, so this file imports nothing: list-search.ts
 * reads the values, in the page.
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

/** The server's limits (clusters.list). */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;

export function wholeNumberIn(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Only the shapes (numbers may come as text from a hand-typed address). */
export function clusterListSearchParams(search: Record<string, unknown>): ClusterListSearchParams {
  const values: ClusterListSearchParams = {
    q: text(search.q),
    status: text(search.status),
    tier: text(search.tier),
    region: text(search.region),
    sort: text(search.sort),
    page: wholeNumberIn(search.page, 1, MAX_PAGE),
    pageSize: wholeNumberIn(search.pageSize, 1, MAX_PAGE_SIZE),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as ClusterListSearchParams;
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
