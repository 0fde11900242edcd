import type { Catalog, CatalogAddon, CatalogFlavor, CatalogTier } from '../features/catalog';

/**
 * A small catalogue shaped like the seeded one, for the unit tests of every feature that reads the
 * catalogue (the estimator, the marketplace, the configurator): regions with zones, a GPU flavour,
 * tiers with each kind of high-availability control plane, add-ons that require or exclude each
 * other, middlewares with plans and support plans.
 */

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
    flavorIds: ['gp-2-8', 'gp-4-16', 'gp-8-32'],
    regionIds: ['fr-par-1', 'de-fra-1'],
    ...overrides,
  };
}

function flavor(overrides: Partial<CatalogFlavor> & Pick<CatalogFlavor, 'id' | 'name' | 'vcpu' | 'memoryGb' | 'monthlyPriceCents'>): CatalogFlavor {
  return {
    category: 'general',
    gpuModel: null,
    gpuCount: 0,
    gpuMemoryGb: null,
    localDiskGb: 100,
    hourlyPriceMillicents: null,
    yearlyPriceCents: null,
    regionIds: ['fr-par-1', 'de-fra-1', 'pl-waw-1'],
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
    compatibleTierIds: ['tier_standard', 'tier_economy', 'tier_ai', 'tier_sandbox'],
    minKubernetesVersion: null,
    maxKubernetesVersion: null,
    kubernetesVersions: null,
    requires: [],
    conflicts: [],
    ...overrides,
  };
}

/** The service meshes are not offered on the sandbox. */
const MESH_TIERS = ['tier_standard', 'tier_economy', 'tier_ai'];

