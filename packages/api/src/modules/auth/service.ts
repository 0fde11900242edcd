import { newBillingId, newId, organizations, users, type User } from '@kubemarket/db';
import { describeUserAgent } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context } from '../../context';
import { audit, auditInsert } from '../../platform/audit';
import { consumeToken, findLiveToken, issueToken } from '../../platform/auth-tokens';
import { emails } from '../../platform/emails';
import { sendMailSafely } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../platform/passwords';
import { addressKey, consumeRateLimit, RATE_LIMITS } from '../../platform/rate-limit';
import { useRecoveryCode } from '../../platform/recovery-codes';
import { createSession, deleteUserSessions, invalidateSession, sessionCookieExpiry, toSessionUser } from '../../platform/sessions';
import { matchTotpStep } from '../../platform/totp';

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
  const device = ctx.request.userAgent ? describeUserAgent(ctx.request.userAgent) : null;
  const parts = [device && (device.browser || device.os) ? ` from ${device.label}` : '', ctx.request.ipAddress ? ` (${ctx.request.ipAddress})` : ''];
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

const clientKey = (ctx: Context) => addressKey(ctx.request.ipAddress);

export async function findUserByEmail(ctx: Context, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

async function sendVerification(ctx: Context, user: User) {
  const token = await issueToken(ctx.db, user.id, 'verify_email', ctx.ports.clock.now(), user.email);
  await sendMailSafely(ctx.ports.mailer, emails.verifyEmail(user.email, user.name, `${ctx.request.appUrl}/verify-email?token=${token}`));
}

export function assertStrongPassword(password: string, details: { email?: string; username?: string }) {
  const problem = passwordProblem(password, details);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
}

export interface RegistrationInput {
  email: string;
  username: string;
  name: string;
  password: string;
  companyName: string;
}

/** A pending organisation with the registering user as its owner, signed in at once. */
export async function register(ctx: Context, input: RegistrationInput) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `register:ip:${clientKey(ctx)}`, RATE_LIMITS.registerPerAddress, now);
  assertStrongPassword(input.password, input);
  const existing = await ctx.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, input.email), eq(users.username, input.username)));
  if (existing.some((row) => row.email === input.email)) {
    throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists. Sign in instead.' });
  }
  if (existing.length > 0) throw new TRPCError({ code: 'CONFLICT', message: 'This username is taken. Choose another one.' });

  const passwordHash = await hashPassword(input.password);
  const organizationId = newId('organization');
  const userId = newId('user');
  try {
    // One batch: the organisation, its owner and the audit entry land together or not at all.
    await ctx.db.batch([
      ctx.db.insert(organizations).values({ id: organizationId, name: input.companyName, billingId: newBillingId(), status: 'pending', createdAt: now, updatedAt: now }),
      ctx.db.insert(users).values({
        id: userId,
        organizationId,
        organizationRole: 'owner',
        username: input.username,
        email: input.email,
        name: input.name,
        role: 'user',
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      auditInsert(ctx.db, { actorUserId: userId, action: 'auth.register', targetType: 'organization', targetId: organizationId, ipAddress: ctx.request.ipAddress }, now),
    ]);
  } catch (error) {
    if (String(error).includes('UNIQUE')) {
      throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email or username already exists.' });
    }
    throw error;
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  await sendVerification(ctx, user!);
  await notify(ctx, userId, {
    type: 'success',
    message: `Welcome to KubeMarket, ${input.name}! ${input.companyName} is awaiting approval by our team; we have emailed you a link to verify your address.`,
  });
  return startSession(ctx, user!, 'registration');
}

export async function signInWithPassword(ctx: Context, input: { identifier: string; password: string }) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `login:ip:${clientKey(ctx)}`, RATE_LIMITS.loginPerAddress, now);
  await consumeRateLimit(ctx.db, `login:account:${input.identifier}`, RATE_LIMITS.loginPerAccount, now);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.email, input.identifier), eq(users.username, input.identifier)))
    .limit(1);
  const invalid = new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email/username or password.' });
  if (!user?.passwordHash) {
    await verifyPassword(input.password, await dummyPasswordHash());
    throw invalid;
  }
  const { valid, needsRehash } = await verifyPassword(input.password, user.passwordHash);
  if (!valid) {
    await audit(ctx.db, { actorUserId: user.id, action: 'auth.sign_in_failed', ipAddress: ctx.request.ipAddress }, now);
    throw invalid;
  }
  assertEnabled(user);
  if (needsRehash) await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  return signInOrChallenge(ctx, user, 'password');
}

