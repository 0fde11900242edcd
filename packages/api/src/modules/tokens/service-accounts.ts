import { apiTokens, newId, users, type ApiToken } from '@kubemarket/db';
import { PERSONAL_SCOPE_DOMAINS, scopesBeyondRole, TOKEN_SCOPES, type OrganizationRole, type TokenScope } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { aliasedTable, and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import type { MemberContext } from '../../trpc';
import { issueToken, toPublicToken } from './service';

/** Active service accounts an organisation may hold: plenty for CI, Terraform and monitoring. */
export const SERVICE_ACCOUNTS_PER_ORGANIZATION = 50;

/**
 * The organisation role a service account acts with: its creator's, but never owner (a service
 * account cannot own, rename or delete the organisation).
 */
export function serviceAccountRole(creatorRole: OrganizationRole): Exclude<OrganizationRole, 'owner'> {
  return creatorRole === 'owner' ? 'admin' : creatorRole;
}

const creators = aliasedTable(users, 'creators');

function toServiceAccount(row: { token: ApiToken; role: OrganizationRole; creatorId: string | null; creatorName: string | null }, now: number) {
  return {
    ...toPublicToken(row.token, now),
    role: row.role,
    createdBy: row.creatorId ? { id: row.creatorId, name: row.creatorName ?? 'A former member' } : null,
  };
}

/** The organisation's service accounts, newest first, with who created each and when each was last used. */
export async function listServiceAccounts(ctx: MemberContext) {
  const now = ctx.ports.clock.now();
  const rows = await ctx.db
    .select({ token: apiTokens, role: users.organizationRole, creatorId: apiTokens.createdByUserId, creatorName: creators.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(creators, eq(creators.id, apiTokens.createdByUserId))
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.kind, 'service')))
    .orderBy(desc(apiTokens.createdAt))
    .limit(200);
  return rows.map((row) => toServiceAccount(row, now));
}

/**
 * A service account: a user of kind `service` in the organisation, acting with its creator's role
 * (owner becomes admin) through one API token, whose scopes must all be within that role — refused
 * here, at creation, not later at use. It belongs to the organisation: it outlives its creator's
 * membership. The token's secret is answered once.
 */
export async function createServiceAccount(ctx: MemberContext, input: { name: string; expiresInDays: number; scopes: TokenScope[] }) {
  const now = ctx.ports.clock.now();
  const personal = input.scopes.filter((scope) => PERSONAL_SCOPE_DOMAINS.some((domain) => scope.startsWith(`${domain}:`)));
  if (personal.length > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `A service account is no person: it cannot hold ${personal.join(', ')}.` });
  }
  const role = serviceAccountRole(ctx.user.organizationRole);
  const beyond = scopesBeyondRole(role, input.scopes);
  if (beyond.length > 0) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your role cannot grant ${beyond.join(', ')}: a service account never exceeds the role of the person who creates it.` });
  }
  const active = await ctx.db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.kind, 'service'), isNull(apiTokens.revokedAt)));
  if (active.length >= SERVICE_ACCOUNTS_PER_ORGANIZATION) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Your organisation already has ${SERVICE_ACCOUNTS_PER_ORGANIZATION} service accounts. Revoke one it no longer uses first.` });
  }
  const userId = newId('user');
  const scopes = TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope));
  const issued = await issueToken({ userId, name: input.name, scopes, expiresInDays: input.expiresInDays, createdByUserId: ctx.user.id }, now);
  const [, tokenRows] = await ctx.db.batch([
    ctx.db.insert(users).values({
      id: userId,
      organizationId: ctx.organizationId,
      // Unique and never typed by anyone: a service account has no password and is never mailed.
      username: `sa-${userId.slice('usr_'.length)}`,
      email: `${userId}@service-accounts.invalid`,
      name: input.name,
      organizationRole: role,
      kind: 'service',
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.insert(apiTokens).values(issued.row).returning(),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'service_account.created', targetType: 'api_token', targetId: issued.row.id, ipAddress: ctx.request.ipAddress, metadata: { name: input.name, role, scopes } },
      now,
    ),
  ]);
  return { ...toServiceAccount({ token: tokenRows[0]!, role, creatorId: ctx.user.id, creatorName: ctx.user.name }, now), token: issued.token };
}

/**
 * Revokes a service account's token by one conditional update, so a second revocation (or another
 * organisation's id) matches nothing and is a 404; then disables the account and audits it.
 */
export async function revokeServiceAccount(ctx: MemberContext, id: string) {
  const now = ctx.ports.clock.now();
  const own = ctx.db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, ctx.organizationId), eq(users.kind, 'service')));
  const [token] = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt), inArray(apiTokens.userId, own)))
    .returning();
  if (!token) throw new TRPCError({ code: 'NOT_FOUND', message: 'No active service account with this id in your organisation.' });
  const [service] = await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, token.userId)).returning({ role: users.organizationRole }),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'service_account.revoked', targetType: 'api_token', targetId: id, ipAddress: ctx.request.ipAddress }, now),
  ]);
  const creator = token.createdByUserId ? (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, token.createdByUserId)))[0] : undefined;
  return toServiceAccount({ token, role: service[0]?.role ?? 'viewer', creatorId: token.createdByUserId, creatorName: creator?.name ?? null }, now);
}
