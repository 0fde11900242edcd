import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { applyClusterProgress, followedOperation, isNewerOperation, operationBegan, operationEnded } from '@kubemarket/shared';
import { useEffect, useRef } from 'react';
import type { Trpc } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc';
import { subscribeClusterProgress, subscribeReconnect } from '../notifications';
import type { ClusterProgressMessage } from '../notifications';
import type { ClusterOperation as Operation } from './cluster-types';

/**
 * Applies a message to the cached cluster. Nothing is written when the cache holds nothing yet or
 * already holds that state. When an operation begins or ends, the cluster is read once more for what
 * the steps do not carry (pools, nodes, endpoint), and at the end so is the order that created it (it
 * completes or fails with it).
 */
function applyToCache(queryClient: QueryClient, trpc: Trpc, clusterId: string, message: ClusterProgressMessage): void {
  const queryKey = trpc.clusters.get.queryKey({ id: clusterId });
  const current = queryClient.getQueryData(queryKey);
  if (!current) return;
  const next = applyClusterProgress(current, message);
  if (next === current) return;
  queryClient.setQueryData(queryKey, next);
  const ended = operationEnded(current, next);
  if (ended || operationBegan(current, next)) void queryClient.invalidateQueries({ queryKey, exact: true });
  const orderId = next.lastOperation?.orderId;
  if (ended && orderId) void queryClient.invalidateQueries(trpc.orders.get.queryFilter({ id: orderId }));
}

/**
 * A cluster and its operation, live: clusters.get is read once, then every cluster_progress message
 * for this cluster is applied to the cached answer (older revisions ignored). It is read again only
 * after a socket reconnect (messages may have been missed) and when an operation begins or ends,
 * never per step: no polling.
 */
export function useLiveOperation(clusterId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cluster = useQuery(trpc.clusters.get.queryOptions({ id: clusterId }));
  // The newest message seen, re-applied when a read answers: a read started before a step changed
  // answers an older state than the socket already told.
  const newest = useRef<ClusterProgressMessage | null>(null);

  useEffect(() => {
    newest.current = null;
    const stopProgress = subscribeClusterProgress((message) => {
      if (message.clusterId !== clusterId) return;
      if (!newest.current || isNewerOperation(message.operation, newest.current.operation)) newest.current = message;
      applyToCache(queryClient, trpc, clusterId, message);
    });
    const stopReconnect = subscribeReconnect(() => void queryClient.invalidateQueries(trpc.clusters.get.queryFilter({ id: clusterId })));
    return () => {
      stopProgress();
      stopReconnect();
    };
  }, [clusterId, queryClient, trpc]);

  const answeredAt = cluster.dataUpdatedAt;
  useEffect(() => {
    if (answeredAt > 0 && newest.current) applyToCache(queryClient, trpc, clusterId, newest.current);
  }, [answeredAt, clusterId, queryClient, trpc]);

  /** The operation running now, else the latest one; null for a cluster that never had one. */
  const operation: Operation | null = cluster.data ? followedOperation(cluster.data) : null;
  return { cluster, operation };
}

export type LiveOperation = ReturnType<typeof useLiveOperation>;
/** clusters.get as the hook answers it, kept up to date by the socket. */
export type LiveClusterQuery = LiveOperation['cluster'];
