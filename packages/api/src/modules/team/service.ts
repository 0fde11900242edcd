import { newBillingId, newId, organizations, randomString, teamInvitations, users, type Database } from '@kubemarket/db';
import { ORGANIZATION_ROLE_LABELS, type OrganizationRole } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, gt, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { plainMail } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { RATE_LIMITS, reserveAll } from '../../platform/rate-limit';
import { INVITATION_TTL_MS, type InviteInput, type MembersInput } from './schemas';
import type { MemberContext, SignedInContext } from '../../trpc';
import { peopleOf } from '../../platform/people';
import { reconnectSockets } from '../../platform/sessions';

type Member = MemberContext;
type SignedIn = SignedInContext;

const INVALID_INVITATION = 'This invitation is invalid, has expired or was withdrawn. Ask the person who invited you to send a new one.';
const LAST_OWNER = 'An organisation must keep at least one owner: make another member owner first.';

function notFound(message: string): never {
  throw new TRPCError({ code: 'NOT_FOUND', message });
}
function conflict(message: string): never {
  throw new TRPCError({ code: 'CONFLICT', message });
}

/** The link travels in the fragment, like the other mailed links: it never reaches a server log. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/join-team#token=${token}`;
}

function invitationId(): string {
  return `tinv_${randomString(20)}`;
}

async function ownerCount(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(and(eq(users.organizationId, organizationId), eq(users.organizationRole, 'owner')));
  return row?.value ?? 0;
}

async function memberOf(ctx: Member, id: string) {
  // Service accounts are not members: they are managed as tokens (Settings → API tokens).
  const [row] = await ctx.db.select().from(users).where(and(eq(users.id, id), peopleOf(ctx.organizationId)));
  if (!row) notFound('No such member in your organisation.');
  return row;
}

export async function listMembers(ctx: Member, input: MembersInput) {
  const q = input.q?.toLowerCase();
  const where = peopleOf(ctx.organizationId, q ? or(like(sql`lower(${users.name})`, `%${q}%`), like(users.email, `%${q}%`), like(users.username, `%${q}%`)) : undefined);
  const [rows, [total], owners] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name, username: users.username, email: users.email, role: users.organizationRole, joinedAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(sql`case ${users.organizationRole} when 'owner' then 0 when 'admin' then 1 when 'billing' then 2 when 'member' then 3 else 4 end`, asc(users.name))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ value: count() }).from(users).where(where),
    ownerCount(ctx.db, ctx.organizationId),
  ]);
  return { items: rows.map((row) => ({ ...row, isYou: row.id === ctx.user.id })), total: total?.value ?? 0, page: input.page, pageSize: input.pageSize, ownerCount: owners };
}

export async function listInvitations(ctx: Member) {
  const now = ctx.ports.clock.now();
  const rows = await ctx.db
    .select({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role, invitedByName: users.name, expiresAt: teamInvitations.expiresAt, createdAt: teamInvitations.createdAt })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.organizationId, ctx.organizationId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now)))
    .orderBy(asc(teamInvitations.createdAt))
    .limit(200);
  return { items: rows };
}

/** Only an owner hands out or takes away ownership. */
function assertMayGrant(ctx: Member, role: OrganizationRole) {
  if (role === 'owner' && ctx.user.organizationRole !== 'owner') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an owner can make someone an owner.' });
  }
}

function assertMayChangeOwner(ctx: Member) {
  if (ctx.user.organizationRole !== 'owner') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an owner can change or remove another owner.' });
}

/**
 * The invitation mail's subject: fixed text, never what a customer typed (an inviter's name such
 * as "Billing: your account is suspended, verify at https://…" would turn our sender into a
 * phishing one). It names the organisation only as staff approved it: the name of an active
 * organisation is the one staff read when they approved its registration, and customers cannot
 * rename an organisation. Pending, rejected or suspended ones are not named.
 */
export function invitationSubject(organization: { name: string; status: string } | undefined): string {
  if (organization?.status !== 'active') return 'Invitation to join a team on KubeMarket';
  // eslint-disable-next-line no-control-regex
  const name = organization.name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return name ? `Invitation to join ${name} on KubeMarket` : 'Invitation to join a team on KubeMarket';
}

