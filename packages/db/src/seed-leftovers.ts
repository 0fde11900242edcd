import { leftoverMonthlyCents } from '@kubemarket/shared';
import type { Database } from './client';
import { clusterLeftovers, clusters } from './schema';

/**
 * What a deleted cluster left billable (issue 34): Acme's "legacy-shop", a Dev/Test cluster
 * deleted nine days ago whose database volume Alice kept. /billing lists it under "Kept after
 * cluster deletion"; the dev seed's metering (scripts/seed.ts) bills it every hour since the
 * deletion, under the usage kind 'leftover'.
 */

const DAY_MS = 24 * 60 * 60_000;

export const DEMO_DELETED_CLUSTER = { id: 'clu_demo_legacy', name: 'legacy-shop', ageMs: 120 * DAY_MS, deletedAgoMs: 9 * DAY_MS } as const;
export const DEMO_LEFTOVER_ID = 'lft_demo_legacy_db_volume';
/** The kept volume: its claim, the PersistentVolume bound to it, and its size. */
export const DEMO_LEFTOVER = { name: 'default/data-legacy-shop-0', providerRef: 'pvc-5f0c2a9e-71d4-4b8e-8a31-2c6e90d4b7f1', sizeGb: 40 } as const;

export async function seedLeftovers(db: Database, now: number): Promise<void> {
  const createdAt = now - DEMO_DELETED_CLUSTER.ageMs;
  const deletedAt = now - DEMO_DELETED_CLUSTER.deletedAgoMs;
  await db.batch([
    db
      .insert(clusters)
      .values({
        id: DEMO_DELETED_CLUSTER.id,
        organizationId: 'org_demo_acme',
        name: DEMO_DELETED_CLUSTER.name,
        tierId: 'tier_devtest',
        region: 'fr-par-1',
        status: 'deleted',
        kubernetesVersion: '1.36.4',
        nodeCount: 1,
        zones: ['fr-par-1a'],
        providerRef: DEMO_DELETED_CLUSTER.name,
        createdAt,
        updatedAt: deletedAt,
        deletedAt,
      })
      .onConflictDoNothing(),
    db
      .insert(clusterLeftovers)
      .values({
        id: DEMO_LEFTOVER_ID,
        organizationId: 'org_demo_acme',
        clusterId: DEMO_DELETED_CLUSTER.id,
        clusterName: DEMO_DELETED_CLUSTER.name,
        region: 'fr-par-1',
        kind: 'volume',
        name: DEMO_LEFTOVER.name,
        providerRef: DEMO_LEFTOVER.providerRef,
        sizeGb: DEMO_LEFTOVER.sizeGb,
        monthlyCents: leftoverMonthlyCents('volume', DEMO_LEFTOVER.sizeGb),
        status: 'kept',
        keptByUserId: 'usr_demo_alice',
        // Kept when the deletion was asked for, a few minutes before it finished.
        createdAt: deletedAt - 4 * 60_000,
        updatedAt: deletedAt - 4 * 60_000,
      })
      .onConflictDoNothing(),
  ]);
}
