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
