import {
  auditLog,
  newBillingId,
  newId,
  organizations,
  promotionRequests,
  randomString,
  recoveryCodes,
  sessions,
  users,
  type PromotionRequest,
  type PromotionRequestStatus,
  type PromotionRole,
  type User,
  type UserRole,
} from '@kubemarket/db';
import { isStaffRole, type OrganizationRole } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import * as admin from '../admin';
import { verificationMail } from '../auth';
import { staffMails } from './mails';
import { isPerson } from '../../platform/people';
import type {
  Staff} from './common';
import {
  RANK,
  ROLE_NAMES,
  assertMayActOn,
  auditEntry,
  badRequest,
  closeSockets,
  contains,
  forbidden,
  notFound,
  paged,
  signOutEverywhere,
  targetUser,
  toUserRow,
  userColumns,
  userMatches,
} from './common';

export interface UserSearch {
  q?: string;
  role?: UserRole;
  status?: 'active' | 'disabled' | 'unverified';
  page: number;
  pageSize: number;
}
export async function searchUsers(ctx: Staff, input: UserSearch) {
  const filters: SQL[] = [];
  if (input.q) filters.push(userMatches(input.q));
  if (input.role) filters.push(eq(users.role, input.role));
  if (input.status === 'active') filters.push(isNull(users.disabledAt));
  if (input.status === 'disabled') filters.push(isNotNull(users.disabledAt));
  if (input.status === 'unverified') filters.push(and(isNull(users.emailVerifiedAt), isNull(users.disabledAt))!);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(userColumns)
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return paged(rows.map(toUserRow), total?.n ?? 0, input);
}

const SIGN_IN_ACTIONS = ['auth.sign_in', 'auth.sign_in_failed'];

export async function getUser(ctx: Staff, id: string) {
  const [row] = await ctx.db
    .select({ ...userColumns, mfaLockedUntil: users.mfaLockedUntil })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw notFound('This user does not exist.');
  const now = ctx.ports.clock.now();
  const [live, signIns, [codes], requests] = await Promise.all([
    ctx.db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.lastActiveAt)).limit(50),
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, id), inArray(auditLog.action, SIGN_IN_ACTIONS)))
      .orderBy(desc(auditLog.createdAt))
      .limit(10),
    ctx.db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, id), isNull(recoveryCodes.usedAt))),
    promotionRows(ctx, eq(promotionRequests.userId, id), 20, 0),
  ]);
  return {
    ...toUserRow(row),
    mfa: {
      enabled: row.totpEnabledAt !== null,
      enabledAt: row.totpEnabledAt,
      lockedUntil: row.mfaLockedUntil !== null && row.mfaLockedUntil > now ? row.mfaLockedUntil : null,
      recoveryCodesLeft: row.totpEnabledAt !== null ? (codes?.n ?? 0) : 0,
    },
    sessions: live
      .filter((session) => session.expiresAt > now)
      .map((session) => ({
        id: session.id,
        createdAt: session.createdAt,
        lastActiveAt: session.lastActiveAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        staff: session.elevated,
      })),
    recentSignIns: signIns.map((entry) => ({
      at: entry.createdAt,
      succeeded: entry.action === 'auth.sign_in',
      method: typeof entry.metadata?.method === 'string' ? entry.metadata.method : null,
      ipAddress: entry.ipAddress,
    })),
    promotionRequests: requests,
  };
}

/** A disabled account cannot sign in (password, magic link, API token) and its sessions end now. */
export async function disableUser(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.id);
  assertMayActOn(ctx.user, user, 'disable');
  if (user.disabledAt !== null) return { id: user.id, disabledAt: user.disabledAt, sessionsEnded: 0 };
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    ...signOutEverywhere(ctx, user.id, now),
    auditEntry(ctx, 'staff.user_disabled', { type: 'user', id: user.id, organizationId: user.organizationId }, { reason: input.reason }),
  ]);
  await closeSockets(ctx, user, ended);
  mailInBackground(ctx.ports, async () => staffMails.accountDisabled(user.email, user.name, input.reason));
  return { id: user.id, disabledAt: now, sessionsEnded: ended.length };
}

