import type {
  NewClusterTier,
  NewDataCenter,
  NewKubernetesVersion,
  NewNodeFlavor,
} from './schema';
import { HOURS_PER_MONTH } from './schema';
import { type Seed, type Timestamps, yearly } from './seed-catalog-common';
import { regionSovereignty } from './seed-catalog-carbon';

// Regions

type DataCenterSeed = Omit<NewDataCenter, 'sortOrder' | 'zones'> & { zones: string[] };

/** A region with its operator, law, access and carbon figures (seed-catalog-carbon.ts). */
const region = (site: Omit<DataCenterSeed, keyof ReturnType<typeof regionSovereignty>>): DataCenterSeed => ({ ...site, ...regionSovereignty(site.id) });

const zonesOf = (region: string, count: number) => ['a', 'b', 'c'].slice(0, count).map((zone) => `${region}${zone}`);

/**
 * The regions of the sovereign cloud; ids are the region codes clusters are placed in.
 * Certifications are those of the site itself: a site that has not opened holds none of the
 * audited ones yet (ISO 27001, ENS), only the company-wide commitments (GDPR, CISPE).
 */
export const DATA_CENTER_SEED: readonly DataCenterSeed[] = [
  region({ id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2019, zones: zonesOf('fr-par-1', 3) }),
  region({ id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt am Main', country: 'Germany', countryCode: 'DE', certifications: ['ISO 27001', 'BSI C5', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2020, zones: zonesOf('de-fra-1', 3) }),
  region({ id: 'nl-ams-1', name: 'Amsterdam AMS1', city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2021, zones: zonesOf('nl-ams-1', 3) }),
  region({ id: 'it-mil-1', name: 'Milan MIL1', city: 'Milan', country: 'Italy', countryCode: 'IT', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2023, zones: zonesOf('it-mil-1', 3) }),
  region({ id: 'pl-waw-1', name: 'Warsaw WAW1', city: 'Warsaw', country: 'Poland', countryCode: 'PL', certifications: ['ISO 27001', 'GDPR'], status: 'maintenance', openedYear: 2024, zones: zonesOf('pl-waw-1', 2) }),
  region({ id: 'es-mad-1', name: 'Madrid MAD1', city: 'Madrid', country: 'Spain', countryCode: 'ES', certifications: ['GDPR', 'CISPE'], status: 'planned', openedYear: 2027, zones: zonesOf('es-mad-1', 3) }),
];

/** Every region that has opened (Madrid is planned: nothing is sold there yet). */
export const OPEN_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1', 'pl-waw-1'];
/** Open regions with three zones, where a control plane and replicated services span three zones. */
export const THREE_ZONE_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1'];
/** Where the large memory and GPU hosts are. */
const CORE_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1'];

// Node flavours

type NodeFlavorSeed = Omit<Seed<NewNodeFlavor>, 'hourlyPriceMillicents'>;

/** Hourly price in thousandths of a cent of a node whose full month costs `monthlyCents`. */
export const hourlyMillicents = (monthlyCents: number) => Math.round((monthlyCents * 1000) / HOURS_PER_MONTH);

export const general = (vcpu: number, memoryGb: number, localDiskGb: number, monthlyPriceCents: number): NodeFlavorSeed => ({
  id: `gp-${vcpu}-${memoryGb}`,
  name: `General purpose ${vcpu} vCPU, ${memoryGb} GB`,
  category: 'general',
  vcpu,
  memoryGb,
  localDiskGb,
  monthlyPriceCents,
  regionIds: OPEN_REGIONS,
});

const NODE_FLAVORS: readonly NodeFlavorSeed[] = [
  general(2, 4, 40, 1_900),
  general(2, 8, 50, 2_900),
  general(4, 16, 100, 5_700),
  general(8, 32, 200, 11_300),
  general(16, 64, 400, 22_500),
  { id: 'c-4-8', name: 'Compute optimised 4 vCPU, 8 GB', category: 'compute', vcpu: 4, memoryGb: 8, localDiskGb: 80, monthlyPriceCents: 4_900, regionIds: OPEN_REGIONS },
  { id: 'c-8-16', name: 'Compute optimised 8 vCPU, 16 GB', category: 'compute', vcpu: 8, memoryGb: 16, localDiskGb: 160, monthlyPriceCents: 9_700, regionIds: OPEN_REGIONS },
  { id: 'm-4-32', name: 'Memory optimised 4 vCPU, 32 GB', category: 'memory', vcpu: 4, memoryGb: 32, localDiskGb: 150, monthlyPriceCents: 8_400, regionIds: CORE_REGIONS },
  { id: 'm-8-64', name: 'Memory optimised 8 vCPU, 64 GB', category: 'memory', vcpu: 8, memoryGb: 64, localDiskGb: 300, monthlyPriceCents: 16_500, regionIds: CORE_REGIONS },
  { id: 'm-16-128', name: 'Memory optimised 16 vCPU, 128 GB', category: 'memory', vcpu: 16, memoryGb: 128, localDiskGb: 600, monthlyPriceCents: 32_500, regionIds: CORE_REGIONS },
  { id: 'gpu-l4-1', name: 'GPU 1 × NVIDIA L4', category: 'gpu', vcpu: 8, memoryGb: 48, gpuModel: 'NVIDIA L4', gpuCount: 1, gpuMemoryGb: 24, localDiskGb: 500, monthlyPriceCents: 54_900, regionIds: CORE_REGIONS },
  { id: 'gpu-l40s-1', name: 'GPU 1 × NVIDIA L40S', category: 'gpu', vcpu: 8, memoryGb: 96, gpuModel: 'NVIDIA L40S', gpuCount: 1, gpuMemoryGb: 48, localDiskGb: 1_000, monthlyPriceCents: 104_900, regionIds: ['fr-par-1', 'de-fra-1'] },
  { id: 'gpu-h100-1', name: 'GPU 1 × NVIDIA H100', category: 'gpu', vcpu: 24, memoryGb: 240, gpuModel: 'NVIDIA H100 SXM', gpuCount: 1, gpuMemoryGb: 80, localDiskGb: 3_000, monthlyPriceCents: 199_900, regionIds: ['fr-par-1', 'de-fra-1'] },
  { id: 'gpu-h100-2', name: 'GPU 2 × NVIDIA H100', category: 'gpu', vcpu: 48, memoryGb: 480, gpuModel: 'NVIDIA H100 SXM', gpuCount: 2, gpuMemoryGb: 80, localDiskGb: 6_000, monthlyPriceCents: 394_900, regionIds: ['fr-par-1'] },
];

export const NODE_FLAVOR_SEED: readonly Seed<NewNodeFlavor>[] = NODE_FLAVORS.map((flavor) => ({
  gpuModel: null,
  gpuCount: 0,
  gpuMemoryGb: null,
  ...flavor,
  hourlyPriceMillicents: hourlyMillicents(flavor.monthlyPriceCents),
}));

// Cluster tiers

/** Every catalogue column of a tier is spelled out: the schema's defaults only exist for migration 0005. */
type TierSeed = Omit<NewClusterTier, Timestamps | 'archivedAt' | 'active'> &
  Required<
    Pick<
      NewClusterTier,
      | 'purpose'
      | 'slaBasisPoints'
      | 'haControlPlane'
      | 'haMonthlyPriceCents'
      | 'haYearlyPriceCents'
      | 'maxNodes'
      | 'maxPools'
      | 'allowedFlavorIds'
      | 'allowedRegionIds'
    >
  >;

const noHaPrice = { haMonthlyPriceCents: null, haYearlyPriceCents: null };

/**
 * The seven cluster tiers (docs/product/entities.md), named so the footer's name-to-type mapping works. Each
 * tier's baseline nodes (nodes × vcpu/memory per node) are one of its allowed flavours.
 */
export const CLUSTER_TIER_SEED: readonly TierSeed[] = [
  {
    id: 'tier_standard',
    name: 'Standard (Blue)',
    description:
      'Production-ready managed Kubernetes with a highly available control plane across three availability zones, for web services and APIs.',
    purpose: 'Production web services and APIs',
    nodes: 3,
    vcpuPerNode: 4,
    memoryGbPerNode: 16,
    storageGbPerNode: 100,
    monthlyPriceCents: 28_900,
    yearlyPriceCents: yearly(28_900),
    sortOrder: 1,
    slaBasisPoints: 9_995,
    haControlPlane: 'included',
    ...noHaPrice,
    maxNodes: 50,
    maxPools: 8,
    allowedFlavorIds: ['gp-2-8', 'gp-4-16', 'gp-8-32', 'gp-16-64', 'c-4-8', 'c-8-16', 'm-4-32', 'm-8-64'],
    allowedRegionIds: THREE_ZONE_REGIONS,
  },
  {
    id: 'tier_enterprise',
    name: 'Enterprise (Red)',
    description:
      'Dedicated control plane, HDS-certified hosting and a 99.99 % SLA for regulated and business-critical workloads.',
    purpose: 'Regulated and business-critical workloads: health, finance, public sector',
    nodes: 5,
    vcpuPerNode: 8,
    memoryGbPerNode: 32,
    storageGbPerNode: 200,
    monthlyPriceCents: 119_900,
    yearlyPriceCents: yearly(119_900),
    sortOrder: 2,
    slaBasisPoints: 9_999,
    haControlPlane: 'included',
    ...noHaPrice,
    maxNodes: 200,
    maxPools: 20,
    allowedFlavorIds: ['gp-4-16', 'gp-8-32', 'gp-16-64', 'c-4-8', 'c-8-16', 'm-4-32', 'm-8-64', 'm-16-128'],
    allowedRegionIds: CORE_REGIONS,
  },
  {
    id: 'tier_economy',
    name: 'Economy (Green)',
    description:
      'Cost-efficient clusters on low-carbon data centres for internal tools, batch jobs and small production services.',
    purpose: 'Internal tools, batch jobs and small production services',
    nodes: 2,
    vcpuPerNode: 2,
    memoryGbPerNode: 8,
    storageGbPerNode: 50,
    monthlyPriceCents: 8_900,
    yearlyPriceCents: yearly(8_900),
    sortOrder: 3,
    slaBasisPoints: 9_950,
    haControlPlane: 'optional',
    haMonthlyPriceCents: 4_900,
    haYearlyPriceCents: yearly(4_900),
    maxNodes: 10,
    maxPools: 3,
    allowedFlavorIds: ['gp-2-4', 'gp-2-8', 'gp-4-16', 'c-4-8'],
    allowedRegionIds: OPEN_REGIONS,
  },
  {
    id: 'tier_data',
    name: 'Data Analytics',
    description:
      'Memory-optimised nodes with fast local NVMe for Spark, Kafka, ClickHouse and other data platforms.',
    purpose: 'Spark, Kafka, ClickHouse and other data platforms',
    nodes: 4,
    vcpuPerNode: 8,
    memoryGbPerNode: 64,
    storageGbPerNode: 500,
    monthlyPriceCents: 89_900,
    yearlyPriceCents: yearly(89_900),
    sortOrder: 4,
    slaBasisPoints: 9_995,
    haControlPlane: 'included',
    ...noHaPrice,
    maxNodes: 100,
    maxPools: 10,
    allowedFlavorIds: ['gp-4-16', 'gp-8-32', 'c-8-16', 'm-4-32', 'm-8-64', 'm-16-128'],
    allowedRegionIds: CORE_REGIONS,
  },
  {
    id: 'tier_ai',
    name: 'AI/ML (Violet)',
    description:
      'GPU-ready node pools for model training and inference, with the NVIDIA operator and sovereign model hosting.',
    purpose: 'Model training and inference on NVIDIA GPUs',
    nodes: 3,
    vcpuPerNode: 16,
    memoryGbPerNode: 128,
    storageGbPerNode: 1000,
    monthlyPriceCents: 249_900,
    yearlyPriceCents: yearly(249_900),
    sortOrder: 5,
    slaBasisPoints: 9_990,
    haControlPlane: 'included',
    ...noHaPrice,
    maxNodes: 32,
    maxPools: 8,
    allowedFlavorIds: ['gp-4-16', 'gp-8-32', 'c-8-16', 'm-8-64', 'm-16-128', 'gpu-l4-1', 'gpu-l40s-1', 'gpu-h100-1', 'gpu-h100-2'],
    allowedRegionIds: CORE_REGIONS,
  },
  {
    id: 'tier_devtest',
    name: 'Dev/Test (Orange)',
    description:
      'Short-lived clusters for CI pipelines, previews and staging, with automatic scale-to-zero outside working hours.',
    purpose: 'CI pipelines, preview environments and staging',
    nodes: 2,
    vcpuPerNode: 2,
    memoryGbPerNode: 4,
    storageGbPerNode: 40,
    monthlyPriceCents: 4_900,
    yearlyPriceCents: yearly(4_900),
    sortOrder: 6,
    slaBasisPoints: 9_900,
    haControlPlane: 'unavailable',
    ...noHaPrice,
    maxNodes: 6,
    maxPools: 2,
    allowedFlavorIds: ['gp-2-4', 'gp-2-8', 'gp-4-16', 'c-4-8'],
    allowedRegionIds: OPEN_REGIONS,
  },
  {
    id: 'tier_sandbox',
    name: 'Sandbox (Gray)',
    description: 'A single-node cluster to learn Kubernetes and try add-ons, isolated from production.',
    purpose: 'Learning Kubernetes and trying add-ons',
    nodes: 1,
    vcpuPerNode: 2,
    memoryGbPerNode: 4,
    storageGbPerNode: 20,
    monthlyPriceCents: 1_900,
    yearlyPriceCents: yearly(1_900),
    sortOrder: 7,
    slaBasisPoints: null,
    haControlPlane: 'unavailable',
    ...noHaPrice,
    maxNodes: 1,
    maxPools: 1,
    allowedFlavorIds: ['gp-2-4', 'gp-2-8'],
    allowedRegionIds: CORE_REGIONS,
  },
];

export const ALL_TIERS = CLUSTER_TIER_SEED.map((tier) => tier.id);
export const ALL_BUT_SANDBOX = ALL_TIERS.filter((id) => id !== 'tier_sandbox');

// Kubernetes versions (upstream supports each minor about 14 months)

export const KUBERNETES_VERSION_SEED: readonly Omit<NewKubernetesVersion, Timestamps>[] = [
  { version: '1.38', patch: 0, classification: 'preview', endOfSupportAt: Date.UTC(2028, 1, 29), isDefault: false, sortOrder: 1 },
  { version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: Date.UTC(2027, 9, 31), isDefault: true, sortOrder: 2 },
  { version: '1.36', patch: 4, classification: 'supported', endOfSupportAt: Date.UTC(2027, 5, 30), isDefault: false, sortOrder: 3 },
  { version: '1.35', patch: 8, classification: 'deprecated', endOfSupportAt: Date.UTC(2027, 1, 28), isDefault: false, sortOrder: 4 },
];
