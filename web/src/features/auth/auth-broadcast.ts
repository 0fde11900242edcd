import { AUTH_BROADCAST_CHANNEL } from '@kubemarket/shared';

export interface LogoutMessage {
  type: 'logout';
}

export function isLogoutMessage(data: unknown): data is LogoutMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'logout';
}

// One channel per tab, used to send and to listen: a BroadcastChannel never receives its own
// messages, so the tab that signs out is not told about it a second time.
let channel: BroadcastChannel | null = null;

function tabChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(AUTH_BROADCAST_CHANNEL);
  return channel;
}

/** Tells the other tabs of this browser that the user signed out (docs/product/states.md#sign-in-and-sign-out). */
export function broadcastLogout(): void {
  const message: LogoutMessage = { type: 'logout' };
  tabChannel()?.postMessage(message);
}

export function subscribeToLogout(onLogout: () => void): () => void {
  const target = tabChannel();
  if (!target) return () => {};
  const listener = (event: MessageEvent<unknown>) => {
    if (isLogoutMessage(event.data)) onLogout();
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
