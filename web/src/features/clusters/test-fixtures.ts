import type { PriceBook } from '@kubemarket/shared';
import type { ClusterProgressMessage } from '../notifications';
import type { ClusterDetail, ClusterNode, ClusterOperation, NodePool } from './cluster-types';

/** Shapes as the API answers them, after the seeded staging cluster of Acme (Dev/Test in Paris). */

export const NOW = Date.UTC(2026, 4, 20, 12, 0, 0);

export const GP_2_8 = { id: 'gp-2-8', name: 'General purpose 2 vCPU, 8 GB', vcpu: 2, memoryGb: 8, monthlyPriceCents: 3_200 };
export const GP_4_16 = { id: 'gp-4-16', name: 'General purpose 4 vCPU, 16 GB', vcpu: 4, memoryGb: 16, monthlyPriceCents: 6_400 };

export function pool(overrides: Partial<NodePool> = {}): NodePool {
  return {
    id: 'npl_default',
    name: 'default',
    flavor: GP_2_8,
    count: 2,
    autoscaling: null,
    labels: {},
    taints: [],
    kubernetesVersion: '1.37.1',
    monthlyCents: 6_400,
    readyNodes: 2,
    ...overrides,
  };
}

export function node(overrides: Partial<ClusterNode> = {}): ClusterNode {
  return {
    name: 'staging-default-a1b2c',
    poolId: 'npl_default',
    zone: 'fr-par-1a',
    status: 'ready',
    kubeletVersion: '1.37.1',
    cpuMillicores: 2_000,
    memoryMib: 8_192,
    cpuUsagePercent: 35,
    memoryUsagePercent: 52,
    createdAt: NOW - 86_400_000,
    ...overrides,
  };
}

export function operation(overrides: Partial<ClusterOperation> = {}): ClusterOperation {
  return {
    id: 'cop_scale1',
    clusterId: 'clu_demo_staging',
    type: 'scale_pool',
    status: 'running',
    steps: [
      { key: 'validate', label: 'Validating the change', status: 'succeeded', detail: null, estimateMs: 1_000, startedAt: NOW - 5_000, finishedAt: NOW - 4_000, attempts: 1, error: null },
      { key: 'pool:npl_default', label: 'Adding nodes to default', status: 'running', detail: '0 of 1 nodes joined', estimateMs: 4_000, startedAt: NOW - 1_000, finishedAt: null, attempts: 1, error: null },
      { key: 'health', label: 'Checking the health', status: 'pending', detail: null, estimateMs: 1_000, startedAt: null, finishedAt: null, attempts: 0, error: null },
    ],
    currentStep: 1,
    error: null,
    orderId: null,
    requestedBy: 'usr_alice',
    revision: 3,
    progressPercent: 33,
    remainingMs: 4_000,
    createdAt: NOW - 5_000,
    updatedAt: NOW - 1_000,
    finishedAt: null,
    ...overrides,
  };
}

export function clusterDetail(overrides: Partial<ClusterDetail> = {}): ClusterDetail {
  return {
    id: 'clu_demo_staging',
    name: 'staging',
    status: 'running',
    tier: { id: 'tier_devtest', name: 'Dev/Test (Orange)' },
    region: { id: 'fr-par-1', name: 'Paris PAR1' },
    kubernetesVersion: '1.37.1',
    nodeCount: 2,
    readyNodes: 2,
    monthlyCents: 11_300,
    createdAt: NOW - 21 * 86_400_000,
    deletedAt: null,
    operation: null,
    organizationId: 'org_demo',
    endpoint: 'https://api.staging.clu-demo-staging.kubemarket.test:6443',
    zones: ['fr-par-1a', 'fr-par-1b'],
    highAvailability: false,
    networking: { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
    maintenance: { day: 'sunday', startHour: 3, autoUpgrade: true },
    hibernation: { supported: true, schedules: [], timezone: 'Europe/Paris', hibernatedSince: null, hoursThisMonth: 0, savedCentsThisMonth: 0 },
    costSoFarCents: 7_000,
    orderId: 'ord_demo_staging',
    nodePools: [pool()],
    nodes: [node(), node({ name: 'staging-default-d3e4f', zone: 'fr-par-1b' })],
    addons: [],
    currentOperation: null,
    lastOperation: null,
    availableUpgrades: ['1.37.2', '1.38.0'],
    provisioner: 'simulator',
    apiServer: null,
    ...overrides,
  };
}

export function progress(overrides: Partial<ClusterProgressMessage> = {}): ClusterProgressMessage {
  return {
    type: 'cluster_progress',
    userId: 'usr_alice',
    clusterId: 'clu_demo_staging',
    clusterName: 'staging',
    clusterStatus: 'updating',
    readyNodes: 2,
    operation: operation() as ClusterProgressMessage['operation'],
    ...overrides,
  };
}

/** The seeded catalogue's prices for what these tests price: the Dev/Test tier and two flavours. */
export const PRICE_BOOK: PriceBook = {
  tiers: [
    {
      id: 'tier_devtest',
      name: 'Dev/Test (Orange)',
      monthlyCents: 4_900,
      yearlyCents: 4_900 * 10,
      haControlPlane: { mode: 'unavailable', monthlyCents: 0, yearlyCents: null },
      maxNodes: 6,
      maxPools: 2,
      flavorIds: ['gp-2-4', 'gp-2-8', 'gp-4-16', 'c-4-8'],
      regionIds: ['fr-par-1', 'de-fra-1'],
    },
  ],
  flavors: [
    { id: GP_2_8.id, name: GP_2_8.name, hourlyCents: 4, monthlyCents: GP_2_8.monthlyPriceCents, yearlyCents: null },
    { id: GP_4_16.id, name: GP_4_16.name, hourlyCents: 9, monthlyCents: GP_4_16.monthlyPriceCents, yearlyCents: null },
  ],
  addons: [
    { id: 'addon_velero', name: 'Velero backups', monthlyCents: 1_500, yearlyCents: null, tierIds: ['tier_devtest'], kubernetesVersions: null, requires: [], conflicts: [] },
  ],
  middlewarePlans: [],
  supportPlans: [],
  promotions: [],
};
