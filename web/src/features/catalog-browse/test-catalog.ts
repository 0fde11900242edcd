import type { Catalog, CatalogAddon, CatalogTier } from './catalog-types';

/** A small catalogue shaped like the seeded one, for unit tests. */

const yearly = (monthly: number) => Math.round(monthly * 12 * 0.85);

function tier(overrides: Partial<CatalogTier> & Pick<CatalogTier, 'id' | 'name'>): CatalogTier {
  return {
    description: `${overrides.name} clusters`,
    purpose: `${overrides.name} workloads`,
    nodes: 3,
    vcpu: 4,
    memoryGb: 16,
    storageGb: 100,
    monthlyPriceCents: 28_900,
    yearlyPriceCents: yearly(28_900),
    // The listings' price of a default cluster; the screens under test here do not show it.
    startingPrice: null,
    slaBasisPoints: 9_995,
    haControlPlane: 'included',
    haMonthlyPriceCents: null,
    haYearlyPriceCents: null,
    maxNodes: 50,
    maxPools: 8,
    flavorIds: ['gp-2-4', 'gp-4-16', 'gp-8-32'],
    regionIds: ['fr-par-1', 'de-fra-1'],
    ...overrides,
  };
}

function addon(overrides: Partial<CatalogAddon> & Pick<CatalogAddon, 'id' | 'name'>): CatalogAddon {
  return {
    category: 'monitoring',
    description: `${overrides.name} for your cluster`,
    version: '1.0.0',
    monthlyPriceCents: 2_900,
    yearlyPriceCents: yearly(2_900),
    compatibleTierIds: ['tier_standard', 'tier_economy', 'tier_sandbox'],
    minKubernetesVersion: null,
    maxKubernetesVersion: null,
    kubernetesVersions: null,
    requires: [],
    conflicts: [],
    ...overrides,
  };
}

