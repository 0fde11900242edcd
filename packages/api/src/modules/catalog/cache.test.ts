import { catalogPrices } from '@kubemarket/db';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../test-utils';
import { memoryCatalogueCache, type CatalogueEntry } from './cache';

const NOW = Date.UTC(2026, 10, 23, 12);
const TTL_MS = 10_000;

/** A loader that counts its calls and answers with the call number. */
function countingLoader(changesAt: number | null = null) {
  let calls = 0;
  const load = async (): Promise<CatalogueEntry<{ call: number }>> => {
    calls += 1;
    return { value: { call: calls }, changesAt };
  };
  return { load, calls: () => calls };
}

describe('memoryCatalogueCache', () => {
  it('answers from memory within the TTL and loads again after it', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    expect(await cache.read('tiers', NOW, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + TTL_MS - 1, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + TTL_MS, loader.load)).toEqual({ call: 2 });
    expect(loader.calls()).toBe(2);
  });

  it('keeps each key apart', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    const tiers = countingLoader();
    const flavors = countingLoader();
    await cache.read('tiers', NOW, tiers.load);
    await cache.read('flavors', NOW, flavors.load);
    await cache.read('tiers', NOW + 1, tiers.load);
    expect([tiers.calls(), flavors.calls()]).toEqual([1, 1]);
  });

  it('never serves an entry past the moment the loader said it changes (a scheduled price)', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    const loader = countingLoader(NOW + 500);
    await cache.read('tiers', NOW, loader.load);
    expect(await cache.read('tiers', NOW + 499, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + 500, loader.load)).toEqual({ call: 2 });
  });

  it('loads again after invalidate()', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    await cache.read('tiers', NOW, loader.load);
    cache.invalidate();
    expect(await cache.read('tiers', NOW + 1, loader.load)).toEqual({ call: 2 });
  });

  it('does not keep what a load read before an invalidation that happened while it ran', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    let release!: () => void;
    const stale = cache.read('tiers', NOW, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'before the edit', changesAt: null };
    });
    cache.invalidate();
    release();
    // Its own caller still gets the answer it loaded.
    expect(await stale).toBe('before the edit');
    expect(await cache.read('tiers', NOW + 1, async () => ({ value: 'after the edit', changesAt: null }))).toBe('after the edit');
  });

  it('loads again when the clock went back before the entry was loaded', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    await cache.read('tiers', NOW, loader.load);
    expect(await cache.read('tiers', NOW - 1, loader.load)).toEqual({ call: 2 });
  });

  it('hands out frozen values, so no caller can change what the next one gets', async () => {
    const cache = memoryCatalogueCache({ ttlMs: TTL_MS });
    await cache.read('tiers', NOW, async () => ({ value: [{ regionIds: ['fr-par-1'] }], changesAt: null }));
    const cached = await cache.read('tiers', NOW, async () => ({ value: [] as Array<{ regionIds: string[] }>, changesAt: null }));
    expect(() => cached[0]!.regionIds.push('de-fra-1')).toThrow(TypeError);
    expect(Object.isFrozen(cached[0])).toBe(true);
  });
});

/** The catalogue read through an isolate-style cache, as the Worker wires it (worker/src/context.ts). */
async function cachedCatalogue() {
  const clock = manualClock(NOW);
  const catalogue = memoryCatalogueCache({ ttlMs: TTL_MS });
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
