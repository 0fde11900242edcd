import type { Trpc } from '../../lib/trpc';

/** docs/product/calls.md#endpoints: the cluster tiers list is cached for 30 minutes. */
const CLUSTER_TIERS_STALE_TIME_MS = 30 * 60 * 1000;

export function clusterTiersQueryOptions(trpc: Trpc) {
  return trpc.catalog.clusterTiers.queryOptions(undefined, {
    staleTime: CLUSTER_TIERS_STALE_TIME_MS,
  });
}
