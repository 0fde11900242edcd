import { rateLimits, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import { auditInsert } from './audit';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Limits of docs/architecture.md#security: per account and per address. */
export const RATE_LIMITS = {
  // Sign-in limits count failures only, per resolved account (email and username are one bucket).
  // A slot is reserved before the password is checked and given back when it was right (ADR 25).
  /** Strict: wrong passwords for one account from one address (IPv6 by /64). */
  loginPerAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Loose: wrong passwords for one account from all addresses together. Addresses that signed in
   * to the account before (audited sign-ins of the last 30 days) are not held by it, so strangers
   * cannot lock the owner out of their usual places.
   */
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  /** Wrong second-factor codes per user across challenges; the 10th locks the MFA step. */
  mfaFailuresPerUser: { limit: 10, windowMs: 24 * 60 * 60_000 },
  /** Team invitations an organisation may send per day, and one address may receive per day. */
  invitationsPerOrganization: { limit: 20, windowMs: 24 * 60 * 60_000 },
  invitationsPerRecipient: { limit: 3, windowMs: 24 * 60 * 60_000 },
  /** Mail one address may make us send to one recipient per day (resend, reset, magic link). */
  mailPerRecipientPerAddress: { limit: 5, windowMs: 24 * 60 * 60_000 },
  /**
   * Registrations from one address (IPv6 by /64): generous, as a whole office may sit behind one
   * NAT (issue 31); refused ones (weak passwords, usernames taken) count apart and do not use these.
   */
  registerPerAddress: { limit: 30, windowMs: 60 * 60_000 },
  /** Registrations refused for a form error from one address: what an attacker probing usernames spends. */
  registerRefusalsPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  resendPerAccount: { limit: 3, windowMs: 15 * 60_000 },
  emailLinkPerAccount: { limit: 3, windowMs: 15 * 60_000 },
  emailLinkPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  mfaPerChallenge: { limit: 5, windowMs: 15 * 60_000 },
  // Public forms mail the address they are given: limits keep them from being used to flood it.
  leadPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  leadPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  newsletterPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  newsletterPerEmail: { limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The rate-limit key of a client address: IPv4 as is, IPv6 by its /64 (one customer line or
 * host usually owns a whole /64, so counting single addresses would be no limit at all).
 */
export function addressKey(ipAddress: string | null | undefined): string {
  if (!ipAddress) return 'unknown';
  const address = ipAddress.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headParts, ...Array(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts]
    : headParts;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group || '0', 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Carried as the TRPCError cause so hosts can send Retry-After. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limited');
  }
}

/** The longest window of any rule: rows older than this are dead and the cron purges them. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** "5 minutes", "1 minute", "3 hours": how long until a window ends, as a person reads it. */
export function waitText(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

function limited(key: string, windowStart: number, rule: RateLimitRule, now: number, db: Database, message?: (wait: string) => string): Promise<never> {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const error = new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: message ? message(waitText(retryAfterSeconds)) : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    cause: new RateLimitedError(retryAfterSeconds),
  });
  return auditInsert(db, { actorUserId: null, action: 'security.rate_limited', metadata: { key, limit: rule.limit, windowMs: rule.windowMs } }, now).then(
    () => Promise.reject(error),
    () => Promise.reject(error),
  );
}

/**
 * Counts one event in the key's fixed window, in one atomic upsert (an expired window starts again
 * at 1), and returns the row. With `belowLimit`, a full window is left as it is and no row comes back.
 */
async function countInWindow(db: Database, key: string, rule: RateLimitRule, now: number, belowLimit: boolean) {
  const expired = sql`${rateLimits.windowStart} <= ${now - rule.windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
      ...(belowLimit ? { setWhere: sql`${expired} OR ${rateLimits.count} < ${rule.limit}` } : {}),
    })
    .returning();
  return row;
}

/** Where a key's window stands after a counted request: what the RateLimit-* headers say. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
}

/**
 * Counts one attempt, with one atomic upsert so concurrent isolates cannot both slip under the
 * limit, and answers what is left of the window. Throws TOO_MANY_REQUESTS (audited) when over.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule, now: number): Promise<RateLimitState> {
  const row = (await countInWindow(db, key, rule, now, false))!;
  if (row.count > rule.limit) await limited(key, row.windowStart, rule, now, db);
  return { limit: rule.limit, remaining: Math.max(0, rule.limit - row.count), resetSeconds: Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)) };
}

/** One slot held in a key's window: kept, it counts (a failure); given back, it never happened. */
export interface Reservation {
  key: string;
  windowStart: number;
  /** The slot's position in the window, 1 to the rule's limit. */
  count: number;
}

/**
 * Takes one slot of the key's window in one conditional upsert, or null when the window is full.
 * The database arbitrates: however many callers race, at most `limit` get a slot, and a full
 * window is never counted past its limit (a refused attempt costs nothing).
 */
export async function reserveSlot(db: Database, key: string, rule: RateLimitRule, now: number): Promise<Reservation | null> {
  const row = await countInWindow(db, key, rule, now, true);
  return row ? { key: row.key, windowStart: row.windowStart, count: row.count } : null;
}

/**
 * The TOO_MANY_REQUESTS (audited) of a full window, with the time until it ends; `message` words
 * it for the action (it is given how long to wait, e.g. "3 hours").
 */
export async function refuseFullWindow(db: Database, key: string, rule: RateLimitRule, now: number, message?: (wait: string) => string): Promise<never> {
  const [row] = await db.select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return limited(key, row?.windowStart ?? now, rule, now, db, message);
}

/**
 * Whether the key's window is full now (a read: for a cheap early refusal; what is counted is
 * arbitrated by reserveSlot).
 */
export async function windowIsFull(db: Database, key: string, rule: RateLimitRule, now: number): Promise<boolean> {
  const [row] = await db.select({ windowStart: rateLimits.windowStart, count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row !== undefined && row.windowStart > now - rule.windowMs && row.count >= rule.limit;
}

/** A slot of the key, or TOO_MANY_REQUESTS (audited) when its window is full. */
export async function reserveOrRefuse(db: Database, key: string, rule: RateLimitRule, now: number, message?: (wait: string) => string): Promise<Reservation> {
  return (await reserveSlot(db, key, rule, now)) ?? refuseFullWindow(db, key, rule, now, message);
}

/**
 * Slots of several keys, taken in order; when one is refused the ones already taken are given
 * back, so a refused attempt counts nowhere.
 */
export async function reserveAll(db: Database, buckets: ReadonlyArray<readonly [key: string, rule: RateLimitRule, message?: (wait: string) => string]>, now: number): Promise<Reservation[]> {
  const held: Reservation[] = [];
  try {
    for (const [key, rule, message] of buckets) held.push(await reserveOrRefuse(db, key, rule, now, message));
  } catch (error) {
    await releaseSlots(db, held);
    throw error;
  }
  return held;
}

/**
 * Gives slots back (the attempt succeeded, or never happened), each in its own window only: a
 * window that has since restarted is left alone.
 */
export async function releaseSlots(db: Database, reservations: readonly Reservation[]): Promise<void> {
  if (reservations.length === 0) return;
  const statements = reservations.map((reservation) =>
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, reservation.key), eq(rateLimits.windowStart, reservation.windowStart), gt(rateLimits.count, 0))),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}
