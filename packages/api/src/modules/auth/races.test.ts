/**
 * Issue 29: sign-in and second-factor limits hold under parallel requests. Each test fires N
 * calls at once (Promise.all) and counts what was really checked: every checked password leaves
 * an `auth.sign_in_failed` audit row or a session, every checked code an `auth.mfa_failed` row
 * or a session. The workerd twin (worker/test/races-auth.test.ts) does the same against D1.
 */
import { auditLog, rateLimits, users } from '@kubemarket/db';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@kubemarket/db/seed';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../root';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { totpCode } from '../../platform/totp';
import { callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);

async function setup() {
  const clock = manualClock(START);
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer: memoryMailer(), sessionCookie: { issue() {}, clear() {} } }, request: { ipAddress: '198.51.100.7', appUrl: 'https://console.example.eu' } });
  /** An anonymous caller from `ipAddress`, with its own context (a sign-in writes its session into it). */
  const from = (ipAddress: string) => createCaller({ ...ctx, session: null, request: { ...ctx.request, ipAddress } });
  const count = async (action: string, actorUserId: string) => (await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, actorUserId)))).length;
  const bucket = async (key: string) => (await db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
  return { ctx, db, clock, from, count, bucket };
}

type Settled = PromiseSettledResult<unknown>;
const codes = (results: Settled[]) => results.map((result) => (result.status === 'fulfilled' ? 'OK' : (result.reason as { code?: string }).code ?? 'ERROR'));
const tally = (results: Settled[]) => codes(results).reduce<Record<string, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

describe.each([10, 50])('%i parallel sign-ins to one account', (n) => {
  it(`checks at most ${RATE_LIMITS.loginPerAccountAndAddress.limit} passwords from one address and answers the rest 429`, async () => {
    const { from, count, bucket } = await setup();
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => from('203.0.113.5').auth.login({ identifier: 'alice', password: `wrong-password-${i}` })));
    const limit = RATE_LIMITS.loginPerAccountAndAddress.limit;
    expect(tally(results)).toEqual({ UNAUTHORIZED: limit, TOO_MANY_REQUESTS: n - limit });
    // Checked passwords: one failed-sign-in audit row each, no more.
    expect(await count('auth.sign_in_failed', 'usr_demo_alice')).toBe(limit);
    expect(await bucket('login:user:usr_demo_alice:ip:203.0.113.5')).toBe(limit);
    // Then the right password from the same address: refused, not checked.
    await expect(from('203.0.113.5').auth.login({ identifier: 'alice', password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await count('auth.sign_in', 'usr_demo_alice')).toBe(0);
    // The owner elsewhere is not locked out by the stranger's failures.
    await expect(from('192.0.2.44').auth.login({ identifier: 'alice', password: DEMO_PASSWORD })).resolves.toMatchObject({ username: 'alice' });
  });

  it('with the right password among them: at most the limit checked in all, and a right one is no failure', async () => {
    const { from, count, bucket } = await setup();
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => from('203.0.113.6').auth.login({ identifier: 'bruno', password: i === n - 1 ? DEMO_PASSWORD : `wrong-password-${i}` })),
    );
    const checked = (await count('auth.sign_in_failed', 'usr_demo_bruno')) + (await count('auth.sign_in', 'usr_demo_bruno'));
    expect(checked).toBeLessThanOrEqual(RATE_LIMITS.loginPerAccountAndAddress.limit);
    expect(tally(results).TOO_MANY_REQUESTS).toBe(n - checked);
    // The bucket holds the failures only.
    expect(await bucket('login:user:usr_demo_bruno:ip:203.0.113.6')).toBe(await count('auth.sign_in_failed', 'usr_demo_bruno'));
  });

  it(`from ${n} addresses: at most ${RATE_LIMITS.loginPerAccount.limit} checked, yet an address the owner signed in from still signs in`, async () => {
    const { from, count } = await setup();
    // The owner signed in from home yesterday.
    await from('192.0.2.10').auth.login({ identifier: 'gabriel', password: DEMO_PASSWORD });
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => from(`198.18.${Math.floor(i / 200)}.${i % 200}`).auth.login({ identifier: 'gabriel', password: `wrong-password-${i}` })));
    const limit = RATE_LIMITS.loginPerAccount.limit;
    expect(tally(results)).toEqual({ UNAUTHORIZED: Math.min(n, limit), ...(n > limit ? { TOO_MANY_REQUESTS: n - limit } : {}) });
    expect(await count('auth.sign_in_failed', 'usr_demo_gabriel')).toBe(Math.min(n, limit));
    if (n > limit) {
      // A new address waits for the window; the owner's usual one does not.
      await expect(from('192.0.2.99').auth.login({ identifier: 'gabriel', password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    await expect(from('192.0.2.10').auth.login({ identifier: 'gabriel', password: DEMO_PASSWORD })).resolves.toMatchObject({ username: 'gabriel' });
  });
});

