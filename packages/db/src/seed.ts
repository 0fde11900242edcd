import { getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { IndexColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './client';
import { createSecretBox, DEVELOPMENT_KEYRING } from './secret-box';
import {
  addons,
  catalogPrices,
  clusters,
  clusterTiers,
  dataCenters,
  exchangeRates,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  organizations,
  powerFactors,
  promotions,
  supportPlans,
  users,
} from './schema';
import {
  ADDON_SEED,
  CATALOG_PRICE_SEED,
  CLUSTER_TIER_SEED,
  DATA_CENTER_SEED,
  KUBERNETES_VERSION_SEED,
  MIDDLEWARE_PLAN_SEED,
  MIDDLEWARE_SEED,
  NODE_FLAVOR_SEED,
  POWER_FACTOR_SEED,
  promotionSeed,
  SUPPORT_PLAN_SEED,
} from './seed-catalog';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD_HASH, EXCHANGE_RATE_SEED } from './seed-data';
import { demoClusterRows, seedClusterHistories } from './seed-clusters';
import { seedBilling } from './seed-billing';
import { seedLeftovers } from './seed-leftovers';
import { seedMiddlewares } from './seed-middlewares';
import { seedIncidents } from './seed-incidents';
import { seedWebhooks } from './seed-webhooks';
import { seedCustomSolutions } from './seed-custom-solutions';
import { demoBankTransferStatements, demoBillingProfiles, demoOrderStatements } from './seed-orders';
import { seedTickets } from './seed-tickets';
import { seedStaff } from './seed-staff';
import { seedServiceAccounts, seedTeam } from './seed-team';

type Statement = BatchItem<'sqlite'>;

/** Runs statements atomically in one batch (D1 has no interactive transactions). */
async function runBatch(db: Database, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

/**
 * The upsert's SET: `excluded.<column>` for every column the seed row provides, except the key,
 * created_at and `keep`. Columns the seed does not provide (archived_at, active) stay as staff left them.
 */
function refreshed(table: SQLiteTable, row: object, keep: readonly string[] = []): Record<string, SQL> {
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(row)) {
    const column = columns[key];
    if (!column || column.primary || key === 'createdAt' || keep.includes(key)) continue;
    set[key] = sql`excluded.${sql.identifier(column.name)}`;
  }
  return set;
}

/**
 * Upserts each row given into `table` on `target`: a new row is inserted, a seeded one refreshed
 * (every column the row provides but the key, created_at and `keep`).
 */
function upsertInto<T extends SQLiteTable>(db: Database, table: T, target: IndexColumn | IndexColumn[], keep: readonly string[] = []) {
  return (row: T['$inferInsert']): Statement =>
    db
      .insert(table)
      .values(row)
      .onConflictDoUpdate({ target, set: refreshed(table, row, keep) });
}

/**
 * The catalogue, one row per statement (D1 binds at most 100 parameters per query), in one batch.
 * Reseeding refreshes every seeded row and keeps its created_at; rows staff added stay.
 */
function catalogStatements(db: Database, now: number): Statement[] {
  const stamped = <T extends object>(row: T) => ({ ...row, createdAt: now, updatedAt: now });
  /** A catalogue list's rows in their seeded order. */
  const listed = <T extends object>(rows: readonly T[]) => rows.map((row, index) => stamped({ ...row, sortOrder: index + 1 }));
  const defaultVersion = KUBERNETES_VERSION_SEED.find((version) => version.isDefault)?.version ?? '';
  return [
    ...CLUSTER_TIER_SEED.map(stamped).map(upsertInto(db, clusterTiers, clusterTiers.id)),
    ...DATA_CENTER_SEED.map((dataCenter, index) => ({ ...dataCenter, sortOrder: index + 1 })).map(upsertInto(db, dataCenters, dataCenters.id)),
    // At most one default version (unique index): clear the others before the upserts set it.
    db.update(kubernetesVersions).set({ isDefault: false }).where(ne(kubernetesVersions.version, defaultVersion)),
    ...KUBERNETES_VERSION_SEED.map(stamped).map(upsertInto(db, kubernetesVersions, kubernetesVersions.version)),
    ...listed(NODE_FLAVOR_SEED).map(upsertInto(db, nodeFlavors, nodeFlavors.id)),
    ...listed(ADDON_SEED).map(upsertInto(db, addons, addons.id)),
    ...listed(MIDDLEWARE_SEED).map(upsertInto(db, middlewares, middlewares.id)),
    ...listed(MIDDLEWARE_PLAN_SEED).map(upsertInto(db, middlewarePlans, middlewarePlans.id)),
    ...listed(SUPPORT_PLAN_SEED).map(upsertInto(db, supportPlans, supportPlans.id)),
    ...POWER_FACTOR_SEED.map(stamped).map(upsertInto(db, powerFactors, powerFactors.id)),
    // A promotion stays valid from when it was first seeded.
    ...promotionSeed(now).map(stamped).map(upsertInto(db, promotions, promotions.code, ['validFrom'])),
    ...CATALOG_PRICE_SEED.map((price) => ({ ...price, createdAt: now, createdBy: null })).map(
      upsertInto(db, catalogPrices, [catalogPrices.itemKind, catalogPrices.itemId, catalogPrices.effectiveFrom], ['itemKind', 'itemId', 'effectiveFrom', 'createdBy']),
    ),
  ];
}

/**
 * Idempotent: running it again updates the seeded rows in place and never duplicates them,
 * so it is safe on every dev start.
 */
export async function seed(db: Database, now: number = Date.now(), keyring: string = DEVELOPMENT_KEYRING): Promise<void> {
  await runBatch(db, catalogStatements(db, now));

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
    .values(DEMO_ORGANIZATIONS.map((org) => ({ ...org, ...demoBillingProfiles(now)[org.id], createdAt: now, updatedAt: now })))
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
  await runBatch(db, rows.map((row) => db.insert(users).values(row).onConflictDoNothing()));

  await runBatch(db, demoClusterRows(now).map((row) => db.insert(clusters).values(row).onConflictDoNothing()));
  // The demo customer's orders with their payments and timelines (after the clusters they created).
  await runBatch(db, demoOrderStatements(db, now));
  // Then what the clusters went through, timed by their orders as stored.
  await seedClusterHistories(db, now);
  await seedMiddlewares(db, now, box);
  await seedLeftovers(db, now);
  await seedCustomSolutions(db, now);
  await seedBilling(db, now);
  await seedIncidents(db, now);
  await seedWebhooks(db, now, box);
  await seedTickets(db, now);
  await seedStaff(db, now);
  await seedTeam(db, now);
  await seedServiceAccounts(db, now);
}

/**
 * Demo history beyond `seed()`, for `pnpm db:seed` (scripts/seed.ts): Globex's orders confirmed by
 * bank transfer whose transfers staff have yet to record. Inserted once; the tests' seeded database
 * leaves it out so Globex starts without orders there.
 */
export async function seedDemoBankTransfers(db: Database, now = Date.now()): Promise<void> {
  await runBatch(db, demoBankTransferStatements(db, now));
}

/** The seeded catalogue, whole: what the seed writes, for the tests that check it. */
export * from './seed-catalog';
export { DEMO_PROMOTION_REQUEST_ID } from './seed-staff';
export { DEMO_INVITATION_ID, DEMO_SERVICE_ACCOUNT } from './seed-team';
export { DEMO_MIDDLEWARE_ID, DEMO_MIDDLEWARE_PASSWORD } from './seed-middlewares';
export { DEMO_DELETED_CLUSTER, DEMO_LEFTOVER, DEMO_LEFTOVER_ID } from './seed-leftovers';
export { DEMO_BUDGET_ID, DEMO_BUDGET_PERCENT, seedDemoBudget } from './seed-budgets';
export { DEMO_WEBHOOK_DELIVERY_IDS, DEMO_WEBHOOK_ENDPOINT_ID, DEMO_WEBHOOK_SECRET } from './seed-webhooks';
export { DEMO_ACCOUNTS, DEMO_CLUSTERS, DEMO_PASSWORD, DEMO_TOTP_SECRET, EXCHANGE_RATE_SEED } from './seed-data';
export {
  DEMO_CLUSTER_STORIES,
  replayClusterStory,
  scheduledSleep,
  WEEKNIGHTS_HIBERNATION,
  type ClusterHistory,
  type ClusterStory,
} from './seed-clusters';
export { DEMO_ACME_BILLING, DEMO_BANK_TRANSFER_ORDERS, DEMO_GLOBEX_BILLING, DEMO_ORDERS, demoOrderQuote, seedPriceBook, type DemoOrder } from './seed-orders';
