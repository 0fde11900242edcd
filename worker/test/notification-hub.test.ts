import { env, evictDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const worker = exports.default;

async function openSocket(userId: string, sessionId: string): Promise<{ socket: WebSocket; messages: string[] }> {
  const stub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(userId));
  const res = await stub.fetch('http://hub/connect', {
    headers: { Upgrade: 'websocket', 'X-Session-Id': sessionId },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages: string[] = [];
  socket.addEventListener('message', (event) => {
    messages.push(String(event.data));
  });
  socket.accept();
  return { socket, messages };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('NotificationHub', () => {
  it('accepts WebSocket upgrades and publishes to every socket of its user only', async () => {
    const a1 = await openSocket('usr_a', 'ses_1');
    const a2 = await openSocket('usr_a', 'ses_2');
    const b = await openSocket('usr_b', 'ses_3');

    const hubA = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_a'));
    expect(await hubA.connectionCount()).toBe(2);
    expect(await hubA.publish({ type: 'notification', userId: 'usr_a' })).toBe(2);
    await tick();

    const expected = JSON.stringify({ type: 'notification', userId: 'usr_a' });
    expect(a1.messages).toEqual([expected]);
    expect(a2.messages).toEqual([expected]);
    expect(b.messages).toEqual([]);
  });

  it('answers the application ping without waking the object', async () => {
    const { socket, messages } = await openSocket('usr_c', 'ses_4');
    socket.send('ping');
    await tick();
    expect(messages).toEqual(['pong']);
  });

  it('closes the sockets of one session and keeps the others', async () => {
    const keep = await openSocket('usr_d', 'ses_keep');
    const drop = await openSocket('usr_d', 'ses_drop');
    const closed: number[] = [];
    drop.socket.addEventListener('close', (event) => {
      closed.push(event.code);
    });
    const hub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_d'));
    expect(await hub.closeSession('ses_drop')).toBe(1);
    await tick();
    expect(closed).toEqual([4001]);
    expect(await hub.publish({ type: 'notification', userId: 'usr_d' })).toBe(1);
    await tick();
    expect(keep.messages).toHaveLength(1);
  });

  it('keeps its sockets through hibernation', async () => {
    const { messages } = await openSocket('usr_f', 'ses_f');
    const hub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_f'));
    await evictDurableObject(hub);
    expect(await hub.publish({ type: 'notification', userId: 'usr_f' })).toBe(1);
    await tick();
    expect(messages).toEqual([JSON.stringify({ type: 'notification', userId: 'usr_f' })]);
  });

  it('refuses a non-upgrade request', async () => {
    const hub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_e'));
    const res = await hub.fetch('http://hub/connect');
    expect(res.status).toBe(426);
  });
});

describe('/ws on the Worker', () => {
  it('refuses an upgrade without a session', async () => {
    const res = await worker.fetch(new Request('http://example.com/ws', { headers: { Upgrade: 'websocket' } }));
    expect(res.status).toBe(401);
  });
});
