import { suggestionsInputSchema, type PriceBook, type SuggestionsInput } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { rankTiers, type SuggestionCatalogue } from './ranking';

/**
 * The pure ranking, on a small hand-made catalogue (no database): every price below is worked out
 * by hand from it, so a change in how suggestions are priced or chosen shows here.
 */

const NOW = Date.UTC(2026, 10, 23, 12);
const ALL = ['tier_standard', 'tier_economy', 'tier_ai', 'tier_enterprise', 'tier_sandbox'];

type Tier = PriceBook['tiers'][number];

/** A tier sold in Paris and Frankfurt with its HA control plane included, at ten monthly payments a year, unless said otherwise. */
function tier(id: string, name: string, monthlyCents: number, sizes: Pick<Tier, 'maxNodes' | 'maxPools' | 'flavorIds'>, other: Partial<Tier> = {}): Tier {
  return { id, name, monthlyCents, yearlyCents: monthlyCents * 10, haControlPlane: { mode: 'included', monthlyCents: 0 }, ...sizes, regionIds: ['fr-par-1', 'de-fra-1'], ...other };
}

const PRICE_BOOK: PriceBook = {
  tiers: [
    tier('tier_standard', 'Standard (Blue)', 20_000, { maxNodes: 50, maxPools: 8, flavorIds: ['gp-2-4', 'gp-4-16'] }),
    tier('tier_economy', 'Economy (Green)', 5_000, { maxNodes: 10, maxPools: 3, flavorIds: ['gp-2-4', 'gp-4-16'] }, {
      haControlPlane: { mode: 'optional', monthlyCents: 3_000, yearlyCents: 30_000 },
      regionIds: ['fr-par-1', 'de-fra-1', 'es-mad-1'],
    }),
    tier('tier_ai', 'AI/ML (Violet)', 100_000, { maxNodes: 32, maxPools: 8, flavorIds: ['gp-4-16', 'gpu-big', 'gpu-small'] }),
    tier('tier_enterprise', 'Enterprise (Red)', 80_000, { maxNodes: 200, maxPools: 20, flavorIds: ['gp-4-16', 'm-4-32'] }),
    tier('tier_sandbox', 'Sandbox (Gray)', 1_000, { maxNodes: 1, maxPools: 1, flavorIds: ['gp-2-4'] }, { haControlPlane: { mode: 'unavailable', monthlyCents: 0 }, regionIds: ['de-fra-1'] }),
  ],
  flavors: [
    { id: 'gp-2-4', name: 'General 2 vCPU, 4 GB', hourlyCents: 2, monthlyCents: 1_000 },
    { id: 'gp-4-16', name: 'General 4 vCPU, 16 GB', hourlyCents: 4, monthlyCents: 3_000 },
    { id: 'm-4-32', name: 'Memory 4 vCPU, 32 GB', hourlyCents: 6, monthlyCents: 5_000 },
    { id: 'gpu-big', name: 'GPU 1 × Big', hourlyCents: 300, monthlyCents: 200_000 },
    { id: 'gpu-small', name: 'GPU 1 × Small', hourlyCents: 80, monthlyCents: 50_000, yearlyCents: 500_000 },
  ],
  addons: [
    { id: 'addon_gpu_old', name: 'Old GPU operator', monthlyCents: 1_000, tierIds: ['tier_ai'], kubernetesVersions: ['1.36'], requires: [], conflicts: [] },
    { id: 'addon_gpu', name: 'GPU operator', monthlyCents: 9_000, tierIds: ['tier_ai'], kubernetesVersions: null, requires: [], conflicts: [] },
    { id: 'addon_monitoring', name: 'Monitoring', monthlyCents: 4_000, tierIds: ALL, kubernetesVersions: null, requires: [], conflicts: [] },
    { id: 'addon_logging', name: 'Logging', monthlyCents: 5_000, tierIds: ALL, kubernetesVersions: null, requires: ['addon_monitoring'], conflicts: [] },
    { id: 'addon_backup', name: 'Backup', monthlyCents: 3_000, yearlyCents: 30_000, tierIds: ALL, kubernetesVersions: null, requires: [], conflicts: [] },
    { id: 'addon_audit', name: 'Audited policies', monthlyCents: 2_000, tierIds: ALL, kubernetesVersions: null, requires: ['addon_logging'], conflicts: ['addon_tls_alt'] },
    { id: 'addon_tls_alt', name: 'Other TLS', monthlyCents: 500, tierIds: ALL, kubernetesVersions: null, requires: [], conflicts: ['addon_audit'] },
    { id: 'addon_tls', name: 'TLS certificates', monthlyCents: 0, tierIds: ALL, kubernetesVersions: null, requires: [], conflicts: [] },
    { id: 'addon_ingress', name: 'Ingress', monthlyCents: 0, tierIds: ['tier_standard'], kubernetesVersions: null, requires: [], conflicts: [] },
  ],
  middlewarePlans: [],
  supportPlans: [],
  promotions: [],
};

