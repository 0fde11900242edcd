import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { clusterTiers, organizations, users } from './schema';
import { CLUSTER_TIER_SEED, DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD_HASH, DEMO_TOTP_SECRET } from './seed-data';

/**
 * Idempotent: running it again updates the seeded rows in place and never duplicates them,
 * so it is safe on every dev start.
 */
export async function seed(db: Database, now: number = Date.now()): Promise<void> {
  await db
    .insert(clusterTiers)
    .values(CLUSTER_TIER_SEED.map((tier) => ({ ...tier, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: clusterTiers.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        nodes: sql`excluded.nodes`,
        vcpuPerNode: sql`excluded.vcpu_per_node`,
        memoryGbPerNode: sql`excluded.memory_gb_per_node`,
        storageGbPerNode: sql`excluded.storage_gb_per_node`,
        monthlyPriceCents: sql`excluded.monthly_price_cents`,
        yearlyPriceCents: sql`excluded.yearly_price_cents`,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: sql`excluded.updated_at`,
      },
    });

  // Demo organisations and accounts: inserted once, never overwritten (a developer may have
  // changed a demo password or name on purpose).
  await db
    .insert(organizations)
    .values(DEMO_ORGANIZATIONS.map((org) => ({ ...org, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map(({ mfa, description: _description, ...account }) => ({
        ...account,
        passwordHash: DEMO_PASSWORD_HASH,
        passwordChangedAt: now,
        emailVerifiedAt: now,
        totpSecret: mfa ? DEMO_TOTP_SECRET : null,
        totpEnabledAt: mfa ? now : null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

export { CLUSTER_TIER_SEED, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './seed-data';
