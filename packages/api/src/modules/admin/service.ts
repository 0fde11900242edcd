import { users, type UserRole } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { revokeUserTokens } from '../../platform/auth-tokens';
import { notify } from '../../platform/notify';
import { deleteUserSessions, isStaff } from '../../platform/sessions';
import type { SignedInContext } from '../../trpc';

type Staff = SignedInContext;

async function targetUser(ctx: Staff, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'This user does not exist.' });
  return user;
}

const RANK: Record<UserRole, number> = { user: 0, officer: 1, admin: 2, super_admin: 3 };

/**
 * Staff sign out accounts below their own rank (a super admin anyone): an administrator cannot
 * lock a super admin, or a fellow administrator, out of the console.
 */
function assertMayEndSessionsOf(actor: SessionUser, target: { id: string; role: UserRole }): void {
  if (actor.role === 'super_admin' || actor.id === target.id) return;
  if (target.role === 'super_admin') throw new TRPCError({ code: 'FORBIDDEN', message: "Only a super admin can end a super admin's sessions." });
  if (RANK[target.role] >= RANK[actor.role]) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Only a staff member senior to this ${target.role.replace('_', ' ')} can end their sessions.` });
  }
}

/** Signs a user out everywhere (a lost laptop, a suspected takeover); their sockets close at once. */
export async function endUserSessions(ctx: Staff, userId: string) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, userId);
  assertMayEndSessionsOf(ctx.user, user);
  const [ended] = await ctx.db.batch([
    deleteUserSessions(ctx.db, user.id),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'admin.user_sessions_ended', targetType: 'user', targetId: user.id, ipAddress: ctx.request.ipAddress }, now),
  ]);
  await ctx.ports.realtime.closeSessions(user.organizationId, ended.map((session) => session.id));
  return { ended: ended.length };
}

/**
 * Lowers a user's platform role (a staff member leaving a team). Raising one is four-eyes work: an
 * administrator requests it and another super admin approves it (staffUsers.requestPromotion), so
 * no single account can grant staff rights here. Only a super admin takes away admin rights. Any
 * change ends the user's sessions and outstanding sign-in steps: the next sign-in gets the new
 * role's session lifetime at once.
 */
export async function setUserRole(ctx: Staff, userId: string, role: UserRole) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, userId);
  if (user.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot change your own role. Ask another administrator.' });
  if (RANK[role] > RANK[user.role]) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Promotions need a second pair of eyes: raise a promotion request, and another super admin approves it.' });
  }
  const adminRights = (value: UserRole) => value === 'admin' || value === 'super_admin';
  if ((adminRights(role) || adminRights(user.role)) && ctx.user.role !== 'super_admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only a super admin can grant or remove administrator rights.' });
  }
  if (user.role === role) return { id: user.id, role, sessionsEnded: 0 };
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id)),
    deleteUserSessions(ctx.db, user.id),
    revokeUserTokens(ctx.db, user.id, now),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'admin.user_role_changed', targetType: 'user', targetId: user.id, ipAddress: ctx.request.ipAddress, metadata: { from: user.role, to: role } }, now),
  ]);
  await ctx.ports.realtime.closeSessions(user.organizationId, ended.map((session) => session.id));
  await notify(ctx, user.id, {
    type: 'system',
    message: isStaff(role)
      ? `Your account now has the ${role.replace('_', ' ')} role. Sign in again; you will be asked to set up two-step verification if it is not on yet.`
      : 'Your account role was changed. Sign in again to continue.',
  });
  return { id: user.id, role, sessionsEnded: ended.length };
}
