import { CLUSTER_TIERS_CACHE_MS } from '@kubemarket/shared';
import type { Trpc } from '../../lib/trpc';

/** docs/product/calls.md#endpoints: the cluster tiers list is cached for 30 minutes. */
export function clusterTiersQueryOptions(trpc: Trpc) {
  return trpc.catalog.clusterTiers.queryOptions(undefined, {
    staleTime: CLUSTER_TIERS_CACHE_MS,
  });
}
