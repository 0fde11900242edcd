import { users, type AuthToken, type User } from '@kubemarket/db';
import { type EmailLinkKind } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { consumeToken, emailLink, INVALID_TOKEN_MESSAGES, issueToken, peekToken, revokeUserTokens } from '../../platform/auth-tokens';
import { emails } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { hashPassword } from '../../platform/passwords';
import {
  RATE_LIMITS,
} from '../../platform/rate-limit';
import { deleteUserSessions } from '../../platform/sessions';
import { isUniqueViolation } from '../../platform/db-errors';
import { assertStrongPassword, findUserByEmail, limitEmailLinkRequest, verificationMail } from './registration';
import { assertEnabled, signInOrChallenge } from './sessions';

// Email links

export async function resendVerification(ctx: Context, email: string) {
  if (ctx.user && ctx.user.email === email && ctx.user.emailVerified) {
    // Only the signed-in owner of the address learns this: it tells them nothing new.
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your email address is already verified.' });
  }
  await limitEmailLinkRequest(ctx, `resend:account:${email}`, RATE_LIMITS.resendPerAccount, email);
  // The look-up and the mail happen after the answer, which is the same whether or not the
  // address has an account.
  mailInBackground(ctx.ports, async () => {
    const user = await findUserByEmail(ctx, email);
    return user && user.emailVerifiedAt === null && user.disabledAt === null ? verificationMail(ctx, user) : null;
  });
  return { sent: true as const };
}

/** What an emailed link will do, shown before the button spends it; spends nothing. */
export async function emailLinkInfo(ctx: Context, input: { token: string; kind: EmailLinkKind }) {
  const now = ctx.ports.clock.now();
  const purposes = input.kind === 'verify' ? (['verify_email', 'change_email'] as const) : input.kind === 'reset' ? (['reset_password'] as const) : (['magic_link'] as const);
  for (const purpose of purposes) {
    const row = await peekToken(ctx.db, input.token, purpose, now);
    if (!row) continue;
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) break;
    return { purpose, email: row.email ?? user.email, expiresAt: row.expiresAt };
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_TOKEN_MESSAGES[purposes[0]] });
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
  if (row.purpose === 'change_email') return confirmEmailChange(ctx, user, row);
  if (row.email !== user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This link was for an email address your account no longer uses.' });
  await ctx.db.batch([
    ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_verified' }, now),
  ]);
  await notify(ctx, user.id, { type: 'success', message: `Your email address ${row.email} is verified.` });
  return { email: row.email, verified: true as const };
}

const EMAIL_TAKEN = 'Another account now uses this email address.';

/**
 * The new address is proven: it replaces the old one, the old address is told, and on request
 * every session but the one that asked (and the one confirming) is signed out.
 */
async function confirmEmailChange(ctx: Context, user: User, row: AuthToken) {
  const now = ctx.ports.clock.now();
  const newEmail = row.email!;
  const taken = await findUserByEmail(ctx, newEmail);
  if (taken && taken.id !== user.id) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
  const requestedBy = typeof row.data?.requestedBySessionId === 'string' ? row.data.requestedBySessionId : null;
  const signOutOthers = row.data?.signOutOtherSessions === true;
  try {
    await ctx.db.batch([
      ctx.db.update(users).set({ email: newEmail, unclaimedEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
      auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_changed', metadata: { from: user.unclaimedEmail ? null : user.email, to: newEmail, signOutOtherSessions: signOutOthers } }, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    throw error;
  }
  let ended: string[] = [];
  if (signOutOthers) {
    ended = (await deleteUserSessions(ctx.db, user.id, [requestedBy, ctx.session?.id])).map((session) => session.id);
    await ctx.ports.realtime.closeSessions(user.organizationId, ended);
  }
  if (!user.unclaimedEmail) mailInBackground(ctx.ports, async () => emails.emailChanged(user.email, user.name, newEmail));
  await notify(ctx, user.id, {
    type: 'success',
    message: `Your account email is now ${newEmail}.${ended.length > 0 ? ` ${ended.length} other session${ended.length === 1 ? ' was' : 's were'} signed out.` : ''}`,
  });
  return { email: newEmail, verified: true as const };
}

/**
 * Mails an enabled account a single-use link of this purpose, in the background; the answer is the
 * same whether the address has an account or not (no account enumeration), and requests are limited
 * per address.
 */
async function mailAccountLink(ctx: Context, email: string, link: { rateKey: string; purpose: 'reset_password' | 'magic_link'; path: Parameters<typeof emailLink>[1]; mail: typeof emails.resetPassword }) {
  const now = ctx.ports.clock.now();
  await limitEmailLinkRequest(ctx, `${link.rateKey}:account:${email}`, RATE_LIMITS.emailLinkPerAccount, email);
  mailInBackground(ctx.ports, async () => {
    const user = await findUserByEmail(ctx, email);
    if (!user || user.disabledAt !== null) return null;
    const token = await issueToken(ctx.db, user.id, link.purpose, now);
    return link.mail(user.email, user.name, emailLink(ctx.request.appUrl, link.path, token));
  });
  return { sent: true as const };
}

export function requestPasswordReset(ctx: Context, email: string) {
  return mailAccountLink(ctx, email, { rateKey: 'reset', purpose: 'reset_password', path: '/reset-password', mail: emails.resetPassword });
}

export async function resetPassword(ctx: Context, input: { token: string; password: string }) {
  const now = ctx.ports.clock.now();
  // Check strength before spending the single-use token, so a weak choice can be retried.
  await assertStrongPassword(input.password, {});
  const row = await consumeToken(ctx.db, input.token, 'reset_password', now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired. Request a new one.' });
  await assertStrongPassword(input.password, user);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordCost);
  // The new password, the end of every session, of every other outstanding link and MFA step,
  // and the audit entry land together.
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? (user.unclaimedEmail ? null : now), updatedAt: now }).where(eq(users.id, user.id)),
    deleteUserSessions(ctx.db, user.id),
    revokeUserTokens(ctx.db, user.id, now, row.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.password_reset', ipAddress: ctx.request.ipAddress }, now),
  ]);
  await ctx.ports.realtime.closeSessions(user.organizationId, ended.map((session) => session.id));
  await notify(ctx, user.id, { type: 'warning', message: 'Your password was reset and every session was signed out. If this was not you, contact support at once.' });
  return { reset: true as const };
}

export function requestMagicLink(ctx: Context, email: string) {
  return mailAccountLink(ctx, email, { rateKey: 'magic', purpose: 'magic_link', path: '/magic-link', mail: emails.magicLink });
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
