import { CLUSTER_SORTS, CLUSTER_STATUSES } from './cluster-types';
import type { ClusterSort, ClusterStatus, ListClustersInput } from './cluster-types';
import { MAX_PAGE, MAX_PAGE_SIZE, wholeNumberIn } from './list-search-params';
import type { ClusterListSearchParams } from './list-search-params';

/**
 * /my-clusters keeps its search, filters, sort and page in the address, so that a link, a reload or
 * the back button shows the same rows. The route checks only the shapes (list-search-params.ts);
 * these helpers read the values and leave out what the server would refuse.
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
export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];
const MAX_SEARCH = 100;
const MAX_ID = 64;

const id = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_ID ? trimmed : undefined;
};

/** The values the list shows: an unknown status or sort is left out, the search cut to what the server takes, defaults dropped. */
export function readClusterSearch(params: ClusterListSearchParams): ClusterListSearch {
  const status = CLUSTER_STATUSES.find((candidate) => candidate === params.status);
  const sort = CLUSTER_SORTS.find((candidate) => candidate === params.sort);
  const q = params.q?.trim().slice(0, MAX_SEARCH);
  const tier = id(params.tier);
  const region = id(params.region);
  const page = wholeNumberIn(params.page, 1, MAX_PAGE);
  const pageSize = wholeNumberIn(params.pageSize, 1, MAX_PAGE_SIZE);
  return {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(tier ? { tier } : {}),
    ...(region ? { region } : {}),
    ...(sort && sort !== 'newest' ? { sort } : {}),
    ...(page !== undefined && page > 1 ? { page } : {}),
    ...(pageSize !== undefined && pageSize !== DEFAULT_PAGE_SIZE ? { pageSize } : {}),
  };
}

/**
 * The next search after a change: a new search, filter, sort or page size goes back to page 1
 * (the page the reader was on may not exist any more); an empty value removes the parameter.
 */
export function changeClusterSearch(current: ClusterListSearch, change: Partial<Record<keyof ClusterListSearch, string | number | null>>): ClusterListSearch {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || value === '') delete merged[key];
    else merged[key] = value;
  }
  if (!('page' in change)) delete merged.page;
  return readClusterSearch(merged as ClusterListSearchParams);
}

/** What clusters.list is asked for. */
export function clusterListInput(search: ClusterListSearch): ListClustersInput {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.tier ? { tierId: search.tier } : {}),
    ...(search.region ? { region: search.region } : {}),
    sort: search.sort ?? 'newest',
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}


/** Rows-per-page choices: the usual sizes, and the one the address asked for when it is another. */
export function pageSizeOptions(current: number): number[] {
  return [...new Set([...PAGE_SIZES, current])].sort((a, b) => a - b);
}

/** "Clusters 21–40 of 57" for the page shown. */
export function clusterRangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No clusters';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  if (first === last) return `Cluster ${first} of ${total}`;
  return `Clusters ${first}–${last} of ${total}`;
}

/** Whether the reader narrowed the list (an empty answer then means "nothing matches", not "no clusters"). */
export function isFiltered(search: ClusterListSearch): boolean {
  return Boolean(search.q || search.status || search.tier || search.region);
}
