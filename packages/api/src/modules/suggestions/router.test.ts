import { addons, catalogPrices, clusterTiers } from '@kubemarket/db';
import type { inferRouterInputs } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../root';
import { badRequestMessage, callerAs, sessionUserOf, testCallerAt } from '../../testing';

type Answers = inferRouterInputs<AppRouter>['suggestions']['rank'];

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 60 * 60_000;

const WEB: Answers = { workload: 'web', environments: ['production'], expectedNodes: 6, dataSensitivity: 'personal', availability: '99.9' };
const AI_HEALTH: Answers = { workload: 'ai', environments: ['production'], expectedNodes: 2, dataSensitivity: 'health', availability: '99.9' };

describe('suggestions.rank against the seeded catalogue', () => {
  it('suggests the AI/ML tier on an NVIDIA L4 in Paris with the GPU operator for AI on health data, priced by hand', async () => {
    const { caller } = await testCallerAt(NOW);
    const result = await caller.suggestions.rank(AI_HEALTH);
    expect(result.suggestions.map((suggestion) => suggestion.tier.name)).toEqual(['AI/ML (Violet)']);
    const [ai] = result.suggestions;
    expect(ai!.region).toMatchObject({ id: 'fr-par-1', name: 'Paris PAR1' });
    expect(ai!.region.certifications).toContain('HDS');
    expect(ai!.nodes).toMatchObject({ flavorId: 'gpu-l4-1', flavorName: 'GPU 1 × NVIDIA L4', count: 3 });
    expect(ai!.addons.map((addon) => addon.id)).toEqual([
      'addon_gpu_operator',
      'addon_monitoring',
      'addon_backup',
      'addon_kyverno',
      'addon_cert_manager',
      'addon_logging',
    ]);
    expect(ai!.addons.every((addon) => addon.reason.length > 20)).toBe(true);
    // 249 900 control plane + 3 × 54 900 L4 nodes + 9 900 + 3 900 + 2 900 + 1 900 + 0 + 4 900 add-ons.
    expect(ai!.price.monthlyCents).toBe(438_100);
    expect(ai!.kubernetesVersion).toBe('1.37');
    // Every other tier is explained.
    expect(result.excluded.map((entry) => entry.tierName)).toEqual([
      'Standard (Blue)',
      'Enterprise (Red)',
      'Economy (Green)',
      'Data Analytics',
      'Dev/Test (Orange)',
      'Sandbox (Gray)',
    ]);
    expect(result.excluded.find((entry) => entry.tierId === 'tier_economy')!.reasons).toEqual([
      'Its 99.5 % SLA is below your 99.9 % target.',
      'It offers no GPU nodes, which AI/ML workloads need.',
    ]);
  });

  it('prices every suggestion exactly as POST /api/quotes prices its configuration, monthly and yearly', async () => {
    const { caller } = await testCallerAt(NOW);
    for (const answers of [WEB, AI_HEALTH, { ...WEB, workload: 'database', environments: ['staging'], availability: 'best-effort' } satisfies Answers]) {
      const { suggestions } = await caller.suggestions.rank(answers);
      expect(suggestions.length).toBeGreaterThan(0);
      for (const suggestion of suggestions) {
        const line = { kind: 'cluster' as const, ...suggestion.configuration };
        const monthly = await caller.quotes.create({ lines: [line], cycle: 'monthly' });
        const yearly = await caller.quotes.create({ lines: [line], cycle: 'yearly' });
        expect([suggestion.price.monthlyCents, suggestion.price.yearlyCents]).toEqual([monthly.subtotalCents, yearly.subtotalCents]);
      }
    }
  });

  it('keeps health data in HDS-certified regions, and explains a preferred region that is not', async () => {
    const { caller } = await testCallerAt(NOW);
    const { suggestions } = await caller.suggestions.rank({ ...WEB, dataSensitivity: 'health' });
    expect(suggestions.length).toBeGreaterThan(1);
    for (const suggestion of suggestions) {
      expect(suggestion.region.certifications).toContain('HDS');
      expect(suggestion.reasons).toContain(`Hosted in ${suggestion.region.name}, HDS-certified for health data.`);
    }

    const frankfurt = await caller.suggestions.rank({ ...WEB, dataSensitivity: 'health', regionId: 'de-fra-1' });
    expect(frankfurt.suggestions).toEqual([]);
    const standard = frankfurt.excluded.find((entry) => entry.tierId === 'tier_standard')!;
    expect(standard.reasons).toEqual(['Frankfurt FRA1 is not HDS-certified, which health data requires.']);

    // Regulated data needs SecNumCloud: Paris only.
    const regulated = await caller.suggestions.rank({ ...WEB, dataSensitivity: 'regulated' });
    expect(new Set(regulated.suggestions.map((suggestion) => suggestion.region.id))).toEqual(new Set(['fr-par-1']));
    expect(regulated.suggestions[0]!.addons.map((addon) => addon.category)).toEqual(expect.arrayContaining(['policy', 'security', 'secrets']));
  });

  it('excludes every tier that cannot run the expected number of nodes', async () => {
    const { caller } = await testCallerAt(NOW);
    const large = await caller.suggestions.rank({ ...WEB, expectedNodes: 150 });
    expect(large.suggestions.map((suggestion) => suggestion.tier.id)).toEqual(['tier_enterprise']);
    expect(large.suggestions[0]!.nodes.count).toBe(150);
    expect(large.excluded.find((entry) => entry.tierId === 'tier_data')!.reasons).toEqual(['It runs at most 100 nodes, and you expect 150.']);

    const huge = await caller.suggestions.rank({ ...WEB, expectedNodes: 300 });
    expect(huge.suggestions).toEqual([]);
    expect(huge.excluded).toHaveLength(7);
    const tiers = await caller.catalog.clusterTiers();
    for (const entry of huge.excluded) {
      const maxNodes = tiers.find((tier) => tier.id === entry.tierId)!.maxNodes;
      expect(entry.reasons).toContain(`It runs at most ${maxNodes.toLocaleString('en-GB')} ${maxNodes === 1 ? 'node' : 'nodes'}, and you expect 300.`);
    }
  });

  it('flags suggestions over the monthly budget with the amount over, and ranks those within it first', async () => {
    const { caller } = await testCallerAt(NOW);
    const { suggestions } = await caller.suggestions.rank({ ...WEB, availability: '99.5', monthlyBudgetEur: 500 });
    // Economy (99.5 %) fits within €500; Standard's 6 × 4 vCPU nodes and control plane do not.
    expect(suggestions[0]).toMatchObject({ tier: { id: 'tier_economy' }, budget: { withinBudget: true, message: 'Within your budget of €500.00 a month.' } });
    const standard = suggestions.find((suggestion) => suggestion.tier.id === 'tier_standard')!;
    expect(standard.budget).toEqual({ withinBudget: false, message: `Over your budget of €500.00 by €${((standard.price.monthlyCents - 50_000) / 100).toFixed(2)} a month.` });
    expect(suggestions.every((suggestion) => suggestion.budget !== null)).toBe(true);
    expect((await caller.suggestions.rank(WEB)).suggestions.every((suggestion) => suggestion.budget === null)).toBe(true);
  });

  it('reads the catalogue in effect: a price change counts from its date, archived add-ons and retired tiers are not suggested', async () => {
    const { caller, clock, db } = await testCallerAt(NOW);
    await db.insert(catalogPrices).values({ itemKind: 'cluster_tier', itemId: 'tier_ai', effectiveFrom: NOW + DAY_MS, monthlyPriceCents: 259_900, yearlyPriceCents: 2_650_980, createdAt: NOW });
    expect((await caller.suggestions.rank(AI_HEALTH)).suggestions[0]!.price.monthlyCents).toBe(438_100);
    clock.advance(DAY_MS);
    expect((await caller.suggestions.rank(AI_HEALTH)).suggestions[0]!.price.monthlyCents).toBe(448_100);

    await db.update(addons).set({ archivedAt: NOW }).where(eq(addons.id, 'addon_kyverno'));
    // Kyverno archived: the other policy engine, OPA Gatekeeper, takes its place.
    const policy = (await caller.suggestions.rank(AI_HEALTH)).suggestions[0]!.addons.find((addon) => addon.category === 'policy');
    expect(policy?.id).toBe('addon_gatekeeper');

    await db.update(clusterTiers).set({ active: false, archivedAt: NOW }).where(eq(clusterTiers.id, 'tier_ai'));
    const withoutAi = await caller.suggestions.rank(AI_HEALTH);
    expect(withoutAi.suggestions).toEqual([]);
    expect(withoutAi.excluded.map((entry) => entry.tierId)).not.toContain('tier_ai');
  });

  it('answers the same to a signed-in customer and to anyone, and the same every time', async () => {
    const { caller, ctx, db } = await testCallerAt(NOW);
    const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
    const anonymous = await caller.suggestions.rank(WEB);
    expect(await alice.suggestions.rank(WEB)).toEqual(anonymous);
    expect(await caller.suggestions.rank({ ...WEB, environments: ['production', 'production'] })).toEqual(anonymous);
  });

  it('refuses answers it cannot use with a message for each field', async () => {
    const { caller } = await testCallerAt(NOW);
    const send = (input: unknown) => badRequestMessage(caller.suggestions.rank(input as Answers));
    expect(await send({ ...WEB, expectedNodes: 0 })).toBe('expectedNodes: Expect at least 1 node.');
    expect(await send({ ...WEB, expectedNodes: 501 })).toBe('expectedNodes: Suggestions go up to 500 nodes; for more, ask us for a custom solution.');
    expect(await send({ ...WEB, expectedNodes: 2.5 })).toBe('expectedNodes: The number of nodes is a whole number.');
    expect(await send({ ...WEB, environments: [] })).toBe('environments: Choose at least one environment.');
    expect(await send({ ...WEB, environments: ['moon'] })).toBe('environments.0: Environments are production, staging or development.');
    expect(await send({ ...WEB, workload: 'mining' })).toMatch(/^workload: Choose the kind of workload: Web and API services, /);
    expect(await send({ ...WEB, availability: '100' })).toBe('availability: Choose an availability target: best effort, 99.5 %, 99.9 % or 99.95 %.');
    expect(await send({ ...WEB, dataSensitivity: undefined })).toMatch(/^dataSensitivity: Choose the kind of data: /);
    expect(await send({ ...WEB, monthlyBudgetEur: 0 })).toBe('monthlyBudgetEur: The monthly budget is at least €1; leave it empty for no budget.');
    expect(await send({ ...WEB, monthlyBudgetEur: '500' })).toBe('monthlyBudgetEur: The monthly budget is a number of euros.');
    expect(await send({ ...WEB, regionId: 'mars-1' })).toBe('There is no region "mars-1"; choose one of fr-par-1, de-fra-1, nl-ams-1, it-mil-1, pl-waw-1, or any region.');
    expect(await send({ ...WEB, regionId: 'es-mad-1' })).toBe('Madrid MAD1 has not opened yet; choose one of fr-par-1, de-fra-1, nl-ams-1, it-mil-1, pl-waw-1, or any region.');
    // An empty region means any region.
    await expect(caller.suggestions.rank({ ...WEB, regionId: '' })).resolves.toEqual(await caller.suggestions.rank(WEB));
  });
});
