import { isStaffRole } from '@kubemarket/shared';
import { organizations, sessions, users, type Database, type Organization, type Session, type User } from '@kubemarket/db';
import { randomString } from '@kubemarket/db';
import { and, eq, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { RealtimePort, SessionUser } from '../context';
import type { IsolateCache } from './isolate-cache';
import { constantTimeEqual, randomToken, sha256Hex } from './crypto';
import { logError } from './log';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Sliding inactivity expiry plus an absolute lifetime; staff sessions are shorter. */
export const SESSION_POLICY = {
  customer: { idleMs: 7 * DAY, absoluteMs: 30 * DAY, touchEveryMs: HOUR },
  staff: { idleMs: 8 * HOUR, absoluteMs: 12 * HOUR, touchEveryMs: 5 * 60_000 },
} as const;

/** Staff sessions are shorter and need a second factor (the one definition: @kubemarket/shared). */
export const isStaff = (role: User['role']): boolean => isStaffRole(role);

function policyFor(session: Pick<Session, 'elevated'>) {
  return session.elevated ? SESSION_POLICY.staff : SESSION_POLICY.customer;
}

export interface IssuedSession {
  session: Session;
  /** `<id>.<secret>`: what the cookie carries. */
  token: string;
}

export async function createSession(
  db: Database,
  user: Pick<User, 'id' | 'role'>,
  now: number,
  request: { ipAddress: string | null; userAgent: string | null },
): Promise<IssuedSession> {
  const id = randomString(24);
  const secret = randomToken(24);
  const elevated = isStaff(user.role);
  const policy = elevated ? SESSION_POLICY.staff : SESSION_POLICY.customer;
  const [session] = await db
    .insert(sessions)
    .values({
      id,
      userId: user.id,
      secretHash: await sha256Hex(secret),
      csrfToken: randomToken(24),
      elevated,
      createdAt: now,
      lastActiveAt: now,
      expiresAt: now + policy.absoluteMs,
      ipAddress: request.ipAddress,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
    })
    .returning();
  return { session: session!, token: `${id}.${secret}` };
}

/** When the cookie should stop being sent: the sooner of the idle and absolute expiry. */
export function sessionCookieExpiry(session: Session): number {
  return Math.min(session.lastActiveAt + policyFor(session).idleMs, session.expiresAt);
}

/**
 * The columns a session user is made of (toSessionUser) and that decide whether it may act
 * (disabledAt): what the per-request look-ups select instead of every column of both tables.
 */
export const sessionUserColumns = {
  user: {
    id: users.id,
    username: users.username,
    email: users.email,
    unclaimedEmail: users.unclaimedEmail,
    name: users.name,
    role: users.role,
    emailVerifiedAt: users.emailVerifiedAt,
    organizationId: users.organizationId,
    organizationRole: users.organizationRole,
    disabledAt: users.disabledAt,
  },
  organization: { name: organizations.name, billingId: organizations.billingId },
};

type SessionUserSource = Pick<User, 'id' | 'username' | 'email' | 'unclaimedEmail' | 'name' | 'role' | 'emailVerifiedAt' | 'organizationId' | 'organizationRole'>;

export function toSessionUser(user: SessionUserSource, organization: Pick<Organization, 'name' | 'billingId'> | null): SessionUser {
  return {
    id: user.id,
    username: user.username,
    // A registration with an address that had an account shows the typed address (unverified).
    email: user.unclaimedEmail ?? user.email,
    name: user.name,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    companyName: organization?.name ?? null,
    companyId: organization?.billingId ?? null,
    organizationId: user.organizationId,
    organizationRole: user.organizationRole,
  };
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** True when lastActiveAt moved, so the cookie expiry should be re-sent. */
  refreshed: boolean;
}

/**
 * Checks a cookie value: the id finds the row, the secret's hash must match in constant time,
 * the session must be inside both expiries and its user enabled. Slides the idle expiry.
 */
export async function validateSessionToken(db: Database, token: string, now: number): Promise<ValidatedSession | null> {
  const [id, secret] = token.split('.');
  if (!id || !secret || id.length > 64 || secret.length > 128) return null;
  const [row] = await db
    .select({ session: sessions, ...sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (!constantTimeEqual(await sha256Hex(secret), row.session.secretHash)) return null;
  const policy = policyFor(row.session);
  if (now >= row.session.expiresAt || now >= row.session.lastActiveAt + policy.idleMs || row.user.disabledAt !== null) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let session = row.session;
  let refreshed = false;
  if (now - session.lastActiveAt >= policy.touchEveryMs) {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, id));
    session = { ...session, lastActiveAt: now };
    refreshed = true;
  }
  return { session, user: toSessionUser(row.user, row.organization), refreshed };
}

/**
 * How long an isolate trusts a session it validated (ADR 19). The isolate where a sign-out, a
 * disabled account or a role change happens forgets its sessions at once (every mutation
 * invalidates the cache); other isolates within this time.
 */
export const SESSION_CACHE_TTL_MS = 2_000;

/**
 * validateSessionToken through the isolate's cache: the requests of one page change (credits,
 * summary, plans, counts and the page's own data) pay for one look-up. Only valid sessions are
 * kept, never past their next slide or expiry, so a hit needs neither a touch nor a new cookie.
 */
export async function validateSessionTokenCached(cache: IsolateCache, db: Database, token: string, now: number): Promise<ValidatedSession | null> {
  let refreshed = false;
  const valid = await cache.read<Omit<ValidatedSession, 'refreshed'> | null>(`session:${token}`, now, async () => {
    const validated = await validateSessionToken(db, token, now);
    if (!validated) return { value: null, changesAt: now };
    refreshed = validated.refreshed;
    const { session, user } = validated;
    return { value: { session, user }, changesAt: Math.min(session.lastActiveAt + policyFor(session).touchEveryMs, session.expiresAt) };
  });
  return valid && { ...valid, refreshed };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * The statement that signs the user out everywhere, or everywhere but the sessions in `except`,
 * returning the removed ids: for a `db.batch` with the change that requires it (a new password).
 */
export function deleteUserSessions(db: Database, userId: string, except: readonly (string | null | undefined)[] = []) {
  const kept = except.filter((id): id is string => Boolean(id));
  return db
    .delete(sessions)
    .where(kept.length > 0 ? and(eq(sessions.userId, userId), notInArray(sessions.id, kept)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
}

/** Signs the user out everywhere, or everywhere but one session. Returns the removed ids. */
export async function invalidateUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<string[]> {
  return (await deleteUserSessions(db, userId, [exceptSessionId])).map((row) => row.id);
}

/**
 * The sessions past either expiry of SESSION_POLICY at `now`: the rule of validateSessionToken
 * (`now >= expiresAt || now >= lastActiveAt + idleMs`) as a WHERE clause.
 */
export function sessionExpiredAt(now: number) {
  return or(
    lte(sessions.expiresAt, now),
    and(eq(sessions.elevated, false), lte(sessions.lastActiveAt, now - SESSION_POLICY.customer.idleMs)),
    and(eq(sessions.elevated, true), lte(sessions.lastActiveAt, now - SESSION_POLICY.staff.idleMs)),
  );
}

export interface SessionSweep {
  /** Sessions deleted: past an expiry, or of a disabled account. */
  ended: number;
  /** Organisations whose hub could not be told: their sockets stay open, but the sessions are gone, so nothing more can be read. */
  unreachable: number;
}

/**
 * Ends the sessions nobody signed out: those past either expiry and those of disabled accounts.
 * It deletes them and closes their notification sockets. Every other way a session ends (sign-out,
 * revocation, a new password or role, an operator's action) deletes it and closes its sockets
 * in the same request. This sweep covers the rest, once a minute from one cron, so that a hub
 * keeps no timer: a hub that writes nothing wakes from hibernation without a storage write to
 * flush (ADR 22).
 */
export async function endExpiredSessions(db: Database, realtime: Pick<RealtimePort, 'closeSessions'>, now: number): Promise<SessionSweep> {
  const disabled = db.select({ id: users.id }).from(users).where(isNotNull(users.disabledAt));
  const ended = await db
    .delete(sessions)
    .where(or(sessionExpiredAt(now), inArray(sessions.userId, disabled)))
    .returning({ id: sessions.id, organizationId: sql<string>`(select u.organization_id from users u where u.id = sessions.user_id)` });
  // One call per organisation's hub, which holds its members' sockets (ADR 43).
  const byOrganization = new Map<string, string[]>();
  for (const row of ended) byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.id]);
  const told = await Promise.allSettled([...byOrganization].map(([organizationId, ids]) => realtime.closeSessions(organizationId, ids)));
  let unreachable = 0;
  for (const [index, result] of told.entries()) {
    if (result.status === 'fulfilled') continue;
    unreachable += 1;
    logError(`Closing the sockets of ${[...byOrganization.keys()][index]}'s ended sessions failed`, result.reason);
  }
  return { ended: ended.length, unreachable };
}

/**
 * A member who left an organisation keeps their sessions, but their sockets sit in the former
 * organisation's hub (ADR 43): close them there, and the tabs reconnect (every close is followed by
 * a reconnect) to the hub of their new organisation. Best effort: the 10 s poll covers a failure.
 */
export async function reconnectSockets(db: Database, realtime: Pick<RealtimePort, 'closeSessions'>, userId: string, formerOrganizationId: string): Promise<void> {
  const held = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  if (held.length === 0) return;
  await realtime.closeSessions(formerOrganizationId, held.map((session) => session.id)).catch((error: unknown) => logError(`Closing ${userId}'s sockets in ${formerOrganizationId} failed`, error));
}