describe('parallel second-factor codes', () => {
  it.each([
    [30, 6],
    [50, 10],
  ])('%i wrong codes over %i challenges: 10 checked, the rest 429, one lock', async (n, challenges) => {
    const { from, count, db, clock } = await setup();
    const tokens: string[] = [];
    for (let i = 0; i < challenges; i += 1) tokens.push(((await from('203.0.113.7').auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string }).mfaToken);
    const right = totpCode(DEMO_TOTP_SECRET, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => from('203.0.113.7').auth.verifyMfa({ mfaToken: tokens[i % challenges]!, code: wrong })));
    const limit = RATE_LIMITS.mfaFailuresPerUser.limit;
    expect(tally(results)).toEqual({ UNAUTHORIZED: limit, TOO_MANY_REQUESTS: n - limit });
    expect(await count('auth.mfa_failed', 'usr_demo_marc')).toBe(limit);
    expect(await count('auth.mfa_locked', 'usr_demo_marc')).toBe(1);
    const [marc] = await db.select({ lockedUntil: users.mfaLockedUntil }).from(users).where(eq(users.id, 'usr_demo_marc'));
    expect(marc!.lockedUntil).toBeGreaterThan(clock.now());
  });

  it('a right code among parallel wrong ones gives its slot back', async () => {
    const { from, count, bucket, clock } = await setup();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i += 1) tokens.push(((await from('203.0.113.8').auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string }).mfaToken);
    const right = totpCode(DEMO_TOTP_SECRET, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const results = await Promise.allSettled([
      ...Array.from({ length: 3 }, (_, i) => from('203.0.113.8').auth.verifyMfa({ mfaToken: tokens[i]!, code: wrong })),
      from('203.0.113.8').auth.verifyMfa({ mfaToken: tokens[3]!, code: right }),
    ]);
    expect(codes(results)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'OK']);
    expect(await count('auth.mfa_failed', 'usr_demo_marc')).toBe(3);
    expect(await bucket('mfa-failures:user:usr_demo_marc')).toBe(3);
  });

  it('a new authenticator starts with a fresh failure window (after staff lifted a lock by turning TOTP off)', async () => {
    const { from, db, clock, ctx } = await setup();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) tokens.push(((await from('203.0.113.9').auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string }).mfaToken);
    const wrong = totpCode(DEMO_TOTP_SECRET, clock.now()) === '000000' ? '111111' : '000000';
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => from('203.0.113.9').auth.verifyMfa({ mfaToken: tokens[i % 2]!, code: wrong })));
    // What staff's "reset two-step verification" does.
    await db.update(users).set({ totpSecret: null, totpKeyVersion: null, totpEnabledAt: null, totpLastUsedStep: null, mfaLockedUntil: null, emailVerifiedAt: START }).where(eq(users.id, 'usr_demo_marc'));
    const marc = callerAs(ctx, await sessionUserOf(db, 'marc'));
    const { secret } = await marc.security.totpSetup({ password: DEMO_PASSWORD });
    await marc.security.totpEnable({ code: totpCode(secret, clock.now()) });
    clock.advance(60_000);
    const { mfaToken } = (await from('203.0.113.9').auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string };
    await expect(from('203.0.113.9').auth.verifyMfa({ mfaToken, code: totpCode(secret, clock.now()) })).resolves.toMatchObject({ username: 'marc' });
  });
});
