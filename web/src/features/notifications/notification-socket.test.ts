import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNotificationSocket, isNotificationFor, socketUrl } from './notification-socket';

class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

describe('notification socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('uses wss under https and ws otherwise, on the same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'console.example.eu' })).toBe('wss://console.example.eu/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('honours only notification messages for the current user', () => {
    expect(isNotificationFor(JSON.stringify({ type: 'notification', userId: 'usr_1' }), 'usr_1')).toBe(true);
    expect(isNotificationFor(JSON.stringify({ type: 'notification', userId: 'usr_2' }), 'usr_1')).toBe(false);
    expect(isNotificationFor(JSON.stringify({ type: 'other', userId: 'usr_1' }), 'usr_1')).toBe(false);
    expect(isNotificationFor('pong', 'usr_1')).toBe(false);
  });

  it('refreshes on a matching message, reconnects 5 s after a close, and stops on sign-out', () => {
    const onNotification = vi.fn();
    const stop = connectNotificationSocket({
      url: 'ws://x/ws',
      userId: 'usr_1',
      onNotification,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    const first = FakeSocket.instances[0]!;
    first.receive(JSON.stringify({ type: 'notification', userId: 'usr_1' }));
    first.receive(JSON.stringify({ type: 'notification', userId: 'usr_9' }));
    expect(onNotification).toHaveBeenCalledTimes(1);

    first.dispatchEvent(new Event('close'));
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    stop();
    expect(FakeSocket.instances[1]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
