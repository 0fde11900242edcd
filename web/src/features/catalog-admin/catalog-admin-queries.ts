import { GET_CACHE_MS } from '@kubemarket/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * The staff lists of the catalogue (archived items included), one query each so every screen
 * reads what it needs and shares the cache with the others.
 */

export function useAdminTiers() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.clusterTiers.list.queryOptions());
}

export function useAdminFlavors() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.nodeFlavors.list.queryOptions());
}

export function useAdminVersions() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.kubernetesVersions.list.queryOptions());
}

export function useAdminPowerFactors() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.powerFactors.list.queryOptions());
}

export function useAdminAddons() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.addons.list.queryOptions());
}

export function useAdminMiddlewares() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.middlewares.list.queryOptions());
}

export function useAdminPlans(middlewareId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.middlewarePlans.list.queryOptions({ middlewareId }));
}

export function useAdminSupportPlans() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.supportPlans.list.queryOptions());
}

export function useAdminPromotions() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogAdmin.promotions.list.queryOptions());
}

/** The regions (data centres) items can be offered in, from the public catalogue. */
export function useRegions() {
  const trpc = useTRPC();
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, { staleTime: GET_CACHE_MS }));
  const options = useMemo(
    () => (regions.data ?? []).map((region) => ({ value: region.id, label: `${region.name} (${region.id})${region.status === 'operational' ? '' : `, ${region.status}`}` })),
    [regions.data],
  );
  const names = useMemo(() => new Map((regions.data ?? []).map((region) => [region.id, region.name])), [regions.data]);
  return { query: regions, options, names };
}

/**
 * After a change: every staff list (a change to one item can change others, as a tier's flavours
 * or an add-on's conflicts) and the public catalogue the customer screens read.
 */
export function useRefreshCatalog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
      ]),
    [queryClient, trpc],
  );
}
