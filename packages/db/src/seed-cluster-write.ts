import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './client';
import { clusterOperations, clusters, orders } from './schema';
import { DEMO_ORDERS, seedPriceBook } from './seed-orders';
import { CLUSTER_HISTORY_TABLES, replayClusterStory } from './seed-cluster-replay';
import { DEMO_CLUSTER_STORIES, orderById } from './seed-cluster-stories';

// Writing it

export type Statement = BatchItem<'sqlite'>;

/** D1 binds at most 100 parameters per statement: rows go in chunks that stay under it. */
function chunkedInserts<T extends SQLiteTable>(db: Database, table: T, rows: Array<T['$inferInsert']>): Statement[] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(100 / perRow));
  const statements: Statement[] = [];
  for (let index = 0; index < rows.length; index += size) {
    statements.push(db.insert(table).values(rows.slice(index, index + size)).onConflictDoNothing() as unknown as Statement);
  }
  return statements;
}

const historyKeys = Object.keys(CLUSTER_HISTORY_TABLES) as Array<keyof typeof CLUSTER_HISTORY_TABLES>;

/**
 * Gives each seeded cluster its history, once: a cluster that has operations was filled in before
 * (and may have changed since through the app), so it is left alone; one from an older seed, with
 * none, gets its details and rows now. Each cluster is written in one batch, so a failed seed
 * leaves it as it was for the next run.
 */
export async function seedClusterHistories(db: Database, now: number): Promise<void> {
  const clusterIds = DEMO_CLUSTER_STORIES.map((story) => story.clusterId);
  const [filled, existing, placed] = await Promise.all([
    db.selectDistinct({ clusterId: clusterOperations.clusterId }).from(clusterOperations).where(inArray(clusterOperations.clusterId, clusterIds)),
    db.select({ id: clusters.id }).from(clusters).where(inArray(clusters.id, clusterIds)),
    db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders).where(inArray(orders.id, DEMO_ORDERS.map((order) => order.id))),
  ]);
  const done = new Set(filled.map((row) => row.clusterId));
  const present = new Set(existing.map((row) => row.id));
  const orderTimes = new Map(placed.map((row) => [row.id, row.createdAt]));
  const priceBook = seedPriceBook();
  for (const story of DEMO_CLUSTER_STORIES) {
    if (done.has(story.clusterId) || !present.has(story.clusterId)) continue;
    const orderCreatedAt = orderTimes.get(story.orderId) ?? now - orderById(story.orderId).ageMs;
    const history = await replayClusterStory(story, orderCreatedAt, now, orderTimes, priceBook);
    const statements: Statement[] = [
      db.update(clusters).set(history.cluster).where(eq(clusters.id, story.clusterId)) as unknown as Statement,
      ...historyKeys.flatMap((key) => chunkedInserts<SQLiteTable>(db, CLUSTER_HISTORY_TABLES[key], history[key])),
    ];
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  }
}
