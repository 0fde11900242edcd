import { listSearchRules, rangeLabel } from '../../components/list-kit';
import { CLUSTER_SORTS, CLUSTER_STATUSES } from './cluster-types';
import type { ClusterSort, ClusterStatus, ListClustersInput } from './cluster-types';
import type { ClusterListSearchParams } from './list-search-params';

/**
 * /my-clusters keeps its search, filters, sort and page in the address (the list kit's rules): the
 * route checks only the shapes (list-search-params.ts); these read the values and leave out what
 * the server would refuse.
 */
export interface ClusterListSearch {
  q?: string;
  status?: ClusterStatus;
  tier?: string;
  region?: string;
  sort?: ClusterSort;
  page?: number;
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 20;

export const clusterSearch = listSearchRules<ClusterListSearch>({
  fields: { q: 'search', status: CLUSTER_STATUSES, tier: 'id', region: 'id', sort: CLUSTER_SORTS },
  defaultSort: 'newest',
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: DEFAULT_PAGE_SIZE,
});

/** The values the list shows: an unknown status or sort is left out, the search cut to what the server takes, defaults dropped. */
export const readClusterSearch = (params: ClusterListSearchParams): ClusterListSearch => clusterSearch.read({ ...params });
export const changeClusterSearch = clusterSearch.change;
export const pageSizeOptions = clusterSearch.pageSizeOptions;
export const isFiltered = clusterSearch.isFiltered;

/** What clusters.list is asked for. */
export function clusterListInput(search: ClusterListSearch): ListClustersInput {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.tier ? { tierId: search.tier } : {}),
    ...(search.region ? { region: search.region } : {}),
    ...clusterSearch.paging(search),
  };
}

/** "Clusters 21–40 of 57" for the page shown. */
export function clusterRangeLabel(page: number, pageSize: number, total: number): string {
  return rangeLabel(page, pageSize, total, { none: 'No clusters', one: 'Cluster', many: 'Clusters' });
}
