import { users, type Database, type SecretBox, type User } from '@kubemarket/db';
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';

/** Associated data: a sealed seed copied onto another user's row does not open. */
const contextOf = (userId: string) => `totp:${userId}`;

/** The columns that store a TOTP seed, sealed under the current key. */
export async function sealTotpSecret(box: SecretBox, userId: string, secret: string) {
  const sealed = await box.seal(secret, contextOf(userId));
  return { totpSecret: sealed.ciphertext, totpKeyVersion: sealed.keyVersion };
}

/**
 * The user's plain TOTP seed, or null. A legacy plain seed (no key version) or one sealed under an
 * older key is re-sealed under the current key on the way.
 */
export async function openTotpSecret(db: Database, box: SecretBox, user: Pick<User, 'id' | 'totpSecret' | 'totpKeyVersion'>): Promise<string | null> {
  if (!user.totpSecret) return null;
  const plain = user.totpKeyVersion === null ? user.totpSecret : await box.open({ ciphertext: user.totpSecret, keyVersion: user.totpKeyVersion }, contextOf(user.id));
  if (user.totpKeyVersion !== box.currentVersion) {
    await db.update(users).set(await sealTotpSecret(box, user.id, plain)).where(eq(users.id, user.id));
  }
  return plain;
}

/**
 * Seals every legacy plain seed and re-seals seeds of older keys (run by the cron after a key
 * rotation or an upgrade). Returns how many rows changed.
 */
export async function sealStoredTotpSecrets(db: Database, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: users.id, totpSecret: users.totpSecret, totpKeyVersion: users.totpKeyVersion })
    .from(users)
    .where(and(isNotNull(users.totpSecret), or(isNull(users.totpKeyVersion), ne(users.totpKeyVersion, box.currentVersion))));
  for (const row of rows) await openTotpSecret(db, box, row);
  return rows.length;
}
