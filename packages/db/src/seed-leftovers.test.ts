import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clusterLeftovers, clusters } from './schema';
import { DEMO_DELETED_CLUSTER, DEMO_LEFTOVER, DEMO_LEFTOVER_ID, seed } from './seed';
import { createTestDbSeededAt } from './testing';

describe('seed: what a deleted cluster left', () => {
  const NOW = Date.UTC(2026, 11, 7, 10);

  it("gives Acme a cluster deleted nine days ago whose 40 GB volume it kept, at €4.00 a month, once however often it runs", async () => {
    const db = await createTestDbSeededAt(NOW, NOW + 5_000);
    await seed(db, NOW + 10_000);
    const [cluster] = await db.select().from(clusters).where(eq(clusters.id, DEMO_DELETED_CLUSTER.id));
    expect(cluster).toMatchObject({ organizationId: 'org_demo_acme', name: 'legacy-shop', status: 'deleted', deletedAt: NOW - 9 * 24 * 3_600_000 });
    const kept = await db.select().from(clusterLeftovers).where(eq(clusterLeftovers.clusterId, DEMO_DELETED_CLUSTER.id));
    expect(kept).toEqual([
      expect.objectContaining({ id: DEMO_LEFTOVER_ID, organizationId: 'org_demo_acme', clusterName: 'legacy-shop', kind: 'volume', name: DEMO_LEFTOVER.name, sizeGb: 40, monthlyCents: 400, status: 'kept', removedAt: null }),
    ]);
    // Kept when its deletion was asked for, before the deletion finished: billed from then on.
    expect(kept[0]!.createdAt).toBeLessThan(cluster!.deletedAt!);
  });
});
