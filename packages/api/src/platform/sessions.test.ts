import { organizations, sessions, users } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, invalidateUserSessions, SESSION_POLICY, validateSessionToken } from './sessions';

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