export async function enableUser(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.id);
  assertMayActOn(ctx.user, user, 'enable');
  if (user.disabledAt === null) return { id: user.id, disabledAt: null, sessionsEnded: 0 };
  await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, user.id)),
    auditEntry(ctx, 'staff.user_enabled', { type: 'user', id: user.id, organizationId: user.organizationId }, { reason: input.reason }),
  ]);
  await notify(ctx, user.id, { type: 'success', message: 'Your account was enabled again by our staff.' });
  mailInBackground(ctx.ports, async () => staffMails.accountEnabled(user.email, user.name, `${ctx.request.appUrl}/auth`));
  return { id: user.id, disabledAt: null, sessionsEnded: 0 };
}

/** The admin module's sign-out-everywhere, open to officers for the accounts below them. */
export async function endSessions(ctx: Staff, id: string) {
  assertMayActOn(ctx.user, await targetUser(ctx, id), 'sign out');
  return admin.endUserSessions(ctx, id);
}

/**
 * Turns two-step verification off (a lost phone with no recovery codes left): the seed and the
 * recovery codes go, every session ends. Staff must enrol again at their next sign-in.
 */
export async function resetMfa(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.id);
  assertMayActOn(ctx.user, user, 'reset two-step verification on');
  if (user.totpEnabledAt === null && user.totpSecret === null) throw badRequest('Two-step verification is not set up on this account.');
  const [, , ended] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ totpSecret: null, totpKeyVersion: null, totpEnabledAt: null, totpLastUsedStep: null, mfaLockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id)),
    ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    ...signOutEverywhere(ctx, user.id, now),
    auditEntry(ctx, 'staff.user_mfa_reset', { type: 'user', id: user.id, organizationId: user.organizationId }, { reason: input.reason }),
  ]);
  await closeSockets(ctx, user, ended);
  const staff = isStaffRole(user.role);
  await notify(ctx, user.id, {
    type: 'warning',
    message: staff
      ? 'Our staff reset two-step verification on your account. Set up your authenticator app again at your next sign-in.'
      : 'Our staff turned off two-step verification on your account. Turn it on again in Settings → Security.',
  });
  mailInBackground(ctx.ports, async () => staffMails.mfaReset(user.email, user.name, input.reason, staff));
  return { id: user.id, disabledAt: user.disabledAt, sessionsEnded: ended.length };
}

/** The same verification mail as at registration, for a user who lost it. */
export async function resendVerification(ctx: Staff, id: string) {
  const user = await targetUser(ctx, id);
  if (user.emailVerifiedAt !== null) throw badRequest('This email address is already verified.');
  if (user.disabledAt !== null) throw badRequest('This account is disabled: enable it before sending a verification email.');
  if (user.unclaimedEmail !== null) {
    throw badRequest('The address this user typed belongs to another account, so it cannot be verified. The user must change their email address first.');
  }
  await ctx.db.batch([auditEntry(ctx, 'staff.user_verification_resent', { type: 'user', id: user.id, organizationId: user.organizationId })]);
  mailInBackground(ctx.ports, () => verificationMail(ctx, user));
  return { sent: true as const };
}

// ---------------------------------------------------------------------------------------------
// Registrations (/admin/pending-registrations)

