import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { createSecretBox, DEVELOPMENT_KEYRING } from './secret-box';
import { clusters, clusterTiers, dataCenters, exchangeRates, orders, organizations, users } from './schema';
import {
  CLUSTER_TIER_SEED,
  DATA_CENTER_SEED,
  DEMO_ACCOUNTS,
  DEMO_CLUSTERS,
  DEMO_CUSTOMER_ORGANIZATION_ID,
  DEMO_ORDERS,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD_HASH,
  EXCHANGE_RATE_SEED,
} from './seed-data';

/**
 * Idempotent: running it again updates the seeded rows in place and never duplicates them,
 * so it is safe on every dev start.
 */
export async function seed(db: Database, now: number = Date.now(), keyring: string = DEVELOPMENT_KEYRING): Promise<void> {
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

  await db
    .insert(dataCenters)
    .values(DATA_CENTER_SEED.map((dataCenter, index) => ({ ...dataCenter, sortOrder: index + 1 })))
    .onConflictDoUpdate({
      target: dataCenters.id,
      set: {
        name: sql`excluded.name`,
        city: sql`excluded.city`,
        country: sql`excluded.country`,
        countryCode: sql`excluded.country_code`,
        certifications: sql`excluded.certifications`,
        status: sql`excluded.status`,
        openedYear: sql`excluded.opened_year`,
        sortOrder: sql`excluded.sort_order`,
      },
    });

  // Only fills gaps: rates refreshed from the ECB are newer than the seed and must stay.
  await db
    .insert(exchangeRates)
    .values(
      Object.entries(EXCHANGE_RATE_SEED.rates).map(([currency, rate]) => ({
        currency,
        rate,
        fetchedAt: now,
        source: 'seed',
        rateDate: EXCHANGE_RATE_SEED.date,
      })),
    )
    .onConflictDoNothing();

  // Demo organisations and accounts: inserted once, never overwritten (a developer may have
  // changed a demo password or name on purpose).
  await db
    .insert(organizations)
    .values(DEMO_ORGANIZATIONS.map((org) => ({ ...org, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  // TOTP seeds are stored sealed like every secret at rest (development keyring: demo data only).
  const box = createSecretBox(keyring);
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ totpSecret, description: _description, ...account }) => {
      const sealed = totpSecret ? await box.seal(totpSecret, `totp:${account.id}`) : null;
      return {
        ...account,
        passwordHash: DEMO_PASSWORD_HASH,
        passwordChangedAt: now,
        emailVerifiedAt: now,
        totpSecret: sealed?.ciphertext ?? null,
        totpKeyVersion: sealed?.keyVersion ?? null,
        totpEnabledAt: sealed ? now : null,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  // One row per statement: D1 binds at most 100 parameters per query.
  await db.batch(rows.map((row) => db.insert(users).values(row).onConflictDoNothing()) as unknown as Parameters<typeof db.batch>[0]);

  await db
    .insert(clusters)
    .values(
      DEMO_CLUSTERS.map(({ ageMs, ...cluster }) => ({
        ...cluster,
        organizationId: DEMO_CUSTOMER_ORGANIZATION_ID,
        createdAt: now - ageMs,
        updatedAt: now - ageMs,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(orders)
    .values(
      DEMO_ORDERS.map(({ ageMs, ...order }) => ({
        ...order,
        organizationId: DEMO_CUSTOMER_ORGANIZATION_ID,
        currency: 'EUR',
        idempotencyKey: `seed:${order.id}`,
        createdAt: now - ageMs,
      })),
    )
    .onConflictDoNothing();
}

export {
  CLUSTER_TIER_SEED,
  DATA_CENTER_SEED,
  DEMO_ACCOUNTS,
  DEMO_CLUSTERS,
  DEMO_ORDERS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  EXCHANGE_RATE_SEED,
} from './seed-data';
