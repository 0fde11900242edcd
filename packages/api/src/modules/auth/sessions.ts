import { organizations, rateLimits, users, type User } from '@kubemarket/db';
import { describeUserAgent } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Context } from '../../context';
import { audit, auditInsert } from '../../platform/audit';
import { consumeToken, findLiveToken, INVALID_TOKEN_MESSAGES, issueToken } from '../../platform/auth-tokens';
import { emails } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import {
  addressKey,
  consumeRateLimit,
  RATE_LIMITS,
  RateLimitedError,
  releaseSlots,
  reserveSlot,
  type Reservation,
} from '../../platform/rate-limit';
import { replaceRecoveryCodes, useRecoveryCode } from '../../platform/recovery-codes';
import { createSession, invalidateSession, isStaff, sessionCookieExpiry, toSessionUser } from '../../platform/sessions';
import { matchTotpStep, newTotpSecret, totpUri } from '../../platform/totp';
import { openTotpSecret, sealTotpSecret } from '../../platform/totp-secrets';
import { MFA_LOCK_MS, type MfaRequired, type MfaSetupRequired } from './service-common';

// Sessions

export async function loadSessionUser(ctx: Context, user: User) {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
  return toSessionUser(user, organization ?? null);
}

/** " from Firefox on Linux (203.0.113.7)", as far as the request tells. */
function describeClient(ctx: Context): string {
  const device = ctx.request.userAgent ? describeUserAgent(ctx.request.userAgent) : null;
  const parts = [device && (device.browser || device.os) ? ` from ${device.label}` : '', ctx.request.ipAddress ? ` (${ctx.request.ipAddress})` : ''];
  return parts.join('');
}

/** A new session on every sign-in (no fixation), cookie and CSRF token set by the host. */
export async function startSession(ctx: Context, user: User, method: string) {
  const now = ctx.ports.clock.now();
  // Signing in again from a browser that had a session ends that session: one browser, one session.
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  const { session, token } = await createSession(ctx.db, user, now, ctx.request);
  ctx.ports.sessionCookie.issue({ token, expiresAt: sessionCookieExpiry(session), csrfToken: session.csrfToken });
  ctx.session = { id: session.id, csrfToken: session.csrfToken };
  await audit(ctx.db, { actorUserId: user.id, action: 'auth.sign_in', targetType: 'session', targetId: session.id, ipAddress: ctx.request.ipAddress, metadata: { method } }, now);
  if (method !== 'registration') {
    await notify(ctx, user.id, { type: 'system', message: `New sign-in to your account${describeClient(ctx)}.` });
  }
  return loadSessionUser(ctx, user);
}

/**
 * Password or magic link proven: the MFA step when TOTP is on, the enrolment step for staff
 * without it (a staff session always has a second factor), else a session.
 */
export async function signInOrChallenge(ctx: Context, user: User, method: string): Promise<MfaRequired | MfaSetupRequired | Awaited<ReturnType<typeof startSession>>> {
  const now = ctx.ports.clock.now();
  if (user.totpEnabledAt !== null && user.totpSecret) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_challenge', now);
    return { mfaRequired: true, mfaToken, tempUserId: user.id };
  }
  if (isStaff(user.role)) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_enrollment', now);
    await audit(ctx.db, { actorUserId: user.id, action: 'auth.mfa_enrollment_required', ipAddress: ctx.request.ipAddress, metadata: { method } }, now);
    return { mfaSetupRequired: true, mfaToken, tempUserId: user.id };
  }
  return startSession(ctx, user, method);
}

export function assertEnabled(user: User) {
  if (user.disabledAt !== null) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This account has been disabled. Contact support to restore access.' });
  }
}

/** Checks a TOTP code (once per time-step) or a one-time recovery code for the user. */
async function verifySecondFactor(ctx: Context, user: User, code: string): Promise<'totp' | 'recovery'> {
  const now = ctx.ports.clock.now();
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const secret = await openTotpSecret(ctx.db, ctx.ports.secrets, user);
    const step = secret ? matchTotpStep(secret, trimmed, now) : null;
    if (step === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'That code is not valid. Check your authenticator app and try again.' });
    // Atomic: succeeds only if no code of this step (or a later one) was accepted before.
    const accepted = await ctx.db
      .update(users)
      .set({ totpLastUsedStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step))))
      .returning({ id: users.id });
    if (accepted.length === 0) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'This code has already been used. Wait for the next code and try again.' });
    }
    return 'totp';
  }
  if (await useRecoveryCode(ctx.db, user.id, trimmed, now)) return 'recovery';
  throw new TRPCError({ code: 'UNAUTHORIZED', message: 'That code is not valid. Enter the 6-digit code from your app or an unused recovery code.' });
}

