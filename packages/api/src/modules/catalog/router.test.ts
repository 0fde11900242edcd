import { clusterTiers } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestCaller } from '../../test-utils';

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

describe('catalog.dataCenters', () => {
  it('lists every region in display order with its certifications', async () => {
    const { caller } = await createTestCaller();
    const regions = await caller.catalog.dataCenters();
    expect(regions.map((region) => region.id)).toEqual(['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1', 'pl-waw-1', 'es-mad-1']);
    expect(regions[0]).toEqual({
      id: 'fr-par-1',
      name: 'Paris PAR1',
      city: 'Paris',
      country: 'France',
      countryCode: 'FR',
      certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'],
      status: 'operational',
      openedYear: 2019,
    });
    expect(new Set(regions.map((region) => region.status))).toEqual(new Set(['operational', 'maintenance', 'planned']));
  });
});
