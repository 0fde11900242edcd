import type { Database } from './client';
import { middlewareBackups, middlewareInstances } from './schema';
import type { SecretBox } from './secret-box';
import { DEMO_ORDERS } from './seed-orders';

/**
 * Acme's managed PostgreSQL (issue 31): "orders-db", bought with ord_demo_postgres and running in
 * webshop-prod since, with its daily backups of the last week and one taken by hand. Its password
 * is sealed like every secret at rest (development keyring: demo data only).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const DEMO_MIDDLEWARE_ID = 'mwi_demo_acme_orders';
/** The demo instance's password, so the README and the tests can show it works. */
export const DEMO_MIDDLEWARE_PASSWORD = 'demo-orders-db-2026';

export async function seedMiddlewares(db: Database, now: number, box: SecretBox): Promise<void> {
  const order = DEMO_ORDERS.find((candidate) => candidate.id === 'ord_demo_postgres')!;
  const paidAt = now - order.ageMs + 6 * MINUTE_MS;
  const readyAt = paidAt + 3 * MINUTE_MS;
  await db
    .insert(middlewareInstances)
    .values({
      id: DEMO_MIDDLEWARE_ID,
      organizationId: 'org_demo_acme',
      orderId: order.id,
      lineIndex: 0,
      middlewareId: 'mw_postgresql',
      planId: 'mwp_postgresql_business',
      clusterId: 'clu_demo_webshop',
      regionId: 'fr-par-1',
      name: 'orders-db',
      version: '17',
      status: 'running',
      host: 'orders-db-rw.middlewares.svc.cluster.local',
      port: 5432,
      databaseName: 'app',
      username: 'app',
      password: await box.seal(DEMO_MIDDLEWARE_PASSWORD, `middleware-password:${DEMO_MIDDLEWARE_ID}`),
      passwordRotatedAt: readyAt,
      createdAt: paidAt,
      updatedAt: readyAt,
      readyAt,
    })
    .onConflictDoNothing();
  // A backup a day at 02:00 UTC over the last 7 days (older ones expired), and one by hand.
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const daily = Array.from({ length: 7 }, (_, index) => today - index * DAY_MS + 2 * 60 * MINUTE_MS)
    .filter((at) => at > readyAt && at < now)
    .map((at, index) => ({ id: `mwb_demo_orders_${index}`, instanceId: DEMO_MIDDLEWARE_ID, kind: 'scheduled' as const, sizeMb: 31_200 + index * 140, createdAt: at, expiresAt: at + 7 * DAY_MS }));
  const manual = { id: 'mwb_demo_orders_manual', instanceId: DEMO_MIDDLEWARE_ID, kind: 'manual' as const, sizeMb: 31_650, requestedBy: 'usr_demo_alice', createdAt: now - 2 * DAY_MS + 5 * 60 * MINUTE_MS, expiresAt: now + 5 * DAY_MS + 5 * 60 * MINUTE_MS };
  for (const backup of [...daily, manual]) await db.insert(middlewareBackups).values(backup).onConflictDoNothing();
}