const MFA_LOCKED_MESSAGE = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Two-step verification is locked for this account after too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

function assertMfaUnlocked(user: User, now: number) {
  if (user.mfaLockedUntil !== null && user.mfaLockedUntil > now) {
    const retryAfterSeconds = Math.ceil((user.mfaLockedUntil - now) / 1000);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MFA_LOCKED_MESSAGE(retryAfterSeconds), cause: new RateLimitedError(retryAfterSeconds) });
  }
}

/** The rate-limit key of a user's wrong second-factor codes. */
const mfaFailuresKey = (userId: string) => `mfa-failures:user:${userId}`;

/**
 * A new authenticator starts with a fresh failure window: the statement to put in the batch that
 * turns TOTP on (otherwise a window filled under the old seed, its lock lifted by staff, would
 * hold the new one until it ends).
 */
export function clearMfaFailures(db: Context['db'], userId: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, mfaFailuresKey(userId)));
}

/** How a code check was let through: a slot of the user's failure window, or the one try after a lock. */
type MfaAttempt = { kind: 'slot'; slot: Reservation } | { kind: 'after_lock'; lockedUntil: number };

/**
 * Reserves the right to check one code before it is checked (one conditional upsert): at most
 * RATE_LIMITS.mfaFailuresPerUser codes are checked per user in 24 hours, however many challenges
 * and parallel requests. Once that window is full and its lock has run out, one code per
 * MFA_LOCK_MS is checked: the try claims the next lock in one conditional UPDATE, so parallel
 * tries cannot share it. A full window without a lock yet (the 10th failure still being checked)
 * lets nothing through.
 */
async function reserveMfaAttempt(ctx: Context, user: User, now: number): Promise<MfaAttempt> {
  const slot = await reserveSlot(ctx.db, mfaFailuresKey(user.id), RATE_LIMITS.mfaFailuresPerUser, now);
  if (slot) return { kind: 'slot', slot };
  const lockedUntil = now + MFA_LOCK_MS;
  const [claimed] = await ctx.db
    .update(users)
    .set({ mfaLockedUntil: lockedUntil })
    .where(and(eq(users.id, user.id), lte(users.mfaLockedUntil, now)))
    .returning({ id: users.id });
  if (claimed) return { kind: 'after_lock', lockedUntil };
  // Locked: until the lock ends. No lock yet (the 10th failure still in flight): until the window ends.
  const [row] = await ctx.db.select({ mfaLockedUntil: users.mfaLockedUntil }).from(users).where(eq(users.id, user.id)).limit(1);
  const [window] = await ctx.db.select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, mfaFailuresKey(user.id))).limit(1);
  const until = row?.mfaLockedUntil && row.mfaLockedUntil > now ? row.mfaLockedUntil : (window?.windowStart ?? now) + RATE_LIMITS.mfaFailuresPerUser.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now) / 1000));
  await auditInsert(ctx.db, { actorUserId: user.id, action: 'security.rate_limited', ipAddress: ctx.request.ipAddress, metadata: { key: mfaFailuresKey(user.id), limit: RATE_LIMITS.mfaFailuresPerUser.limit, windowMs: RATE_LIMITS.mfaFailuresPerUser.windowMs } }, now).catch(() => undefined);
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MFA_LOCKED_MESSAGE(retryAfterSeconds), cause: new RateLimitedError(retryAfterSeconds) });
}

/**
 * A right code: its slot is given back (limits count failures); a try after a lock ends the lock
 * it claimed (set to now, not null: the window is still full, so the next wrong code locks again).
 */
async function settleMfaSuccess(ctx: Context, user: User, attempt: MfaAttempt) {
  if (attempt.kind === 'slot') await releaseSlots(ctx.db, [attempt.slot]);
  else await ctx.db.update(users).set({ mfaLockedUntil: ctx.ports.clock.now() }).where(and(eq(users.id, user.id), eq(users.mfaLockedUntil, attempt.lockedUntil)));
}

/**
 * A wrong second-factor code, counted per user across challenges (its reserved slot stays taken):
 * the 10th in 24 hours, and any wrong try after a lock, closes the MFA step for MFA_LOCK_MS and
 * tells the user (notification and email).
 */
