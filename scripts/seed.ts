/**
 * Seeds the local database. Usage: tsx scripts/seed.ts [--persist-to DIR]
 * With DATABASE_URL set, migrates and seeds that libSQL database instead of local D1 (set
 * ENCRYPTION_KEYS to the Worker's secret so the seeded TOTP secrets open there).
 */
import { createClient } from '@libsql/client';
import { createDb, DEVELOPMENT_KEYRING, type Database } from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';
import { applyLibsqlMigrations } from './lib/libsql-migrations.ts';
// packages/db cannot depend on the API: the usage history is metered here, by the API's own metering.
import { meterUpTo } from '../packages/api/src/modules/usage/metering.ts';
import { simulatorProvisioner } from '../packages/api/src/platform/provisioner/simulator.ts';

/** The seeded clusters' last 60 days of usage, as the hourly cron would have recorded it. */
async function seedUsage(db: Database): Promise<void> {
  const metered = await meterUpTo({ db, provisioner: simulatorProvisioner() }, Date.now(), 60 * 24);
  console.log(`Usage metered: ${metered.hours.length} hour(s), ${metered.records} record(s).`);
}

const flag = process.argv.indexOf('--persist-to');
const persistTo = flag >= 0 ? process.argv[flag + 1] : '.wrangler/state';

if (process.env.DATABASE_URL) {
  const client = createClient({ url: process.env.DATABASE_URL, authToken: process.env.DATABASE_AUTH_TOKEN });
  const applied = await applyLibsqlMigrations(client);
  // Seeded TOTP secrets are sealed under the keyring the deployed Worker will use.
  const db = createDb({ kind: 'libsql-client', client });
  await seed(db, Date.now(), process.env.ENCRYPTION_KEYS ?? DEVELOPMENT_KEYRING);
  await seedUsage(db);
  client.close();
  console.log(`libSQL database migrated (${applied} new migrations) and seeded.`);
} else {
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: 'wrangler.toml',
    persist: { path: `${persistTo}/v3` },
    remoteBindings: false,
  });
  try {
    const db = createDb({ kind: 'd1', binding: proxy.env.DB });
    await seed(db);
    await seedUsage(db);
    console.log(`Local D1 database seeded (${persistTo}).`);
  } finally {
    await proxy.dispose();
  }
}