export async function pendingRegistrations(ctx: Staff, input: { q?: string; page: number; pageSize: number }) {
  const filters: SQL[] = [eq(organizations.status, 'pending')];
  if (input.q) filters.push(or(contains(organizations.name, input.q), contains(organizations.billingId, input.q))!);
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(organizations.createdAt, organizations.id)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(organizations).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [members, registrations] = ids.length === 0
    ? [[], []]
    : await Promise.all([
        ctx.db.select().from(users).where(and(inArray(users.organizationId, ids), isPerson)).orderBy(users.createdAt),
        ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.register'), eq(auditLog.targetType, 'organization'), inArray(auditLog.targetId, ids))),
      ]);
  const items = rows.map((organization) => {
    const own = members.filter((member) => member.organizationId === organization.id);
    const owner = own.find((member) => member.organizationRole === 'owner') ?? null;
    return {
      organization: { id: organization.id, name: organization.name, billingId: organization.billingId, status: organization.status, createdAt: organization.createdAt },
      owner: owner && { id: owner.id, username: owner.username, name: owner.name, email: owner.unclaimedEmail ?? owner.email, emailVerified: owner.emailVerifiedAt !== null },
      members: own.length,
      registeredFrom: registrations.find((entry) => entry.targetId === organization.id)?.ipAddress ?? null,
    };
  });
  return paged(items, total?.n ?? 0, input);
}

async function owners(ctx: Staff, organizationId: string) {
  return ctx.db.select().from(users).where(and(eq(users.organizationId, organizationId), eq(users.organizationRole, 'owner'), isNull(users.disabledAt)));
}

/** Approves a pending (or earlier rejected) registration: the organisation may order from now on. */
export async function approveRegistration(ctx: Staff, input: { id: string; reason?: string }) {
  const now = ctx.ports.clock.now();
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, input.id)).limit(1);
  if (!organization) throw notFound('This organisation does not exist.');
  if (organization.status !== 'pending' && organization.status !== 'rejected') throw badRequest(`This organisation is ${organization.status}, not awaiting approval.`);
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(organizations)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(organizations.id, organization.id), eq(organizations.status, organization.status)))
      .returning({ id: organizations.id }),
    auditEntry(ctx, 'staff.registration_approved', { type: 'organization', id: organization.id }, input.reason ? { reason: input.reason, from: organization.status } : { from: organization.status }),
  ]);
  // Another staff member decided first: their decision stands (the audit entry records the attempt).
  if (updated.length === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Another staff member decided on this registration a moment ago. Reload the list.' });
  for (const owner of await owners(ctx, organization.id)) {
    await notify(ctx, owner.id, { type: 'success', message: `${organization.name} is approved: you can now place orders.` });
    mailInBackground(ctx.ports, async () => staffMails.registrationApproved(owner.email, owner.name, organization.name, `${ctx.request.appUrl}/dashboard`));
  }
  return { id: organization.id, status: 'active' as const };
}

/** Turns a registration down with the reason the owner reads; the organisation never orders. */
export async function rejectRegistration(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, input.id)).limit(1);
  if (!organization) throw notFound('This organisation does not exist.');
  if (organization.status !== 'pending') throw badRequest(`This organisation is ${organization.status}, not awaiting approval.`);
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(organizations)
      .set({ status: 'rejected', updatedAt: now })
      .where(and(eq(organizations.id, organization.id), eq(organizations.status, 'pending')))
      .returning({ id: organizations.id }),
    auditEntry(ctx, 'staff.registration_rejected', { type: 'organization', id: organization.id }, { reason: input.reason }),
  ]);
  if (updated.length === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Another staff member decided on this registration a moment ago. Reload the list.' });
  for (const owner of await owners(ctx, organization.id)) {
    await notify(ctx, owner.id, { type: 'error', message: `The registration of ${organization.name} was not approved: ${input.reason}` });
    mailInBackground(ctx.ports, async () => staffMails.registrationRejected(owner.email, owner.name, organization.name, input.reason));
  }
  return { id: organization.id, status: 'rejected' as const };
}

// ---------------------------------------------------------------------------------------------
// Promotions (four eyes)

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

