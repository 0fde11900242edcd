/**
 * What the staff user screens share (issue 32: split from service.ts): who may act on whom, the
 * user row as the lists show it, text search, paging, and the effects of a staff action (audit,
 * sessions ended, sockets closed).
 */
import { organizations, users, type Organization, type User, type UserRole } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { revokeUserTokens } from '../../platform/auth-tokens';
import { deleteUserSessions } from '../../platform/sessions';
import { escapeLike } from '../../platform/sql-like';
import type { SignedInContext } from '../../trpc';

export type Staff = SignedInContext;

export const RANK: Record<UserRole, number> = { user: 0, officer: 1, admin: 2, super_admin: 3 };
export const ROLE_NAMES: Record<UserRole, string> = { user: 'customer', officer: 'officer', admin: 'admin', super_admin: 'super admin' };

export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

export function paged<T>(items: T[], total: number, input: { page: number; pageSize: number }) {
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** `%text%` for LIKE with the wildcards of the text itself escaped (see `contains`). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Case-insensitive substring match (SQLite's LIKE folds ASCII case). */
export function contains(column: SQL | AnySQLiteColumn, text: string): SQL {
  return sql`${column} like ${containsPattern(text)} escape '\\'`;
}

export async function targetUser(ctx: Staff, userId: string): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('This user does not exist.');
  return user;
}

/**
 * Staff act on accounts below their own rank; a super admin on anyone else. Nobody acts on their
 * own account here: locking oneself out, or granting oneself, goes through a colleague.
 */
export function assertMayActOn(actor: SessionUser, target: Pick<User, 'id' | 'role'>, what: string): void {
  if (actor.id === target.id) throw badRequest(`You cannot ${what} your own account. Ask another staff member.`);
  if (actor.role === 'super_admin') return;
  if (target.role === 'super_admin') throw forbidden(`Only a super admin can ${what} a super admin's account.`);
  if (RANK[actor.role] <= RANK[target.role]) {
    throw forbidden(`Only a staff member senior to this ${ROLE_NAMES[target.role]} can ${what} their account.`);
  }
}

/** Ends every session and outstanding email link of a user, in the caller's batch; sockets close after. */
export function signOutEverywhere(ctx: Staff, userId: string, now: number) {
  return [deleteUserSessions(ctx.db, userId), revokeUserTokens(ctx.db, userId, now)] as const;
}

/** Closes the ended sessions' sockets, in the hub of the organisation the user belonged to when they held them. */
export async function closeSockets(ctx: Staff, user: Pick<User, 'organizationId'>, ended: Array<{ id: string }>) {
  if (ended.length > 0) await ctx.ports.realtime.closeSessions(user.organizationId, ended.map((session) => session.id));
}

export function auditEntry(ctx: Staff, action: string, target: { type: string; id: string; organizationId?: string | null }, metadata?: Record<string, unknown>) {
  return auditInsert(
    ctx.db,
    { actorUserId: ctx.user.id, action, targetType: target.type, targetId: target.id, organizationId: target.organizationId, ipAddress: ctx.request.ipAddress, metadata },
    ctx.ports.clock.now(),
  );
}

// ---------------------------------------------------------------------------------------------
// Users (/officers/manage-users)

export const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  unclaimedEmail: users.unclaimedEmail,
  role: users.role,
  organizationRole: users.organizationRole,
  emailVerifiedAt: users.emailVerifiedAt,
  totpEnabledAt: users.totpEnabledAt,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  organization: { id: organizations.id, name: organizations.name, billingId: organizations.billingId, status: organizations.status },
};

export type UserRowData = { [K in keyof typeof userColumns]: K extends 'organization' ? Pick<Organization, 'id' | 'name' | 'billingId' | 'status'> : User[Exclude<K, 'organization'>] };

export function toUserRow(row: UserRowData) {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    // The address the user typed and sees, as the session user shows it.
    email: row.unclaimedEmail ?? row.email,
    role: row.role,
    organizationRole: row.organizationRole,
    organization: row.organization,
    emailVerified: row.emailVerifiedAt !== null,
    mfaEnabled: row.totpEnabledAt !== null,
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
  };
}

export function userMatches(q: string): SQL {
  return or(contains(users.name, q), contains(users.email, q), contains(users.username, q), contains(sql`coalesce(${users.unclaimedEmail}, '')`, q))!;
}
