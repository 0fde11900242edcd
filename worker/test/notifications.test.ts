import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody, BASE, json, signedIn, TestClient } from './client';
import { acceptedSocket, flush } from './sockets';

async function openSocket(client: TestClient | null, origin = BASE) {
  const headers = new Headers({ Upgrade: 'websocket', Origin: origin });
  if (client) headers.set('Cookie', client.cookieHeader());
  const res = await exports.default.fetch(new Request(`${BASE}/ws`, { headers }));
  if (res.status !== 101) return { res, socket: null, messages: [] as string[], closes: [] as number[] };
  return { res, ...acceptedSocket(res) };
}

async function sendNotification(client: TestClient, message: string, type = 'info') {
  const res = await client.post('/trpc/dev.notify', { type, message });
  expect(res.status).toBe(200);
  return (await json<{ result: { data: { id: string } } }>(res)).result.data.id;
}

describe('/ws', () => {
  it('delivers a notification to every socket of its user and to no one else', async () => {
    const aliceTab1 = await signedIn('alice', '192.0.2.1');
    const aliceTab2 = await signedIn('alice', '192.0.2.2');
    const adam = await signedIn('adam', '192.0.2.3');
    const s1 = await openSocket(aliceTab1);
    const s2 = await openSocket(aliceTab2);
    const other = await openSocket(adam);
    expect([s1.res.status, s2.res.status, other.res.status]).toEqual([101, 101, 101]);

    const id = await sendNotification(aliceTab1, 'Cluster prod-eu is ready');
    // The answer comes once the hub was told: flush each socket to have all it was sent.
    await Promise.all([s1, s2, other].map(({ socket, messages }) => flush(socket!, messages)));
    const expected = { type: 'notification', userId: 'usr_demo_alice', notificationId: id };
    expect(s1.messages.map((m) => JSON.parse(m))).toEqual([expected]);
    expect(s2.messages.map((m) => JSON.parse(m))).toEqual([expected]);
    expect(other.messages).toEqual([]);
  });

  it('refuses an upgrade without a session or from a foreign origin', async () => {
    const anonymous = await openSocket(null);
    expect(anonymous.res.status).toBe(401);
    const client = await signedIn('olivia', '192.0.2.4');
    const foreign = await openSocket(client, 'https://evil.example');
    expect(foreign.res.status).toBe(403);
  });

  it('drops the sockets of a session when it signs out', async () => {
    const client = await signedIn('sophie', '192.0.2.5');
    const socket = await openSocket(client);
    expect(socket.res.status).toBe(101);
    await client.post('/api/logout');
    await vi.waitFor(() => expect(socket.closes).not.toEqual([]), { timeout: 5_000 });
    expect(socket.closes).toEqual([4001]);
  });
});