async function promotionRows(ctx: Staff, where: SQL | undefined, limit: number, offset: number) {
  const rows = await ctx.db
    .select({
      id: promotionRequests.id,
      requestedRole: promotionRequests.requestedRole,
      reason: promotionRequests.reason,
      status: promotionRequests.status,
      decidedAt: promotionRequests.decidedAt,
      decisionReason: promotionRequests.decisionReason,
      createdAt: promotionRequests.createdAt,
      user: { id: users.id, username: users.username, name: users.name, email: users.email, role: users.role },
      requestedBy: { id: requester.id, username: requester.username, name: requester.name },
      decidedBy: { id: decider.id, username: decider.username, name: decider.name },
    })
    .from(promotionRequests)
    .innerJoin(users, eq(users.id, promotionRequests.userId))
    .leftJoin(requester, eq(requester.id, promotionRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, promotionRequests.decidedBy))
    .where(where)
    .orderBy(desc(promotionRequests.createdAt), promotionRequests.id)
    .limit(limit)
    .offset(offset);
  // A left-joined account that is gone reads as null (drizzle gives null for an all-null group).
  return rows.map((row) => ({ ...row, requestedBy: row.requestedBy?.id ? row.requestedBy : null, decidedBy: row.decidedBy?.id ? row.decidedBy : null }));
}