const CATALOGUE: SuggestionCatalogue = {
  priceBook: PRICE_BOOK,
  tiers: [
    { id: 'tier_standard', purpose: 'Production web services and APIs', slaBasisPoints: 9_995 },
    { id: 'tier_economy', purpose: 'Internal tools and small services', slaBasisPoints: 9_990 },
    { id: 'tier_ai', purpose: 'Model training and inference on GPUs', slaBasisPoints: 9_990 },
    { id: 'tier_enterprise', purpose: 'Regulated and business-critical workloads', slaBasisPoints: 9_999 },
    { id: 'tier_sandbox', purpose: 'Learning Kubernetes', slaBasisPoints: null },
  ],
  regions: [
    { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', certifications: ['ISO 27001', 'HDS', 'SecNumCloud'], status: 'operational' },
    { id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt am Main', certifications: ['ISO 27001'], status: 'operational' },
    { id: 'es-mad-1', name: 'Madrid MAD1', city: 'Madrid', certifications: [], status: 'planned' },
  ],
  flavors: [
    { id: 'gp-2-4', category: 'general', vcpu: 2, memoryGb: 4, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, regionIds: ['fr-par-1', 'de-fra-1'] },
    { id: 'gp-4-16', category: 'general', vcpu: 4, memoryGb: 16, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, regionIds: ['fr-par-1', 'de-fra-1'] },
    { id: 'm-4-32', category: 'memory', vcpu: 4, memoryGb: 32, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, regionIds: ['fr-par-1'] },
    { id: 'gpu-big', category: 'gpu', vcpu: 24, memoryGb: 240, gpuModel: 'Big', gpuCount: 1, gpuMemoryGb: 80, regionIds: ['fr-par-1', 'de-fra-1'] },
    { id: 'gpu-small', category: 'gpu', vcpu: 8, memoryGb: 48, gpuModel: 'Small', gpuCount: 1, gpuMemoryGb: 24, regionIds: ['de-fra-1'] },
  ],
  addons: [
    { id: 'addon_gpu_old', category: 'gpu' },
    { id: 'addon_gpu', category: 'gpu' },
    { id: 'addon_monitoring', category: 'monitoring' },
    { id: 'addon_logging', category: 'logging' },
    { id: 'addon_backup', category: 'backup' },
    { id: 'addon_audit', category: 'policy' },
    { id: 'addon_tls_alt', category: 'certificates' },
    { id: 'addon_tls', category: 'certificates' },
    { id: 'addon_ingress', category: 'ingress' },
  ],
  kubernetesVersion: '1.37',
};

function rank(answers: Partial<SuggestionsInput>, catalogue: SuggestionCatalogue = CATALOGUE) {
  const questionnaire = suggestionsInputSchema.parse({
    workload: 'web',
    environments: ['production'],
    expectedNodes: 3,
    dataSensitivity: 'public',
    availability: '99.9',
    ...answers,
  });
  return rankTiers(questionnaire, catalogue, NOW);
}

const reasonsOf = (result: ReturnType<typeof rank>, tierId: string) => result.excluded.find((entry) => entry.tierId === tierId)?.reasons;

describe('rankTiers', () => {
  it('suggests only a GPU tier for AI, on its most affordable GPU node where the data may live, with the GPU operator the version supports', () => {
    const result = rank({ workload: 'ai', dataSensitivity: 'health', expectedNodes: 2 });
    expect(result.suggestions.map((suggestion) => suggestion.tier.id)).toEqual(['tier_ai']);
    const [ai] = result.suggestions;
    // gpu-small is cheaper but only in Frankfurt, which is not HDS-certified: gpu-big in Paris.
    expect(ai!.region.id).toBe('fr-par-1');
    expect(ai!.nodes).toMatchObject({ flavorId: 'gpu-big', flavorName: 'GPU 1 × Big', count: 3 });
    expect(ai!.nodes.reason).toContain('3 nodes rather than 2: production at 99.9 % needs a node in each of three zones.');
    // The old operator stops at 1.36; the default version is 1.37.
    expect(ai!.addons.map((addon) => addon.id)).toEqual(['addon_gpu', 'addon_monitoring', 'addon_backup', 'addon_logging', 'addon_audit', 'addon_tls']);
    expect(ai!.reasons).toContain('Hosted in Paris PAR1, HDS-certified for health data.');
    expect(result.excluded.map((entry) => entry.tierId)).toEqual(['tier_standard', 'tier_economy', 'tier_enterprise', 'tier_sandbox']);
    expect(reasonsOf(result, 'tier_standard')).toEqual(['It offers no GPU nodes, which AI/ML workloads need.']);
    expect(reasonsOf(result, 'tier_sandbox')).toEqual([
      'It comes without an availability SLA, and you need 99.9 %.',
      'It runs at most 1 node, and you expect 2.',
      'Its control plane is not highly available, which production at 99.9 % needs.',
      'It offers no GPU nodes, which AI/ML workloads need.',
      'None of its regions is HDS-certified, which health data requires.',
    ]);
  });

  it('prices the configuration with the engine: control plane, nodes and add-ons, monthly and yearly, without VAT', () => {
    const [ai] = rank({ workload: 'ai', dataSensitivity: 'health', expectedNodes: 2 }).suggestions;
    // Monthly: 100 000 + 3 × 200 000 + 9 000 + 4 000 + 3 000 + 5 000 + 2 000 + 0 = 723 000.
    // Yearly: 1 000 000 + 3 × 12 × 200 000 + 12 × (9 000 + 4 000 + 5 000 + 2 000) + 30 000 = 8 470 000.
    expect(ai!.price).toEqual({ monthlyCents: 723_000, yearlyCents: 8_470_000 });
    expect(ai!.addons.find((addon) => addon.id === 'addon_backup')).toMatchObject({ monthlyPriceCents: 3_000, yearlyPriceCents: 30_000 });
    expect(ai!.configuration).toEqual({
      tierId: 'tier_ai',
      regionId: 'fr-par-1',
      kubernetesVersion: '1.37',
      highAvailability: true,
      nodePools: [{ name: 'pool-1', flavorId: 'gpu-big', count: 3 }],
      addonIds: ['addon_gpu', 'addon_monitoring', 'addon_backup', 'addon_logging', 'addon_audit', 'addon_tls'],
    });
  });

  it('adds what an add-on requires first, explained by it, and skips an add-on that conflicts with one chosen', () => {
    const [first] = rank({ workload: 'other', environments: ['staging'], dataSensitivity: 'health', availability: 'best-effort' }).suggestions;
    expect(first!.addons.map((addon) => [addon.id, addon.reason])).toEqual([
      ['addon_monitoring', 'Required by the Audited policies add-on.'],
      ['addon_logging', 'Required by the Audited policies add-on.'],
      ['addon_audit', 'Enforces the Pod Security Standards and CIS baselines on every deployment: evidence that HDS audits ask for.'],
      // addon_tls_alt conflicts with addon_audit.
      ['addon_tls', 'Encrypts traffic to your services with TLS certificates renewed automatically; health data must be encrypted in transit.'],
    ]);
  });

  it('explains every tier left out: SLA, node limit, HA control plane, region and certification', () => {
    const result = rank({ expectedNodes: 40, availability: '99.95', regionId: 'de-fra-1', dataSensitivity: 'regulated' });
    expect(result.suggestions).toEqual([]);
    expect(reasonsOf(result, 'tier_economy')).toEqual([
      'Its 99.9 % SLA is below your 99.95 % target.',
      'It runs at most 10 nodes, and you expect 40.',
      'Frankfurt FRA1 is not SecNumCloud-certified, which regulated data requires.',
    ]);
    expect(reasonsOf(result, 'tier_standard')).toEqual(['Frankfurt FRA1 is not SecNumCloud-certified, which regulated data requires.']);

    const paris = rank({ expectedNodes: 1, environments: ['development'], availability: 'best-effort', regionId: 'fr-par-1' });
    expect(reasonsOf(paris, 'tier_sandbox')).toEqual(['It is not offered in Paris PAR1.']);
  });

  it('ranks the best fit first, then the least expensive, and lists tiers beyond the third as ranked lower', () => {
    const result = rank({ workload: 'web', expectedNodes: 4 });
    // Web: Standard (blue) fits best, then Economy (green), then Enterprise (red); the AI tier fits least.
    expect(result.suggestions.map((suggestion) => [suggestion.rank, suggestion.tier.id])).toEqual([
      [1, 'tier_standard'],
      [2, 'tier_economy'],
      [3, 'tier_enterprise'],
    ]);
    expect(reasonsOf(result, 'tier_ai')).toEqual([
      'It would run your workload too, for €1,195.00 a month, but the suggestions above match your answers better.',
    ]);
    // Economy's optional HA control plane is added for production at 99.9 %, and priced:
    // 5 000 + 3 000 HA + 4 × 3 000 + 4 000 + 3 000 + 500 (Other TLS, the first of its kind) = 27 500; Ingress is not for Economy.
    const economy = result.suggestions[1]!;
    expect(economy.highAvailability).toBe(true);
    expect(economy.reasons).toContain('The optional highly available control plane is added, as production at 99.9 % needs.');
    expect(economy.reasons).toContain('The least expensive of these suggestions.');
    expect(economy.price.monthlyCents).toBe(27_500);
    expect(economy.nodes).toMatchObject({ flavorId: 'gp-4-16', count: 4 });
    expect(result.suggestions[0]!.addons.map((addon) => addon.id)).toEqual(['addon_monitoring', 'addon_backup', 'addon_ingress', 'addon_tls_alt']);
  });

  it('puts suggestions within the budget first and flags the others with the amount over', () => {
    const result = rank({ workload: 'web', expectedNodes: 4, monthlyBudgetEur: 300 });
    expect(result.suggestions.map((suggestion) => suggestion.tier.id)).toEqual(['tier_economy', 'tier_standard', 'tier_enterprise']);
    expect(result.suggestions[0]!.budget).toEqual({ withinBudget: true, message: 'Within your budget of €300.00 a month.' });
    // Standard: 20 000 + 4 × 3 000 + 4 000 + 3 000 + 500 = 39 500, €95 over.
    expect(result.suggestions[1]!.budget).toEqual({ withinBudget: false, message: 'Over your budget of €300.00 by €95.00 a month.' });
    expect(rank({ workload: 'web' }).suggestions[0]!.budget).toBeNull();
  });

  it('chooses memory-optimised nodes for databases, and general-purpose ones with the reason where a tier has none', () => {
    const result = rank({ workload: 'database', environments: ['development'], availability: 'best-effort', expectedNodes: 1 });
    const enterprise = result.suggestions.find((suggestion) => suggestion.tier.id === 'tier_enterprise')!;
    expect(enterprise.nodes.flavorId).toBe('m-4-32');
    expect(enterprise.nodes.reason).toBe('Memory-optimised nodes (4 vCPU and 32 GB of memory) keep database working sets and caches in memory. 1 node, as you expect.');
    const standard = result.suggestions.find((suggestion) => suggestion.tier.id === 'tier_standard')!;
    // Outside production the smallest node will do.
    expect(standard.nodes.flavorId).toBe('gp-2-4');
    expect(standard.nodes.reason).toContain('Standard (Blue) has no memory-optimised nodes in Paris; general-purpose nodes of 2 vCPU and 4 GB of memory are the closest fit.');
    expect(standard.addons.map((addon) => addon.id)).toEqual(['addon_backup']);
  });

  it('gives the same answer for the same answers, whatever the order environments were chosen in', () => {
    const a = rank({ environments: ['staging', 'production'], monthlyBudgetEur: 500 });
    const b = rank({ environments: ['staging', 'production', 'staging'], monthlyBudgetEur: 500 });
    expect(a).toEqual(b);
    expect(a).toEqual(rank({ environments: ['production', 'staging'], monthlyBudgetEur: 500 }));
  });

  it('never suggests a region that has not opened, and says so for a tier sold only there', () => {
    const catalogue: SuggestionCatalogue = {
      ...CATALOGUE,
      priceBook: { ...PRICE_BOOK, tiers: PRICE_BOOK.tiers.map((tier) => (tier.id === 'tier_economy' ? { ...tier, regionIds: ['es-mad-1'] } : tier)) },
    };
    const result = rank({ workload: 'web', environments: ['development'], availability: 'best-effort' }, catalogue);
    expect(reasonsOf(result, 'tier_economy')).toEqual(['It is not offered in any open region yet.']);
    expect(result.suggestions.every((suggestion) => suggestion.region.id !== 'es-mad-1')).toBe(true);
  });
});
