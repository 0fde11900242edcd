import type { ClusterProgressMessage } from './notification-socket';

/**
 * The one socket of the console (use-notification-socket) fans its non-notification messages out
 * to the screens that asked for them: a provisioning page, a cluster's detail, the cluster list.
 */

type ProgressListener = (message: ClusterProgressMessage) => void;
type ReconnectListener = () => void;

const progressListeners = new Set<ProgressListener>();
const reconnectListeners = new Set<ReconnectListener>();

/** Calls `listener` with every cluster_progress message for the signed-in user; returns the unsubscribe. */
export function subscribeClusterProgress(listener: ProgressListener): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/** Calls `listener` when the socket reconnects after a drop (re-read what may have been missed). */
export function subscribeReconnect(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export function emitClusterProgress(message: ClusterProgressMessage): void {
  for (const listener of progressListeners) listener(message);
}

export function emitReconnect(): void {
  for (const listener of reconnectListeners) listener();
}
