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
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // Each table is dropped before the tables it references: dropping a table whose parent is
  // already gone fails ("no such table: main.organizations") once it holds rows, and creation
  // order (sqlite_master's) is not that order after a migration rebuilds a parent table.
  const parents = new Map<string, Set<string>>();
  for (const { name } of tables.results) {
    const references = await env.DB.prepare(`PRAGMA foreign_key_list(${quoted(name)})`).all<{ table: string }>();
    parents.set(name, new Set(references.results.map((reference) => reference.table).filter((table) => table !== name)));
  }
  const order: string[] = [];
  const left = new Set(parents.keys());
  while (left.size > 0) {
    // Tables no remaining table references go first; a cycle (none today) falls back to the rest as listed.
    const free = [...left].filter((name) => ![...left].some((other) => parents.get(other)!.has(name)));
    for (const name of free.length > 0 ? free : [...left]) {
      order.push(name);
      left.delete(name);
    }
  }
  // Foreign keys are checked when the batch (one transaction) commits, by when every table is gone.
  await env.DB.batch([env.DB.prepare('PRAGMA defer_foreign_keys = on'), ...order.map((name) => env.DB.prepare(`DROP TABLE ${quoted(name)}`))]);
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
