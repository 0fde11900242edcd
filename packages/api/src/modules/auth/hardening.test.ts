/**
 * Issue 9 (ASVS 5.0 L2) in the accounts domain, against a real seeded SQLite database: second
 * factor, sign-in limits, enumeration safety and email links.
 */
import { auditLog, authTokens, notifications, sessions, users } from '@kubemarket/db';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@kubemarket/db/seed';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../root';
import { totpCode } from '../../platform/totp';
import { backgroundQueue, callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { MFA_LOCK_MS } from './service';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const STAFF_TOTP = { olivia: 'ANKOJD2DYD6HKUQUZZYKR44YXRQ6BVYB' };

async function setup(ipAddress = '198.51.100.7') {
  const mailer = memoryMailer();
  const queue = backgroundQueue();
  const clock = manualClock(START);
  const issued: string[] = [];
  const { ctx, db } = await createTestCaller({
    ports: { mailer, clock, background: queue.background, sessionCookie: { issue: ({ token }) => void issued.push(token), clear() {} } },
    request: { ipAddress, appUrl: 'https://console.example.eu' },
  });
  const anonymous = () => createCaller({ ...ctx, session: null });
  const audits = async (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));
  return { ctx, db, mailer, queue, clock, issued, anonymous, audits };
}

const tokenIn = (text: string, path: string) => new RegExp(`${path}#token=([\\w-]+)`).exec(text)?.[1];

