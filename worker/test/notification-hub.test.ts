import { env, evictDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { BASE, json, signedIn, type TestClient } from './client';
import { acceptedSocket, flush } from './sockets';

const worker = exports.default;
const hubOf = (organizationId: string) => env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(organizationId));
const notice = (userId: string, notificationId = `ntf_${userId}`) => ({ type: 'notification' as const, userId, notificationId });

/** A socket of `userId` in the hub of `organizationId`, as the Worker's /ws opens it. */
async function openSocket(organizationId: string, userId: string, sessionId: string): Promise<{ socket: WebSocket; messages: string[] }> {
  const res = await hubOf(organizationId).fetch('http://hub/connect', {
    headers: { Upgrade: 'websocket', 'X-Session-Id': sessionId, 'X-User-Id': userId },
  });
  return acceptedSocket(res);
}

describe('NotificationHub (one per organisation, ADR 43)', () => {
  it("sends each message to every socket of its user only, in one call for several members", async () => {
    const a1 = await openSocket('org_a', 'usr_a', 'ses_1');
    const a2 = await openSocket('org_a', 'usr_a', 'ses_2');
    const b = await openSocket('org_a', 'usr_b', 'ses_3');
    const c = await openSocket('org_a', 'usr_c', 'ses_4');

    const hub = hubOf('org_a');
    expect(await hub.connectionCount()).toBe(4);
    expect(await hub.connectionCount('usr_a')).toBe(2);
    expect(await hub.publish([notice('usr_a'), notice('usr_b'), notice('usr_nobody')])).toBe(3);
    await Promise.all([a1, a2, b, c].map(({ socket, messages }) => flush(socket, messages)));

    expect(a1.messages).toEqual([JSON.stringify(notice('usr_a'))]);
    expect(a2.messages).toEqual([JSON.stringify(notice('usr_a'))]);
    expect(b.messages).toEqual([JSON.stringify(notice('usr_b'))]);
    expect(c.messages).toEqual([]);
  });

  it("keeps one organisation's messages from another organisation's sockets, even for the same user id", async () => {
    const here = await openSocket('org_here', 'usr_same', 'ses_here');
    const there = await openSocket('org_there', 'usr_same', 'ses_there');
    expect(await hubOf('org_here').publish([notice('usr_same')])).toBe(1);
    await Promise.all([flush(here.socket, here.messages), flush(there.socket, there.messages)]);
    expect(here.messages).toHaveLength(1);
    expect(there.messages).toEqual([]);
  });

  it('answers the application ping without waking the object', async () => {
    const { socket, messages } = await openSocket('org_ping', 'usr_c', 'ses_4');
    const answered = new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
    socket.send('ping');
    await answered;
    // A second ping's pong proves nothing else came after the first.
    await flush(socket, messages);
    expect(messages).toEqual(['pong']);
  });

  it('closes the sockets of the sessions named and keeps the others', async () => {
    const keep = await openSocket('org_d', 'usr_d', 'ses_keep');
    const drop = await openSocket('org_d', 'usr_d', 'ses_drop');
    const other = await openSocket('org_d', 'usr_e', 'ses_other');
    const closed: number[] = [];
    const dropClosed = new Promise<void>((resolve) => {
      drop.socket.addEventListener('close', (event) => {
        closed.push(event.code);
        resolve();
      });
    });
    const hub = hubOf('org_d');
    expect(await hub.closeSessions(['ses_drop', 'ses_gone'])).toBe(1);
    await dropClosed;
    expect(closed).toEqual([4001]);
    expect(await hub.publish([notice('usr_d'), notice('usr_e')])).toBe(2);
    await Promise.all([flush(keep.socket, keep.messages), flush(other.socket, other.messages)]);
    expect(keep.messages).toHaveLength(1);
    expect(other.messages).toHaveLength(1);
  });

  it('keeps its sockets through hibernation', async () => {
    const { socket, messages } = await openSocket('org_f', 'usr_f', 'ses_f');
    const hub = hubOf('org_f');
    await evictDurableObject(hub);
    expect(await hub.publish([notice('usr_f')])).toBe(1);
    await flush(socket, messages);
    expect(messages).toEqual([JSON.stringify(notice('usr_f'))]);
  });

  it('refuses a non-upgrade request, and an upgrade that names no user', async () => {
    const hub = hubOf('org_e');
    expect((await hub.fetch('http://hub/connect')).status).toBe(426);
    expect((await hub.fetch('http://hub/connect', { headers: { Upgrade: 'websocket', 'X-Session-Id': 'ses_x' } })).status).toBe(400);
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

  it('are written and sent once per member and notice when two are published at once', async () => {
    const alice = await signedIn('alice', '192.0.2.26');
    const bruno = await signedIn('bruno', '192.0.2.27');
    const sockets = [await workerSocket(alice), await workerSocket(bruno)];
    const answers = await Promise.all(
      ['Parallel notice A', 'Parallel notice B'].map(async (message) => {
        const res = await alice.post('/trpc/dev.notifyOrganization', { type: 'info', message });
        expect(res.status).toBe(200);
        return (await json<{ result: { data: { ids: Record<string, string> } } }>(res)).result.data.ids;
      }),
    );
    await Promise.all(sockets.map(({ socket }) => flush(socket)));
    const [alicesSocket, brunosSocket] = sockets as [(typeof sockets)[number], (typeof sockets)[number]];
    expect(alicesSocket.messages.map((message) => message.notificationId).sort()).toEqual(answers.map((ids) => ids.usr_demo_alice).sort());
    expect(brunosSocket.messages.map((message) => message.notificationId).sort()).toEqual(answers.map((ids) => ids.usr_demo_bruno).sort());
    const rows = await env.DB.prepare("SELECT message FROM notifications WHERE user_id = 'usr_demo_bruno' AND message LIKE 'Parallel notice %'").all<{ message: string }>();
    expect(rows.results.map((row) => row.message).sort()).toEqual(['Parallel notice A', 'Parallel notice B']);
  });

  it("leave out a member removed from the organisation: their socket there closes, and reconnected they hear only their new organisation", async () => {
    const alice = await signedIn('alice', '192.0.2.28');
    const vera = await signedIn('vera', '192.0.2.29');
    const before = await workerSocket(vera);

    expect((await alice.send('DELETE', '/api/organization/members/usr_demo_vera')).status).toBe(200);
    // Closed in Acme's hub, so the browser reconnects to her new organisation's.
    await vi.waitFor(() => expect(before.closes).toEqual([4001]), { timeout: 5_000 });
    const after = await workerSocket(vera);

    const res = await alice.post('/trpc/dev.notifyOrganization', { type: 'system', message: 'Acme members only' });
    const { ids } = (await json<{ result: { data: { ids: Record<string, string> } } }>(res)).result.data;
    await flush(after.socket);
    expect(Object.keys(ids)).not.toContain('usr_demo_vera');
    expect(after.messages).toEqual([]);

    // Her own organisation's notice reaches her new socket.
    const own = await vera.post('/trpc/dev.notifyOrganization', { type: 'system', message: 'Just Vera' });
    const mine = (await json<{ result: { data: { ids: Record<string, string> } } }>(own)).result.data.ids;
    await flush(after.socket);
    expect(Object.keys(mine)).toEqual(['usr_demo_vera']);
    expect(after.messages).toEqual([{ type: 'notification', userId: 'usr_demo_vera', notificationId: mine.usr_demo_vera }]);
  });
});
