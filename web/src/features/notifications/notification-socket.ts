import { parseRealtimeMessage, SOCKET_RECONNECT_MS, type ClusterProgressMessage } from '@kubemarket/shared';

export type { ClusterProgressMessage } from '@kubemarket/shared';

/** ws: on http, wss: on https, same host (the socket is served beside the console, at /ws). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** Honoured only when it is a notification for the signed-in user. */
export function isNotificationFor(raw: unknown, userId: string): boolean {
  return parseRealtimeMessage(raw, userId)?.type === 'notification';
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
 * only logged (docs/product/errors.md#failures-that-show-nothing). Returns the function that closes it for good (sign-out).
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
      // One schema for what the server sends (@kubemarket/shared); anything else ('pong', a type
      // this client does not know, another user's message) is ignored.
      const message = parseRealtimeMessage(event.data, options.userId);
      if (message?.type === 'notification') options.onNotification();
      else if (message?.type === 'cluster_progress') options.onClusterProgress?.(message);
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