export async function listPromotionRequests(ctx: Staff, input: { status?: PromotionRequestStatus; page: number; pageSize: number }) {
  const where = input.status ? eq(promotionRequests.status, input.status) : undefined;
  const [items, [total]] = await Promise.all([
    promotionRows(ctx, where, input.pageSize, (input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(promotionRequests).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}

async function promotionById(ctx: Staff, id: string) {
  const [row] = await promotionRows(ctx, eq(promotionRequests.id, id), 1, 0);
  if (!row) throw notFound('This promotion request does not exist.');
  return row;
}

/** An administrator asks; a super admin other than the asker decides (approvePromotion). */
export async function requestPromotion(ctx: Staff, input: { userId: string; role: PromotionRole; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.userId);
  if (user.id === ctx.user.id) throw badRequest('You cannot request a promotion for yourself. Ask another administrator.');
  if (input.role === 'super_admin' && ctx.user.role !== 'super_admin') throw forbidden('Only a super admin can propose another super admin.');
  if (user.disabledAt !== null) throw badRequest('This account is disabled: enable it before promoting it.');
  if (RANK[user.role] >= RANK[input.role]) throw badRequest(`${user.name} is already ${ROLE_NAMES[user.role]}: a promotion must grant a higher role.`);
  const [open] = await ctx.db
    .select({ id: promotionRequests.id })
    .from(promotionRequests)
    .where(and(eq(promotionRequests.userId, user.id), eq(promotionRequests.status, 'pending')))
    .limit(1);
  if (open) throw new TRPCError({ code: 'CONFLICT', message: `${user.name} already has a promotion request waiting for a decision (${open.id}).` });
  const id = `prq_${randomString(20)}`;
  await ctx.db.batch([
    ctx.db.insert(promotionRequests).values({ id, userId: user.id, requestedRole: input.role, reason: input.reason, requestedBy: ctx.user.id, status: 'pending', createdAt: now }),
    auditEntry(ctx, 'staff.promotion_requested', { type: 'user', id: user.id, organizationId: user.organizationId }, { promotionRequestId: id, from: user.role, to: input.role, reason: input.reason }),
  ]);
  return promotionById(ctx, id);
}

async function pendingRequest(ctx: Staff, id: string): Promise<PromotionRequest> {
  const [request] = await ctx.db.select().from(promotionRequests).where(eq(promotionRequests.id, id)).limit(1);
  if (!request) throw notFound('This promotion request does not exist.');
  if (request.status !== 'pending') throw badRequest(`This promotion request was already ${request.status}.`);
  // Four eyes: the one who asked never decides, and nobody decides on their own promotion.
  if (request.requestedBy === ctx.user.id) throw forbidden('You raised this promotion request: another super admin must decide on it.');
  if (request.userId === ctx.user.id) throw forbidden('You cannot decide on your own promotion.');
  return request;
}

/**
 * Grants the requested role. Every session and email link of the user ends with the old role, so
 * the next sign-in gets the staff session lifetime and, without two-step verification, enrolment.
 */
export async function approvePromotion(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const request = await pendingRequest(ctx, input.id);
  const user = await targetUser(ctx, request.userId);
  if (user.disabledAt !== null) throw badRequest('This account is disabled: enable it first, or reject the request.');
  if (RANK[user.role] >= RANK[request.requestedRole]) throw badRequest(`${user.name} is already ${ROLE_NAMES[user.role]}: reject this request instead.`);
  const [decided, , ended] = await ctx.db.batch([
    ctx.db
      .update(promotionRequests)
      .set({ status: 'approved', decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason })
      .where(and(eq(promotionRequests.id, request.id), eq(promotionRequests.status, 'pending')))
      .returning({ id: promotionRequests.id }),
    ctx.db
      .update(users)
      .set({ role: request.requestedRole, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.role, user.role), sql`exists (select 1 from ${promotionRequests} where ${promotionRequests.id} = ${request.id} and ${promotionRequests.decidedBy} = ${ctx.user.id} and ${promotionRequests.decidedAt} = ${now})`)),
    ...signOutEverywhere(ctx, user.id, now),
    // The decision, as requested and rejected promotions record theirs, then the role change it makes.
    auditEntry(
      ctx,
      'staff.promotion_approved',
      { type: 'user', id: user.id, organizationId: user.organizationId },
      { promotionRequestId: request.id, from: user.role, to: request.requestedRole, requestedBy: request.requestedBy, reason: input.reason },
    ),
    auditEntry(ctx, 'admin.user_role_changed', { type: 'user', id: user.id, organizationId: user.organizationId }, { from: user.role, to: request.requestedRole, promotionRequestId: request.id }),
  ]);
  if (decided.length === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Another super admin decided on this request a moment ago. Reload the list.' });
  await closeSockets(ctx, user, ended);
  await notify(ctx, user.id, {
    type: 'system',
    message: `Your account now has the ${ROLE_NAMES[request.requestedRole]} role. Sign in again; you will be asked to set up two-step verification if it is not on yet.`,
  });
  mailInBackground(ctx.ports, async () => staffMails.roleGranted(user.email, user.name, ROLE_NAMES[request.requestedRole]));
  return { id: request.id, status: 'approved' as const, sessionsEnded: ended.length };
}

export async function rejectPromotion(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const request = await pendingRequest(ctx, input.id);
  const [decided] = await ctx.db.batch([
    ctx.db
      .update(promotionRequests)
      .set({ status: 'rejected', decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason })
      .where(and(eq(promotionRequests.id, request.id), eq(promotionRequests.status, 'pending')))
      .returning({ id: promotionRequests.id }),
    auditEntry(ctx, 'staff.promotion_rejected', { type: 'user', id: request.userId }, { promotionRequestId: request.id, to: request.requestedRole, reason: input.reason }),
  ]);
  if (decided.length === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Another super admin decided on this request a moment ago. Reload the list.' });
  return { id: request.id, status: 'rejected' as const, sessionsEnded: 0 };
}

// ---------------------------------------------------------------------------------------------
// Organisation members (/admin/organization-users)

export async function organizationMembers(ctx: Staff, input: { organization?: string; q?: string; page: number; pageSize: number }) {
  // People: an organisation's service accounts are listed with its tokens, not among its members.
  const filters: SQL[] = [isPerson];
  if (input.organization) {
    const text = input.organization;
    filters.push(or(eq(organizations.id, text), contains(organizations.name, text), contains(organizations.billingId, text))!);
  }
  if (input.q) filters.push(userMatches(input.q));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const ownerCount = sql<number>`(select count(*) from ${users} as o where o.organization_id = ${users.organizationId} and o.organization_role = 'owner')`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...userColumns, owners: ownerCount })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(organizations.name, organizations.id, users.name, users.id)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(users).innerJoin(organizations, eq(organizations.id, users.organizationId)).where(where),
  ]);
  return paged(rows.map((row) => ({ ...toUserRow(row), owners: Number(row.owners) })), total?.n ?? 0, input);
}

async function assertNotLastOwner(ctx: Staff, user: User) {
  if (user.organizationRole !== 'owner') return;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, user.organizationId), eq(users.organizationRole, 'owner')));
  if ((row?.n ?? 0) <= 1) {
    throw badRequest(`${user.name} is the last owner of their organisation. Make another member owner first, so the organisation keeps someone in charge.`);
  }
}