async function recordMfaFailure(ctx: Context, user: User, attempt: MfaAttempt) {
  const now = ctx.ports.clock.now();
  const failures = attempt.kind === 'slot' ? attempt.slot.count : RATE_LIMITS.mfaFailuresPerUser.limit + 1;
  await audit(ctx.db, { actorUserId: user.id, action: 'auth.mfa_failed', ipAddress: ctx.request.ipAddress, metadata: { failuresIn24h: failures } }, now);
  if (failures < RATE_LIMITS.mfaFailuresPerUser.limit) return;
  const lockedUntil = attempt.kind === 'after_lock' ? attempt.lockedUntil : now + MFA_LOCK_MS;
  await ctx.db.batch([
    ctx.db.update(users).set({ mfaLockedUntil: lockedUntil }).where(eq(users.id, user.id)),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'auth.mfa_locked', ipAddress: ctx.request.ipAddress, metadata: { lockedUntil, failuresIn24h: failures } }, now),
  ]);
  const minutes = MFA_LOCK_MS / 60_000;
  await notify(ctx, user.id, {
    type: 'error',
    message: `Two-step verification was locked for ${minutes} minutes after 10 wrong codes. If this was not you, change your password now.`,
  });
  mailInBackground(ctx.ports, async () => emails.mfaLocked(user.email, user.name, minutes));
}

async function userOf(ctx: Context, userId: string, purpose: 'mfa_challenge' | 'mfa_enrollment') {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_TOKEN_MESSAGES[purpose] });
  assertEnabled(user);
  return user;
}

export async function completeMfa(ctx: Context, mfaToken: string, code: string) {
  const now = ctx.ports.clock.now();
  const challenge = await findLiveToken(ctx.db, mfaToken, 'mfa_challenge', now);
  await consumeRateLimit(ctx.db, `mfa:${challenge.id}`, RATE_LIMITS.mfaPerChallenge, now);
  const user = await userOf(ctx, challenge.userId, 'mfa_challenge');
  assertMfaUnlocked(user, now);
  // Reserved before the code is checked: parallel wrong codes cannot all be checked.
  const attempt = await reserveMfaAttempt(ctx, user, now);
  let factor;
  try {
    factor = await verifySecondFactor(ctx, user, code);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') await recordMfaFailure(ctx, user, attempt);
    else await settleMfaSuccess(ctx, user, attempt);
    throw error;
  }
  await settleMfaSuccess(ctx, user, attempt);
  await consumeToken(ctx.db, mfaToken, 'mfa_challenge', now);
  return startSession(ctx, user, factor === 'totp' ? 'password+totp' : 'password+recovery_code');
}

/** Staff enrolment during sign-in, step 1: a fresh authenticator secret for the pending user. */
export async function startMfaEnrollment(ctx: Context, mfaToken: string) {
  const now = ctx.ports.clock.now();
  const row = await findLiveToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  const user = await userOf(ctx, row.userId, 'mfa_enrollment');
  if (user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-step verification is already on for this account. Sign in again.' });
  const secret = newTotpSecret();
  await ctx.db.update(users).set({ ...(await sealTotpSecret(ctx.ports.secrets, user.id, secret)), totpLastUsedStep: null }).where(eq(users.id, user.id));
  await audit(ctx.db, { actorUserId: user.id, action: 'security.mfa_setup_started', ipAddress: ctx.request.ipAddress, metadata: { during: 'sign_in' } }, now);
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

/** Step 2: the first code turns TOTP on, hands out recovery codes and only then starts the session. */
export async function completeMfaEnrollment(ctx: Context, mfaToken: string, code: string) {
  const now = ctx.ports.clock.now();
  const row = await findLiveToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  await consumeRateLimit(ctx.db, `mfa:${row.id}`, RATE_LIMITS.mfaPerChallenge, now);
  const user = await userOf(ctx, row.userId, 'mfa_enrollment');
  const secret = await openTotpSecret(ctx.db, ctx.ports.secrets, user);
  if (!secret || user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Start the set-up again: no pending authenticator secret.' });
  const step = matchTotpStep(secret, code, now);
  if (step === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'That code is not valid. Check the time on your device and try again.' });
  await consumeToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  await ctx.db.batch([
    ctx.db.update(users).set({ totpEnabledAt: now, totpLastUsedStep: step, updatedAt: now }).where(eq(users.id, user.id)),
    clearMfaFailures(ctx.db, user.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'security.mfa_enabled', ipAddress: ctx.request.ipAddress, metadata: { during: 'sign_in' } }, now),
  ]);
  const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id, now);
  const sessionUser = await startSession(ctx, { ...user, totpEnabledAt: now }, 'password+totp_enrollment');
  return { user: sessionUser, recoveryCodes };
}

export const clientKey = (ctx: Context) => addressKey(ctx.request.ipAddress);
