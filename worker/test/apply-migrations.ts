import { abortAllDurableObjects, applyD1Migrations, env, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { createDb } from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';
import { catalogueCacheFor, sessionCacheFor } from '../src/context';

/**
 * Before each test file. The files share one workerd runtime per Vitest worker (isolate: false in
 * vitest.config.ts: loading the Worker's module graph into a new isolate per file cost ~2.5 s of CPU
 * each), so whatever the previous file left is cleared here, explicitly and checked:
 * - every Durable Object instance is aborted (a sleeping alarm chain, a hub's sockets), then each
 *   one's storage and alarm are deleted (the operators and hubs are named after seeded ids, which
 *   every file shares);
 * - every D1 table is dropped, and the database migrated and seeded again;
 * - every R2 object is deleted;
 * - the isolate caches forget the catalogue and the sessions.
 * (cloudflare:test's reset() was not used: on this version it sometimes left D1's tables and kept
 * the Durable Objects' storage.)
 */
async function clearDurableObjects(namespace: DurableObjectNamespace) {
  for (const id of await listDurableObjectIds(namespace)) {
    await runInDurableObject(namespace.get(id), async (_instance, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
}

async function dropTables() {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
  ).all<{ name: string }>();
  if (!tables.results.length) return;
  // Foreign keys are checked when the batch (one transaction) commits, by when every table is gone.
  await env.DB.batch([env.DB.prepare('PRAGMA defer_foreign_keys = on'), ...tables.results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name.replaceAll('"', '""')}"`))]);
}

async function clearBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); listed.objects.length; listed = await bucket.list()) {
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}

await abortAllDurableObjects();
await Promise.all([clearDurableObjects(env.CLUSTER_OPERATOR), clearDurableObjects(env.NOTIFICATION_HUB), clearDurableObjects(env.WEBHOOK_DISPATCHER), dropTables(), clearBucket(env.FILES)]);
catalogueCacheFor(env).invalidate();
sessionCacheFor(env).invalidate();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(createDb({ kind: 'd1', binding: env.DB }), 0);
