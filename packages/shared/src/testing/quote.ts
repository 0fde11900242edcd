/** A small price book and customers for the pricing engine's tests (tests only: `@kubemarket/shared/testing`, not the package's main door). */
import type { ClusterLineInput, PriceBook, Promotion, QuoteContext, QuoteCustomer } from '../quote/types';

export const NOW = Date.UTC(2026, 5, 15, 12);

/**
 * A promotion code for the tests: a percentage off any line, valid at any time and for any
 * purchase, unless `rules` say otherwise.
 */
export function testPromotion(code: string, rules: Partial<Omit<Promotion, 'code'>> & Pick<Promotion, 'value'>): Promotion {
  const { kind = 'percent', value, validFrom = null, validUntil = null, firstPurchaseOnly = false, minimumSubtotalCents = 0, appliesTo = null } = rules;
  return { code, kind, value, validFrom, validUntil, firstPurchaseOnly, minimumSubtotalCents, appliesTo };
}

export const PRICE_BOOK: PriceBook = {
  tiers: [
    {
      id: 'blue',
      name: 'Standard (Blue)',
      monthlyCents: 28_900,
      yearlyCents: 294_780,
      haControlPlane: { mode: 'optional', monthlyCents: 9_900, yearlyCents: 100_980 },
      maxNodes: 10,
      maxPools: 3,
      flavorIds: ['gp-2-8', 'gp-4-16', 'mem-4-32'],
      regionIds: ['fr-par-1', 'fr-par-2', 'de-fra-1'],
    },
    {
      id: 'red',
      name: 'Enterprise (Red)',
      monthlyCents: 119_900,
      yearlyCents: 1_222_980,
      haControlPlane: { mode: 'included', monthlyCents: 0, yearlyCents: 0 },
      maxNodes: 100,
      maxPools: 10,
      flavorIds: ['gp-2-8', 'gp-4-16', 'mem-4-32', 'gpu-l4-1'],
      regionIds: ['fr-par-1', 'fr-par-2', 'de-fra-1', 'pl-waw-1'],
    },
    {
      id: 'gray',
      name: 'Sandbox (Gray)',
      monthlyCents: 2_900,
      yearlyCents: 34_800,
      haControlPlane: { mode: 'unavailable', monthlyCents: 0 },
      maxNodes: 3,
      maxPools: 1,
      flavorIds: ['gp-2-8'],
      regionIds: ['fr-par-1'],
    },
    {
      id: 'ai',
      name: 'AI/ML (Violet)',
      monthlyCents: 49_900,
      yearlyCents: 508_980,
      // No yearly price for the HA control plane: 12 × monthly.
      haControlPlane: { mode: 'optional', monthlyCents: 14_900, yearlyCents: null },
      maxNodes: 20,
      maxPools: 4,
      flavorIds: ['gp-4-16', 'gpu-l4-1'],
      regionIds: ['fr-par-1'],
    },
  ],
  flavors: [
    { id: 'gp-2-8', name: 'gp-2-8', hourlyCents: 5, monthlyCents: 3_500, yearlyCents: 35_700 },
    { id: 'gp-4-16', name: 'gp-4-16', hourlyCents: 10, monthlyCents: 6_900 },
    { id: 'mem-4-32', name: 'mem-4-32', hourlyCents: 14, monthlyCents: 9_900, yearlyCents: 99_000 },
    { id: 'gpu-l4-1', name: 'gpu-l4-1', hourlyCents: 81, monthlyCents: 59_000, yearlyCents: 601_800 },
  ],
  addons: [
    {
      id: 'monitoring',
      name: 'Monitoring',
      monthlyCents: 1_500,
      yearlyCents: 15_300,
      tierIds: ['blue', 'red', 'gray', 'ai'],
      kubernetesVersions: null,
      requires: [],
      conflicts: [],
    },
    {
      id: 'logging',
      name: 'Logging',
      monthlyCents: 2_000,
      tierIds: ['blue', 'red', 'ai'],
      kubernetesVersions: null,
      requires: ['monitoring'],
      conflicts: [],
    },
    {
      id: 'istio',
      name: 'Istio service mesh',
      monthlyCents: 3_000,
      tierIds: ['blue', 'red'],
      kubernetesVersions: null,
      requires: [],
      // Declared on one side only: the relation is read both ways.
      conflicts: ['linkerd'],
    },
    {
      id: 'linkerd',
      name: 'Linkerd service mesh',
      monthlyCents: 2_500,
      tierIds: ['blue', 'red'],
      kubernetesVersions: null,
      requires: [],
      conflicts: [],
    },
    {
      id: 'gpu-operator',
      name: 'GPU operator',
      monthlyCents: 4_900,
      yearlyCents: 49_980,
      tierIds: ['ai'],
      kubernetesVersions: null,
      requires: [],
      conflicts: [],
    },
    {
      id: 'policy',
      name: 'Policy',
      monthlyCents: 1_000,
      tierIds: ['blue', 'red'],
      kubernetesVersions: ['1.30', '1.31'],
      requires: [],
      conflicts: [],
    },
  ],
  middlewarePlans: [
    { id: 'pg-small', middlewareId: 'postgresql', middlewareName: 'PostgreSQL', name: 'Small', monthlyCents: 4_900, yearlyCents: 49_980 },
    { id: 'valkey-small', middlewareId: 'valkey', middlewareName: 'Valkey', name: 'Small', monthlyCents: 1_900 },
  ],
  supportPlans: [
    { id: 'basic', name: 'Basic', pricing: { kind: 'fixed', monthlyCents: 0 } },
    { id: 'business', name: 'Business', pricing: { kind: 'fixed', monthlyCents: 9_900, yearlyCents: 99_000 } },
    { id: 'premium', name: 'Premium', pricing: { kind: 'share', percentOfSpendBasisPoints: 1_000, minimumMonthlyCents: 50_000 } },
  ],
  promotions: [
    testPromotion('PARIS', { value: 500, validFrom: Date.UTC(2026, 0, 1), validUntil: Date.UTC(2026, 8, 1), firstPurchaseOnly: true }),
    testPromotion('WELCOME20', { kind: 'amount', value: 2_000, minimumSubtotalCents: 10_000, appliesTo: ['cluster'] }),
    testPromotion('SUPPORT10', { value: 1_000, appliesTo: ['support'] }),
    testPromotion('SUMMER25', { value: 2_500, validFrom: Date.UTC(2025, 5, 1), validUntil: Date.UTC(2025, 8, 1) }),
    testPromotion('AUTUMN', { value: 1_000, validFrom: Date.UTC(2026, 9, 1) }),
    testPromotion('BIGCLUSTER', { kind: 'amount', value: 10_000_000, appliesTo: ['cluster'] }),
  ],
};

