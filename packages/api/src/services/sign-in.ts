import { users, type User } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context } from '../context';
import { audit } from './audit';
import { consumeToken, findLiveToken, issueToken } from './auth-tokens';
import { consumeRateLimit, RATE_LIMITS } from './rate-limit';
import { useRecoveryCode } from './recovery-codes';
import { createSession, sessionCookieExpiry, toSessionUser } from './sessions';
import { matchTotpStep } from './totp';
import { notify } from './notify';
import { organizations } from '@kubemarket/db';

export interface MfaRequired {
  mfaRequired: true;
  mfaToken: string;
  tempUserId: string;
}

export async function loadSessionUser(ctx: Context, user: User) {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
  return toSessionUser(user, organization ?? null);
}

/** " from Firefox on Linux (203.0.113.7)", as far as the request tells. */
function describeClient(ctx: Context): string {
  const agent = ctx.request.userAgent ?? '';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : null;
  const system = /Windows/.test(agent) ? 'Windows' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Mac OS X/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : null;
  const device = browser && system ? `${browser} on ${system}` : (browser ?? system);
  const parts = [device ? ` from ${device}` : '', ctx.request.ipAddress ? ` (${ctx.request.ipAddress})` : ''];
  return parts.join('');
}

/** A new session on every sign-in (no fixation), cookie and CSRF token set by the host. */
export async function startSession(ctx: Context, user: User, method: string) {
  const now = ctx.ports.clock.now();
  const { session, token } = await createSession(ctx.db, user, now, ctx.request);
  ctx.ports.sessionCookie.issue({ token, expiresAt: sessionCookieExpiry(session), csrfToken: session.csrfToken });
  ctx.session = { id: session.id, csrfToken: session.csrfToken };
  await audit(ctx.db, { actorUserId: user.id, action: 'auth.sign_in', targetType: 'session', targetId: session.id, ipAddress: ctx.request.ipAddress, metadata: { method } }, now);
  if (method !== 'registration') {
    await notify(ctx, user.id, { type: 'system', message: `New sign-in to your account${describeClient(ctx)}.` });
  }
  return loadSessionUser(ctx, user);
}

/** Password or magic link proven: either a session, or the MFA step when TOTP is on. */
export async function signInOrChallenge(ctx: Context, user: User, method: string) {
  if (user.totpEnabledAt !== null && user.totpSecret) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_challenge', ctx.ports.clock.now());
    const challenge: MfaRequired = { mfaRequired: true, mfaToken, tempUserId: user.id };
    return challenge;
  }
  return startSession(ctx, user, method);
}

export function assertEnabled(user: User) {
  if (user.disabledAt !== null) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This account has been disabled. Contact support to restore access.' });
  }
}

/** Checks a TOTP code (once per time-step) or a one-time recovery code for the user. */
export async function verifySecondFactor(ctx: Context, user: User, code: string): Promise<'totp' | 'recovery'> {
  const now = ctx.ports.clock.now();
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const step = user.totpSecret ? matchTotpStep(user.totpSecret, trimmed, now) : null;
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

export async function completeMfa(ctx: Context, mfaToken: string, code: string) {
  const now = ctx.ports.clock.now();
  const challenge = await findLiveToken(ctx.db, mfaToken, 'mfa_challenge', now);
  await consumeRateLimit(ctx.db, `mfa:${challenge.id}`, RATE_LIMITS.mfaPerChallenge, now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your sign-in attempt has expired. Please sign in again.' });
  assertEnabled(user);
  const factor = await verifySecondFactor(ctx, user, code);
  await consumeToken(ctx.db, mfaToken, 'mfa_challenge', now);
  return startSession(ctx, user, factor === 'totp' ? 'password+totp' : 'password+recovery_code');
}
