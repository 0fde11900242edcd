import { rateLimits, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Limits of DESIGN.md section 5: per account and per address. */
export const RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  registerPerAddress: { limit: 5, windowMs: 60 * 60_000 },
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

/**
 * Counts one attempt in a fixed window, with one atomic upsert so concurrent isolates
 * cannot both slip under the limit. Throws TOO_MANY_REQUESTS when over.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule, now: number): Promise<void> {
  const windowFloor = now - rule.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  if (row && row.count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      cause: new RateLimitedError(retryAfterSeconds),
    });
  }
}
