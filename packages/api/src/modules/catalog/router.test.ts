import { addons, catalogPrices, clusterTiers, middlewarePlans, nodeFlavors, promotions } from '@kubemarket/db';
import { PARIS_ENDS_AT } from '@kubemarket/db/seed';
import type { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicErrorMessage } from '../../errors';
import { createTestCaller, testCallerAt } from '../../testing';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 60 * 60_000;

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

  it('describes each tier: purpose, SLA, HA control plane, limits, flavours and regions', async () => {
    const { caller } = await testCallerAt(NOW);
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers[0]).toEqual({
      id: 'tier_standard',
      name: 'Standard (Blue)',
      description:
        'Production-ready managed Kubernetes with a highly available control plane across three availability zones, for web services and APIs.',
      nodes: 3,
      vcpu: 4,
      memoryGb: 16,
      storageGb: 100,
      monthlyPriceCents: 28_900,
      yearlyPriceCents: 294_780,
      purpose: 'Production web services and APIs',
      slaBasisPoints: 9_995,
      haControlPlane: { mode: 'included', monthlyPriceCents: null, yearlyPriceCents: null },
      maxNodes: 50,
      maxPools: 8,
      flavorIds: ['gp-2-8', 'gp-4-16', 'gp-8-32', 'gp-16-64', 'c-4-8', 'c-8-16', 'm-4-32', 'm-8-64'],
      regionIds: ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1'],
      // Its default cluster: the control plane and three gp-4-16 nodes at €57 (issue 31).
      startingPrice: { monthlyCents: 46_000, yearlyCents: 499_980, nodes: 3, flavorId: 'gp-4-16', regionId: 'fr-par-1' },
    });
    const economy = tiers.find((tier) => tier.id === 'tier_economy')!;
    expect(economy.haControlPlane).toEqual({ mode: 'optional', monthlyPriceCents: 4_900, yearlyPriceCents: 49_980 });
    expect(tiers.find((tier) => tier.id === 'tier_sandbox')).toMatchObject({ slaBasisPoints: null, haControlPlane: { mode: 'unavailable' }, maxNodes: 1, maxPools: 1 });
  });

  it("advertises each tier at the price an order for its default cluster is quoted, nodes included", async () => {
    const { caller } = await testCallerAt(NOW);
    const [tiers, versions] = await Promise.all([caller.catalog.clusterTiers(), caller.catalog.kubernetesVersions()]);
    const version = versions.find((candidate) => candidate.isDefault)!.version;
    for (const tier of tiers) {
      const starting = tier.startingPrice!;
      expect(starting, tier.id).not.toBeNull();
      // What the configurator opens on: the tier's included nodes (within its limit) of its flavour, HA when included.
      const line = {
        kind: 'cluster' as const,
        tierId: tier.id,
        regionId: starting.regionId,
        kubernetesVersion: version,
        highAvailability: tier.haControlPlane.mode === 'included',
        nodePools: [{ name: 'pool-1', flavorId: starting.flavorId, count: starting.nodes, autoscale: null }],
        addonIds: [],
      };
      const [monthly, yearly] = await Promise.all([caller.quotes.create({ lines: [line], cycle: 'monthly' }), caller.quotes.create({ lines: [line], cycle: 'yearly' })]);
      expect({ tier: tier.id, monthly: starting.monthlyCents, yearly: starting.yearlyCents }).toEqual({ tier: tier.id, monthly: monthly.subtotalCents, yearly: yearly.subtotalCents });
      expect(starting.monthlyCents, tier.id).toBeGreaterThan(tier.monthlyPriceCents);
      expect(starting.nodes).toBe(Math.min(tier.nodes, tier.maxNodes));
    }
  });

  it('advertises the control plane alone, saying so, when no flavour of a tier is on sale', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.update(nodeFlavors).set({ archivedAt: NOW - DAY_MS });
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers.every((tier) => tier.startingPrice === null)).toBe(true);
  });

  it('hides retired tiers', async () => {
    const { caller, db } = await createTestCaller();
    await db.update(clusterTiers).set({ active: false }).where(eq(clusterTiers.id, 'tier_sandbox'));
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers).toHaveLength(6);
    await expect(caller.catalog.clusterTier({ id: 'tier_sandbox' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides archived tiers, and archived flavours from the tiers that list them', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.update(clusterTiers).set({ archivedAt: NOW - DAY_MS }).where(eq(clusterTiers.id, 'tier_devtest'));
    await db.update(nodeFlavors).set({ archivedAt: NOW - DAY_MS }).where(eq(nodeFlavors.id, 'gp-2-4'));
    const tiers = await caller.catalog.clusterTiers();
    expect(tiers.map((tier) => tier.id)).not.toContain('tier_devtest');
    expect(tiers.find((tier) => tier.id === 'tier_sandbox')!.flavorIds).toEqual(['gp-2-8']);
    await expect(caller.catalog.clusterTier({ id: 'tier_devtest' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows a scheduled price change from its date, not before', async () => {
    const { caller, db, clock } = await testCallerAt(NOW);
    await db.insert(catalogPrices).values({
      itemKind: 'cluster_tier',
      itemId: 'tier_standard',
      effectiveFrom: NOW + DAY_MS,
      monthlyPriceCents: 31_900,
      yearlyPriceCents: 325_380,
      createdAt: NOW,
    });
    await expect(caller.catalog.clusterTier({ id: 'tier_standard' })).resolves.toMatchObject({ monthlyPriceCents: 28_900, yearlyPriceCents: 294_780 });
    clock.advance(DAY_MS);
    await expect(caller.catalog.clusterTier({ id: 'tier_standard' })).resolves.toMatchObject({ monthlyPriceCents: 31_900, yearlyPriceCents: 325_380 });
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

/** The regions in display order, and what /data-centers and /regions both say of Paris. */
const REGION_IDS = ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1', 'pl-waw-1', 'es-mad-1'];
const PARIS = { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'], status: 'operational',
  // Its operator, law and carbon figures (issue 34).
  operator: 'KubeMarket Demo SAS',
  jurisdiction: 'French law',
  euOnlyAccess: true,
  pueMilli: 1_580,
  gridGramsPerKwh: 56,
  gridSource: 'Ember, Yearly Electricity Data (lifecycle g CO₂e/kWh of generation), via Our World in Data',
  gridYear: 2023,
};

describe('catalog.dataCenters', () => {
  it('lists every region in display order with its certifications', async () => {
    const { caller } = await createTestCaller();
    const regions = await caller.catalog.dataCenters();
    expect(regions.map((region) => region.id)).toEqual(REGION_IDS);
    expect(regions[0]).toEqual({ ...PARIS, openedYear: 2019 });
    expect(new Set(regions.map((region) => region.status))).toEqual(new Set(['operational', 'maintenance', 'planned']));
  });
});

describe('catalog.regions', () => {
  it('lists every region with its zones and certifications', async () => {
    const { caller } = await testCallerAt(NOW);
    const regions = await caller.catalog.regions();
    expect(regions.map((region) => region.id)).toEqual(REGION_IDS);
    expect(regions[0]).toEqual({ ...PARIS, zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'] });
    expect(regions.find((region) => region.id === 'pl-waw-1')).toMatchObject({ zones: ['pl-waw-1a', 'pl-waw-1b'], status: 'maintenance' });
    expect(regions.find((region) => region.id === 'es-mad-1')!.status).toBe('planned');
  });
});

describe('catalog.kubernetesVersions', () => {
  it('lists versions newest first, comparing minors as numbers, with the default marked', async () => {
    const { caller } = await testCallerAt(NOW);
    const versions = await caller.catalog.kubernetesVersions();
    expect(versions.map((version) => version.version)).toEqual(['1.38', '1.37', '1.36', '1.35']);
    expect(versions[1]).toEqual({ version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: Date.UTC(2027, 9, 31), isDefault: true });
    expect(versions.filter((version) => version.isDefault)).toHaveLength(1);
    expect(versions.map((version) => version.classification)).toEqual(['preview', 'supported', 'supported', 'deprecated']);
  });
});

describe('catalog.flavors', () => {
  it('lists every flavour on sale with prices, GPU, regions and the tiers that offer it', async () => {
    const { caller } = await testCallerAt(NOW);
    const flavors = await caller.catalog.flavors();
    expect(flavors).toHaveLength(14);
    expect(flavors[0]).toEqual({
      id: 'gp-2-4',
      name: 'General purpose 2 vCPU, 4 GB',
      category: 'general',
      vcpu: 2,
      memoryGb: 4,
      gpu: null,
      localDiskGb: 40,
      hourlyPriceMillicents: 2_603,
      monthlyPriceCents: 1_900,
      yearlyPriceCents: 22_800,
      regionIds: ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1', 'pl-waw-1'],
      tierIds: ['tier_economy', 'tier_devtest', 'tier_sandbox'],
    });
    expect(flavors.find((flavor) => flavor.id === 'gpu-h100-2')).toMatchObject({
      gpu: { model: 'NVIDIA H100 SXM', count: 2, memoryGb: 80 },
      regionIds: ['fr-par-1'],
      tierIds: ['tier_ai'],
    });
  });

  it('filters by tier, region and category, alone or together', async () => {
    const { caller } = await testCallerAt(NOW);
    const ids = async (input: Parameters<typeof caller.catalog.flavors>[0]) => (await caller.catalog.flavors(input)).map((flavor) => flavor.id);
    expect(await ids({ tierId: 'tier_sandbox' })).toEqual(['gp-2-4', 'gp-2-8']);
    expect(await ids({ category: 'gpu' })).toEqual(['gpu-l4-1', 'gpu-l40s-1', 'gpu-h100-1', 'gpu-h100-2']);
    expect(await ids({ regionId: 'nl-ams-1', category: 'gpu' })).toEqual(['gpu-l4-1']);
    expect(await ids({ tierId: 'tier_ai', regionId: 'de-fra-1', category: 'gpu' })).toEqual(['gpu-l4-1', 'gpu-l40s-1', 'gpu-h100-1']);
    expect(await ids({ regionId: 'it-mil-1' })).not.toContain('m-4-32');
    expect(await ids({ tierId: 'tier_unknown' })).toEqual([]);
    expect(await ids({ tierId: '' })).toHaveLength(14);
  });

  it('leaves archived flavours out and refuses an unknown category with the choices', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.update(nodeFlavors).set({ archivedAt: NOW }).where(eq(nodeFlavors.id, 'gpu-h100-2'));
    expect((await caller.catalog.flavors({ category: 'gpu' })).map((flavor) => flavor.id)).not.toContain('gpu-h100-2');
    // @ts-expect-error an unknown category, as a script might send it
    const error = await caller.catalog.flavors({ category: 'quantum' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(publicErrorMessage(error as TRPCError)).toBe('category: Choose one of general, compute, memory, gpu.');
  });
});

describe('catalog.addons', () => {
  it('lists add-ons with prices, compatible tiers, Kubernetes bounds, requirements and conflicts', async () => {
    const { caller } = await testCallerAt(NOW);
    const list = await caller.catalog.addons();
    expect(list).toHaveLength(15);
    expect(list.find((addon) => addon.id === 'addon_kserve')).toEqual({
      id: 'addon_kserve',
      name: 'KServe model serving',
      category: 'ai',
      description: 'Serves models (vLLM, Hugging Face, ONNX, scikit-learn) behind an autoscaled HTTPS endpoint, on GPUs or CPUs.',
      version: '0.16.0',
      monthlyPriceCents: 14_900,
      yearlyPriceCents: 151_980,
      tierIds: ['tier_ai'],
      minKubernetesVersion: '1.36',
      maxKubernetesVersion: null,
      requires: ['addon_gpu_operator', 'addon_cert_manager'],
      conflicts: [],
    });
    expect(list.find((addon) => addon.id === 'addon_istio')).toMatchObject({ maxKubernetesVersion: '1.37', conflicts: ['addon_linkerd'] });
  });

  it('filters by compatible tier, category and search words', async () => {
    const { caller } = await testCallerAt(NOW);
    const ids = async (input: Parameters<typeof caller.catalog.addons>[0]) => (await caller.catalog.addons(input)).map((addon) => addon.id);
    const sandbox = await ids({ tierId: 'tier_sandbox' });
    expect(sandbox).toHaveLength(10);
    expect(sandbox).not.toContain('addon_istio');
    expect(sandbox).not.toContain('addon_gpu_operator');
    expect(await ids({ category: 'policy' })).toEqual(['addon_kyverno', 'addon_gatekeeper']);
    expect(await ids({ q: '  GRAFANA ' })).toEqual(['addon_monitoring', 'addon_logging']);
    expect(await ids({ q: 'mutual tls', tierId: 'tier_standard' })).toEqual(['addon_istio', 'addon_linkerd']);
    expect(await ids({ q: 'no such thing' })).toEqual([]);
  });

  it('leaves archived add-ons out, and hidden tiers out of tierIds', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.update(addons).set({ archivedAt: NOW }).where(eq(addons.id, 'addon_keda'));
    await db.update(clusterTiers).set({ active: false }).where(eq(clusterTiers.id, 'tier_sandbox'));
    const list = await caller.catalog.addons();
    expect(list.map((addon) => addon.id)).not.toContain('addon_keda');
    expect(list.find((addon) => addon.id === 'addon_monitoring')!.tierIds).not.toContain('tier_sandbox');
  });
});

describe('catalog.middlewares', () => {
  it('lists middlewares with their plans on sale', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.update(middlewarePlans).set({ archivedAt: NOW }).where(eq(middlewarePlans.id, 'mwp_postgresql_enterprise'));
    const list = await caller.catalog.middlewares();
    expect(list.map((middleware) => middleware.id)).toEqual([
      'mw_postgresql',
      'mw_mysql',
      'mw_valkey',
      'mw_kafka',
      'mw_rabbitmq',
      'mw_mongodb',
      'mw_opensearch',
      'mw_object_storage',
    ]);
    const postgresql = list[0]!;
    expect(postgresql).toMatchObject({ name: 'PostgreSQL', engine: 'postgresql', category: 'database', versions: ['18', '17', '16'] });
    expect(postgresql.plans.map((plan) => plan.id)).toEqual(['mwp_postgresql_starter', 'mwp_postgresql_essential', 'mwp_postgresql_business']);
    expect(postgresql.plans[2]).toEqual({
      id: 'mwp_postgresql_business',
      name: 'Business HA',
      nodes: 2,
      vcpu: 4,
      memoryGb: 16,
      storageGb: 320,
      highAvailability: true,
      monthlyPriceCents: 24_900,
      yearlyPriceCents: 253_980,
    });
    expect(list.at(-1)!.plans[0]).toMatchObject({ nodes: null, vcpu: null, memoryGb: null, storageGb: 250 });
  });

  it('filters by category and search words; a middleware without plans on sale is left out', async () => {
    const { caller, db } = await testCallerAt(NOW);
    const ids = async (input: Parameters<typeof caller.catalog.middlewares>[0]) => (await caller.catalog.middlewares(input)).map((middleware) => middleware.id);
    expect(await ids({ category: 'database' })).toEqual(['mw_postgresql', 'mw_mysql', 'mw_mongodb']);
    expect(await ids({ q: 'redis' })).toEqual(['mw_valkey']);
    expect(await ids({ category: 'cache', q: 'kafka' })).toEqual([]);
    await db.update(middlewarePlans).set({ archivedAt: NOW }).where(eq(middlewarePlans.middlewareId, 'mw_rabbitmq'));
    expect(await ids({ category: 'messaging' })).toEqual([]);
  });
});

describe('catalog.supportPlans', () => {
  it('lists plans with response targets, channels, hours and fixed or share-of-spend pricing', async () => {
    const { caller } = await testCallerAt(NOW);
    const plans = await caller.catalog.supportPlans();
    expect(plans.map((plan) => plan.id)).toEqual(['support_basic', 'support_business', 'support_enterprise', 'support_mission_critical']);
    expect(plans[1]).toEqual({
      id: 'support_business',
      name: 'Business',
      description: 'For production workloads: one-hour response to critical incidents and chat with our Kubernetes engineers during business hours.',
      responseMinutes: { p1: 60, p2: 240, p3: 480, p4: 1_440 },
      channels: ['ticket', 'email', 'chat'],
      hours: 'business',
      namedEngineer: false,
      pricing: { kind: 'fixed', monthlyPriceCents: 19_900, yearlyPriceCents: 238_800 },
    });
    expect(plans[3]).toMatchObject({
      hours: '24x7',
      namedEngineer: true,
      pricing: { kind: 'share', percentOfSpendBasisPoints: 1_000, minimumMonthlyCents: 490_000 },
    });
  });
});

describe('catalog.featuredPromotion', () => {
  it('announces PARIS while it is valid', async () => {
    const { caller } = await testCallerAt(NOW);
    await expect(caller.catalog.featuredPromotion()).resolves.toEqual({
      code: 'PARIS',
      description: '5 % off the first order of your organisation, for a limited time.',
      kind: 'percent',
      value: 500,
      validUntil: PARIS_ENDS_AT,
      firstPurchaseOnly: true,
    });
  });

  it('announces nothing once the code has expired, or when it is archived', async () => {
    const expired = await testCallerAt(PARIS_ENDS_AT);
    await expect(expired.caller.catalog.featuredPromotion()).resolves.toBeNull();
    const { caller, db } = await testCallerAt(NOW);
    await db.update(promotions).set({ archivedAt: NOW }).where(eq(promotions.code, 'PARIS'));
    await expect(caller.catalog.featuredPromotion()).resolves.toBeNull();
  });
});
