import { apiTokens, apiTokenUsage, newId, organizations, users, type ApiToken, type Database } from '@kubemarket/db';
import { scopesBeyondRole, TOKEN_MAX_LIFETIME_DAYS, TOKEN_SCOPES, type TokenScope } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { constantTimeEqual, randomToken, sha256Hex } from '../../platform/crypto';
import { consumeRateLimit, RateLimitedError, type RateLimitState } from '../../platform/rate-limit';
import { sessionUserColumns, toSessionUser } from '../../platform/sessions';
import type { SignedInContext } from '../../trpc';

type SignedIn = SignedInContext;

const DAY = 24 * 60 * 60_000;
export { TOKEN_MAX_LIFETIME_DAYS };
export const TOKENS_PER_USER = 25;
/** Per token: generous for scripts, but a runaway loop cannot flood the API. */
export const TOKEN_RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;

/** `kmt_<id>_<secret>`: the id finds the row, the secret is compared by its SHA-256. */
const TOKEN_FORMAT = /^kmt_([a-z0-9]{20})_([A-Za-z0-9_-]{43})$/;

export function toPublicToken(row: ApiToken, now: number) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    status: row.revokedAt !== null ? ('revoked' as const) : row.expiresAt <= now ? ('expired' as const) : ('active' as const),
  };
}

export async function listTokens(ctx: SignedIn) {
  const now = ctx.ports.clock.now();
  const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, ctx.user.id)).orderBy(desc(apiTokens.createdAt)).limit(100);
  return rows.map((row) => toPublicToken(row, now));
}

/** A new token's row and its secret (`kmt_<id>_<secret>`): only the secret's SHA-256 is stored. */
export async function issueToken(input: { userId: string; name: string; scopes: TokenScope[]; expiresInDays: number; createdByUserId?: string }, now: number) {
  const id = newId('apiToken');
  const secret = randomToken(32);
  const token = `kmt_${id.slice('apt_'.length)}_${secret}`;
  const row: typeof apiTokens.$inferInsert = {
    id,
    userId: input.userId,
    name: input.name,
    secretHash: await sha256Hex(secret),
    prefix: token.slice(0, 12),
    scopes: input.scopes,
    createdAt: now,
    expiresAt: now + input.expiresInDays * DAY,
    createdByUserId: input.createdByUserId ?? null,
  };
  return { row, token };
}