describe('notifications REST', () => {
  it('lists, counts, marks read, marks all read and trashes, for the caller only', async () => {
    const alice = await signedIn('alice', '192.0.2.10');
    const adam = await signedIn('adam', '192.0.2.11');
    const first = await sendNotification(alice, 'Invoice INV-2026-11 is available', 'success');
    const second = await sendNotification(alice, 'Node pool upgrade scheduled', 'warning');
    const adamsOwn = await sendNotification(adam, 'For Adam only');

    const list = await json<Array<{ id: string; type: string; message: string; timestamp: number; read: boolean; trash: boolean }>>(await alice.get('/api/notifications'));
    const ids = list.map((n) => n.id);
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(ids).not.toContain(adamsOwn);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'message', 'read', 'timestamp', 'trash', 'type']);
    // Paged like every list (ADR 34), the array kept: a full page links the next one.
    const firstPage = await alice.get('/api/notifications?pageSize=1');
    expect(firstPage.headers.get('Link')).toBe('</api/notifications?pageSize=1&page=2>; rel="next"');
    const secondPage = await alice.get('/api/notifications?pageSize=1&page=2');
    expect(await json(secondPage)).toEqual([list[1]]);
    expect((await alice.get('/api/notifications')).headers.get('Link')).toBeNull();
    const before = (await json<{ count: number }>(await alice.get('/api/notifications/count'))).count;
    expect(before).toBeGreaterThanOrEqual(2);

    const read = await alice.request('PUT', `/api/notifications/${first}/read`, undefined, { 'Content-Type': 'application/json' });
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ id: first, read: true });
    expect((await json<{ count: number }>(await alice.get('/api/notifications/count'))).count).toBe(before - 1);

    // Someone else's id: 404 and nothing changes.
    const foreign = await alice.request('PUT', `/api/notifications/${adamsOwn}/read`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(apiErrorBody('Notification not found.', 'not_found'));
    expect((await alice.request('PUT', `/api/notifications/${adamsOwn}/trash`)).status).toBe(404);
    const adamsList = await json<Array<{ id: string; read: boolean; trash: boolean }>>(await adam.get('/api/notifications'));
    expect(adamsList.find((n) => n.id === adamsOwn)).toMatchObject({ read: false, trash: false });

    const all = await alice.post('/api/notifications/mark-all-read');
    expect(all.status).toBe(200);
    expect((await json<{ count: number }>(await alice.get('/api/notifications/count'))).count).toBe(0);

    const trashed = await alice.request('PUT', `/api/notifications/${second}/trash`);
    expect(trashed.status).toBe(200);
    const after = await json<Array<{ id: string }>>(await alice.get('/api/notifications'));
    expect(after.map((n) => n.id)).not.toContain(second);
  });

  it('answers 401 when signed out, 403 without CSRF and 404 for an unknown id', async () => {
    const anonymous = await new TestClient('192.0.2.12').prime();
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.get('/api/notifications/count')).status).toBe(401);
    const alice = await signedIn('alice', '192.0.2.13');
    const noToken = await alice.request('POST', '/api/notifications/mark-all-read', {}, { 'X-CSRF-Token': '' });
    expect(noToken.status).toBe(403);
    expect((await alice.request('PUT', '/api/notifications/ntf_missing/read')).status).toBe(404);
  });

  it('writes every notice sent at once, keeps the session for them, and still ends it when a sign-out lands among them (ADR 50)', async () => {
    // Notification writes keep the isolate's session cache; a sign-out empties it. Both at once,
    // in every order the runtime picks: no notice lost or doubled, and the session ends for good.
    const marc = await signedIn('marc', '192.0.2.15');
    const unread = async () => (await json<{ count: number }>(await marc.get('/api/notifications/count'))).count;
    const before = await unread();
    const sent = await Promise.all(Array.from({ length: 6 }, (_, index) => marc.post('/trpc/dev.notify', { message: `Parallel notice ${index}` })));
    expect(sent.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(await unread()).toBe(before + 6);

    const session = marc.cookies.get('km_session')!;
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => marc.post('/api/notifications/mark-all-read')),
      marc.post('/api/logout'),
      ...Array.from({ length: 4 }, (_, index) => marc.post('/trpc/dev.notify', { message: `Racing the sign-out ${index}` })),
    ]);
    expect(answers[4]!.status).toBe(200);
    // Each write answered as signed in (before the sign-out) or 401 (after it): never a 5xx.
    for (const res of answers) expect([200, 401]).toContain(res.status);
    // The old cookie is refused at once, on this isolate: no write kept a cached copy of the session.
    const replay = new TestClient('192.0.2.16');
    replay.cookies.set('km_session', session);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await replay.get('/api/notifications/count')).status).toBe(401);
  });

  it('tells the user about a new sign-in', async () => {
    const olivia = await signedIn('olivia', '192.0.2.14');
    const list = await json<Array<{ message: string; type: string }>>(await olivia.get('/api/notifications'));
    // The test client's user agent names no browser, so only the address is given.
    expect(list[0]).toMatchObject({ type: 'system', message: 'New sign-in to your account (192.0.2.14).' });
  });
});
