import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceInEffect } from './catalog-prices';
import {
  addons,
  catalogPrices,
  clusterTiers,
  dataCenters,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  powerFactors,
  promotions,
  supportPlans,
} from './schema';
import { CATALOG_PRICE_SEED, DEMO_CLUSTERS, PARIS_ENDS_AT, seed } from './seed';
import { createTestDb, createTestDbSeededAt } from './testing';

describe('seed: catalogue', () => {
  const seeded = () => createTestDbSeededAt(1_000, 2_000);

  it('seeds each catalogue once, however often it runs', async () => {
    const db = await seeded();
    const counts = {
      kubernetesVersions: await db.$count(kubernetesVersions),
      nodeFlavors: await db.$count(nodeFlavors),
      gpuFlavors: await db.$count(nodeFlavors, eq(nodeFlavors.category, 'gpu')),
      addons: await db.$count(addons),
      middlewares: await db.$count(middlewares),
      middlewarePlans: await db.$count(middlewarePlans),
      supportPlans: await db.$count(supportPlans),
      promotions: await db.$count(promotions),
      catalogPrices: await db.$count(catalogPrices),
    };
    expect(counts).toEqual({
      kubernetesVersions: 4,
      nodeFlavors: 14,
      gpuFlavors: 4,
      addons: 15,
      middlewares: 8,
      middlewarePlans: 24,
      supportPlans: 4,
      promotions: 1,
      catalogPrices: CATALOG_PRICE_SEED.length,
    });
    for (const table of [kubernetesVersions, nodeFlavors, addons, middlewares, middlewarePlans, supportPlans, promotions]) {
      const rows = await db.select({ createdAt: table.createdAt, updatedAt: table.updatedAt }).from(table);
      expect(rows.every((row) => row.createdAt === 1_000 && row.updatedAt === 2_000)).toBe(true);
    }
  });

  it('gives every region its zones, and audited certifications only to sites that are open', async () => {
    const db = await seeded();
    const regions = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
    expect(regions[0]).toMatchObject({ id: 'fr-par-1', zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'] });
    expect(regions.every((region) => region.zones.length > 0 && region.zones.every((zone) => zone.startsWith(region.id)))).toBe(true);
    expect(regions.filter((region) => region.certifications.includes('SecNumCloud')).map((region) => region.id)).toEqual(['fr-par-1']);
    const planned = regions.filter((region) => region.status === 'planned');
    expect(planned.flatMap((region) => region.certifications).filter((name) => name !== 'GDPR' && name !== 'CISPE')).toEqual([]);
  });

  it('gives every region its operator, law, PUE and grid intensity with a source, and every GPU model a power factor', async () => {
    const db = await seeded();
    const regions = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
    for (const region of regions) {
      expect(region.operator, region.id).not.toBe('');
      expect(region.jurisdiction, region.id).toMatch(/law/);
      expect(region.pueMilli, region.id).toBeGreaterThan(1_000);
      expect(region.gridGramsPerKwh, region.id).toBeGreaterThan(0);
      expect(region.gridSource, region.id).toMatch(/Ember/);
    }
    expect(regions.filter((region) => region.euOnlyAccess).map((region) => region.id)).toEqual(['fr-par-1', 'de-fra-1', 'nl-ams-1']);
    expect(Object.fromEntries(regions.map((region) => [region.id, region.gridGramsPerKwh]))).toMatchObject({ 'fr-par-1': 56, 'de-fra-1': 381, 'pl-waw-1': 662 });
    const factors = new Set((await db.select().from(powerFactors)).map((factor) => factor.id));
    const gpuModels = (await db.select().from(nodeFlavors)).flatMap((flavor) => (flavor.gpuModel ? [`gpu:${flavor.gpuModel}`] : []));
    expect([...factors]).toEqual(expect.arrayContaining(['vcpu', 'memory_gb', ...gpuModels]));
  });

  it('describes the tiers with limits, flavours and regions that exist and agree', async () => {
    const db = await seeded();
    const tiers = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
    const flavors = new Map((await db.select().from(nodeFlavors)).map((flavor) => [flavor.id, flavor]));
    const regions = new Map((await db.select().from(dataCenters)).map((region) => [region.id, region]));
    for (const tier of tiers) {
      expect(tier.purpose).not.toBe('');
      expect(tier.nodes).toBeLessThanOrEqual(tier.maxNodes);
      expect(tier.allowedRegionIds.every((id) => regions.get(id)?.status !== 'planned' && regions.has(id))).toBe(true);
      for (const id of tier.allowedFlavorIds) {
        const flavor = flavors.get(id);
        expect(flavor, `${tier.id} offers ${id}`).toBeDefined();
        expect(flavor!.regionIds.some((region) => tier.allowedRegionIds.includes(region)), `${id} in a region of ${tier.id}`).toBe(true);
      }
      // The baseline the tier price includes is one of its own flavours.
      expect(
        tier.allowedFlavorIds.some((id) => flavors.get(id)?.vcpu === tier.vcpuPerNode && flavors.get(id)?.memoryGb === tier.memoryGbPerNode),
        `${tier.id} baseline`,
      ).toBe(true);
      expect(tier.haControlPlane === 'optional').toBe(tier.haMonthlyPriceCents !== null && tier.haYearlyPriceCents !== null);
    }
    const byId = new Map(tiers.map((tier) => [tier.id, tier]));
    expect(tiers.filter((tier) => tier.allowedFlavorIds.some((id) => flavors.get(id)?.category === 'gpu')).map((tier) => tier.id)).toEqual(['tier_ai']);
    expect(byId.get('tier_sandbox')).toMatchObject({ haControlPlane: 'unavailable', slaBasisPoints: null, maxNodes: 1, maxPools: 1 });
    expect(byId.get('tier_devtest')).toMatchObject({ haControlPlane: 'unavailable' });
    expect(byId.get('tier_enterprise')).toMatchObject({ haControlPlane: 'included', slaBasisPoints: 9_999 });
  });

  it('prices node flavours by the month and by the hour, in whole thousandths of a cent', async () => {
    const db = await seeded();
    const [small] = await db.select().from(nodeFlavors).where(eq(nodeFlavors.id, 'gp-2-8'));
    expect(small).toMatchObject({ vcpu: 2, memoryGb: 8, monthlyPriceCents: 2_900, hourlyPriceMillicents: 3_973, gpuModel: null, gpuCount: 0 });
    const gpus = await db.select().from(nodeFlavors).where(eq(nodeFlavors.category, 'gpu'));
    expect(new Set(gpus.map((flavor) => flavor.gpuModel))).toEqual(new Set(['NVIDIA L4', 'NVIDIA L40S', 'NVIDIA H100 SXM']));
    expect(gpus.every((flavor) => flavor.gpuCount > 0 && flavor.monthlyPriceCents > small!.monthlyPriceCents)).toBe(true);
  });

  it('has one default Kubernetes version and keeps the demo clusters on offered versions, tiers and regions', async () => {
    const db = await seeded();
    const versions = await db.select().from(kubernetesVersions).orderBy(asc(kubernetesVersions.sortOrder));
    expect(versions.map((version) => [version.version, version.classification, version.isDefault])).toEqual([
      ['1.38', 'preview', false],
      ['1.37', 'supported', true],
      ['1.36', 'supported', false],
      ['1.35', 'deprecated', false],
    ]);
    expect(versions.every((version) => version.endOfSupportAt !== null)).toBe(true);
    const tiers = new Map((await db.select().from(clusterTiers)).map((tier) => [tier.id, tier]));
    for (const cluster of DEMO_CLUSTERS) {
      expect(versions.some((version) => `${version.version}.${version.patch}` === cluster.kubernetesVersion), cluster.name).toBe(true);
      const tier = tiers.get(cluster.tierId)!;
      expect(tier.allowedRegionIds).toContain(cluster.region);
      expect(cluster.nodeCount).toBeLessThanOrEqual(tier.maxNodes);
    }
  });

  it('keeps add-on dependencies and conflicts consistent', async () => {
    const db = await seeded();
    const rows = await db.select().from(addons);
    const byId = new Map(rows.map((addon) => [addon.id, addon]));
    const tierIds = new Set((await db.select({ id: clusterTiers.id }).from(clusterTiers)).map((tier) => tier.id));
    for (const addon of rows) {
      expect(addon.compatibleTierIds.length).toBeGreaterThan(0);
      expect(addon.compatibleTierIds.every((id) => tierIds.has(id))).toBe(true);
      for (const id of addon.conflicts) expect(byId.get(id)?.conflicts, `${id} conflicts with ${addon.id}`).toContain(addon.id);
      for (const id of addon.requires) {
        const required = byId.get(id);
        expect(required, `${addon.id} requires ${id}`).toBeDefined();
        expect(addon.conflicts).not.toContain(id);
        expect(addon.compatibleTierIds.every((tier) => required!.compatibleTierIds.includes(tier))).toBe(true);
      }
    }
    expect(byId.get('addon_istio')?.conflicts).toEqual(['addon_linkerd']);
    expect(byId.get('addon_gpu_operator')?.compatibleTierIds).toEqual(['tier_ai']);
    expect(byId.get('addon_kserve')?.requires).toEqual(['addon_gpu_operator', 'addon_cert_manager']);
  });

  it('gives each middleware two to four plans and prices support plans by their kind', async () => {
    const db = await seeded();
    const plans = await db.select().from(middlewarePlans);
    for (const middleware of await db.select().from(middlewares)) {
      const own = plans.filter((item) => item.middlewareId === middleware.id);
      expect(own.length, middleware.name).toBeGreaterThanOrEqual(2);
      expect(own.length, middleware.name).toBeLessThanOrEqual(4);
      expect(own.some((item) => item.highAvailability), middleware.name).toBe(true);
    }
    expect(plans.every((item) => item.yearlyPriceCents! < item.monthlyPriceCents * 12)).toBe(true);
    const support = await db.select().from(supportPlans).orderBy(asc(supportPlans.sortOrder));
    expect(support.map((item) => [item.name, item.pricingKind, item.monthlyPriceCents, item.percentOfSpendBasisPoints, item.minimumMonthlyCents])).toEqual([
      ['Basic', 'fixed', 0, null, null],
      ['Business', 'fixed', 19_900, null, null],
      ['Enterprise', 'share', null, 700, 99_000],
      ['Mission-critical', 'share', null, 1_000, 490_000],
    ]);
    expect(support.filter((item) => item.namedEngineer).map((item) => item.name)).toEqual(['Mission-critical']);
  });

  it('seeds PARIS: 5 % off a first purchase, from the first seed until the end of March 2027', async () => {
    const db = await seeded();
    const [paris] = await db.select().from(promotions).where(eq(promotions.code, 'PARIS'));
    expect(paris).toEqual({
      code: 'PARIS',
      description: '5 % off the first order of your organisation, for a limited time.',
      kind: 'percent',
      value: 500,
      validFrom: 1_000,
      validUntil: PARIS_ENDS_AT,
      firstPurchaseOnly: true,
      minimumSubtotalCents: 0,
      appliesTo: null,
      featured: true,
      maxRedemptions: null,
      maxRedemptionsPerOrganization: null,
      archivedAt: null,
      createdAt: 1_000,
      updatedAt: 2_000,
    });
    await expect(db.insert(promotions).values({ ...paris!, code: 'paris2' })).rejects.toThrow();
  });

  it('gives a database seeded after the launch window 90 days of PARIS', async () => {
    const db = await createTestDb();
    const later = Date.UTC(2027, 5, 1);
    await seed(db, later);
    const [paris] = await db.select().from(promotions).where(eq(promotions.code, 'PARIS'));
    expect(paris).toMatchObject({ validFrom: later, validUntil: later + 90 * 24 * 60 * 60_000 });
  });

  it('records the list prices as in effect since the epoch, and a scheduled change only from its date', async () => {
    const db = await seeded();
    const where = and(eq(catalogPrices.itemKind, 'node_flavor'), eq(catalogPrices.itemId, 'gp-2-8'));
    const july = Date.UTC(2027, 6, 1);
    await db.insert(catalogPrices).values({ itemKind: 'node_flavor', itemId: 'gp-2-8', effectiveFrom: july, monthlyPriceCents: 3_100, hourlyPriceMillicents: 4_247, createdAt: 3_000, createdBy: 'usr_demo_olivia' });
    await seed(db, 4_000);
    const rows = await db.select().from(catalogPrices).where(where);
    expect(rows).toHaveLength(2);
    expect(priceInEffect(rows, july - 1)).toMatchObject({ monthlyPriceCents: 2_900, hourlyPriceMillicents: 3_973, createdAt: 1_000, createdBy: null });
    expect(priceInEffect(rows, july)).toMatchObject({ monthlyPriceCents: 3_100, createdBy: 'usr_demo_olivia' });
    const [ha] = await db.select().from(catalogPrices).where(eq(catalogPrices.itemKind, 'cluster_tier_ha'));
    expect(ha).toMatchObject({ itemId: 'tier_economy', monthlyPriceCents: 4_900 });
  });

  it('keeps what staff changed outside the seeded values: archiving, another default version', async () => {
    const db = await seeded();
    await db.update(addons).set({ archivedAt: 2_500 }).where(eq(addons.id, 'addon_gatekeeper'));
    await db.update(clusterTiers).set({ archivedAt: 2_500, active: false }).where(eq(clusterTiers.id, 'tier_sandbox'));
    await db.batch([
      db.update(kubernetesVersions).set({ isDefault: false }).where(eq(kubernetesVersions.version, '1.37')),
      db.update(kubernetesVersions).set({ isDefault: true }).where(eq(kubernetesVersions.version, '1.38')),
    ]);
    await seed(db, 3_000);
    expect((await db.select().from(addons).where(eq(addons.id, 'addon_gatekeeper')))[0]?.archivedAt).toBe(2_500);
    expect((await db.select().from(clusterTiers).where(eq(clusterTiers.id, 'tier_sandbox')))[0]).toMatchObject({ archivedAt: 2_500, active: false });
    // The seed's default wins again, without ever holding two defaults.
    expect((await db.select().from(kubernetesVersions).where(eq(kubernetesVersions.isDefault, true))).map((row) => row.version)).toEqual(['1.37']);
  });

  it('never lets a catalogue item with dependants be deleted', async () => {
    const db = await seeded();
    await expect(db.delete(middlewares).where(eq(middlewares.id, 'mw_postgresql'))).rejects.toThrow();
    await expect(db.delete(clusterTiers).where(eq(clusterTiers.id, 'tier_standard'))).rejects.toThrow();
    await expect(
      db.update(kubernetesVersions).set({ isDefault: true }).where(eq(kubernetesVersions.version, '1.36')),
    ).rejects.toThrow();
  });
});
