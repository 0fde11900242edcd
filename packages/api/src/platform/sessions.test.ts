import { organizations, sessions, users } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memoryIsolateCache } from './isolate-cache';
import { createSession, endExpiredSessions, invalidateUserSessions, reconnectSockets, SESSION_CACHE_TTL_MS, SESSION_POLICY, validateSessionToken, validateSessionTokenCached } from './sessions';

const HOUR = 60 * 60_000;
const request = { ipAddress: '192.0.2.1', userAgent: 'vitest' };

async function setup(role: 'user' | 'officer' = 'user') {
  const db = await createTestDb();
  await db.insert(organizations).values({ id: 'org_1', name: 'Acme', billingId: 'KM-AAAAAA', status: 'active', createdAt: 0, updatedAt: 0 });
  await db.insert(users).values({ id: 'usr_1', organizationId: 'org_1', username: 'ann', email: 'ann@example.com', name: 'Ann', role, createdAt: 0, updatedAt: 0 });
  const [user] = await db.select().from(users);
  return { db, user: user! };
}

describe('sessions', () => {
  it('stores only a hash of the secret and resolves the SPEC user', async () => {
    const { db, user } = await setup();
    const { token, session } = await createSession(db, user, 1_000, request);
    expect(session.secretHash).not.toContain(token.split('.')[1]);
    const validated = await validateSessionToken(db, token, 2_000);
    expect(validated?.user).toMatchObject({ id: 'usr_1', companyName: 'Acme', companyId: 'KM-AAAAAA', emailVerified: false });
    expect(await validateSessionToken(db, `${session.id}.wrong-secret`, 2_000)).toBeNull();
    expect(await validateSessionToken(db, 'garbage', 2_000)).toBeNull();
  });

  it('slides the idle expiry on use and ends at the absolute lifetime', async () => {
    const { db, user } = await setup();
    const policy = SESSION_POLICY.customer;
    const { token } = await createSession(db, user, 0, request);
    let now = 0;
    // Used every 6 days: stays alive through the idle window, until the absolute limit.
    while (now + 6 * 24 * HOUR < policy.absoluteMs) {
      now += 6 * 24 * HOUR;
      expect(await validateSessionToken(db, token, now)).not.toBeNull();
    }
    expect(await validateSessionToken(db, token, policy.absoluteMs)).toBeNull();
    expect(await db.select().from(sessions)).toHaveLength(0);
  });

  it('expires after the idle time without use', async () => {
    const { db, user } = await setup();
    const { token } = await createSession(db, user, 0, request);
    expect(await validateSessionToken(db, token, SESSION_POLICY.customer.idleMs + 1)).toBeNull();
  });

  it('gives staff shorter sessions', async () => {
    const { db, user } = await setup('officer');
    const { token, session } = await createSession(db, user, 0, request);
    expect(session.elevated).toBe(true);
    expect(session.expiresAt).toBe(SESSION_POLICY.staff.absoluteMs);
    expect(await validateSessionToken(db, token, SESSION_POLICY.staff.idleMs + 1)).toBeNull();
  });

  it('ends every session of a disabled account and on invalidation', async () => {
    const { db, user } = await setup();
    const a = await createSession(db, user, 0, request);
    const b = await createSession(db, user, 0, request);
    expect(await invalidateUserSessions(db, user.id, a.session.id)).toEqual([b.session.id]);
    expect(await validateSessionToken(db, b.token, 1)).toBeNull();
    await db.update(users).set({ disabledAt: 5 }).where(eq(users.id, user.id));
    expect(await validateSessionToken(db, a.token, 10)).toBeNull();
  });
});

describe('validateSessionTokenCached', () => {
  const TTL = SESSION_CACHE_TTL_MS;

  it('answers from the isolate cache within its TTL, and reads the database again after it', async () => {
    const { db, user } = await setup();
    const cache = memoryIsolateCache({ ttlMs: TTL });
    const { token, session } = await createSession(db, user, 0, request);
    expect((await validateSessionTokenCached(cache, db, token, 1_000))?.user.id).toBe('usr_1');
    // Ended behind the cache's back (another isolate): honoured until the TTL runs out, no longer.
    await db.delete(sessions).where(eq(sessions.id, session.id));
    expect((await validateSessionTokenCached(cache, db, token, 1_000 + TTL - 1))?.session.id).toBe(session.id);
    expect(await validateSessionTokenCached(cache, db, token, 1_000 + TTL)).toBeNull();
  });

  it('forgets every session at invalidate() (what each mutation does), so a sign-out here counts at once', async () => {
    const { db, user } = await setup();
    const cache = memoryIsolateCache({ ttlMs: TTL });
    const { token } = await createSession(db, user, 0, request);
    await validateSessionTokenCached(cache, db, token, 1_000);
    await invalidateUserSessions(db, user.id);
    cache.invalidate();
    expect(await validateSessionTokenCached(cache, db, token, 1_001)).toBeNull();
  });

  it('keeps no invalid token, and never serves a session past its next slide', async () => {
    const { db, user } = await setup();
    const cache = memoryIsolateCache({ ttlMs: TTL });
    const { token, session } = await createSession(db, user, 0, request);
    expect(await validateSessionTokenCached(cache, db, `${session.id}.wrong-secret`, 1_000)).toBeNull();
    expect(await validateSessionTokenCached(cache, db, token, 1_000)).not.toBeNull();

    // Validated just before the touch is due: the next read, once due, goes to the database,
    // slides the expiry and says so (the Worker then re-sends the cookie).
    const touch = SESSION_POLICY.customer.touchEveryMs;
    const early = await validateSessionTokenCached(cache, db, token, touch - 1);
    expect(early?.refreshed).toBe(false);
    const due = await validateSessionTokenCached(cache, db, token, touch);
    expect(due).toMatchObject({ refreshed: true, session: { lastActiveAt: touch } });
    // A cache hit never asks for a new cookie.
    expect(await validateSessionTokenCached(cache, db, token, touch + 1)).toMatchObject({ refreshed: false, session: { lastActiveAt: touch } });
  });
});

