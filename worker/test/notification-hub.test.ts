import { env, evictDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, json, signedIn, type TestClient } from './client';
import { acceptedSocket, flush } from './sockets';

const worker = exports.default;

async function openSocket(userId: string, sessionId: string): Promise<{ socket: WebSocket; messages: string[] }> {
  const stub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(userId));
  const res = await stub.fetch('http://hub/connect', {
    headers: { Upgrade: 'websocket', 'X-Session-Id': sessionId },
  });
  return acceptedSocket(res);
}

describe('NotificationHub', () => {
  it('accepts WebSocket upgrades and publishes to every socket of its user only', async () => {
    const a1 = await openSocket('usr_a', 'ses_1');
    const a2 = await openSocket('usr_a', 'ses_2');
    const b = await openSocket('usr_b', 'ses_3');

    const hubA = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_a'));
    expect(await hubA.connectionCount()).toBe(2);
    expect(await hubA.publish({ type: 'notification', userId: 'usr_a' })).toBe(2);
    await Promise.all([flush(a1.socket, a1.messages), flush(a2.socket, a2.messages), flush(b.socket, b.messages)]);

    const expected = JSON.stringify({ type: 'notification', userId: 'usr_a' });
    expect(a1.messages).toEqual([expected]);
    expect(a2.messages).toEqual([expected]);
    expect(b.messages).toEqual([]);
  });

  it('answers the application ping without waking the object', async () => {
    const { socket, messages } = await openSocket('usr_c', 'ses_4');
    const answered = new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
    socket.send('ping');
    await answered;
    // A second ping's pong proves nothing else came after the first.
    await flush(socket, messages);
    expect(messages).toEqual(['pong']);
  });

  it('closes the sockets of one session and keeps the others', async () => {
    const keep = await openSocket('usr_d', 'ses_keep');
    const drop = await openSocket('usr_d', 'ses_drop');
    const closed: number[] = [];
    const dropClosed = new Promise<void>((resolve) => {
      drop.socket.addEventListener('close', (event) => {
        closed.push(event.code);
        resolve();
      });
    });
    const hub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_d'));
    expect(await hub.closeSession('ses_drop')).toBe(1);
    await dropClosed;
    expect(closed).toEqual([4001]);
    expect(await hub.publish({ type: 'notification', userId: 'usr_d' })).toBe(1);
    await flush(keep.socket, keep.messages);
    expect(keep.messages).toHaveLength(1);
  });

  it('keeps its sockets through hibernation', async () => {
    const { socket, messages } = await openSocket('usr_f', 'ses_f');
    const hub = env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName('usr_f'));
    await evictDurableObject(hub);
    expect(await hub.publish({ type: 'notification', userId: 'usr_f' })).toBe(1);
    await flush(socket, messages);
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

/** A socket on the Worker's /ws with the client's session, recording what it receives. */
async function workerSocket(client: TestClient) {
  const headers = new Headers({ Upgrade: 'websocket', Origin: BASE, Cookie: client.cookieHeader() });
  const res = await worker.fetch(new Request(`${BASE}/ws`, { headers }));
  // The answer to flush()'s ping is not a notice.
  return acceptedSocket(res, (text): { type: string; userId: string; notificationId: string } | undefined => (text === 'pong' ? undefined : JSON.parse(text)));
}

describe('organisation-wide notices', () => {
  it('reach every member of the organisation once on each socket, and nobody outside it', async () => {
    // Alice, Marc and Bruno are members of Acme (Alice with two tabs); Gabriel owns Globex.
    const alice = await signedIn('alice', '192.0.2.21');
    const marc = await signedIn('marc', '192.0.2.22');
    const bruno = await signedIn('bruno', '192.0.2.23');
    const gabriel = await signedIn('gabriel', '192.0.2.24');
    const sockets = {
      alice1: await workerSocket(alice),
      alice2: await workerSocket(alice),
      marc: await workerSocket(marc),
      bruno: await workerSocket(bruno),
      gabriel: await workerSocket(gabriel),
    };

    const res = await alice.post('/trpc/dev.notifyOrganization', { type: 'system', message: 'Planned maintenance tonight' });
    expect(res.status).toBe(200);
    const { recipients, ids } = (await json<{ result: { data: { recipients: number; ids: Record<string, string> } } }>(res)).result.data;
    // The answer comes once every hub was told: flush each socket to have all it was sent.
    await Promise.all(Object.values(sockets).map(({ socket }) => flush(socket)));

    expect(Object.keys(ids)).toEqual(expect.arrayContaining(['usr_demo_alice', 'usr_demo_marc', 'usr_demo_bruno', 'usr_demo_vera']));
    expect(Object.keys(ids)).not.toContain('usr_demo_gabriel');
    expect(new Set(Object.values(ids)).size).toBe(recipients);
    const told = (userId: string) => [{ type: 'notification', userId, notificationId: ids[userId] }];
    expect(sockets.alice1.messages).toEqual(told('usr_demo_alice'));
    expect(sockets.alice2.messages).toEqual(told('usr_demo_alice'));
    expect(sockets.marc.messages).toEqual(told('usr_demo_marc'));
    expect(sockets.bruno.messages).toEqual(told('usr_demo_bruno'));
    expect(sockets.gabriel.messages).toEqual([]);

    // Vera had no socket open: the notice waits in her list for the poll.
    const vera = await signedIn('vera', '192.0.2.25');
    const list = await json<Array<{ id: string; message: string }>>(await vera.get('/api/notifications'));
    expect(list.filter((item) => item.message === 'Planned maintenance tonight').map((item) => item.id)).toEqual([ids.usr_demo_vera]);
  });
});
