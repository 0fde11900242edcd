/**
 * Migrates and seeds the local database. Usage: tsx scripts/seed.ts [--persist-to DIR]
 * With DATABASE_URL set, migrates and seeds that libSQL database instead of local D1 (set
 * ENCRYPTION_KEYS to the Worker's secret so the seeded TOTP secrets open there).
 */
import { createClient } from '@libsql/client';
import { createDb, DEVELOPMENT_KEYRING, type Database } from '@kubemarket/db';
import { seed, seedDemoBankTransfers, seedDemoBudget } from '@kubemarket/db/seed';
import { applyD1Migrations, applyLibsqlMigrations } from './lib/migrations.ts';
// packages/db cannot depend on the API: the usage history is metered and last month invoiced here,
// by the API's own metering and invoicing.
import { HOUR_MS, meterUpTo } from '../packages/api/src/modules/usage/metering.ts';
import { generateInvoices } from '../packages/api/src/modules/invoices/monthly-run.ts';
import { runDunning } from '../packages/api/src/modules/invoices/dunning.ts';
import { issueCreditNote } from '../packages/api/src/modules/invoices/issue-credit-note.ts';
import { invoiceSettledOrders } from '../packages/api/src/modules/invoices/order-invoice.ts';
import { invoices } from '@kubemarket/db';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { outboxMailer } from '../packages/api/src/platform/mailer.ts';
import { sandboxPayments } from '../packages/api/src/platform/payments/index.ts';
import { simulatorProvisioner } from '../packages/api/src/platform/provisioner/simulator.ts';

/**
 * What the crons would have done since the start of last month: every hour metered, then last
 * month's invoices issued on the 1st at 02:00 UTC and charged (Acme's test card pays; Globex pays
 * by bank transfer, so its invoice is due). Seeding again adds nothing.
 */
async function seedUsageAndInvoices(db: Database): Promise<void> {
  const now = Date.now();
  const today = new Date(now);
  const thisMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const lastMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const metered = await meterUpTo({ db, provisioner: simulatorProvisioner() }, now, Math.ceil((now - lastMonth) / HOUR_MS));
  console.log(`Usage metered: ${metered.hours.length} hour(s), ${metered.records} record(s).`);
  // The cron runs at 02:00 on the 1st; seeded earlier that night, last month is invoiced now.
  const invoicedAt = Math.min(now, thisMonth + 2 * HOUR_MS);
  const clock = { now: () => invoicedAt };
  const deps = {
    db,
    ports: { clock, payments: sandboxPayments({ clock }), mailer: outboxMailer(db, clock), realtime: { async publish() {}, async closeSessions() {} } },
    appUrl: process.env.APP_URL ?? 'http://localhost:5173',
  };
  // Every settled order has its invoice, numbered in issue order around the monthly run (issue 30).
  const before = await invoiceSettledOrders(db, invoicedAt);
  const run = await generateInvoices(deps, invoicedAt);
  const after = await invoiceSettledOrders(db, now + 1);
  console.log(`Order invoices issued: ${before + after}.`);
  console.log(`Invoices issued for ${new Date(run.period.start).toISOString().slice(0, 7)}: ${run.issued.map((invoice) => `${invoice.number} (${invoice.status})`).join(', ') || 'none new'}.`);
  // Transfers awaited past their due date are overdue, as the daily dunning run says.
  const late = await runDunning({ ...deps, ports: { ...deps.ports, clock: { now: () => now } } }, now);
  if (late.overdue.length > 0) console.log(`Overdue: ${late.overdue.length} invoice(s).`);
  await seedCreditNote(db, now);
  // Acme's budget is set from the month's metered usage, so it stands at 85 % on a first run (issue 34).
  await seedDemoBudget(db, now);
}

/**
 * One credit note to show: Acme's smallest order invoice (the backups add-on) reversed by an
 * administrator as a commercial gesture. Once: an invoice has at most one credit note.
 */
async function seedCreditNote(db: Database, now: number): Promise<void> {
  const [existing] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.organizationId, 'org_demo_acme'), eq(invoices.kind, 'credit_note'))).limit(1);
  if (existing) return;
  const [target] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, 'org_demo_acme'), eq(invoices.kind, 'invoice'), isNotNull(invoices.orderId)))
    .orderBy(asc(invoices.totalCents))
    .limit(1);
  if (!target) return;
  const note = await issueCreditNote(db, { invoiceId: target.id, reason: 'Commercial gesture: the first month of backups is offered after the October restore incident.', staffUserId: 'usr_demo_adam', now });
  console.log(`Credit note issued: ${note.number}.`);
}

const flag = process.argv.indexOf('--persist-to');
const persistTo = flag >= 0 ? process.argv[flag + 1] : '.wrangler/state';

if (process.env.DATABASE_URL) {
  const client = createClient({ url: process.env.DATABASE_URL, authToken: process.env.DATABASE_AUTH_TOKEN });
  const applied = await applyLibsqlMigrations(client);
  // Seeded TOTP secrets are sealed under the keyring the deployed Worker will use.
  const db = createDb({ kind: 'libsql-client', client });
  await seed(db, Date.now(), process.env.ENCRYPTION_KEYS ?? DEVELOPMENT_KEYRING);
  await seedDemoBankTransfers(db);
  await seedUsageAndInvoices(db);
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
    const applied = await applyD1Migrations(proxy.env.DB);
    const db = createDb({ kind: 'd1', binding: proxy.env.DB });
    await seed(db);
    // Globex's orders confirmed by bank transfer, their transfers awaited (before metering: the middleware is metered).
    await seedDemoBankTransfers(db);
    await seedUsageAndInvoices(db);
    console.log(`Local D1 database migrated (${applied} new migrations) and seeded (${persistTo}).`);
  } finally {
    await proxy.dispose();
  }
}
