import { newId, recoveryCodes, type Database } from '@kubemarket/db';
import { and, eq, isNull } from 'drizzle-orm';
import { sha256Hex } from './crypto';

export const RECOVERY_CODE_COUNT = 10;
/** 15 random bytes: 120 bits per code (ASVS 5.0 6.5.2 asks for at least 112), so a fast hash is enough. */
export const RECOVERY_CODE_BYTES = 15;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** 120 random bits as 24 base32 letters in four groups: "k3m9xp-2q7dwa-…". */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_BYTES));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{6}/g)!.join('-');
}

/** Ten fresh codes; the previous set stops working. Returns the plain codes once. */
export async function replaceRecoveryCodes(db: Database, userId: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: newId('recoveryCode'),
      userId,
      codeHash: await sha256Hex(normalizeRecoveryCode(code)),
      createdAt: now,
    })),
  );
  await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)]);
  return codes;
}

/** Uses a recovery code once: a conditional update, so a code cannot be spent twice. */
export async function useRecoveryCode(db: Database, userId: string, code: string, now: number): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await sha256Hex(normalizeRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