export const TEST_CATALOG: Catalog = {
  tiers: [
    tier({ id: 'tier_standard', name: 'Standard (Blue)' }),
    tier({
      id: 'tier_economy',
      name: 'Economy (Green)',
      nodes: 2,
      vcpu: 2,
      memoryGb: 8,
      monthlyPriceCents: 8_900,
      yearlyPriceCents: yearly(8_900),
      slaBasisPoints: 9_950,
      haControlPlane: 'optional',
      haMonthlyPriceCents: 4_900,
      haYearlyPriceCents: yearly(4_900),
      maxNodes: 10,
      maxPools: 3,
      flavorIds: ['gp-2-8', 'gp-4-16'],
      regionIds: ['fr-par-1', 'de-fra-1', 'pl-waw-1'],
    }),
    tier({
      id: 'tier_ai',
      name: 'AI/ML (Violet)',
      vcpu: 8,
      memoryGb: 32,
      monthlyPriceCents: 249_900,
      yearlyPriceCents: yearly(249_900),
      maxNodes: 32,
      flavorIds: ['gp-8-32', 'gpu-l4-1'],
      regionIds: ['fr-par-1'],
    }),
    tier({
      id: 'tier_sandbox',
      name: 'Sandbox (Gray)',
      nodes: 1,
      vcpu: 2,
      memoryGb: 8,
      monthlyPriceCents: 1_900,
      yearlyPriceCents: yearly(1_900),
      slaBasisPoints: null,
      haControlPlane: 'unavailable',
      maxNodes: 1,
      maxPools: 1,
      flavorIds: ['gp-2-8'],
      regionIds: ['de-fra-1'],
    }),
  ],
  regions: [
    { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['HDS'], status: 'operational', zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'], operator: 'KubeMarket Demo SAS', jurisdiction: 'French law', euOnlyAccess: true, pueMilli: 1_580, gridGramsPerKwh: 56, gridSource: 'Ember', gridYear: 2023 },
    { id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt', country: 'Germany', countryCode: 'DE', certifications: [], status: 'operational', zones: ['de-fra-1a', 'de-fra-1b', 'de-fra-1c'], operator: 'KubeMarket Demo SAS', jurisdiction: 'German law (site), French law (operator)', euOnlyAccess: true, pueMilli: 1_580, gridGramsPerKwh: 381, gridSource: 'Ember', gridYear: 2023 },
    { id: 'pl-waw-1', name: 'Warsaw WAW1', city: 'Warsaw', country: 'Poland', countryCode: 'PL', certifications: [], status: 'maintenance', zones: ['pl-waw-1a', 'pl-waw-1b'], operator: 'KubeMarket Demo SAS', jurisdiction: 'Polish law (site), French law (operator)', euOnlyAccess: false, pueMilli: 1_580, gridGramsPerKwh: 662, gridSource: 'Ember', gridYear: 2023 },
  ],
  kubernetesVersions: [
    { version: '1.38', patch: 0, classification: 'preview', endOfSupportAt: null, isDefault: false },
    { version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: null, isDefault: true },
    { version: '1.36', patch: 4, classification: 'supported', endOfSupportAt: null, isDefault: false },
  ],
  flavors: [
    flavor({ id: 'gp-2-8', name: 'General purpose 2 vCPU, 8 GB', vcpu: 2, memoryGb: 8, monthlyPriceCents: 2_900 }),
    flavor({ id: 'gp-4-16', name: 'General purpose 4 vCPU, 16 GB', vcpu: 4, memoryGb: 16, monthlyPriceCents: 5_700 }),
    flavor({ id: 'gp-8-32', name: 'General purpose 8 vCPU, 32 GB', vcpu: 8, memoryGb: 32, monthlyPriceCents: 11_300, regionIds: ['fr-par-1'] }),
    flavor({
      id: 'gpu-l4-1',
      name: 'GPU 1 × NVIDIA L4',
      category: 'gpu',
      vcpu: 8,
      memoryGb: 48,
      gpuModel: 'NVIDIA L4',
      gpuCount: 1,
      gpuMemoryGb: 24,
      localDiskGb: 500,
      monthlyPriceCents: 54_900,
      regionIds: ['fr-par-1'],
    }),
  ],
  addons: [
    addon({ id: 'addon_monitoring', name: 'Prometheus and Grafana', monthlyPriceCents: 3_900, yearlyPriceCents: yearly(3_900) }),
    addon({ id: 'addon_logging', name: 'Grafana Loki', category: 'logging', monthlyPriceCents: 4_900, yearlyPriceCents: yearly(4_900), requires: ['addon_monitoring'] }),
    addon({ id: 'addon_cert_manager', name: 'cert-manager', category: 'certificates', monthlyPriceCents: 0, yearlyPriceCents: 0 }),
    addon({ id: 'addon_istio', name: 'Istio service mesh', category: 'service-mesh', compatibleTierIds: MESH_TIERS, maxKubernetesVersion: '1.37', conflicts: ['addon_linkerd'] }),
    addon({ id: 'addon_linkerd', name: 'Linkerd service mesh', category: 'service-mesh', compatibleTierIds: MESH_TIERS, conflicts: ['addon_istio'] }),
    addon({ id: 'addon_gpu_operator', name: 'NVIDIA GPU Operator', category: 'gpu', compatibleTierIds: ['tier_ai'], monthlyPriceCents: 9_900, yearlyPriceCents: yearly(9_900) }),
    addon({
      id: 'addon_kserve',
      name: 'KServe model serving',
      category: 'ai',
      compatibleTierIds: ['tier_ai'],
      minKubernetesVersion: '1.36',
      requires: ['addon_gpu_operator', 'addon_cert_manager'],
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
  powerFactors: [
    { id: 'vcpu', label: 'Per vCPU', milliwatts: 2_120, source: 'Cloud Carbon Footprint', year: 2021 },
    { id: 'memory_gb', label: 'Per GB of memory', milliwatts: 392, source: 'Cloud Carbon Footprint', year: 2021 },
  ],
};

/** An add-on of the test catalogue by its id; throws on an id it does not have. */
export function testAddon(id: string): CatalogAddon {
  const found = TEST_CATALOG.addons.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No add-on ${id} in the test catalogue`);
  return found;
}
