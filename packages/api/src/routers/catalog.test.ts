import { clusterTiers } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestCaller } from '../test-utils';

describe('catalog.clusterTiers', () => {
  it('lists the seeded active tiers in display order', async () => {
    const { caller } = await createTestCaller();
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers.map((tier) => tier.name)).toEqual([
      'Standard (Blue)',
      'Enterprise (Red)',
      'Economy (Green)',
      'Data Analytics',
      'AI/ML (Violet)',
      'Dev/Test (Orange)',
      'Sandbox (Gray)',
    ]);
    expect(tiers[0]).toMatchObject({ id: 'tier_standard', nodes: 3, vcpu: 4, memoryGb: 16 });
  });

  it('hides retired tiers', async () => {
    const { caller, db } = await createTestCaller();
    await db.update(clusterTiers).set({ active: false }).where(eq(clusterTiers.id, 'tier_sandbox'));
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers).toHaveLength(6);
    await expect(caller.catalog.clusterTier({ id: 'tier_sandbox' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('catalog.clusterTier', () => {
  it('returns one tier by id', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.catalog.clusterTier({ id: 'tier_ai' })).resolves.toMatchObject({ name: 'AI/ML (Violet)' });
  });

  it('rejects an empty id with a readable message', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.catalog.clusterTier({ id: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
