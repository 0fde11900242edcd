import { env, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { NO_WEBSOCKET_EXTENSIONS } from '../src/app';
import { MAX_SOCKETS_PER_SESSION } from '../src/notification-hub';
import { CRONS } from '../src/scheduled';
import { BASE, json, signedIn, type TestClient } from './client';
import { runCron } from './cron';
import { acceptedSocket, flush } from './sockets';

function sessionIdOf(client: TestClient): string {
  return client.cookies.get('km_session')!.split('.')[0]!;
}

async function openSocket(client: TestClient, extraHeaders: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(`${BASE}/ws`, { headers: { Upgrade: 'websocket', Origin: BASE, Cookie: client.cookieHeader(), ...extraHeaders } }));
  if (res.status !== 101) return { res, closes: [] as number[], socket: res.webSocket };
  const { socket, closes } = acceptedSocket(res);
  return { res, closes, socket };
}

/** The hub of the user's organisation, which holds their sockets (ADR 43). */
async function hubOf(userId: string) {
  const organizationId = await env.DB.prepare('SELECT organization_id FROM users WHERE id = ?').bind(userId).first<string>('organization_id');
  return env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(organizationId!));
}
const socketsOf = async (userId: string) => (await hubOf(userId)).connectionCount(userId);

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
    expect(await socketsOf('usr_demo_olivia')).toBe(MAX_SOCKETS_PER_SESSION + 1);
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

  it('answers the compression a browser offers with no extension it supports, so none is agreed (ADR 23)', async () => {
    const client = await signedIn('vera', '192.0.2.87');
    const socket = await openSocket(client, { 'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits' });
    expect(socket.res.status).toBe(101);
    expect(socket.res.webSocket).not.toBeNull();
    expect(socket.res.headers.get('Sec-WebSocket-Extensions')).toBe(NO_WEBSOCKET_EXTENSIONS);
  });
});

const sessionExists = async (id: string) => (await env.DB.prepare('SELECT id FROM sessions WHERE id = ?').bind(id).first()) !== null;
const alarmOf = async (userId: string) => runInDurableObject(await hubOf(userId), (_instance, state) => state.storage.getAlarm());

describe('sockets of ended sessions', () => {
  it('closes at once the sockets of a session revoked from another one', async () => {
    const laptop = await signedIn('alice', '192.0.2.83');
    const phone = await signedIn('alice', '192.0.2.87');
    const [laptopSocket, phoneSocket] = [await openSocket(laptop), await openSocket(phone)];
    const revoked = await laptop.post('/trpc/security.revokeSession', { id: sessionIdOf(phone) });
    expect(revoked.status).toBe(200);
    // The answer comes once the hub closed the sockets: wait for that close, and flush the other socket.
    await vi.waitFor(() => expect(phoneSocket.closes).not.toEqual([]), { timeout: 5_000 });
    await flush(laptopSocket.socket!);
    expect(phoneSocket.closes).toEqual([4001]);
    expect(laptopSocket.closes).toEqual([]);
  });

  it('the minutely sweep ends the sessions past an expiry and closes their sockets; the hub keeps no alarm', async () => {
    const kept = await signedIn('alice', '192.0.2.82');
    const idle = await signedIn('alice', '192.0.2.84');
    const old = await signedIn('alice', '192.0.2.88');
    const [keptSocket, idleSocket, oldSocket] = [await openSocket(kept), await openSocket(idle), await openSocket(old)];
    // The hub writes nothing: no timer of its own, so waking it flushes nothing (ADR 22).
    expect(await alarmOf('usr_demo_alice')).toBeNull();

    // Idle for eight days: past the customer inactivity expiry of seven. The other one reached its absolute expiry.
    await env.DB.prepare('UPDATE sessions SET last_active_at = ? WHERE id = ?').bind(Date.now() - 8 * 24 * 3_600_000, sessionIdOf(idle)).run();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, sessionIdOf(old)).run();
    await runCron(CRONS.sessions, Date.now());
    // The cron's work is drained (runCron): wait for the closes it sent, and flush the kept socket.
    await vi.waitFor(
      () => {
        expect(idleSocket.closes).not.toEqual([]);
        expect(oldSocket.closes).not.toEqual([]);
      },
      { timeout: 5_000 },
    );
    await flush(keptSocket.socket!);

    expect(idleSocket.closes).toEqual([4001]);
    expect(oldSocket.closes).toEqual([4001]);
    expect(keptSocket.closes).toEqual([]);
    expect(await sessionExists(sessionIdOf(idle))).toBe(false);
    expect(await sessionExists(sessionIdOf(old))).toBe(false);
    expect(await sessionExists(sessionIdOf(kept))).toBe(true);
    expect(await alarmOf('usr_demo_alice')).toBeNull();
  });

  it('the minutely sweep closes the sockets of a disabled account', async () => {
    const client = await signedIn('adam', '192.0.2.85');
    const socket = await openSocket(client);
    expect(socket.res.status).toBe(101);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), 'usr_demo_adam').run();

    await runCron(CRONS.sessions, Date.now());
    await vi.waitFor(() => expect(socket.closes).not.toEqual([]), { timeout: 5_000 });
    expect(socket.closes).toEqual([4001]);
    // The hub lets a socket go once the close handshake ends, after the client saw the close.
    await vi.waitFor(async () => expect(await socketsOf('usr_demo_adam')).toBe(0), { timeout: 5_000 });
    expect(await socketsOf('usr_demo_adam')).toBe(0);
    expect(await sessionExists(sessionIdOf(client))).toBe(false);
  });
});
