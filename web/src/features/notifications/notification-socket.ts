import { SOCKET_RECONNECT_MS } from '@kubemarket/shared';

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

/** Keeps idle proxies from closing the socket; the hub answers 'pong' without waking up. */
const PING_EVERY_MS = 30_000;

export interface NotificationSocketOptions {
  url: string;
  userId: string;
  onNotification: () => void;
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

  const open = () => {
    socket = create(options.url);
    socket.addEventListener('open', () => {
      ping = setInterval(() => socket?.readyState === 1 && socket.send('ping'), PING_EVERY_MS);
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (isNotificationFor(event.data, options.userId)) options.onNotification();
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