export async function createToken(ctx: SignedIn, input: { name: string; expiresInDays: number; scopes: TokenScope[] }) {
  const now = ctx.ports.clock.now();
  // A token acts as its person within its scopes: it may not name what their role cannot do (issue 33).
  const beyond = scopesBeyondRole(ctx.user.organizationRole, input.scopes);
  if (beyond.length > 0) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your role cannot grant ${beyond.join(', ')}: a token never exceeds the role of the person who creates it.` });
  }
  const active = await ctx.db.$count(apiTokens, and(eq(apiTokens.userId, ctx.user.id), isNull(apiTokens.revokedAt)));
  if (active >= TOKENS_PER_USER) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `You already have ${TOKENS_PER_USER} tokens. Revoke one you no longer use first.` });
  }
  const scopes = TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope));
  const { row: values, token } = await issueToken({ userId: ctx.user.id, name: input.name, scopes, expiresInDays: input.expiresInDays }, now);
  const [row] = await ctx.db.batch([
    ctx.db.insert(apiTokens).values(values).returning(),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'token.created', targetType: 'api_token', targetId: values.id, ipAddress: ctx.request.ipAddress, metadata: { name: input.name, scopes } }, now),
  ]);
  // The secret is shown once; only its hash is kept.
  return { ...toPublicToken(row[0]!, now), token };
}

export async function revokeToken(ctx: SignedIn, id: string) {
  const now = ctx.ports.clock.now();
  // Scoped by user: another user's token matches nothing and is a 404.
  const [revoked] = await ctx.db.batch([
    ctx.db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, ctx.user.id), isNull(apiTokens.revokedAt)))
      .returning(),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'token.revoked', targetType: 'api_token', targetId: id, ipAddress: ctx.request.ipAddress }, now),
  ]);
  if (revoked.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'No active API token with this id.' });
  return toPublicToken(revoked[0]!, now);
}

export type BearerResult =
  | { ok: true; user: SessionUser; tokenId: string; scopes: readonly TokenScope[]; rateLimit: RateLimitState }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number; rateLimit?: RateLimitState };

const BAD_TOKEN = 'The API token is malformed or unknown. Create a token in Settings → API tokens and send it as "Authorization: Bearer <token>".';

const HOUR = 3_600_000;

/** The UTC hour an instant falls in (its start, in ms): token use is counted and audited per hour. */
export function usageHour(now: number): number {
  return Math.floor(now / HOUR) * HOUR;
}

/**
 * The id of a token's audit entry for one hour: the same for every request of the hour, so the
 * append-only audit log gets one `token.used` entry per token and hour (insert or nothing), not one
 * per request; `api_token_usage` counts them.
 */
export function hourlyAuditId(tokenId: string, kind: 'used' | 'rate_limited', now: number): string {
  return `aud_${kind === 'used' ? 'tu' : 'tr'}${usageHour(now) / HOUR}_${tokenId.slice('apt_'.length)}`;
}

/** One more request (or 429) of the token this hour, in one statement: the hour's row or a new one. */
function countUse(db: Database, tokenId: string, column: 'requests' | 'rateLimited', now: number, ipAddress: string | null) {
  const target = apiTokenUsage[column];
  return db
    .insert(apiTokenUsage)
    .values({ tokenId, hourStart: usageHour(now), requests: column === 'requests' ? 1 : 0, rateLimited: column === 'rateLimited' ? 1 : 0, lastUsedAt: now, lastIpAddress: ipAddress })
    .onConflictDoUpdate({
      target: [apiTokenUsage.tokenId, apiTokenUsage.hourStart],
      set: { [column]: sql`${target} + 1`, lastUsedAt: sql`max(${apiTokenUsage.lastUsedAt}, ${now})`, lastIpAddress: ipAddress },
    });
}

/**
 * Resolves `Authorization: Bearer …` into the token's user and scopes. Counts the request against
 * the token's rate limit and records its use: last used, the hour's count in `api_token_usage`,
 * and one audit entry per token and hour (the first request's method and path).
 */
export async function authenticateBearer(
  db: Database,
  token: string,
  now: number,
  request: { method: string; path: string; ipAddress: string | null },
): Promise<BearerResult> {
  const match = TOKEN_FORMAT.exec(token.trim());
  if (!match) return { ok: false, status: 401, message: BAD_TOKEN };
  const [, idPart, secret] = match;
  const [row] = await db
    .select({ token: apiTokens, ...sessionUserColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(apiTokens.id, `apt_${idPart}`))
    .limit(1);
  if (!row || !constantTimeEqual(await sha256Hex(secret!), row.token.secretHash)) return { ok: false, status: 401, message: BAD_TOKEN };
  if (row.token.revokedAt !== null) return { ok: false, status: 401, message: 'This API token has been revoked. Create a new one in Settings → API tokens.' };
  if (row.token.expiresAt <= now) return { ok: false, status: 401, message: 'This API token has expired. Create a new one in Settings → API tokens.' };
  if (row.user.disabledAt !== null) return { ok: false, status: 401, message: 'The account of this API token is disabled.' };
  let rateLimit: RateLimitState;
  try {
    rateLimit = await consumeRateLimit(db, `api-token:${row.token.id}`, TOKEN_RATE_LIMIT, now);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (!(cause instanceof RateLimitedError)) throw error;
    const { retryAfterSeconds } = cause;
    await db.batch([
      countUse(db, row.token.id, 'rateLimited', now, request.ipAddress),
      auditInsert(db, { id: hourlyAuditId(row.token.id, 'rate_limited', now), actorUserId: row.user.id, action: 'token.rate_limited', targetType: 'api_token', targetId: row.token.id, ipAddress: request.ipAddress }, now).onConflictDoNothing(),
    ]);
    return {
      ok: false,
      status: 429,
      message: `Too many requests with this API token. Try again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
      rateLimit: { limit: TOKEN_RATE_LIMIT.limit, remaining: 0, resetSeconds: retryAfterSeconds },
    };
  }
  await db.batch([
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id)),
    countUse(db, row.token.id, 'requests', now, request.ipAddress),
    // The hour's first request is audited (its method, path and address); the others only count.
    auditInsert(
      db,
      { id: hourlyAuditId(row.token.id, 'used', now), actorUserId: row.user.id, action: 'token.used', targetType: 'api_token', targetId: row.token.id, ipAddress: request.ipAddress, metadata: { method: request.method, path: request.path } },
      now,
    ).onConflictDoNothing(),
  ]);
  return { ok: true, user: toSessionUser(row.user, row.organization), tokenId: row.token.id, scopes: row.token.scopes, rateLimit };
}