export async function invite(ctx: Member, input: InviteInput) {
  assertMayGrant(ctx, input.role);
  const now = ctx.ports.clock.now();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, input.email), eq(users.organizationId, ctx.organizationId)));
  if (existing) conflict(`${input.email} is already a member of your organisation.`);
  const [organization] = await ctx.db.select({ name: organizations.name, status: organizations.status }).from(organizations).where(eq(organizations.id, ctx.organizationId));
  // Counted before anything is written or mailed, in one conditional upsert each, so parallel
  // invitations cannot pass a limit together; a refused one gives back the other's slot.
  await reserveAll(
    ctx.db,
    [
      [`invite:to:${input.email}`, RATE_LIMITS.invitationsPerRecipient, (wait) => `${input.email} has received ${RATE_LIMITS.invitationsPerRecipient.limit} invitations in the last 24 hours. Try again in ${wait}.`],
      [`invite:org:${ctx.organizationId}`, RATE_LIMITS.invitationsPerOrganization, (wait) => `Your organisation has sent ${RATE_LIMITS.invitationsPerOrganization.limit} invitations in the last 24 hours, the most we send in a day. Try again in ${wait}.`],
    ],
    now,
  );
  const token = randomToken(32);
  const id = invitationId();
  const expiresAt = now + INVITATION_TTL_MS;
  // A new invitation for the same address replaces the earlier one: only the latest link works.
  await ctx.db.batch([
    ctx.db
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(and(eq(teamInvitations.organizationId, ctx.organizationId), eq(teamInvitations.email, input.email), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt))),
    ctx.db.insert(teamInvitations).values({ id, organizationId: ctx.organizationId, email: input.email, role: input.role, tokenHash: await sha256Hex(token), invitedBy: ctx.user.id, expiresAt, createdAt: now }),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.member_invited', targetType: 'invitation', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { email: input.email, role: input.role } }, now),
  ]);
  const organizationName = organization?.name ?? 'an organisation';
  mailInBackground(ctx.ports, async () =>
    plainMail(input.email, invitationSubject(organization), [
      `Hello, ${ctx.user.name} invited you to join ${organizationName} as ${ORGANIZATION_ROLE_LABELS[input.role].toLowerCase()}.`,
      `Accept the invitation: ${invitationLink(ctx.request.appUrl, token)}`,
      `The link works for 7 days. Sign in, or create an account, with ${input.email} to accept it. If you did not expect this invitation, ignore this email.`,
    ]),
  );
  return { id, email: input.email, role: input.role, invitedByName: ctx.user.name, expiresAt, createdAt: now };
}

export async function revokeInvitation(ctx: Member, id: string) {
  const now = ctx.ports.clock.now();
  const [row] = await ctx.db
    .select({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.organizationId, ctx.organizationId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)));
  if (!row) notFound('No pending invitation with this id in your organisation.');
  await ctx.db.batch([
    ctx.db.update(teamInvitations).set({ revokedAt: now }).where(and(eq(teamInvitations.id, row.id), isNull(teamInvitations.acceptedAt))),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.invitation_revoked', targetType: 'invitation', targetId: row.id, ipAddress: ctx.request.ipAddress, metadata: { email: row.email, role: row.role } }, now),
  ]);
  return { success: true as const };
}

async function liveInvitation(db: Database, token: string, now: number) {
  const [row] = await db
    .select({ invitation: teamInvitations, organizationName: organizations.name, invitedByName: users.name })
    .from(teamInvitations)
    .innerJoin(organizations, eq(organizations.id, teamInvitations.organizationId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.tokenHash, await sha256Hex(token)), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now)));
  if (!row) notFound(INVALID_INVITATION);
  return row;
}

/** What the invitation page shows before the person signs in: it names no one but the inviter. */
export async function invitationInfo(ctx: Context, token: string) {
  const row = await liveInvitation(ctx.db, token, ctx.ports.clock.now());
  return { organizationName: row.organizationName, email: row.invitation.email, role: row.invitation.role, invitedByName: row.invitedByName, expiresAt: row.invitation.expiresAt };
}

export async function acceptInvitation(ctx: SignedIn, token: string) {
  const now = ctx.ports.clock.now();
  const { invitation, organizationName } = await liveInvitation(ctx.db, token, now);
  // The link proves the mailbox: only the account with that address may use it.
  if (ctx.user.email.toLowerCase() !== invitation.email) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `This invitation is for ${invitation.email}. Sign in with that address to accept it.` });
  }
  if (ctx.user.organizationId === invitation.organizationId) conflict(`You are already a member of ${organizationName}.`);
  if (ctx.user.organizationRole === 'owner' && (await ownerCount(ctx.db, ctx.user.organizationId)) === 1) {
    const [others] = await ctx.db.select({ value: count() }).from(users).where(peopleOf(ctx.user.organizationId, ne(users.id, ctx.user.id)));
    if ((others?.value ?? 0) > 0) conflict(`You are the last owner of ${ctx.user.companyName ?? 'your organisation'}: make another member owner before you join ${organizationName}.`);
  }
  await ctx.db.batch([
    ctx.db.update(teamInvitations).set({ acceptedAt: now, acceptedBy: ctx.user.id }).where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt))),
    // The link was mailed to this address and the account has it: that proves the address too.
    ctx.db.update(users).set({ organizationId: invitation.organizationId, organizationRole: invitation.role, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now }).where(and(eq(users.id, ctx.user.id), sql`exists (select 1 from ${teamInvitations} where ${teamInvitations.id} = ${invitation.id} and ${teamInvitations.acceptedBy} = ${ctx.user.id})`)),
  ]);
  // Two tabs accepting at once: the guarded updates let one win; the other is told the link is spent.
  const [after] = await ctx.db.select({ acceptedBy: teamInvitations.acceptedBy }).from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
  if (after?.acceptedBy !== ctx.user.id) notFound(INVALID_INVITATION);
  await reconnectSockets(ctx.db, ctx.ports.realtime, ctx.user.id, ctx.user.organizationId);
  await auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: invitation.organizationId, action: 'team.member_joined', targetType: 'user', targetId: ctx.user.id, ipAddress: ctx.request.ipAddress, metadata: { invitationId: invitation.id, role: invitation.role, previousOrganizationId: ctx.user.organizationId } }, now);
  if (invitation.invitedBy) await notify(ctx, invitation.invitedBy, { type: 'success', message: `${ctx.user.name} accepted your invitation and joined ${organizationName} as ${ORGANIZATION_ROLE_LABELS[invitation.role].toLowerCase()}.` });
  return { organizationId: invitation.organizationId, organizationName, role: invitation.role };
}

