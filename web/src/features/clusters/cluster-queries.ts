import { applyOperation, applyProgressToCluster, applyProgressToPage, roleCan } from '@kubemarket/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { buildPriceBook, useCatalog } from '../catalog';
import { subscribeClusterProgress, subscribeReconnect } from '../notifications';
import type { ClusterDetail, ClusterOperation, ClusterPage } from './cluster-types';

/** Whether the signed-in member may change clusters (the server refuses anyway). */
export function useMayWriteClusters(): boolean {
  const user = useSessionUser();
  return roleCan(user.organizationRole, 'clusters:write');
}

/**
 * One cluster, kept live without polling: each cluster_progress message of this cluster is written
 * into the cached answer; when its operation ends, when nodes join or leave, or after the socket
 * reconnects, the cluster is read again once (its pools, nodes and price may have changed).
 */
export function useClusterDetail(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.clusters.get.queryOptions({ id }));

  useEffect(() => {
    const key = trpc.clusters.get.queryKey({ id });
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries(trpc.clusters.events.pathFilter());
    };
    const stopProgress = subscribeClusterProgress((message) => {
      if (message.clusterId !== id) return;
      const cached = queryClient.getQueryData<ClusterDetail>(key);
      if (!cached) return;
      const { cluster, refetch } = applyProgressToCluster(cached, message);
      if (cluster !== cached) queryClient.setQueryData(key, cluster);
      if (refetch) reread();
      // Each step is also a line of the activity; only a shown activity list is read again.
      else void queryClient.invalidateQueries(trpc.clusters.events.pathFilter());
    });
    const stopReconnect = subscribeReconnect(reread);
    return () => {
      stopProgress();
      stopReconnect();
    };
  }, [id, trpc, queryClient]);

  return query;
}

/**
 * Keeps every cached page of clusters.list live: a row's status and progress follow the socket;
 * when an operation of a listed cluster ends, a cluster appears, or the socket reconnects, the
 * lists are read again.
 */
export function useLiveClusterList(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    const filter = trpc.clusters.list.pathFilter();
    // A cluster no page lists (just ordered, say) makes the lists be read again, once.
    const unlisted = new Set<string>();
    const stopProgress = subscribeClusterProgress((message) => {
      let ended = false;
      let listed = false;
      for (const [key, page] of queryClient.getQueriesData<ClusterPage>(filter)) {
        if (!page) continue;
        const update = applyProgressToPage(page, message);
        if (update.page !== page) {
          listed = true;
          queryClient.setQueryData(key, update.page);
        }
        ended ||= update.ended;
      }
      if (ended || (!listed && !unlisted.has(message.clusterId))) void queryClient.invalidateQueries(filter);
      if (!listed) unlisted.add(message.clusterId);
    });
    const stopReconnect = subscribeReconnect(() => void queryClient.invalidateQueries(filter));
    return () => {
      stopProgress();
      stopReconnect();
    };
  }, [trpc, queryClient]);
}

/** The catalogue's price book, as the configurator prices with it; null while the catalogue loads. */
export function usePriceBook() {
  const catalog = useCatalog();
  const priceBook = useMemo(() => (catalog.catalog ? buildPriceBook(catalog.catalog) : null), [catalog.catalog]);
  return { ...catalog, priceBook };
}

function isOperation(value: unknown): value is ClusterOperation {
  return typeof value === 'object' && value !== null && 'steps' in value && 'progressPercent' in value && 'clusterId' in value;
}

/**
 * A change of the cluster: an operation it starts is shown at once (written into the cached
 * cluster), then the cluster, its activity and the lists are read again for what else changed.
 */
export function useClusterMutation<TVariables, TResult>(clusterId: string, mutationFn: (variables: TVariables) => Promise<TResult>, onSuccess?: (result: TResult, variables: TVariables) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      const key = trpc.clusters.get.queryKey({ id: clusterId });
      if (isOperation(result)) {
        const cached = queryClient.getQueryData<ClusterDetail>(key);
        const operation: ClusterOperation = result;
        const next = cached && applyOperation(cached, operation);
        if (next && next !== cached) queryClient.setQueryData(key, next);
      }
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries(trpc.clusters.events.pathFilter());
      void queryClient.invalidateQueries(trpc.clusters.list.pathFilter());
      onSuccess?.(result, variables);
    },
  });
}
