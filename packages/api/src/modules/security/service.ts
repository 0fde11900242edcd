import { sessions, users, type User } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { audit, auditInsert } from '../../platform/audit';
import { notify } from '../../platform/notify';
import { replaceRecoveryCodes } from '../../platform/recovery-codes';
import { deleteUserSessions, isStaff } from '../../platform/sessions';
import { matchTotpStep, newTotpSecret, totpUri } from '../../platform/totp';
import { openTotpSecret, sealTotpSecret } from '../../platform/totp-secrets';
import { assertPassword } from '../account';
import { clearMfaFailures } from '../auth';
import type { SignedInContext } from '../../trpc';

type SignedIn = SignedInContext;

/**
 * Changing the second factor needs the password again and a verified email: a stolen session
 * alone cannot swap the authenticator, and recovery goes to an address the user proved.
 */
async function reauthenticate(ctx: SignedIn, password: string): Promise<User> {
  const user = await assertPassword(ctx, password);
  if (user.emailVerifiedAt === null || user.unclaimedEmail) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Verify your email address first: two-step verification settings need a verified email.' });
  }
  return user;
}

export async function startTotpSetup(ctx: SignedIn, password: string) {
  const now = ctx.ports.clock.now();
  const user = await reauthenticate(ctx, password);
  if (user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is already enabled.' });
  const secret = newTotpSecret();
  await ctx.db.update(users).set({ ...(await sealTotpSecret(ctx.ports.secrets, user.id, secret)), totpLastUsedStep: null }).where(eq(users.id, user.id));
  await audit(ctx.db, { actorUserId: user.id, action: 'security.mfa_setup_started', ipAddress: ctx.request.ipAddress, metadata: { during: 'settings' } }, now);
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

export async function enableTotp(ctx: SignedIn, code: string) {
  const now = ctx.ports.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (user && user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is already enabled.' });
  const secret = user ? await openTotpSecret(ctx.db, ctx.ports.secrets, user) : null;
  if (!user || !secret) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Start the set-up again: no pending authenticator secret.' });
  const step = matchTotpStep(secret, code, now);
  if (step === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'That code is not valid. Check the time on your device and try again.' });
  await ctx.db.batch([
    ctx.db.update(users).set({ totpEnabledAt: now, totpLastUsedStep: step, updatedAt: now }).where(eq(users.id, user.id)),
    clearMfaFailures(ctx.db, user.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'security.mfa_enabled', ipAddress: ctx.request.ipAddress, metadata: { during: 'settings' } }, now),
  ]);
  const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id, now);
  await notify(ctx, user.id, { type: 'success', message: 'Two-step verification is now on for your account.' });
  return { recoveryCodes };
}

export async function disableTotp(ctx: SignedIn, password: string) {
  const now = ctx.ports.clock.now();
  const user = await reauthenticate(ctx, password);
  if (isStaff(user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff accounts must keep two-step verification on.' });
  if (user.totpEnabledAt === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is not enabled.' });
  await ctx.db.batch([
    ctx.db.update(users).set({ totpSecret: null, totpKeyVersion: null, totpEnabledAt: null, totpLastUsedStep: null, updatedAt: now }).where(eq(users.id, user.id)),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'security.mfa_disabled', ipAddress: ctx.request.ipAddress }, now),
  ]);
  await replaceRecoveryCodes(ctx.db, user.id, now);
  await notify(ctx, user.id, { type: 'warning', message: 'Two-step verification was turned off for your account.' });
  return { disabled: true as const };
}

export async function regenerateRecoveryCodes(ctx: SignedIn, password: string) {
  const now = ctx.ports.clock.now();
  const user = await reauthenticate(ctx, password);
  if (user.totpEnabledAt === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Turn on two-step verification first: recovery codes belong to it.' });
  const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id, now);
  await audit(ctx.db, { actorUserId: user.id, action: 'security.recovery_codes_regenerated', ipAddress: ctx.request.ipAddress }, now);
  await notify(ctx, user.id, { type: 'warning', message: 'New recovery codes were generated; the previous ones no longer work.' });
  return { recoveryCodes };
}

export async function listSessions(ctx: SignedIn) {
  const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, ctx.user.id)).orderBy(desc(sessions.lastActiveAt));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === ctx.session?.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActiveAt,
  }));
}

export async function revokeSession(ctx: SignedIn, id: string) {
  const now = ctx.ports.clock.now();
  // Scoped by user in the WHERE clause: another user's session matches nothing and is a 404.
  const [removed] = await ctx.db.batch([
    ctx.db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.userId, ctx.user.id))).returning({ id: sessions.id }),
  ]);
  if (removed.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'This session no longer exists.' });
  if (id === ctx.session?.id) ctx.ports.sessionCookie.clear();
  await ctx.ports.realtime.closeSessions(ctx.user.organizationId, [id]);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'security.session_revoked', targetType: 'session', targetId: id }, now);
  return { revoked: 1 };
}

/** Signing out everywhere else needs the password: a stolen session cannot lock its owner out. */
export async function revokeOtherSessions(ctx: SignedIn, password: string) {
  const now = ctx.ports.clock.now();
  await assertPassword(ctx, password);
  const [ended] = await ctx.db.batch([
    deleteUserSessions(ctx.db, ctx.user.id, [ctx.session?.id]),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'security.other_sessions_revoked' }, now),
  ]);
  await ctx.ports.realtime.closeSessions(ctx.user.organizationId, ended.map((session) => session.id));
  return { revoked: ended.length };
}