export const TEST_CATALOG: Catalog = {
  tiers: [
    tier({ id: 'tier_standard', name: 'Standard (Blue)' }),
    tier({
      id: 'tier_economy',
      name: 'Economy (Green)',
      nodes: 2,
      vcpu: 2,
      memoryGb: 4,
      monthlyPriceCents: 8_900,
      yearlyPriceCents: yearly(8_900),
      haControlPlane: 'optional',
      haMonthlyPriceCents: 4_900,
      haYearlyPriceCents: yearly(4_900),
      maxNodes: 10,
      maxPools: 3,
      flavorIds: ['gp-2-4', 'gp-4-16'],
      regionIds: ['fr-par-1', 'de-fra-1', 'pl-waw-1'],
    }),
    tier({
      id: 'tier_sandbox',
      name: 'Sandbox (Gray)',
      nodes: 1,
      vcpu: 2,
      memoryGb: 4,
      monthlyPriceCents: 1_900,
      yearlyPriceCents: yearly(1_900),
      slaBasisPoints: null,
      haControlPlane: 'unavailable',
      maxNodes: 1,
      maxPools: 1,
      flavorIds: ['gp-2-4'],
      regionIds: ['de-fra-1'],
    }),
  ],
  regions: [
    { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['HDS'], status: 'operational', zones: [] },
    { id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt', country: 'Germany', countryCode: 'DE', certifications: [], status: 'operational', zones: [] },
    { id: 'pl-waw-1', name: 'Warsaw WAW1', city: 'Warsaw', country: 'Poland', countryCode: 'PL', certifications: [], status: 'maintenance', zones: [] },
  ],
  kubernetesVersions: [
    { version: '1.38', patch: 0, classification: 'preview', endOfSupportAt: null, isDefault: false },
    { version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: null, isDefault: true },
    { version: '1.36', patch: 4, classification: 'supported', endOfSupportAt: null, isDefault: false },
  ],
  flavors: [
    { id: 'gp-2-4', name: 'General purpose 2 vCPU, 4 GB', category: 'general', vcpu: 2, memoryGb: 4, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, localDiskGb: 40, hourlyPriceMillicents: 2603, monthlyPriceCents: 1_900, yearlyPriceCents: null, regionIds: ['fr-par-1', 'de-fra-1', 'pl-waw-1'] },
    { id: 'gp-4-16', name: 'General purpose 4 vCPU, 16 GB', category: 'general', vcpu: 4, memoryGb: 16, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, localDiskGb: 100, hourlyPriceMillicents: 7808, monthlyPriceCents: 5_700, yearlyPriceCents: null, regionIds: ['fr-par-1', 'de-fra-1', 'pl-waw-1'] },
    { id: 'gp-8-32', name: 'General purpose 8 vCPU, 32 GB', category: 'general', vcpu: 8, memoryGb: 32, gpuModel: null, gpuCount: 0, gpuMemoryGb: null, localDiskGb: 200, hourlyPriceMillicents: 15479, monthlyPriceCents: 11_300, yearlyPriceCents: null, regionIds: ['fr-par-1'] },
  ],
  addons: [
    addon({ id: 'addon_monitoring', name: 'Prometheus and Grafana', monthlyPriceCents: 3_900, yearlyPriceCents: yearly(3_900) }),
    addon({ id: 'addon_logging', name: 'Grafana Loki', category: 'logging', monthlyPriceCents: 4_900, yearlyPriceCents: yearly(4_900), requires: ['addon_monitoring'] }),
    addon({ id: 'addon_cert_manager', name: 'cert-manager', category: 'certificates', monthlyPriceCents: 0, yearlyPriceCents: 0 }),
    addon({
      id: 'addon_istio',
      name: 'Istio service mesh',
      category: 'service-mesh',
      compatibleTierIds: ['tier_standard', 'tier_economy'],
      maxKubernetesVersion: '1.37',
      conflicts: ['addon_linkerd'],
    }),
    addon({ id: 'addon_linkerd', name: 'Linkerd service mesh', category: 'service-mesh', compatibleTierIds: ['tier_standard', 'tier_economy'], conflicts: ['addon_istio'] }),
    addon({
      id: 'addon_kserve',
      name: 'KServe model serving',
      category: 'ai',
      compatibleTierIds: ['tier_standard'],
      minKubernetesVersion: '1.36',
      requires: ['addon_cert_manager'],
    }),
  ],
  middlewares: [
    {
      id: 'mw_postgresql',
      name: 'PostgreSQL',
      engine: 'postgresql',
      category: 'database',
      description: 'Managed PostgreSQL with daily backups.',
      versions: ['18', '17'],
      regionIds: ['fr-par-1', 'de-fra-1'],
      plans: [
        { id: 'mwp_postgresql_starter', middlewareId: 'mw_postgresql', name: 'Starter', nodes: 1, vcpu: 1, memoryGb: 2, storageGb: 20, highAvailability: false, monthlyPriceCents: 1_900, yearlyPriceCents: yearly(1_900) },
        { id: 'mwp_postgresql_essential', middlewareId: 'mw_postgresql', name: 'Essential', nodes: 1, vcpu: 2, memoryGb: 8, storageGb: 80, highAvailability: false, monthlyPriceCents: 6_900, yearlyPriceCents: yearly(6_900) },
      ],
    },
    {
      id: 'mw_object_storage',
      name: 'Object Storage',
      engine: 's3',
      category: 'storage',
      description: 'S3-compatible buckets.',
      versions: [],
      regionIds: ['fr-par-1'],
      plans: [{ id: 'mwp_object_storage_250', middlewareId: 'mw_object_storage', name: 'Standard 250 GB', nodes: null, vcpu: null, memoryGb: null, storageGb: 250, highAvailability: false, monthlyPriceCents: 490, yearlyPriceCents: yearly(490) }],
    },
  ],
  supportPlans: [
    { id: 'support_business', name: 'Business', description: 'Chat with our engineers.', responseMinutes: [60, 240, 480, 1440], channels: ['ticket', 'chat'], hours: 'business', namedEngineer: false, pricing: { kind: 'fixed', monthlyCents: 19_900, yearlyCents: null } },
    { id: 'support_enterprise', name: 'Enterprise', description: 'Around the clock.', responseMinutes: [30, 120, 480, 1440], channels: ['phone'], hours: '24x7', namedEngineer: false, pricing: { kind: 'share', percentOfSpendBasisPoints: 700, minimumMonthlyCents: 99_000 } },
  ],
  promotions: [
    { code: 'PARIS', kind: 'percent', value: 500, validFrom: null, validUntil: Date.UTC(2027, 3, 1), firstPurchaseOnly: true, minimumSubtotalCents: 0, appliesTo: null },
  ],
};
