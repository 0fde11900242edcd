import type {
  NewAddon,
  NewCatalogPrice,
  NewClusterTier,
  NewDataCenter,
  NewKubernetesVersion,
  NewMiddleware,
  NewMiddlewarePlan,
  NewNodeFlavor,
  NewPromotion,
  NewSupportPlan,
} from './schema';
import { HOURS_PER_MONTH } from './schema';

/**
 * The catalogue customers buy from, seeded so a fresh database sells something real. Prices are
 * integer EUR cents (excluding VAT); the seed refreshes these rows on every run.
 */

type Timestamps = 'createdAt' | 'updatedAt';
type Seed<T> = Omit<T, Timestamps | 'sortOrder' | 'archivedAt'>;

// Yearly prices carry a 15 % discount over twelve monthly payments.
export const yearly = (monthlyCents: number) => Math.round(monthlyCents * 12 * 0.85);

const DAY_MS = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// Regions

type DataCenterSeed = Omit<NewDataCenter, 'sortOrder' | 'zones'> & { zones: string[] };

const zonesOf = (region: string, count: number) => ['a', 'b', 'c'].slice(0, count).map((zone) => `${region}${zone}`);

/**
 * The regions of the sovereign cloud; ids are the region codes clusters are placed in.
 * Certifications are those of the site itself: a site that has not opened holds none of the
 * audited ones yet (ISO 27001, ENS), only the company-wide commitments (GDPR, CISPE).
 */