export const FR_BUSINESS: QuoteCustomer = { countryCode: 'FR', vatNumber: 'FR40303265045', isBusiness: true, hasPurchased: false };
export const DE_CONSUMER: QuoteCustomer = { countryCode: 'DE', vatNumber: null, isBusiness: false, hasPurchased: false };
export const DE_BUSINESS: QuoteCustomer = { countryCode: 'DE', vatNumber: 'DE129273398', isBusiness: true, hasPurchased: false };
export const US_BUSINESS: QuoteCustomer = { countryCode: 'US', vatNumber: null, isBusiness: true, hasPurchased: false };

export function context(overrides: Partial<QuoteContext> = {}): QuoteContext {
  return { cycle: 'monthly', now: NOW, customer: FR_BUSINESS, ...overrides };
}

/**
 * Standard (Blue), HA, a fixed pool of 3 × gp-2-8 and an autoscaling pool of gp-4-16 (2 to 5),
 * with monitoring and logging.
 */
export function blueCluster(overrides: Partial<ClusterLineInput> = {}): ClusterLineInput {
  return {
    kind: 'cluster',
    tierId: 'blue',
    regionId: 'fr-par-1',
    kubernetesVersion: '1.31.2',
    highAvailability: true,
    nodePools: [
      { name: 'web', flavorId: 'gp-2-8', count: 3 },
      { name: 'batch', flavorId: 'gp-4-16', count: 2, autoscale: { min: 2, max: 5 } },
    ],
    addonIds: ['monitoring', 'logging'],
    ...overrides,
  };
}
