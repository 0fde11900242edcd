import { apiTokens, authTokens, rateLimits, sessions, type Database } from '@kubemarket/db';
import { isNotNull, lte, or } from 'drizzle-orm';
import { LONGEST_WINDOW_MS } from './rate-limit';
import { sessionExpiredAt } from './sessions';

/** Expired and revoked API tokens stay listed (greyed) this long, then go. */
export const API_TOKEN_RETENTION_MS = 30 * 24 * 60 * 60_000;

export interface PurgeResult {
  sessions: number;
  authTokens: number;
  rateLimits: number;
  apiTokens: number;
}

/**
 * The cron's clean-up: sessions past either expiry, spent or expired email-link tokens and MFA
 * challenges, rate-limit windows that can no longer count, and API tokens long expired or revoked.
 * Nothing here is still usable, so deleting it changes no answer; it keeps tables small.
 */
export async function purgeExpired(db: Database, now: number): Promise<PurgeResult> {
  const [ended, spent, windows, tokens] = await db.batch([
    db
      .delete(sessions)
      .where(sessionExpiredAt(now))
      .returning({ id: sessions.id }),
    db.delete(authTokens).where(or(lte(authTokens.expiresAt, now), isNotNull(authTokens.usedAt))).returning({ id: authTokens.id }),
    db.delete(rateLimits).where(lte(rateLimits.windowStart, now - LONGEST_WINDOW_MS)).returning({ key: rateLimits.key }),
    db
      .delete(apiTokens)
      .where(or(lte(apiTokens.expiresAt, now - API_TOKEN_RETENTION_MS), lte(apiTokens.revokedAt, now - API_TOKEN_RETENTION_MS)))
      .returning({ id: apiTokens.id }),
  ]);
  return { sessions: ended.length, authTokens: spent.length, rateLimits: windows.length, apiTokens: tokens.length };
}
