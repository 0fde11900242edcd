import { SIDEBAR_COUNTS_REFETCH_MS, SIDEBAR_COUNTS_STALE_MS } from '@kubemarket/shared';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { Trpc } from '../../lib/trpc';
import { useCurrentUser } from '../auth';

/** docs/product/calls.md and docs/product/constants.md: polled every 30 s (not in the background), stale after 5 s, signed-in only. */
export function sidebarCountsQueryOptions(trpc: Trpc, signedIn: boolean) {
  return trpc.dashboard.sidebarCounts.queryOptions(undefined, {
    enabled: signedIn,
    refetchInterval: SIDEBAR_COUNTS_REFETCH_MS,
    staleTime: SIDEBAR_COUNTS_STALE_MS,
  });
}

export function useSidebarCounts() {
  const trpc = useTRPC();
  const { data: user } = useCurrentUser();
  return useQuery(sidebarCountsQueryOptions(trpc, Boolean(user)));
}
