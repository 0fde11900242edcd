import type { ClusterProgress } from '@kubemarket/api';
import { SOCKET_RECONNECT_MS } from '@kubemarket/shared';

export type ClusterProgressMessage = ClusterProgress & { type: 'cluster_progress'; userId: string };

export interface SocketMessage {
  type?: unknown;
  userId?: unknown;
}

/** ws: on http, wss: on https, same host (SPEC.md section 7). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** Honoured only when it is a notification for the signed-in user. */
export function isNotificationFor(raw: unknown, userId: string): boolean {
  if (typeof raw !== 'string') return false;
  try {
    const message = JSON.parse(raw) as SocketMessage;
    return message.type === 'notification' && message.userId === userId;
  } catch {
    return false;
  }
}

/** A cluster operation's progress for the signed-in user, or null (another type, another user, bad JSON). */
export function clusterProgressFor(raw: unknown, userId: string): ClusterProgressMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const message = JSON.parse(raw) as SocketMessage & Partial<ClusterProgressMessage>;
    if (message.type !== 'cluster_progress' || message.userId !== userId) return null;
    if (typeof message.clusterId !== 'string' || typeof message.operation !== 'object' || message.operation === null) return null;
    return message as ClusterProgressMessage;
  } catch {
    return null;
  }
}

/** Keeps idle proxies from closing the socket; the hub answers 'pong' without waking up. */
const PING_EVERY_MS = 30_000;

export interface NotificationSocketOptions {
  url: string;
  userId: string;
  onNotification: () => void;
  /** Live steps of a cluster operation (issue 12). */
  onClusterProgress?: (message: ClusterProgressMessage) => void;
  /** The socket is open again after a drop: what was missed meanwhile must be read afresh. */
  onReconnect?: () => void;
  createSocket?: (url: string) => WebSocket;
  reconnectMs?: number;
}

/**
 * Connects and stays connected: after a close it retries every 5 s until stopped. Errors are
 * only logged (SPEC.md section 8). Returns the function that closes it for good (sign-out).
 */
export function connectNotificationSocket(options: NotificationSocketOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const reconnectMs = options.reconnectMs ?? SOCKET_RECONNECT_MS;
  let socket: WebSocket | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let opened = false;

  const open = () => {
    socket = create(options.url);
    socket.addEventListener('open', () => {
      ping = setInterval(() => socket?.readyState === 1 && socket.send('ping'), PING_EVERY_MS);
      if (opened) options.onReconnect?.();
      opened = true;
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (isNotificationFor(event.data, options.userId)) {
        options.onNotification();
        return;
      }
      const progress = options.onClusterProgress ? clusterProgressFor(event.data, options.userId) : null;
      if (progress) options.onClusterProgress?.(progress);
    });
    socket.addEventListener('error', (event) => console.warn('Notification socket error', event));
    socket.addEventListener('close', () => {
      clearInterval(ping);
      if (!stopped) retry = setTimeout(open, reconnectMs);
    });
  };
  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close(1000, 'Signed out');
  };
}
