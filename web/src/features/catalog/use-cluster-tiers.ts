import type { AppRouter } from '@kubemarket/api';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../lib/trpc';
import { clusterTiersQueryOptions } from './cluster-tiers-query';

export type ClusterTier = inferRouterOutputs<AppRouter>['catalog']['clusterTiers'][number];

export function useClusterTiers() {
  const trpc = useTRPC();
  return useQuery(clusterTiersQueryOptions(trpc));
}
