import { AUTH_BROADCAST_CHANNEL } from '@kubemarket/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broadcastLogout, isLogoutMessage, subscribeToLogout } from './auth-broadcast';

describe('isLogoutMessage', () => {
  it('recognises only the logout message', () => {
    expect(isLogoutMessage({ type: 'logout' })).toBe(true);
    expect(isLogoutMessage({ type: 'login' })).toBe(false);
    expect(isLogoutMessage('logout')).toBe(false);
    expect(isLogoutMessage(null)).toBe(false);
  });
});

describe('logout broadcast', () => {
  const others: BroadcastChannel[] = [];
  afterEach(() => {
    for (const other of others.splice(0)) other.close();
  });

  it('reaches other tabs on the channel named after the product', async () => {
    expect(AUTH_BROADCAST_CHANNEL).toBe('kubemarket');
    const otherTab = new BroadcastChannel('kubemarket');
    others.push(otherTab);
    const received = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });
    broadcastLogout();
    expect(await received).toEqual({ type: 'logout' });
  });

  it('calls subscribers when another tab signs out, and stops after unsubscribing', async () => {
    const onLogout = vi.fn();
    const unsubscribe = subscribeToLogout(onLogout);
    const otherTab = new BroadcastChannel('kubemarket');
    others.push(otherTab);

    otherTab.postMessage({ type: 'something-else' });
    otherTab.postMessage({ type: 'logout' });
    await vi.waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));

    unsubscribe();
    // A later subscriber on the same tab channel: that message event reaches every listener at
    // once, so once this one is told, an unsubscribed listener still there would have been too.
    let stopProbe = () => {};
    const probed = new Promise<void>((resolve) => {
      stopProbe = subscribeToLogout(resolve);
    });
    otherTab.postMessage({ type: 'logout' });
    await probed;
    stopProbe();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
