import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_SESSION } from '../src/notification-hub';
import { BASE, json, TestClient } from './client';

async function signedIn(username: string, ip: string) {
  const client = await new TestClient(ip).prime();
  expect((await client.post('/trpc/dev.login', { username })).status).toBe(200);
  return client;
}

function sessionIdOf(client: TestClient): string {
  return client.cookies.get('km_session')!.split('.')[0]!;
}

async function openSocket(client: TestClient) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await exports.default.fetch(new Request(`${BASE}/ws`, { headers: { Upgrade: 'websocket', Origin: BASE, Cookie: cookie } }));
  const closes: number[] = [];
  if (res.status === 101) {
    res.webSocket!.addEventListener('close', (event) => {
      closes.push(event.code);
    });
    res.webSocket!.accept();
  }
  return { res, closes };
}

const hubOf = (userId: string) => env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(userId));
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('sockets per session', () => {
  it(`accepts ${MAX_SOCKETS_PER_SESSION} sockets of one session and refuses the next with 429 before any upgrade`, async () => {
    const tabs = await signedIn('olivia', '192.0.2.80');
    const statuses: number[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i += 1) statuses.push((await openSocket(tabs)).res.status);
    expect(statuses).toEqual(Array<number>(MAX_SOCKETS_PER_SESSION).fill(101));

    const refused = await openSocket(tabs);
    expect(refused.res.status).toBe(429);
    expect(refused.res.webSocket).toBeNull();
    expect(await json(refused.res)).toEqual({ message: 'At most 10 live connections per session: close other tabs and try again.' });

    // The limit is per session: the same user signed in elsewhere still connects.
    const laptop = await signedIn('olivia', '192.0.2.81');
    expect((await openSocket(laptop)).res.status).toBe(101);
    expect(await hubOf('usr_demo_olivia').connectionCount()).toBe(MAX_SOCKETS_PER_SESSION + 1);
  });
});

describe('the upgrade response', () => {
  it('reaches the browser untouched even when the session cookie is due to be re-sent', async () => {
    const client = await signedIn('marc', '192.0.2.86');
    // Last active two hours ago: this request slides the expiry and has a cookie to send.
    await env.DB.prepare('UPDATE sessions SET last_active_at = ? WHERE id = ?').bind(Date.now() - 2 * 3_600_000, sessionIdOf(client)).run();
    const socket = await openSocket(client);
    expect(socket.res.status).toBe(101);
    expect(socket.res.webSocket).not.toBeNull();
  });
});

describe('session check alarm', () => {
  it('closes within a minute the sockets of a deleted or expired session and keeps the live ones', async () => {
    const kept = await signedIn('alice', '192.0.2.82');
    const deleted = await signedIn('alice', '192.0.2.83');
    const idle = await signedIn('alice', '192.0.2.84');
    const [keptSocket, deletedSocket, idleSocket] = [await openSocket(kept), await openSocket(deleted), await openSocket(idle)];

    const hub = hubOf('usr_demo_alice');
    const scheduled = await runInDurableObject(hub, (_instance, state) => state.storage.getAlarm());
    expect(scheduled).not.toBeNull();
    expect(scheduled! - Date.now()).toBeLessThanOrEqual(60_000);

    await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(sessionIdOf(deleted)).run();
    // Idle for eight days: past the customer inactivity expiry of seven.
    await env.DB.prepare('UPDATE sessions SET last_active_at = ? WHERE id = ?').bind(Date.now() - 8 * 24 * 3_600_000, sessionIdOf(idle)).run();
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    await settle();

    expect(deletedSocket.closes).toEqual([4001]);
    expect(idleSocket.closes).toEqual([4001]);
    expect(keptSocket.closes).toEqual([]);
    expect(await hub.connectionCount()).toBe(1);
    // Sockets remain: the next check is scheduled.
    expect(await runInDurableObject(hub, (_instance, state) => state.storage.getAlarm())).not.toBeNull();
  });

  it('closes the sockets of a disabled account', async () => {
    const client = await signedIn('adam', '192.0.2.85');
    const socket = await openSocket(client);
    expect(socket.res.status).toBe(101);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), 'usr_demo_adam').run();

    const hub = hubOf('usr_demo_adam');
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    await settle();
    expect(socket.closes).toEqual([4001]);
    expect(await hub.connectionCount()).toBe(0);
    // Nothing left to watch: no further alarm.
    expect(await runInDurableObject(hub, (_instance, state) => state.storage.getAlarm())).toBeNull();
  });
});
