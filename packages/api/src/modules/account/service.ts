import { auditLog, authTokens, organizations, users } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from '../../context';
import { audit, auditInsert } from '../../platform/audit';
import { emailLink, issueToken, revokeUserTokens } from '../../platform/auth-tokens';
import { logError } from '../../platform/log';
import { emails } from '../../platform/emails';
import { notify } from '../../platform/notify';
import { hashPassword, passwordProblem, verifyPassword } from '../../platform/passwords';
import { consumeRateLimit, RATE_LIMITS, releaseSlots } from '../../platform/rate-limit';
import { deleteUserSessions } from '../../platform/sessions';
import { loadSessionUser, reservePasswordCheck } from '../auth';
import { sha256Hex } from '../../platform/crypto';
import type { SignedInContext } from '../../trpc';

type SignedIn = SignedInContext;

export async function currentUserRow(ctx: SignedIn) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return user;
}

/**
 * Re-authentication for sensitive changes. Failures share the account's sign-in bucket (so a
 * stolen session cannot guess the password here faster than at sign-in) and are audited.
 */
export async function assertPassword(ctx: SignedIn, password: string) {
  const now = ctx.ports.clock.now();
  const user = await currentUserRow(ctx);
  // The same reservations as sign-in, taken before the hash is checked (ADR 25).
  const slots = await reservePasswordCheck(ctx, `login:user:${ctx.user.id}`, ctx.user.id, now);
  const hash = user.passwordHash;
  let valid: boolean;
  try {
    valid = hash !== null && (await verifyPassword(password, hash, ctx.config.passwordCost)).valid;
  } catch (error) {
    await releaseSlots(ctx.db, slots);
    throw error;
  }
  if (!valid) {
    await audit(ctx.db, { actorUserId: user.id, action: 'security.reauth_failed', ipAddress: ctx.request.ipAddress }, now);
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your current password is incorrect.' });
  }
  await releaseSlots(ctx.db, slots);
  return user;
}

/** How far back approvals are read to say how long one takes. */
export const APPROVAL_LOOKBACK_MS = 90 * 24 * 60 * 60_000;

/**
 * How long our team took to approve new organisations lately (issue 31: a pending customer is told
 * what to expect): the median time from registration to approval over the last 90 days, or null
 * when there was no approval then.
 */
export async function typicalApprovalTime(ctx: Context, now: number): Promise<{ medianMinutes: number; approvals: number } | null> {
  const rows = await ctx.db
    .select({ approvedAt: auditLog.createdAt, registeredAt: organizations.createdAt })
    .from(auditLog)
    .innerJoin(organizations, and(eq(auditLog.targetType, 'organization'), eq(organizations.id, auditLog.targetId)))
    .where(and(eq(auditLog.action, 'staff.registration_approved'), gt(auditLog.createdAt, now - APPROVAL_LOOKBACK_MS)));
  const waits = rows.map((row) => row.approvedAt - row.registeredAt).filter((wait) => wait >= 0).sort((a, b) => a - b);
  if (waits.length === 0) return null;
  const middle = Math.floor(waits.length / 2);
  const median = waits.length % 2 === 1 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
  return { medianMinutes: Math.max(1, Math.round(median / 60_000)), approvals: waits.length };
}

export async function profile(ctx: SignedIn) {
  const user = await currentUserRow(ctx);
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
  return {
    user: await loadSessionUser(ctx, user),
    organization: organization
      ? {
          name: organization.name,
          billingId: organization.billingId,
          status: organization.status,
          createdAt: organization.createdAt,
          approval: organization.status === 'pending' ? await typicalApprovalTime(ctx, ctx.ports.clock.now()) : null,
        }
      : null,
    organizationRole: user.organizationRole,
    totpEnabled: user.totpEnabledAt !== null,
    createdAt: user.createdAt,
  };
}

export async function updateName(ctx: SignedIn, name: string) {
  const now = ctx.ports.clock.now();
  await ctx.db.update(users).set({ name, updatedAt: now }).where(eq(users.id, ctx.user.id));
  return loadSessionUser(ctx, await currentUserRow(ctx));
}

export async function changePassword(ctx: SignedIn, input: { currentPassword: string; newPassword: string }) {
  const now = ctx.ports.clock.now();
  const user = await assertPassword(ctx, input.currentPassword);
  const problem = await passwordProblem(input.newPassword, user);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  if (input.newPassword === input.currentPassword) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Choose a password different from your current one.' });
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.config.passwordCost);
  // One batch: the new password, the end of every other session (this one stays, so the user
  // is not thrown out mid-task) and the audit entry land together or not at all.
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    deleteUserSessions(ctx.db, user.id, [ctx.session?.id]),
    // Links and MFA steps issued under the old password stop working too.
    revokeUserTokens(ctx.db, user.id, now),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.password_changed', ipAddress: ctx.request.ipAddress }, now),
  ]);
  const endedIds = ended.map((session) => session.id);
  await ctx.ports.realtime.closeSessions(user.organizationId, endedIds);
  await notify(ctx, user.id, { type: 'warning', message: 'Your password was changed. If this was not you, reset it now and contact support.' });
  return { changed: true as const, sessionsEnded: endedIds.length };
}

export async function changeEmail(ctx: SignedIn, input: { currentPassword: string; newEmail: string; signOutOtherSessions?: boolean }) {
  const now = ctx.ports.clock.now();
  const user = await assertPassword(ctx, input.currentPassword);
  if (input.newEmail === user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This is already your email address.' });
  // Counted before the look-up: the answer says whether an address is taken, so it is limited.
  await consumeRateLimit(ctx.db, `change-email:account:${user.id}`, RATE_LIMITS.emailLinkPerAccount, now);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail)).limit(1);
  if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'Another account already uses this email address.' });
  const signOutOtherSessions = input.signOutOtherSessions ?? false;
  const token = await issueToken(ctx.db, user.id, 'change_email', now, input.newEmail, { requestedBySessionId: ctx.session?.id ?? null, signOutOtherSessions });
  await audit(ctx.db, { actorUserId: user.id, action: 'account.email_change_requested', ipAddress: ctx.request.ipAddress, metadata: { to: input.newEmail, signOutOtherSessions } }, now);
  try {
    // Awaited, unlike the anonymous forms: the person is signed in and must know if it failed.
    await ctx.ports.mailer.send(emails.changeEmail(input.newEmail, user.name, emailLink(ctx.request.appUrl, '/verify-email', token)));
  } catch (error) {
    logError('Sending the email-change confirmation failed', error);
    // The unsent link must not stay usable.
    await ctx.db.update(authTokens).set({ usedAt: now }).where(eq(authTokens.tokenHash, await sha256Hex(token)));
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'We could not send the confirmation email right now. Your email address is unchanged; please try again in a few minutes.' });
  }
  return { sent: true as const };
}