describe('second factor', () => {
  it('stores seeds sealed: the database never holds the plain TOTP secret', async () => {
    const { db } = await setup();
    const [marc] = await db.select().from(users).where(eq(users.username, 'marc'));
    expect(marc!.totpSecret).not.toContain(DEMO_TOTP_SECRET);
    expect(marc!.totpKeyVersion).toBe(1);
  });

  it('seals a legacy plain seed at its first use, and the cron job seals the rest', async () => {
    const { db, anonymous, clock, ctx } = await setup();
    await db.update(users).set({ totpSecret: DEMO_TOTP_SECRET, totpKeyVersion: null }).where(eq(users.username, 'marc'));
    const challenge = await anonymous().auth.login({ identifier: 'marc', password: DEMO_PASSWORD });
    expect(challenge).toMatchObject({ mfaRequired: true });
    await anonymous().auth.verifyMfa({ mfaToken: (challenge as { mfaToken: string }).mfaToken, code: totpCode(DEMO_TOTP_SECRET, clock.now()) });
    const [marc] = await db.select().from(users).where(eq(users.username, 'marc'));
    expect(marc!.totpKeyVersion).toBe(1);
    expect(marc!.totpSecret).not.toBe(DEMO_TOTP_SECRET);

    const { sealStoredTotpSecrets } = await import('../../platform/totp-secrets');
    await db.update(users).set({ totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totpKeyVersion: null }).where(eq(users.username, 'alice'));
    expect(await sealStoredTotpSecrets(db, ctx.ports.secrets)).toBe(1);
    expect(await sealStoredTotpSecrets(db, ctx.ports.secrets)).toBe(0);
  });

  it('locks the MFA step after 10 wrong codes in 24 h across challenges, and tells the user', async () => {
    const { anonymous, clock, db, mailer, queue, audits } = await setup();
    const marc = (await db.select().from(users).where(eq(users.username, 'marc')))[0]!;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // A new challenge every two codes: the per-challenge limit alone would never lock anything.
      const { mfaToken } = (await anonymous().auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string };
      await expect(anonymous().auth.verifyMfa({ mfaToken, code: '000000' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      clock.advance(60_000);
    }
    const { mfaToken } = (await anonymous().auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string };
    await expect(anonymous().auth.verifyMfa({ mfaToken, code: totpCode(DEMO_TOTP_SECRET, clock.now()) })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('Two-step verification is locked'),
    });
    expect(await audits('auth.mfa_failed')).toHaveLength(10);
    expect(await audits('auth.mfa_locked')).toHaveLength(1);
    const notices = await db.select().from(notifications).where(eq(notifications.userId, marc.id));
    expect(notices.some((n) => n.message.includes('locked'))).toBe(true);
    await queue.settle();
    expect(mailer.sent.some((m) => m.to === 'marc@acme.example' && /locked/.test(m.subject))).toBe(true);

    clock.advance(MFA_LOCK_MS);
    const retry = (await anonymous().auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string };
    await expect(anonymous().auth.verifyMfa({ mfaToken: retry.mfaToken, code: totpCode(DEMO_TOTP_SECRET, clock.now()) })).resolves.toMatchObject({ username: 'marc' });
  });

  it('issues ten recovery codes of at least 112 bits that work once each', async () => {
    const { ctx, db } = await setup();
    const alice = await sessionUserOf(db, 'alice');
    const caller = callerAs(ctx, alice);
    const { secret } = await caller.security.totpSetup({ password: DEMO_PASSWORD });
    const { recoveryCodes } = await caller.security.totpEnable({ code: totpCode(secret, ctx.ports.clock.now()) });
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) {
      // 24 base32 letters = 120 bits.
      expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    }
    expect(new Set(recoveryCodes).size).toBe(10);
  });

  it('needs the password and a verified email to enrol, disable or regenerate recovery codes', async () => {
    const { ctx, db, audits } = await setup();
    const alice = await sessionUserOf(db, 'alice');
    const caller = callerAs(ctx, alice);
    await expect(caller.security.totpSetup({ password: 'not-the-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Your current password is incorrect.' });
    expect(await audits('security.reauth_failed')).toHaveLength(1);
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, alice.id));
    await expect(caller.security.totpSetup({ password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Verify your email address') });

    const marc = callerAs(ctx, await sessionUserOf(db, 'marc'));
    await expect(marc.security.regenerateRecoveryCodes({ password: 'not-the-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { recoveryCodes } = await marc.security.regenerateRecoveryCodes({ password: DEMO_PASSWORD });
    expect(recoveryCodes).toHaveLength(10);
    expect(await audits('security.recovery_codes_regenerated')).toHaveLength(1);
    await expect(marc.security.totpDisable({ password: 'not-the-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(marc.security.totpDisable({ password: DEMO_PASSWORD })).resolves.toEqual({ disabled: true });
  });

  it('staff cannot turn two-step verification off', async () => {
    const { ctx, db } = await setup();
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    await expect(olivia.security.totpDisable({ password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Staff accounts must keep two-step verification on.' });
  });

  it('signs seeded staff in with their TOTP code', async () => {
    const { anonymous, clock } = await setup();
    const challenge = (await anonymous().auth.login({ identifier: 'olivia', password: DEMO_PASSWORD })) as { mfaRequired: boolean; mfaToken: string };
    expect(challenge.mfaRequired).toBe(true);
    await expect(anonymous().auth.verifyMfa({ mfaToken: challenge.mfaToken, code: totpCode(STAFF_TOTP.olivia, clock.now()) })).resolves.toMatchObject({ role: 'officer' });
  });

  it('takes staff without TOTP to enrolment and gives no session until it is done', async () => {
    const { anonymous, db, issued, clock } = await setup();
    await db.update(users).set({ totpSecret: null, totpKeyVersion: null, totpEnabledAt: null }).where(eq(users.username, 'adam'));
    const answer = await anonymous().auth.login({ identifier: 'adam', password: DEMO_PASSWORD });
    expect(answer).toMatchObject({ mfaSetupRequired: true, tempUserId: 'usr_demo_adam' });
    expect(issued).toHaveLength(0);
    const { mfaToken } = answer as { mfaToken: string };
    // The enrolment token is no MFA challenge.
    await expect(anonymous().auth.verifyMfa({ mfaToken, code: '123456' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { secret } = await anonymous().auth.mfaEnrollmentStart({ mfaToken });
    await expect(anonymous().auth.mfaEnrollmentComplete({ mfaToken, code: '000000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(issued).toHaveLength(0);
    const done = await anonymous().auth.mfaEnrollmentComplete({ mfaToken, code: totpCode(secret, clock.now()) });
    expect(done.user).toMatchObject({ username: 'adam', role: 'admin' });
    expect(done.recoveryCodes).toHaveLength(10);
    expect(issued).toHaveLength(1);
    await expect(anonymous().auth.mfaEnrollmentStart({ mfaToken })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('sign-in limits', () => {
  it('counts failures per resolved account: email and username are one bucket', async () => {
    const { anonymous } = await setup();
    for (let i = 0; i < 3; i += 1) await expect(anonymous().auth.login({ identifier: 'alice', password: 'wrong-password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (let i = 0; i < 2; i += 1) await expect(anonymous().auth.login({ identifier: 'alice@acme.example', password: 'wrong-password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous().auth.login({ identifier: 'alice', password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(anonymous().auth.login({ identifier: 'alice@acme.example', password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('audits sign-ins and failed sign-ins, and a new sign-in ends the browser’s previous session', async () => {
    const { anonymous, audits, ctx, db } = await setup();
    await expect(anonymous().auth.login({ identifier: 'gabriel', password: 'wrong-password' })).rejects.toThrow();
    await expect(anonymous().auth.login({ identifier: 'nobody-here', password: 'wrong-password' })).rejects.toThrow();
    await anonymous().auth.login({ identifier: 'gabriel', password: DEMO_PASSWORD });
    expect((await audits('auth.sign_in_failed')).map((row) => row.actorUserId)).toEqual(['usr_demo_gabriel', null]);
    expect(await audits('auth.sign_in')).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_gabriel', metadata: { method: 'password' } })]);
    const [first] = await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_gabriel'));
    await createCaller({ ...ctx, session: { id: first!.id, csrfToken: first!.csrfToken } }).auth.login({ identifier: 'gabriel', password: DEMO_PASSWORD });
    const after = await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_gabriel'));
    expect(after.map((row) => row.id)).not.toContain(first!.id);
    expect(after).toHaveLength(1);
  });

  it('does not count successful sign-ins', async () => {
    const { anonymous } = await setup();
    for (let i = 0; i < 8; i += 1) await expect(anonymous().auth.login({ identifier: 'bruno', password: DEMO_PASSWORD })).resolves.toMatchObject({ username: 'bruno' });
  });

  it('audits a limit that was hit', async () => {
    const { anonymous, audits } = await setup();
    for (let i = 0; i < 5; i += 1) await expect(anonymous().auth.login({ identifier: 'vera', password: 'wrong-password' })).rejects.toThrow();
    await expect(anonymous().auth.login({ identifier: 'vera', password: 'wrong-password' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await audits('security.rate_limited')).map((row) => row.metadata)).toEqual([expect.objectContaining({ key: 'login:user:usr_demo_vera:ip:198.51.100.7' })]);
  });

  it('keys IPv6 clients by their /64', async () => {
    const { addressKey } = await import('../../platform/rate-limit');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey(null)).toBe('unknown');
  });
});

describe('enumeration safety', () => {
  it('answers forgot-password, magic link and resend the same for unknown addresses, and mails after the answer', async () => {
    const { anonymous, mailer, queue } = await setup();
    for (const email of ['alice@acme.example', 'nobody@example.com']) {
      await expect(anonymous().auth.requestPasswordReset({ email })).resolves.toEqual({ sent: true });
      await expect(anonymous().auth.requestMagicLink({ email })).resolves.toEqual({ sent: true });
      await expect(anonymous().auth.resendVerification({ email })).resolves.toEqual({ sent: true });
    }
    // Nothing was sent while the requests were answered.
    expect(mailer.sent).toHaveLength(0);
    await queue.settle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['alice@acme.example', 'alice@acme.example']);
    // The two mails are sent by background tasks, in whichever order they finish: one carries each link.
    const texts = mailer.sent.map((m) => m.text);
    expect(texts.filter((text) => tokenIn(text, '/reset-password'))).toHaveLength(1);
    expect(texts.filter((text) => tokenIn(text, '/magic-link'))).toHaveLength(1);
    expect(mailer.sent.every((m) => !m.text.includes('?token='))).toBe(true);
  });

  it('registers with an address that has an account like any other, and tells its owner instead', async () => {
    const { anonymous, mailer, queue, db } = await setup();
    const fresh = await anonymous().auth.register({ email: 'new@example.com', username: 'newcomer', name: 'New Comer', password: 'a-long-unusual-passphrase', companyName: 'New Co' });
    const taken = await anonymous().auth.register({ email: 'alice@acme.example', username: 'imposter', name: 'Imp Oster', password: 'a-long-unusual-passphrase', companyName: 'Imp Co' });
    const shape = (user: Record<string, unknown>) => Object.keys(user).sort();
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken).toMatchObject({ email: 'alice@acme.example', emailVerified: false, username: 'imposter' });
    await queue.settle();
    expect(mailer.sent.find((m) => m.to === 'new@example.com')?.subject).toMatch(/Verify/);
    const toAlice = mailer.sent.filter((m) => m.to === 'alice@acme.example');
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0]!.subject).toMatch(/tried to create/);
    expect(toAlice[0]!.text).not.toContain('token=');
    // Alice's account is untouched and the new one can never verify her address.
    const [alice] = await db.select().from(users).where(eq(users.username, 'alice'));
    expect(alice!.email).toBe('alice@acme.example');
    const [imposter] = await db.select().from(users).where(eq(users.username, 'imposter'));
    expect(imposter!.email).not.toBe('alice@acme.example');
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, imposter!.id))).toHaveLength(0);
  });

  it('still tells a taken username (usernames are public handles)', async () => {
    const { anonymous } = await setup();
    await expect(anonymous().auth.register({ email: 'xavier@example.com', username: 'alice', name: 'Xavier Test', password: 'a-long-unusual-passphrase', companyName: 'Xavier Co' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('caps mail from one address to one recipient per day', async () => {
    const { anonymous, clock } = await setup();
    for (let i = 0; i < 5; i += 1) {
      await anonymous().auth.requestMagicLink({ email: 'gabriel@globex.example' });
      // Past the per-account window: only the per-recipient daily cap is left to stop it.
      clock.advance(16 * 60_000);
    }
    await expect(anonymous().auth.requestPasswordReset({ email: 'gabriel@globex.example' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('email links', () => {
  it('shows what a link does without spending it; the button press spends it', async () => {
    const { anonymous, mailer, queue, issued } = await setup();
    await anonymous().auth.requestMagicLink({ email: 'alice@acme.example' });
    await queue.settle();
    const token = tokenIn(mailer.sent[0]!.text, '/magic-link')!;
    for (let i = 0; i < 3; i += 1) await expect(anonymous().auth.emailLinkInfo({ token, kind: 'magic' })).resolves.toMatchObject({ purpose: 'magic_link', email: 'alice@acme.example' });
    expect(issued).toHaveLength(0);
    await expect(anonymous().auth.consumeMagicLink({ token })).resolves.toMatchObject({ username: 'alice' });
    await expect(anonymous().auth.emailLinkInfo({ token, kind: 'magic' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a password reset revokes every other outstanding link and MFA step', async () => {
    const { anonymous, mailer, queue, db } = await setup();
    const challenge = (await anonymous().auth.login({ identifier: 'marc', password: DEMO_PASSWORD })) as { mfaToken: string };
    await anonymous().auth.requestMagicLink({ email: 'marc@acme.example' });
    await anonymous().auth.requestPasswordReset({ email: 'marc@acme.example' });
    await queue.settle();
    const magic = tokenIn(mailer.sent.find((m) => m.text.includes('/magic-link'))!.text, '/magic-link')!;
    const reset = tokenIn(mailer.sent.find((m) => m.text.includes('/reset-password'))!.text, '/reset-password')!;
    await anonymous().auth.resetPassword({ token: reset, password: 'a-brand-new-passphrase' });
    await expect(anonymous().auth.consumeMagicLink({ token: magic })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(anonymous().auth.verifyMfa({ mfaToken: challenge.mfaToken, code: '123456' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const live = await db.select().from(authTokens).where(and(eq(authTokens.userId, 'usr_demo_marc')));
    expect(live.every((row) => row.usedAt !== null)).toBe(true);
  });
});

describe('sessions', () => {
  it('revoking one’s other sessions needs the password', async () => {
    const { ctx, db, clock } = await setup();
    const alice = await sessionUserOf(db, 'alice');
    const { createSession } = await import('../../platform/sessions');
    const current = await createSession(db, { id: alice.id, role: 'user' }, clock.now(), ctx.request);
    await createSession(db, { id: alice.id, role: 'user' }, clock.now(), ctx.request);
    const caller = createCaller({ ...ctx, user: alice, credential: { kind: 'session' }, session: { id: current.session.id, csrfToken: '' } });
    await expect(caller.security.revokeOtherSessions({ password: 'not-the-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.security.revokeOtherSessions({ password: DEMO_PASSWORD })).resolves.toEqual({ revoked: 1 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, alice.id))).toHaveLength(1);
  });
});