describe('endExpiredSessions (the minutely sweep)', () => {
  /** A hub port that records which sessions it was asked to close, failing for the users in `down`. */
  function recordingRealtime(down: string[] = []) {
    const closed: Array<[string, string[]]> = [];
    return {
      closed,
      async closeSessions(organizationId: string, sessionIds: string[]) {
        if (down.includes(organizationId)) throw new Error('hub unreachable');
        closed.push([organizationId, [...sessionIds].sort()]);
      },
    };
  }

  it('deletes the sessions past either expiry, for customers and staff, closes their sockets in one call to their organisation hub and keeps the others', async () => {
    const { db, user } = await setup();
    await db.insert(users).values({ id: 'usr_2', organizationId: 'org_1', username: 'olga', email: 'olga@example.com', name: 'Olga', role: 'officer', createdAt: 0, updatedAt: 0 });
    const [officer] = await db.select().from(users).where(eq(users.id, 'usr_2'));
    const now = 40 * 24 * HOUR;
    const live = await createSession(db, user, now - HOUR, request);
    const idle = await createSession(db, user, now - 8 * 24 * HOUR, request);
    const old = await createSession(db, user, now - 2 * HOUR, request);
    await db.update(sessions).set({ expiresAt: now }).where(eq(sessions.id, old.session.id));
    // Staff: 8 hours of inactivity end a session; 7 hours do not.
    const staffIdle = await createSession(db, officer!, now - 9 * HOUR, request);
    const staffLive = await createSession(db, officer!, now - 7 * HOUR, request);

    const realtime = recordingRealtime();
    expect(await endExpiredSessions(db, realtime, now)).toEqual({ ended: 3, unreachable: 0 });
    // Ann and Olga are both of org_1, whose hub holds their sockets (ADR 43).
    expect(realtime.closed).toEqual([['org_1', [idle.session.id, old.session.id, staffIdle.session.id].sort()]]);
    const left = (await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id).sort();
    expect(left).toEqual([live.session.id, staffLive.session.id].sort());
    // Nothing more to end: the next minute closes nothing.
    const again = recordingRealtime();
    expect(await endExpiredSessions(db, again, now + 60_000)).toEqual({ ended: 0, unreachable: 0 });
    expect(again.closed).toEqual([]);
  });

  it('ends every session of a disabled account, and still deletes them when the hub cannot be told', async () => {
    const { db, user } = await setup();
    const now = 10 * HOUR;
    const first = await createSession(db, user, now - HOUR, request);
    const second = await createSession(db, user, now - HOUR, request);
    await db.update(users).set({ disabledAt: now - 1 }).where(eq(users.id, user.id));
    const realtime = recordingRealtime(['org_1']);
    expect(await endExpiredSessions(db, realtime, now)).toEqual({ ended: 2, unreachable: 1 });
    expect(await db.select().from(sessions)).toEqual([]);
    expect(await validateSessionToken(db, first.token, now)).toBeNull();
    expect(await validateSessionToken(db, second.token, now)).toBeNull();
  });
});

describe('reconnectSockets (a member who left an organisation, ADR 43)', () => {
  it("closes all the user's sessions' sockets in the former organisation's hub, keeping the sessions", async () => {
    const { db, user } = await setup();
    const laptop = await createSession(db, user, 0, request);
    const phone = await createSession(db, user, 0, request);
    const closed: Array<[string, string[]]> = [];
    await reconnectSockets(db, { async closeSessions(organizationId, ids) { closed.push([organizationId, [...ids].sort()]); } }, user.id, 'org_former');
    expect(closed).toEqual([['org_former', [laptop.session.id, phone.session.id].sort()]]);
    expect(await validateSessionToken(db, laptop.token, HOUR)).not.toBeNull();
  });

  it('calls no hub for a user without sessions, and survives a hub that fails', async () => {
    const { db, user } = await setup();
    let calls = 0;
    await reconnectSockets(db, { async closeSessions() { calls += 1; } }, user.id, 'org_former');
    expect(calls).toBe(0);
    await createSession(db, user, 0, request);
    await expect(reconnectSockets(db, { async closeSessions() { throw new Error('hub unreachable'); } }, user.id, 'org_former')).resolves.toBeUndefined();
  });
});
