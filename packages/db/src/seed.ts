import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { clusterTiers } from './schema';
import { CLUSTER_TIER_SEED } from './seed-data';

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
}

export { CLUSTER_TIER_SEED };