/** Moves a member to another organisation with the given role; their sessions end with the old membership. */
export async function moveMember(ctx: Staff, input: { id: string; organizationId: string; organizationRole: OrganizationRole; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.id);
  assertMayActOn(ctx.user, user, 'move');
  const [target] = await ctx.db
    .select()
    .from(organizations)
    .where(or(eq(organizations.id, input.organizationId), eq(organizations.billingId, input.organizationId.toUpperCase())))
    .limit(1);
  if (!target) throw notFound('The organisation to move to does not exist.');
  if (target.id === user.organizationId) throw badRequest(`${user.name} already belongs to ${target.name}.`);
  await assertNotLastOwner(ctx, user);
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ organizationId: target.id, organizationRole: input.organizationRole, updatedAt: now }).where(eq(users.id, user.id)),
    ...signOutEverywhere(ctx, user.id, now),
    auditEntry(ctx, 'staff.member_moved', { type: 'user', id: user.id, organizationId: user.organizationId }, { from: user.organizationId, to: target.id, fromRole: user.organizationRole, toRole: input.organizationRole, reason: input.reason }),
    auditEntry(ctx, 'staff.member_moved', { type: 'user', id: user.id, organizationId: target.id }, { from: user.organizationId, to: target.id, fromRole: user.organizationRole, toRole: input.organizationRole, reason: input.reason }),
  ]);
  await closeSockets(ctx, user, ended);
  await notify(ctx, user.id, { type: 'system', message: `Our staff moved your account to ${target.name} (${input.organizationRole}).` });
  mailInBackground(ctx.ports, async () => staffMails.memberMoved(user.email, user.name, target.name, input.organizationRole));
  return { id: user.id, organizationId: target.id, organizationRole: input.organizationRole, sessionsEnded: ended.length };
}

/**
 * Takes a member out of their organisation. Every account belongs to one, and orders, tickets and
 * the audit log keep naming who did what, so the account is not deleted: it gets an organisation of
 * its own, pending approval like a new registration, and loses every access to the former one.
 */
export async function removeMember(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const user = await targetUser(ctx, input.id);
  assertMayActOn(ctx.user, user, 'remove');
  const [former] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
  await assertNotLastOwner(ctx, user);
  const organizationId = newId('organization');
  const name = `${user.name} (personal)`;
  const [, , ended] = await ctx.db.batch([
    ctx.db.insert(organizations).values({ id: organizationId, name, billingId: newBillingId(), status: 'pending', createdAt: now, updatedAt: now }),
    ctx.db.update(users).set({ organizationId, organizationRole: 'owner', updatedAt: now }).where(eq(users.id, user.id)),
    ...signOutEverywhere(ctx, user.id, now),
    auditEntry(ctx, 'staff.member_removed', { type: 'user', id: user.id, organizationId: user.organizationId }, { from: user.organizationId, fromRole: user.organizationRole, to: organizationId, reason: input.reason }),
  ]);
  await closeSockets(ctx, user, ended);
  const formerName = former?.name ?? 'your organisation';
  await notify(ctx, user.id, { type: 'warning', message: `Our staff removed your account from ${formerName}.` });
  mailInBackground(ctx.ports, async () => staffMails.memberRemoved(user.email, user.name, formerName));
  return { id: user.id, organizationId, organizationRole: 'owner' as const, sessionsEnded: ended.length };
}
