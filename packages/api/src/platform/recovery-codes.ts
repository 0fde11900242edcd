import { newId, randomString, recoveryCodes, type Database } from '@kubemarket/db';
import { and, eq, isNull } from 'drizzle-orm';
import { sha256Hex } from './crypto';

export const RECOVERY_CODE_COUNT = 10;

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Ten fresh codes like "k3m9x-p2q7d"; the previous set stops working. Returns the plain codes once. */
export async function replaceRecoveryCodes(db: Database, userId: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomString(5)}-${randomString(5)}`);
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
