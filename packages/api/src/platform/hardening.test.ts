import { apiTokens, authTokens, rateLimits, sessions, users } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { DEMO_SERVICE_ACCOUNT, seed } from '@kubemarket/db/seed';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from './db-errors';
import { describeError, logError } from './log';
import { purgeExpired } from './purge';
import { SESSION_POLICY } from './sessions';

const DAY = 24 * 60 * 60_000;

describe('purge (cron)', () => {
  it('removes expired sessions, spent tokens, dead rate-limit windows and old API tokens, and keeps the rest', async () => {
    const db = await createTestDb();
    await seed(db, 0);
    const now = 100 * DAY;
    const session = (id: string, lastActiveAt: number, expiresAt: number, elevated = false) =>
      ({ id, userId: 'usr_demo_alice', secretHash: id, csrfToken: id, elevated, createdAt: 0, lastActiveAt, expiresAt });
    await db.insert(sessions).values([
      session('live', now - 1000, now + DAY),
      session('absolute', now - 1000, now - 1),
      session('idle', now - SESSION_POLICY.customer.idleMs - 1, now + DAY),
      session('staff-idle', now - SESSION_POLICY.staff.idleMs - 1, now + DAY, true),
    ]);
    const token = (id: string, expiresAt: number, usedAt: number | null) => ({ id, userId: 'usr_demo_alice', purpose: 'magic_link' as const, tokenHash: id, expiresAt, usedAt, createdAt: 0 });
    await db.insert(authTokens).values([token('t-live', now + 1000, null), token('t-expired', now - 1, null), token('t-used', now + 1000, now - 5)]);
    await db.insert(rateLimits).values([{ key: 'fresh', windowStart: now - 1000, count: 1 }, { key: 'dead', windowStart: now - 2 * DAY, count: 9 }]);
    const apiToken = (id: string, expiresAt: number, revokedAt: number | null) => ({ id, userId: 'usr_demo_alice', name: id, secretHash: id, prefix: id, scopes: [], createdAt: 0, expiresAt, revokedAt });
    await db.insert(apiTokens).values([apiToken('a-live', now + DAY, null), apiToken('a-recent', now - DAY, null), apiToken('a-old', now - 31 * DAY, null), apiToken('a-revoked', now + DAY, now - 31 * DAY)]);

    expect(await purgeExpired(db, now)).toEqual({ sessions: 3, authTokens: 2, rateLimits: 1, apiTokens: 2 });
    expect((await db.select().from(sessions)).map((row) => row.id)).toEqual(['live']);
    expect((await db.select().from(authTokens)).map((row) => row.id)).toEqual(['t-live']);
    expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual(['fresh']);
    // The seeded service account's token (valid 345 days) stays too.
    expect((await db.select().from(apiTokens)).map((row) => row.id).sort()).toEqual(['a-live', 'a-recent', DEMO_SERVICE_ACCOUNT.tokenId].sort());
  });
});

describe('logs without secrets', () => {
  it('drops bound SQL parameters, tokens, hashes and emails from a failed query', async () => {
    const db = await createTestDb();
    let failure: unknown;
    try {
      await db.insert(users).values({ id: 'x', organizationId: 'missing-org', username: 'x', email: 'secret.person@example.com', name: 'X', passwordHash: 'scrypt$N=16384,r=8,p=5$c2FsdA$aGFzaA', createdAt: 0, updatedAt: 0 });
    } catch (error) {
      failure = error;
    }
    expect(String((failure as Error).message)).toContain('secret.person@example.com');
    const text = describeError(failure);
    expect(text).not.toContain('secret.person@example.com');
    expect(text).not.toContain('scrypt$N=16384');
    expect(describeError(new Error('Bearer kmt_abcdefghijklmnopqrst_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG failed'))).not.toMatch(/kmt_[a-z]/);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError('Query failed', failure);
    expect(spy.mock.calls[0]!.join(' ')).not.toContain('secret.person@example.com');
    spy.mockRestore();
  });

  it('recognises a unique-constraint race whatever the driver wrapping', async () => {
    const db = await createTestDb();
    await seed(db, 0);
    let failure: unknown;
    try {
      await db.run(sql`UPDATE users SET email = 'alice@acme.example' WHERE username = 'bruno'`);
    } catch (error) {
      failure = error;
    }
    expect(isUniqueViolation(failure)).toBe(true);
    expect(isUniqueViolation(new Error('FOREIGN KEY constraint failed'))).toBe(false);
  });
});
