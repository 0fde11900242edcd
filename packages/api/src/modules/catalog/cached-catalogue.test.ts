import { catalogPrices } from '@kubemarket/db';
import { describe, expect, it } from 'vitest';
import { memoryIsolateCache } from '../../platform/isolate-cache';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';

const NOW = Date.UTC(2026, 10, 23, 12);
const TTL_MS = 10_000;

/** The catalogue read through an isolate-style cache, as the Worker wires it (worker/src/context.ts). */
async function cachedCatalogue() {
  const clock = manualClock(NOW);
  const catalogue = memoryIsolateCache({ ttlMs: TTL_MS });
  const { ctx, db } = await createTestCaller({ ports: { clock, catalogue } });
  const staff = callerAs(ctx, await sessionUserOf(db, 'olivia'));
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  const visitor = callerAs(ctx, null);
  return { clock, db, staff, alice, visitor };
}

describe('catalog.clusterTiers through the catalogue cache', () => {
  it('answers a visitor and a signed-in customer alike', async () => {
    const { visitor, alice } = await cachedCatalogue();
    const anonymous = await visitor.catalog.clusterTiers();
    expect(anonymous.length).toBeGreaterThan(0);
    expect(await alice.catalog.clusterTiers()).toEqual(anonymous);
    expect(await alice.catalog.clusterTier({ id: 'tier_standard' })).toEqual(anonymous.find((tier) => tier.id === 'tier_standard'));
    expect(await visitor.catalog.clusterTier({ id: 'tier_standard' })).toEqual(anonymous.find((tier) => tier.id === 'tier_standard'));
  });

  it('shows a staff edit to the very next read', async () => {
    const { staff, visitor } = await cachedCatalogue();
    expect((await visitor.catalog.clusterTier({ id: 'tier_standard' })).purpose).not.toBe('Gold-plated workloads');
    await staff.catalogAdmin.clusterTiers.update({ id: 'tier_standard', purpose: 'Gold-plated workloads', monthlyPriceCents: 31_900, yearlyPriceCents: 325_380 });
    expect(await visitor.catalog.clusterTier({ id: 'tier_standard' })).toMatchObject({ purpose: 'Gold-plated workloads', monthlyPriceCents: 31_900, yearlyPriceCents: 325_380 });
    expect((await visitor.catalog.clusterTiers()).find((tier) => tier.id === 'tier_standard')).toMatchObject({ monthlyPriceCents: 31_900 });
  });

  it('checks a cached answer once: the same frozen answer until a staff edit, then the new one', async () => {
    const { staff, visitor } = await cachedCatalogue();
    const first = await visitor.catalog.clusterTiers();
    expect(Object.isFrozen(first)).toBe(true);
    expect(await visitor.catalog.clusterTiers()).toBe(first);
    await staff.catalogAdmin.clusterTiers.update({ id: 'tier_standard', purpose: 'Gold-plated workloads', monthlyPriceCents: 31_900, yearlyPriceCents: 325_380 });
    const edited = await visitor.catalog.clusterTiers();
    expect(edited).not.toBe(first);
    expect(edited.find((tier) => tier.id === 'tier_standard')).toMatchObject({ purpose: 'Gold-plated workloads', monthlyPriceCents: 31_900 });
  });

  it('takes an archived tier off sale at once: its page is a 404, the list leaves it out', async () => {
    const { staff, visitor } = await cachedCatalogue();
    await visitor.catalog.clusterTiers();
    await staff.catalogAdmin.clusterTiers.archive({ id: 'tier_enterprise' });
    expect((await visitor.catalog.clusterTiers()).map((tier) => tier.id)).not.toContain('tier_enterprise');
    await expect(visitor.catalog.clusterTier({ id: 'tier_enterprise' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('switches to a scheduled price the moment it takes effect, although the TTL has not run out', async () => {
    const { clock, db, visitor } = await cachedCatalogue();
    const listed = await visitor.catalog.clusterTier({ id: 'tier_standard' });
    await db.insert(catalogPrices).values({
      itemKind: 'cluster_tier',
      itemId: 'tier_standard',
      effectiveFrom: NOW + TTL_MS + 1_000,
      monthlyPriceCents: listed.monthlyPriceCents + 1_000,
      yearlyPriceCents: null,
      hourlyPriceMillicents: null,
      percentOfSpendBasisPoints: null,
      createdBy: null,
      createdAt: NOW,
    });
    // Written behind the API's back, so nothing invalidated: the next load learns of the change.
    clock.advance(TTL_MS);
    expect((await visitor.catalog.clusterTier({ id: 'tier_standard' })).monthlyPriceCents).toBe(listed.monthlyPriceCents);
    clock.advance(999);
    expect((await visitor.catalog.clusterTier({ id: 'tier_standard' })).monthlyPriceCents).toBe(listed.monthlyPriceCents);
    clock.advance(1);
    expect((await visitor.catalog.clusterTiers()).find((tier) => tier.id === 'tier_standard')?.monthlyPriceCents).toBe(listed.monthlyPriceCents + 1_000);
  });
});
