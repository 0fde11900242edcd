import { authTokens, newId, type AuthTokenPurpose, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { randomToken, sha256Hex } from './crypto';

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60_000,
  change_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
  magic_link: 15 * 60_000,
  mfa_challenge: 10 * 60_000,
  mfa_enrollment: 15 * 60_000,
};

/** Issues a random single-use token; only its SHA-256 is stored. */
export async function issueToken(
  db: Database,
  userId: string,
  purpose: AuthTokenPurpose,
  now: number,
  email: string | null = null,
  data: Record<string, unknown> | null = null,
): Promise<string> {
  const token = randomToken(32);
  await db.insert(authTokens).values({
    id: newId('token'),
    userId,
    purpose,
    tokenHash: await sha256Hex(token),
    email,
    data,
    expiresAt: now + TOKEN_TTL_MS[purpose],
    createdAt: now,
  });
  return token;
}

/**
 * The link mailed for a token. The token travels in the fragment: browsers never send it to the
 * server, to a proxy log or in a Referer, and the page strips it from the address bar at once and
 * spends it only when the person presses the button (a mail scanner that opens links spends
 * nothing).
 */
export function emailLink(appUrl: string, path: '/verify-email' | '/reset-password' | '/magic-link', token: string): string {
  return `${appUrl}${path}#token=${token}`;
}

export const INVALID_TOKEN_MESSAGES: Record<AuthTokenPurpose, string> = {
  verify_email: 'This verification link is invalid or has expired. Request a new one.',
  change_email: 'This confirmation link is invalid or has expired. Change your email again to get a new one.',
  reset_password: 'This password reset link is invalid or has expired. Request a new one.',
  magic_link: 'This sign-in link is invalid or has expired. Request a new one.',
  mfa_challenge: 'Your sign-in attempt has expired. Please sign in again.',
  mfa_enrollment: 'Your sign-in attempt has expired. Please sign in again.',
};

/** The row of this token and purpose, unused and not expired. */
async function liveToken(token: string, purpose: AuthTokenPurpose, now: number) {
  return and(
    eq(authTokens.tokenHash, await sha256Hex(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );
}

/**
 * Marks the token used and returns it, in one conditional UPDATE: of two concurrent uses
 * exactly one succeeds.
 */
export async function consumeToken(db: Database, token: string, purpose: AuthTokenPurpose, now: number) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(await liveToken(token, purpose, now))
    .returning();
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_TOKEN_MESSAGES[purpose] });
  return row;
}

/** Reads a live token without using it (an MFA challenge is used only on a correct code). */
export async function findLiveToken(db: Database, token: string, purpose: AuthTokenPurpose, now: number) {
  const row = await peekToken(db, token, purpose, now);
  if (!row) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_TOKEN_MESSAGES[purpose] });
  return row;
}

/** The live row or undefined, without spending it. */
export async function peekToken(db: Database, token: string, purpose: AuthTokenPurpose, now: number) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(await liveToken(token, purpose, now))
    .limit(1);
  return row;
}

/**
 * The statement that spends every outstanding token of a user (email links and MFA steps), but
 * the one just used: after a password reset no older link or challenge may still work.
 */
export function revokeUserTokens(db: Database, userId: string, now: number, exceptTokenId?: string) {
  const outstanding = and(eq(authTokens.userId, userId), isNull(authTokens.usedAt));
  return db
    .update(authTokens)
    .set({ usedAt: now })
    .where(exceptTokenId ? and(outstanding, ne(authTokens.id, exceptTokenId)) : outstanding);
}
