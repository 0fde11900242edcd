import type { AppRouter } from '@kubemarket/api';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../lib/trpc';
import type { Trpc } from '../../lib/trpc';

export type DataCenter = inferRouterOutputs<AppRouter>['catalog']['dataCenters'][number];

/** Regions change rarely: cached like the cluster tiers, for 30 minutes. */
const DATA_CENTERS_STALE_MS = 30 * 60 * 1000;

export function dataCentersQueryOptions(trpc: Trpc) {
  return trpc.catalog.dataCenters.queryOptions(undefined, { staleTime: DATA_CENTERS_STALE_MS });
}

export function useDataCenters() {
  const trpc = useTRPC();
  return useQuery(dataCentersQueryOptions(trpc));
}