export const DATA_CENTER_SEED: readonly DataCenterSeed[] = [
  { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2019, zones: zonesOf('fr-par-1', 3) },
  { id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt am Main', country: 'Germany', countryCode: 'DE', certifications: ['ISO 27001', 'BSI C5', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2020, zones: zonesOf('de-fra-1', 3) },
  { id: 'nl-ams-1', name: 'Amsterdam AMS1', city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2021, zones: zonesOf('nl-ams-1', 3) },
  { id: 'it-mil-1', name: 'Milan MIL1', city: 'Milan', country: 'Italy', countryCode: 'IT', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2023, zones: zonesOf('it-mil-1', 3) },
  { id: 'pl-waw-1', name: 'Warsaw WAW1', city: 'Warsaw', country: 'Poland', countryCode: 'PL', certifications: ['ISO 27001', 'GDPR'], status: 'maintenance', openedYear: 2024, zones: zonesOf('pl-waw-1', 2) },
  { id: 'es-mad-1', name: 'Madrid MAD1', city: 'Madrid', country: 'Spain', countryCode: 'ES', certifications: ['GDPR', 'CISPE'], status: 'planned', openedYear: 2027, zones: zonesOf('es-mad-1', 3) },
];

/** Every region that has opened (Madrid is planned: nothing is sold there yet). */
const OPEN_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1', 'pl-waw-1'];
/** Open regions with three zones, where a control plane and replicated services span three zones. */
const THREE_ZONE_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1', 'it-mil-1'];
/** Where the large memory and GPU hosts are. */
const CORE_REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1'];

// ---------------------------------------------------------------------------------------------
// Node flavours

type NodeFlavorSeed = Omit<Seed<NewNodeFlavor>, 'hourlyPriceMillicents'>;

/** Hourly price in thousandths of a cent of a node whose full month costs `monthlyCents`. */
export const hourlyMillicents = (monthlyCents: number) => Math.round((monthlyCents * 1000) / HOURS_PER_MONTH);

const general = (vcpu: number, memoryGb: number, localDiskGb: number, monthlyPriceCents: number): NodeFlavorSeed => ({
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

// ---------------------------------------------------------------------------------------------
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
 * The seven cluster tiers of SPEC.md, named so the footer's name-to-type mapping works. Each
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

const ALL_TIERS = CLUSTER_TIER_SEED.map((tier) => tier.id);
const ALL_BUT_SANDBOX = ALL_TIERS.filter((id) => id !== 'tier_sandbox');

// ---------------------------------------------------------------------------------------------
// Kubernetes versions (upstream supports each minor about 14 months)

export const KUBERNETES_VERSION_SEED: readonly Omit<NewKubernetesVersion, Timestamps>[] = [
  { version: '1.38', patch: 0, classification: 'preview', endOfSupportAt: Date.UTC(2028, 1, 29), isDefault: false, sortOrder: 1 },
  { version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: Date.UTC(2027, 9, 31), isDefault: true, sortOrder: 2 },
  { version: '1.36', patch: 4, classification: 'supported', endOfSupportAt: Date.UTC(2027, 5, 30), isDefault: false, sortOrder: 3 },
  { version: '1.35', patch: 8, classification: 'deprecated', endOfSupportAt: Date.UTC(2027, 1, 28), isDefault: false, sortOrder: 4 },
];

// ---------------------------------------------------------------------------------------------
// Add-ons

type AddonSeed = Omit<Seed<NewAddon>, 'yearlyPriceCents' | 'minKubernetesVersion' | 'maxKubernetesVersion'> &
  Partial<Pick<NewAddon, 'minKubernetesVersion' | 'maxKubernetesVersion'>>;

const ADDONS: readonly AddonSeed[] = [
  {
    id: 'addon_monitoring',
    name: 'Prometheus and Grafana',
    category: 'monitoring',
    description: 'Metrics of the cluster, its nodes and workloads in Prometheus, with Alertmanager and ready-made Grafana dashboards; 15 days of retention.',
    version: '3.8.0',
    monthlyPriceCents: 3_900,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_logging',
    name: 'Grafana Loki',
    category: 'logging',
    description: 'Cluster and application logs collected by Grafana Alloy, searchable in the Grafana of the monitoring add-on; 30 days of retention.',
    version: '3.6.0',
    monthlyPriceCents: 4_900,
    compatibleTierIds: ALL_TIERS,
    requires: ['addon_monitoring'],
  },
  {
    id: 'addon_backup',
    name: 'Velero backups',
    category: 'backup',
    description: 'Daily backups of Kubernetes resources and persistent volumes to object storage in another zone of the same region; 30 restore points.',
    version: '1.17.1',
    monthlyPriceCents: 2_900,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_cert_manager',
    name: 'cert-manager',
    category: 'certificates',
    description: "TLS certificates from Let's Encrypt or your own ACME or CA issuer, renewed automatically before they expire.",
    version: '1.19.1',
    monthlyPriceCents: 0,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_traefik',
    name: 'Traefik ingress',
    category: 'ingress',
    description: 'Ingress and Gateway API controller behind the managed load balancer, with HTTP/3 and automatic HTTPS redirects.',
    version: '3.6.2',
    monthlyPriceCents: 0,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_istio',
    name: 'Istio service mesh',
    category: 'service-mesh',
    description: 'Mutual TLS between services, traffic shifting and telemetry in ambient mode, without sidecars.',
    version: '1.28.1',
    monthlyPriceCents: 5_900,
    compatibleTierIds: ALL_BUT_SANDBOX,
    // Not yet validated on the preview minor.
    maxKubernetesVersion: '1.37',
    conflicts: ['addon_linkerd'],
  },
  {
    id: 'addon_linkerd',
    name: 'Linkerd service mesh',
    category: 'service-mesh',
    description: 'A light service mesh: mutual TLS, retries, timeouts and golden metrics for every service.',
    version: '2.19.0',
    monthlyPriceCents: 4_900,
    compatibleTierIds: ALL_BUT_SANDBOX,
    conflicts: ['addon_istio'],
  },
  {
    id: 'addon_kyverno',
    name: 'Kyverno policies',
    category: 'policy',
    description: 'Admission policies written as Kubernetes resources, with the Pod Security Standards and CIS baselines preinstalled.',
    version: '1.16.0',
    monthlyPriceCents: 1_900,
    compatibleTierIds: ALL_TIERS,
    conflicts: ['addon_gatekeeper'],
  },
  {
    id: 'addon_gatekeeper',
    name: 'OPA Gatekeeper',
    category: 'policy',
    description: 'Admission policies in Rego with the Gatekeeper policy library and audit of existing resources.',
    version: '3.21.0',
    monthlyPriceCents: 1_900,
    compatibleTierIds: ALL_TIERS,
    conflicts: ['addon_kyverno'],
  },
  {
    id: 'addon_falco',
    name: 'Falco runtime security',
    category: 'security',
    description: 'Detects suspicious behaviour in running containers (shells, privilege escalation, unexpected connections) and raises alerts.',
    version: '0.42.0',
    monthlyPriceCents: 2_900,
    compatibleTierIds: ALL_BUT_SANDBOX,
  },
  {
    id: 'addon_argocd',
    name: 'Argo CD',
    category: 'gitops',
    description: 'GitOps continuous delivery: applications kept in sync with their Git repositories, with a web console and single sign-on.',
    version: '3.2.0',
    monthlyPriceCents: 2_900,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_keda',
    name: 'KEDA autoscaling',
    category: 'autoscaling',
    description: 'Scales workloads on events (queue length, Kafka lag, Prometheus queries, cron), down to zero.',
    version: '2.18.1',
    monthlyPriceCents: 900,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_external_secrets',
    name: 'External Secrets Operator',
    category: 'secrets',
    description: 'Keeps Kubernetes secrets in sync with OpenBao, HashiCorp Vault or another secret store.',
    version: '1.0.0',
    monthlyPriceCents: 900,
    compatibleTierIds: ALL_TIERS,
  },
  {
    id: 'addon_gpu_operator',
    name: 'NVIDIA GPU Operator',
    category: 'gpu',
    description: 'Drivers, container toolkit, device plugin, MIG partitioning and DCGM metrics for GPU node pools.',
    version: '25.10.0',
    monthlyPriceCents: 9_900,
    compatibleTierIds: ['tier_ai'],
  },
  {
    id: 'addon_kserve',
    name: 'KServe model serving',
    category: 'ai',
    description: 'Serves models (vLLM, Hugging Face, ONNX, scikit-learn) behind an autoscaled HTTPS endpoint, on GPUs or CPUs.',
    version: '0.16.0',
    monthlyPriceCents: 14_900,
    compatibleTierIds: ['tier_ai'],
    minKubernetesVersion: '1.36',
    requires: ['addon_gpu_operator', 'addon_cert_manager'],
  },
];

export const ADDON_SEED: readonly Seed<NewAddon>[] = ADDONS.map((addon) => ({
  minKubernetesVersion: null,
  maxKubernetesVersion: null,
  requires: [],
  conflicts: [],
  ...addon,
  yearlyPriceCents: yearly(addon.monthlyPriceCents),
}));

// ---------------------------------------------------------------------------------------------
// Middlewares

type PlanSeed = Omit<Seed<NewMiddlewarePlan>, 'middlewareId' | 'yearlyPriceCents'>;

/** One plan: `nodes` machines of vcpu/memory, storage per machine, price per month. */
const plan = (
  id: string,
  name: string,
  nodes: number,
  vcpu: number,
  memoryGb: number,
  storageGb: number,
  highAvailability: boolean,
  monthlyPriceCents: number,
): PlanSeed => ({ id, name, nodes, vcpu, memoryGb, storageGb, highAvailability, monthlyPriceCents });

/** Object storage is sold by quota, not by machine. */
const quota = (id: string, name: string, storageGb: number, highAvailability: boolean, monthlyPriceCents: number): PlanSeed => ({
  id,
  name,
  nodes: null,
  vcpu: null,
  memoryGb: null,
  storageGb,
  highAvailability,
  monthlyPriceCents,
});

const MIDDLEWARES: readonly (Seed<NewMiddleware> & { plans: readonly PlanSeed[] })[] = [
  {
    id: 'mw_postgresql',
    name: 'PostgreSQL',
    engine: 'postgresql',
    category: 'database',
    description: 'Managed PostgreSQL with daily backups, point-in-time recovery over 7 days, connection pooling and automatic minor upgrades.',
    versions: ['18', '17', '16'],
    regionIds: OPEN_REGIONS,
    plans: [
      plan('mwp_postgresql_starter', 'Starter', 1, 1, 2, 20, false, 1_900),
      plan('mwp_postgresql_essential', 'Essential', 1, 2, 8, 80, false, 6_900),
      plan('mwp_postgresql_business', 'Business HA', 2, 4, 16, 320, true, 24_900),
      plan('mwp_postgresql_enterprise', 'Enterprise HA', 2, 8, 32, 1_000, true, 59_900),
    ],
  },
  {
    id: 'mw_mysql',
    name: 'MySQL',
    engine: 'mysql',
    category: 'database',
    description: 'Managed MySQL with daily backups, point-in-time recovery over 7 days and a standby replica in another zone on HA plans.',
    versions: ['8.4', '9.5'],
    regionIds: OPEN_REGIONS,
    plans: [
      plan('mwp_mysql_starter', 'Starter', 1, 1, 2, 20, false, 1_900),
      plan('mwp_mysql_essential', 'Essential', 1, 2, 8, 80, false, 6_900),
      plan('mwp_mysql_business', 'Business HA', 2, 4, 16, 320, true, 24_900),
    ],
  },
  {
    id: 'mw_valkey',
    name: 'Valkey',
    engine: 'valkey',
    category: 'cache',
    description: 'In-memory key-value store compatible with Redis clients, for caches, sessions and queues; replicas with automatic failover on HA plans.',
    versions: ['9.0', '8.1'],
    regionIds: OPEN_REGIONS,
    plans: [
      plan('mwp_valkey_small', 'Cache S', 1, 1, 4, 8, false, 2_900),
      plan('mwp_valkey_medium', 'Cache M HA', 2, 2, 8, 16, true, 11_900),
      plan('mwp_valkey_large', 'Cache L HA', 2, 4, 32, 64, true, 34_900),
    ],
  },
  {
    id: 'mw_kafka',
    name: 'Apache Kafka',
    engine: 'kafka',
    category: 'streaming',
    description: 'Managed Kafka in KRaft mode with TLS and SASL authentication, topic management and consumer lag metrics.',
    versions: ['4.1', '4.0'],
    regionIds: THREE_ZONE_REGIONS,
    plans: [
      plan('mwp_kafka_starter', 'Starter', 1, 2, 4, 100, false, 8_900),
      plan('mwp_kafka_business', 'Business (3 brokers)', 3, 4, 16, 1_000, true, 74_900),
      plan('mwp_kafka_enterprise', 'Enterprise (3 brokers)', 3, 8, 32, 4_000, true, 189_900),
    ],
  },
  {
    id: 'mw_rabbitmq',
    name: 'RabbitMQ',
    engine: 'rabbitmq',
    category: 'messaging',
    description: 'Managed RabbitMQ with quorum queues, streams and the management console.',
    versions: ['4.2', '4.1'],
    regionIds: OPEN_REGIONS,
    plans: [
      plan('mwp_rabbitmq_single', 'Single node', 1, 2, 4, 40, false, 4_900),
      plan('mwp_rabbitmq_cluster', 'Cluster (3 nodes)', 3, 2, 4, 40, true, 14_900),
    ],
  },
  {
    id: 'mw_mongodb',
    name: 'MongoDB',
    engine: 'mongodb',
    category: 'database',
    description: 'Managed MongoDB replica sets with daily backups and point-in-time recovery, operated under a MongoDB partner agreement.',
    versions: ['8.0', '7.0'],
    regionIds: THREE_ZONE_REGIONS,
    plans: [
      plan('mwp_mongodb_essential', 'Essential', 1, 2, 8, 80, false, 8_900),
      plan('mwp_mongodb_business', 'Replica set', 3, 4, 16, 320, true, 39_900),
      plan('mwp_mongodb_enterprise', 'Replica set L', 3, 8, 32, 1_000, true, 99_900),
    ],
  },
  {
    id: 'mw_opensearch',
    name: 'OpenSearch',
    engine: 'opensearch',
    category: 'search',
    description: 'Managed OpenSearch and OpenSearch Dashboards for full-text search, logs and vector search.',
    versions: ['3.3', '2.19'],
    regionIds: THREE_ZONE_REGIONS,
    plans: [
      plan('mwp_opensearch_single', 'Single node', 1, 2, 8, 100, false, 7_900),
      plan('mwp_opensearch_cluster', 'Cluster (3 nodes)', 3, 4, 16, 500, true, 45_900),
    ],
  },
  {
    id: 'mw_object_storage',
    name: 'Object Storage',
    engine: 's3',
    category: 'storage',
    description: 'S3-compatible buckets with versioning, object lock and lifecycle rules; multi-zone plans keep copies in three zones.',
    versions: [],
    regionIds: OPEN_REGIONS,
    plans: [
      quota('mwp_object_storage_250', 'Standard 250 GB', 250, false, 490),
      quota('mwp_object_storage_1000', 'Standard 1 TB', 1_000, false, 1_500),
      quota('mwp_object_storage_multi_1000', 'Multi-zone 1 TB', 1_000, true, 2_400),
      quota('mwp_object_storage_multi_10000', 'Multi-zone 10 TB', 10_000, true, 21_900),
    ],
  },
];

export const MIDDLEWARE_SEED: readonly Seed<NewMiddleware>[] = MIDDLEWARES.map(({ plans: _plans, ...middleware }) => middleware);

export const MIDDLEWARE_PLAN_SEED: readonly Seed<NewMiddlewarePlan>[] = MIDDLEWARES.flatMap((middleware) =>
  middleware.plans.map((item) => ({ ...item, middlewareId: middleware.id, yearlyPriceCents: yearly(item.monthlyPriceCents) })),
);

// ---------------------------------------------------------------------------------------------
// Support plans

export const SUPPORT_PLAN_SEED: readonly Seed<NewSupportPlan>[] = [
  {
    id: 'support_basic',
    name: 'Basic',
    description: 'Included with every organisation: documentation, status page and tickets answered during business hours.',
    p1ResponseMinutes: 240,
    p2ResponseMinutes: 480,
    p3ResponseMinutes: 1_440,
    p4ResponseMinutes: 2_880,
    p1UpdateMinutes: 480,
    p2UpdateMinutes: 1_440,
    p3UpdateMinutes: 2_880,
    p4UpdateMinutes: 5_760,
    channels: ['ticket', 'email'],
    hours: 'business',
    namedEngineer: false,
    pricingKind: 'fixed',
    monthlyPriceCents: 0,
    percentOfSpendBasisPoints: null,
    minimumMonthlyCents: null,
  },
  {
    id: 'support_business',
    name: 'Business',
    description: 'For production workloads: one-hour response to critical incidents and chat with our Kubernetes engineers during business hours.',
    p1ResponseMinutes: 60,
    p2ResponseMinutes: 240,
    p3ResponseMinutes: 480,
    p4ResponseMinutes: 1_440,
    p1UpdateMinutes: 120,
    p2UpdateMinutes: 480,
    p3UpdateMinutes: 1_440,
    p4UpdateMinutes: 2_880,
    channels: ['ticket', 'email', 'chat'],
    hours: 'business',
    namedEngineer: false,
    pricingKind: 'fixed',
    monthlyPriceCents: 19_900,
    percentOfSpendBasisPoints: null,
    minimumMonthlyCents: null,
  },
  {
    id: 'support_enterprise',
    name: 'Enterprise',
    description: 'Around the clock: 30-minute response to critical incidents, phone escalation and quarterly architecture reviews.',
    p1ResponseMinutes: 30,
    p2ResponseMinutes: 120,
    p3ResponseMinutes: 480,
    p4ResponseMinutes: 1_440,
    p1UpdateMinutes: 60,
    p2UpdateMinutes: 240,
    p3UpdateMinutes: 1_440,
    p4UpdateMinutes: 2_880,
    channels: ['ticket', 'email', 'chat', 'phone'],
    hours: '24x7',
    namedEngineer: false,
    pricingKind: 'share',
    monthlyPriceCents: null,
    percentOfSpendBasisPoints: 700,
    minimumMonthlyCents: 99_000,
  },
  {
    id: 'support_mission_critical',
    name: 'Mission-critical',
    description: 'A named engineer who knows your platform, 15-minute response to critical incidents around the clock and a shared chat channel.',
    p1ResponseMinutes: 15,
    p2ResponseMinutes: 60,
    p3ResponseMinutes: 240,
    p4ResponseMinutes: 1_440,
    p1UpdateMinutes: 30,
    p2UpdateMinutes: 120,
    p3UpdateMinutes: 480,
    p4UpdateMinutes: 1_440,
    channels: ['ticket', 'email', 'chat', 'phone', 'shared-channel'],
    hours: '24x7',
    namedEngineer: true,
    pricingKind: 'share',
    monthlyPriceCents: null,
    percentOfSpendBasisPoints: 1_000,
    minimumMonthlyCents: 490_000,
  },
];

// ---------------------------------------------------------------------------------------------
// Promotions

/** End of PARIS's launch window, exclusive: the code works until 31 March 2027, 24:00 UTC. */
export const PARIS_ENDS_AT = Date.UTC(2027, 3, 1);

/**
 * PARIS, which the promotional banner announces: 5 % off an organisation's first order, for a
 * limited time. Valid from the first seed; a database seeded after the launch window still gets
 * 90 days, so a fresh demo always honours the code its banner shows.
 */
export function promotionSeed(now: number): readonly Omit<NewPromotion, Timestamps | 'archivedAt'>[] {
  return [
    {
      code: 'PARIS',
      description: '5 % off the first order of your organisation, for a limited time.',
      kind: 'percent',
      value: 500,
      validFrom: now,
      validUntil: Math.max(PARIS_ENDS_AT, now + 90 * DAY_MS),
      firstPurchaseOnly: true,
      minimumSubtotalCents: 0,
      appliesTo: null,
      featured: true,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Price history

/** The seeded list prices apply since the epoch, so priceInEffect finds them at any time. */
export const SEED_PRICES_EFFECTIVE_FROM = 0;

/**
 * The first price row of every priced item, mirroring its list price. Later changes are new rows
 * with a later effective_from; reseeding refreshes only these first rows.
 */
export const CATALOG_PRICE_SEED: readonly Omit<NewCatalogPrice, 'createdAt' | 'createdBy'>[] = [
  ...CLUSTER_TIER_SEED.flatMap((tier) => [
    { itemKind: 'cluster_tier' as const, itemId: tier.id, monthlyPriceCents: tier.monthlyPriceCents, yearlyPriceCents: tier.yearlyPriceCents },
    ...(tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null
      ? [{ itemKind: 'cluster_tier_ha' as const, itemId: tier.id, monthlyPriceCents: tier.haMonthlyPriceCents, yearlyPriceCents: tier.haYearlyPriceCents }]
      : []),
  ]),
  ...NODE_FLAVOR_SEED.map((flavor) => ({
    itemKind: 'node_flavor' as const,
    itemId: flavor.id,
    monthlyPriceCents: flavor.monthlyPriceCents,
    hourlyPriceMillicents: flavor.hourlyPriceMillicents,
  })),
  ...ADDON_SEED.map((addon) => ({
    itemKind: 'addon' as const,
    itemId: addon.id,
    monthlyPriceCents: addon.monthlyPriceCents,
    yearlyPriceCents: addon.yearlyPriceCents,
  })),
  ...MIDDLEWARE_PLAN_SEED.map((item) => ({
    itemKind: 'middleware_plan' as const,
    itemId: item.id,
    monthlyPriceCents: item.monthlyPriceCents,
    yearlyPriceCents: item.yearlyPriceCents,
  })),
  ...SUPPORT_PLAN_SEED.map((supportPlan) => ({
    itemKind: 'support_plan' as const,
    itemId: supportPlan.id,
    monthlyPriceCents: supportPlan.monthlyPriceCents ?? supportPlan.minimumMonthlyCents ?? 0,
    percentOfSpendBasisPoints: supportPlan.percentOfSpendBasisPoints,
  })),
].map((row) => ({ yearlyPriceCents: null, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null, ...row, effectiveFrom: SEED_PRICES_EFFECTIVE_FROM }));