export async function signOut(ctx: Context) {
  if (ctx.session && ctx.user) {
    await invalidateSession(ctx.db, ctx.session.id);
    await ctx.ports.realtime.closeSessions(ctx.user.id, [ctx.session.id]);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'auth.sign_out', targetType: 'session', targetId: ctx.session.id, ipAddress: ctx.request.ipAddress }, ctx.ports.clock.now());
  }
  ctx.ports.sessionCookie.clear();
  return { success: true as const };
}

export async function resendVerification(ctx: Context, email: string) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `resend:account:${email}`, RATE_LIMITS.resendPerAccount, now);
  await consumeRateLimit(ctx.db, `email-link:ip:${clientKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
  const user = await findUserByEmail(ctx, email);
  if (user && user.emailVerifiedAt !== null && ctx.user?.id === user.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your email address is already verified.' });
  }
  // The same answer whether or not the address has an account, so nobody can probe for one.
  if (user && user.emailVerifiedAt === null && user.disabledAt === null) await sendVerification(ctx, user);
  return { sent: true as const };
}

export async function verifyEmail(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  let row;
  try {
    row = await consumeToken(ctx.db, token, 'verify_email', now);
  } catch {
    row = await consumeToken(ctx.db, token, 'change_email', now);
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || !row.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This verification link is invalid or has expired. Request a new one.' });
  if (row.purpose === 'change_email') {
    const taken = await findUserByEmail(ctx, row.email);
    if (taken && taken.id !== user.id) throw new TRPCError({ code: 'CONFLICT', message: 'Another account now uses this email address.' });
    await ctx.db.batch([
      ctx.db.update(users).set({ email: row.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
      auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_changed', metadata: { from: user.email, to: row.email } }, now),
    ]);
    await notify(ctx, user.id, { type: 'success', message: `Your account email is now ${row.email}.` });
  } else {
    if (row.email !== user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This link was for an email address your account no longer uses.' });
    await ctx.db.batch([
      ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
      auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_verified' }, now),
    ]);
    await notify(ctx, user.id, { type: 'success', message: `Your email address ${row.email} is verified.` });
  }
  return { email: row.email, verified: true as const };
}

export async function requestPasswordReset(ctx: Context, email: string) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `reset:account:${email}`, RATE_LIMITS.emailLinkPerAccount, now);
  await consumeRateLimit(ctx.db, `email-link:ip:${clientKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
  const user = await findUserByEmail(ctx, email);
  if (user && user.disabledAt === null) {
    const token = await issueToken(ctx.db, user.id, 'reset_password', now);
    await sendMailSafely(ctx.ports.mailer, emails.resetPassword(user.email, user.name, `${ctx.request.appUrl}/reset-password?token=${token}`));
  }
  return { sent: true as const };
}

export async function resetPassword(ctx: Context, input: { token: string; password: string }) {
  const now = ctx.ports.clock.now();
  // Check strength before spending the single-use token, so a weak choice can be retried.
  assertStrongPassword(input.password, {});
  const row = await consumeToken(ctx.db, input.token, 'reset_password', now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired. Request a new one.' });
  assertStrongPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  // The new password, the end of every session and the audit entry land together.
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, user.id)),
    deleteUserSessions(ctx.db, user.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.password_reset', ipAddress: ctx.request.ipAddress }, now),
  ]);
  await ctx.ports.realtime.closeSessions(user.id, ended.map((session) => session.id));
  await notify(ctx, user.id, { type: 'warning', message: 'Your password was reset and every session was signed out. If this was not you, contact support at once.' });
  return { reset: true as const };
}

export async function requestMagicLink(ctx: Context, email: string) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `magic:account:${email}`, RATE_LIMITS.emailLinkPerAccount, now);
  await consumeRateLimit(ctx.db, `email-link:ip:${clientKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
  const user = await findUserByEmail(ctx, email);
  if (user && user.disabledAt === null) {
    const token = await issueToken(ctx.db, user.id, 'magic_link', now);
    await sendMailSafely(ctx.ports.mailer, emails.magicLink(user.email, user.name, `${ctx.request.appUrl}/magic-link?token=${token}`));
  }
  return { sent: true as const };
}

export async function consumeMagicLink(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  const row = await consumeToken(ctx.db, token, 'magic_link', now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This sign-in link is invalid or has expired. Request a new one.' });
  assertEnabled(user);
  // Following the link proves the address.
  if (user.emailVerifiedAt === null) await ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
  return signInOrChallenge(ctx, { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, 'magic_link');
}
