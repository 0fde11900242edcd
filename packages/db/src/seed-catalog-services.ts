import type {
  NewAddon,
  NewCatalogPrice,
  NewMiddleware,
  NewMiddlewarePlan,
  NewPromotion,
  NewSupportPlan,
} from './schema';
import { DAY_MS, type Seed, type Timestamps, yearly } from './seed-catalog-common';
import { ALL_BUT_SANDBOX, ALL_TIERS, CLUSTER_TIER_SEED, NODE_FLAVOR_SEED, OPEN_REGIONS, THREE_ZONE_REGIONS } from './seed-catalog-infrastructure';

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

// Middlewares

type PlanSeed = Omit<Seed<NewMiddlewarePlan>, 'middlewareId' | 'yearlyPriceCents'>;

/** One plan: `nodes` machines of vcpu/memory, storage per machine, price per month. */
export const plan = (
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
export const quota = (id: string, name: string, storageGb: number, highAvailability: boolean, monthlyPriceCents: number): PlanSeed => ({
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

// Support plans

type SupportPlanSeed = Seed<NewSupportPlan>;
type Minutes = readonly [p1: number, p2: number, p3: number, p4: number];

/** How soon a plan answers a ticket of priority P1 to P4, and how often it then gives news, in minutes. */
const responseTimes = (response: Minutes, update: Minutes): Pick<SupportPlanSeed, `p${1 | 2 | 3 | 4}${'Response' | 'Update'}Minutes`> => ({
  p1ResponseMinutes: response[0],
  p2ResponseMinutes: response[1],
  p3ResponseMinutes: response[2],
  p4ResponseMinutes: response[3],
  p1UpdateMinutes: update[0],
  p2UpdateMinutes: update[1],
  p3UpdateMinutes: update[2],
  p4UpdateMinutes: update[3],
});

type SupportPricing = Pick<SupportPlanSeed, 'pricingKind' | 'monthlyPriceCents' | 'percentOfSpendBasisPoints' | 'minimumMonthlyCents'>;

/** A fixed price a month. */
const fixedPrice = (monthlyPriceCents: number): SupportPricing => ({
  pricingKind: 'fixed',
  monthlyPriceCents,
  percentOfSpendBasisPoints: null,
  minimumMonthlyCents: null,
});

/** A share of the organisation's spend (basis points), at least a minimum a month. */
const shareOfSpend = (percentOfSpendBasisPoints: number, minimumMonthlyCents: number): SupportPricing => ({
  pricingKind: 'share',
  monthlyPriceCents: null,
  percentOfSpendBasisPoints,
  minimumMonthlyCents,
});

export const SUPPORT_PLAN_SEED: readonly SupportPlanSeed[] = [
  {
    id: 'support_basic',
    name: 'Basic',
    description: 'Included with every organisation: documentation, status page and tickets answered during business hours.',
    ...responseTimes([240, 480, 1_440, 2_880], [480, 1_440, 2_880, 5_760]),
    channels: ['ticket', 'email'],
    hours: 'business',
    namedEngineer: false,
    ...fixedPrice(0),
  },
  {
    id: 'support_business',
    name: 'Business',
    description: 'For production workloads: one-hour response to critical incidents and chat with our Kubernetes engineers during business hours.',
    ...responseTimes([60, 240, 480, 1_440], [120, 480, 1_440, 2_880]),
    channels: ['ticket', 'email', 'chat'],
    hours: 'business',
    namedEngineer: false,
    ...fixedPrice(19_900),
  },
  {
    id: 'support_enterprise',
    name: 'Enterprise',
    description: 'Around the clock: 30-minute response to critical incidents, phone escalation and quarterly architecture reviews.',
    ...responseTimes([30, 120, 480, 1_440], [60, 240, 1_440, 2_880]),
    channels: ['ticket', 'email', 'chat', 'phone'],
    hours: '24x7',
    namedEngineer: false,
    ...shareOfSpend(700, 99_000),
  },
  {
    id: 'support_mission_critical',
    name: 'Mission-critical',
    description: 'A named engineer who knows your platform, 15-minute response to critical incidents around the clock and a shared chat channel.',
    ...responseTimes([15, 60, 240, 1_440], [30, 120, 480, 1_440]),
    channels: ['ticket', 'email', 'chat', 'phone', 'shared-channel'],
    hours: '24x7',
    namedEngineer: true,
    ...shareOfSpend(1_000, 490_000),
  },
];

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

// Price history

/** The seeded list prices apply since the epoch, so priceInEffect finds them at any time. */
const SEED_PRICES_EFFECTIVE_FROM = 0;

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
