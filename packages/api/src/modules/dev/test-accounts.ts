import { newBillingId, newId, organizations, USER_ROLES, users } from '@kubemarket/db';
import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { hashPassword } from '../../platform/passwords';
import { newTotpSecret } from '../../platform/totp';
import { sealTotpSecret } from '../../platform/totp-secrets';
import { startSession } from '../auth';

export const testAccountInput = z.object({
  role: z.enum(USER_ROLES).default('user'),
  organizationRole: z.enum(ORGANIZATION_ROLES).default('owner'),
  /** Verified unless false: an unverified account meets the verification prompt. */
  emailVerified: z.boolean().default(true),
  /** Two-step verification already on (the secret is in the answer). */
  totp: z.boolean().default(false),
  /** Start a session for the caller at once (the cookie comes with the answer). */
  signIn: z.boolean().default(false),
});

export const testAccountOutput = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  organizationRole: z.enum(ORGANIZATION_ROLES),
  password: z.string(),
  organization: z.object({ id: z.string(), name: z.string(), billingId: z.string() }),
  totpSecret: z.string().nullable(),
});

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** One password for every test account: hashed once per isolate instead of once per account (scrypt). */
const TEST_PASSWORD = 'KubeMarket-test-account-2026';
let testPasswordHash: Promise<string> | undefined;

function randomText(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * Development only (browser tests): a new active organisation and one user in it, with the
 * roles, verification and TOTP asked for, so that no two tests share an account.
 */
export async function createTestAccount(ctx: Context, input: z.output<typeof testAccountInput>): Promise<z.output<typeof testAccountOutput>> {
  const now = ctx.ports.clock.now();
  const suffix = randomText(10);
  const username = `test_${suffix}`;
  const email = `${username}@test.kubemarket.example`;
  const name = `Test User ${suffix}`;
  const organization = { id: newId('organization'), name: `Test Organisation ${suffix}`, billingId: newBillingId() };
  const totpSecret = input.totp ? newTotpSecret() : null;
  const userId = newId('user');
  const sealed = totpSecret ? await sealTotpSecret(ctx.ports.secrets, userId, totpSecret) : { totpSecret: null, totpKeyVersion: null };
  await ctx.db.batch([
    ctx.db.insert(organizations).values({ ...organization, status: 'active', createdAt: now, updatedAt: now }),
    ctx.db.insert(users).values({
      id: userId,
      organizationId: organization.id,
      organizationRole: input.organizationRole,
      username,
      email,
      name,
      role: input.role,
      passwordHash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD, ctx.config.passwordCost)),
      passwordChangedAt: now,
      emailVerifiedAt: input.emailVerified ? now : null,
      ...sealed,
      totpEnabledAt: totpSecret ? now : null,
      createdAt: now,
      updatedAt: now,
    }),
    auditInsert(ctx.db, { actorUserId: null, action: 'dev.test_account_created', targetType: 'user', targetId: userId, ipAddress: ctx.request.ipAddress }, now),
  ]);
  if (input.signIn) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    await startSession(ctx, user!, 'dev_test_account');
  }
  return { id: userId, username, email, name, role: input.role, organizationRole: input.organizationRole, password: TEST_PASSWORD, organization, totpSecret };
}