export async function changeRole(ctx: Member, input: { id: string; role: OrganizationRole }) {
  const member = await memberOf(ctx, input.id);
  if (member.organizationRole === input.role) return { success: true as const };
  assertMayGrant(ctx, input.role);
  if (member.organizationRole === 'owner') {
    assertMayChangeOwner(ctx);
    if ((await ownerCount(ctx.db, ctx.organizationId)) <= 1) conflict(LAST_OWNER);
  }
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ctx.db.update(users).set({ organizationRole: input.role, updatedAt: now }).where(eq(users.id, member.id)),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.role_changed', targetType: 'user', targetId: member.id, ipAddress: ctx.request.ipAddress, metadata: { from: member.organizationRole, to: input.role } }, now),
  ]);
  if (member.id !== ctx.user.id) await notify(ctx, member.id, { type: 'info', message: `${ctx.user.name} changed your role in ${ctx.user.companyName ?? 'your organisation'} to ${ORGANIZATION_ROLE_LABELS[input.role].toLowerCase()}.` });
  return { success: true as const };
}

/**
 * A user always belongs to an organisation: one who leaves or is removed gets an empty one of
 * their own, awaiting approval like a new registration, and keeps their account.
 */
function detachStatements(ctx: Member, member: { id: string; name: string }, now: number) {
  const organizationId = newId('organization');
  return [
    ctx.db.insert(organizations).values({ id: organizationId, name: `${member.name}'s organisation`, billingId: newBillingId(), status: 'pending', createdAt: now, updatedAt: now }),
    ctx.db.update(users).set({ organizationId, organizationRole: 'owner', updatedAt: now }).where(eq(users.id, member.id)),
  ] as const;
}

export async function removeMember(ctx: Member, id: string) {
  if (id === ctx.user.id) conflict('To leave your organisation yourself, use Leave organisation.');
  const member = await memberOf(ctx, id);
  if (member.organizationRole === 'owner') {
    assertMayChangeOwner(ctx);
    if ((await ownerCount(ctx.db, ctx.organizationId)) <= 1) conflict(LAST_OWNER);
  }
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ...detachStatements(ctx, member, now),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.member_removed', targetType: 'user', targetId: member.id, ipAddress: ctx.request.ipAddress, metadata: { email: member.email, role: member.organizationRole } }, now),
  ]);
  await reconnectSockets(ctx.db, ctx.ports.realtime, member.id, ctx.organizationId);
  return { success: true as const };
}

export async function leave(ctx: Member) {
  if (ctx.user.organizationRole === 'owner' && (await ownerCount(ctx.db, ctx.organizationId)) <= 1) {
    conflict('You are the last owner: transfer ownership to another member before you leave.');
  }
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ...detachStatements(ctx, ctx.user, now),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.member_left', targetType: 'user', targetId: ctx.user.id, ipAddress: ctx.request.ipAddress, metadata: { role: ctx.user.organizationRole } }, now),
  ]);
  await reconnectSockets(ctx.db, ctx.ports.realtime, ctx.user.id, ctx.organizationId);
  return { success: true as const };
}

/** The owner hands the organisation to another member and stays on as an administrator. */
export async function transferOwnership(ctx: Member, id: string) {
  if (ctx.user.organizationRole !== 'owner') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an owner can transfer ownership.' });
  if (id === ctx.user.id) conflict('You already own this organisation; choose another member.');
  const member = await memberOf(ctx, id);
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ctx.db.update(users).set({ organizationRole: 'owner', updatedAt: now }).where(eq(users.id, member.id)),
    ctx.db.update(users).set({ organizationRole: 'admin', updatedAt: now }).where(eq(users.id, ctx.user.id)),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'team.ownership_transferred', targetType: 'user', targetId: member.id, ipAddress: ctx.request.ipAddress, metadata: { from: ctx.user.id, previousRole: member.organizationRole } }, now),
  ]);
  await notify(ctx, member.id, { type: 'info', message: `${ctx.user.name} made you the owner of ${ctx.user.companyName ?? 'your organisation'}.` });
  return { success: true as const };
}
