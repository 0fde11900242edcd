import { olderMinorVersion } from '@kubemarket/shared';
import {
  poolInputs,
  type ClusterSpec,
  type OperationInput,
  type PoolInput,
} from './port';
import { CLUSTER_ID_LABEL, ORGANIZATION_ID_LABEL, SHOOT_API_VERSION, SHOOT_NAME_LIMIT, WORKER_NAME_LIMIT, type Shoot, type ShootSpec, type ShootWorker } from './gardener-api';

// Names

/** The Gardener project of a namespace: `garden-<project>` (the `garden` namespace is its own). */
export function projectOf(namespace: string): string {
  return namespace.startsWith('garden-') ? namespace.slice('garden-'.length) : namespace;
}

/** 32-bit FNV-1a, base 36: a short stable suffix for names that need one. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

/** Lower-case DNS label characters, no double hyphen (Gardener refuses "--" in Shoot names). */
function dnsLabelPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '');
}

function truncateLabel(text: string, length: number): string {
  return text.slice(0, Math.max(0, length)).replace(/-+$/, '');
}

/**
 * The Shoot name of a cluster: a readable prefix of its name and six characters of its id, within
 * the 21 characters Gardener allows for project and Shoot name together. Once the cluster has a
 * name at Gardener (`providerRef`), that one is kept.
 */
export function shootNameFor(cluster: Pick<ClusterSpec, 'id' | 'name' | 'providerRef'>, namespace: string): string {
  if (cluster.providerRef) return cluster.providerRef;
  const budget = SHOOT_NAME_LIMIT - projectOf(namespace).length;
  const idPart = (cluster.id.slice(cluster.id.lastIndexOf('_') + 1).toLowerCase().replace(/[^a-z0-9]/g, '') + shortHash(cluster.id)).slice(0, 6);
  const prefix = truncateLabel(dnsLabelPart(cluster.name), budget - idPart.length - 1) || 'k';
  return truncateLabel(`${prefix}-${idPart}`, budget);
}

/** The worker pool name of a node pool: its own name when Gardener's 15 characters allow it. */
export function workerNameFor(pool: { id: string; name: string }): string {
  const name = dnsLabelPart(pool.name);
  if (name.length > 0 && name.length <= WORKER_NAME_LIMIT) return name;
  return `${truncateLabel(name, WORKER_NAME_LIMIT - 5) || 'pool'}-${shortHash(pool.id).slice(-4)}`;
}

// From a cluster to a Shoot

/** The pools the cluster has once the operation is through. */
export function desiredPools(cluster: ClusterSpec, operation: OperationInput): PoolInput[] {
  const pools = poolInputs(cluster);
  const params = operation.params;
  switch (operation.type) {
    case 'scale_pool':
      return pools.map((pool) =>
        pool.id === params.poolId
          ? { ...pool, count: params.count ?? pool.count, autoscaling: params.autoscaling === undefined ? pool.autoscaling : params.autoscaling }
          : pool,
      );
    case 'add_pool': {
      const added = params.pool;
      if (!added || pools.some((pool) => pool.id === added.id)) return pools;
      return [...pools, { ...added, kubernetesVersion: cluster.kubernetesVersion }];
    }
    case 'remove_pool':
      return pools.filter((pool) => pool.id !== params.poolId);
    case 'upgrade':
      return pools.map((pool) => ({ ...pool, kubernetesVersion: params.toVersion ?? cluster.kubernetesVersion }));
    default:
      return pools;
  }
}

function poolBounds(pool: PoolInput): { minimum: number; maximum: number } {
  return pool.autoscaling ? { minimum: pool.autoscaling.min, maximum: pool.autoscaling.max } : { minimum: pool.count, maximum: pool.count };
}

/**
 * A pool is pinned to its own version only while it lags a minor release behind: patch releases
 * Gardener applies in the maintenance window reach the workers by themselves, and pinning one to
 * an older patch would be refused as a downgrade.
 */
function olderMinor(poolVersion: string, controlPlaneVersion: string): boolean {
  return olderMinorVersion(poolVersion, controlPlaneVersion);
}

/** The fields of a worker this adapter owns; Gardener's defaults (image, volume, CRI) are left alone. */
function managedWorker(pool: PoolInput, cluster: ClusterSpec, controlPlaneVersion: string): ShootWorker {
  const { minimum, maximum } = poolBounds(pool);
  // Gardener refuses a pool whose maximum is below its zone count (one node per zone at least).
  const zones = cluster.zones.slice(0, Math.max(1, maximum));
  const worker: ShootWorker = {
    name: workerNameFor(pool),
    machine: { type: pool.flavorId },
    minimum,
    maximum,
    maxSurge: 1,
    maxUnavailable: 0,
    zones,
    labels: { ...pool.labels },
    taints: pool.taints.map((taint) => ({ key: taint.key, value: taint.value, effect: taint.effect })),
  };
  if (olderMinor(pool.kubernetesVersion, controlPlaneVersion)) worker.kubernetes = { version: pool.kubernetesVersion };
  return worker;
}

/** The workers to send: the managed fields over what Gardener holds now, in the pools' order. */
export function mergedWorkers(current: ShootWorker[], pools: PoolInput[], cluster: ClusterSpec, controlPlaneVersion: string): ShootWorker[] {
  return pools.map((pool) => {
    const managed = managedWorker(pool, cluster, controlPlaneVersion);
    const existing = current.find((worker) => worker.name === managed.name);
    if (!existing) return managed;
    const kubernetes = { ...(existing.kubernetes ?? {}) };
    if (managed.kubernetes?.version) kubernetes.version = managed.kubernetes.version;
    else delete kubernetes.version;
    const merged: ShootWorker = { ...existing, ...managed, machine: { ...existing.machine, type: managed.machine.type } };
    if (existing.machine.type !== managed.machine.type) delete merged.machine.image;
    if (Object.keys(kubernetes).length > 0) merged.kubernetes = kubernetes;
    else delete merged.kubernetes;
    return merged;
  });
}

function workerKey(worker: ShootWorker): string {
  return JSON.stringify({
    name: worker.name,
    type: worker.machine.type,
    minimum: worker.minimum,
    maximum: worker.maximum,
    zones: worker.zones ?? [],
    labels: Object.entries(worker.labels ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    taints: (worker.taints ?? []).map((taint) => [taint.key, taint.value ?? '', taint.effect]),
    version: worker.kubernetes?.version ?? null,
  });
}

export function sameWorkers(a: ShootWorker[], b: ShootWorker[]): boolean {
  const keys = (workers: ShootWorker[]) => workers.map(workerKey).sort().join('\n');
  return a.length === b.length && keys(a) === keys(b);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Gardener's maintenance window is daily ("HHMMSS+ZZZZ", 30 minutes to 6 hours); our four-hour
 * window keeps its hour, and the weekday cannot be expressed.
 */
export function maintenanceWindow(startHour: number): { begin: string; end: string } {
  return { begin: `${pad2(startHour)}0000+0000`, end: `${pad2((startHour + 4) % 24)}0000+0000` };
}

interface ShootOptions {
  namespace: string;
  providerType: string;
  cloudProfileName: string;
  credentialsBindingName?: string;
  secretBindingName?: string;
}

/** The Shoot a cluster is created as. */
export function shootFor(cluster: ClusterSpec, options: ShootOptions): Shoot {
  const name = shootNameFor(cluster, options.namespace);
  const pools = poolInputs(cluster);
  const schedules = (cluster.hibernation?.schedules ?? [])
    .filter((schedule) => schedule.start || schedule.end)
    .map((schedule) => ({
      ...(schedule.start ? { start: schedule.start } : {}),
      ...(schedule.end ? { end: schedule.end } : {}),
      location: cluster.hibernation?.timezone ?? 'UTC',
    }));
  const spec: ShootSpec = {
    cloudProfile: { kind: 'CloudProfile', name: options.cloudProfileName },
    ...(options.credentialsBindingName
      ? { credentialsBindingName: options.credentialsBindingName }
      : options.secretBindingName
        ? { secretBindingName: options.secretBindingName }
        : {}),
    region: cluster.region,
    purpose: cluster.purpose,
    provider: { type: options.providerType, workers: pools.map((pool) => managedWorker(pool, cluster, cluster.kubernetesVersion)) },
    kubernetes: { version: cluster.kubernetesVersion },
    networking: {
      type: cluster.networking.cni,
      pods: cluster.networking.podCidr,
      services: cluster.networking.serviceCidr,
      ipFamilies: ['IPv4'],
    },
    maintenance: {
      timeWindow: maintenanceWindow(cluster.maintenance.startHour),
      autoUpdate: { kubernetesVersion: cluster.maintenance.autoUpgrade, machineImageVersion: cluster.maintenance.autoUpgrade },
    },
  };
  if (schedules.length > 0) spec.hibernation = { enabled: false, schedules };
  if (cluster.highAvailability) spec.controlPlane = { highAvailability: { failureTolerance: { type: 'zone' } } };
  // The API server allow-list is enforced by the ACL extension (stackitcloud/gardener-extension-acl).
  if (cluster.networking.apiAllowList.length > 0) {
    spec.extensions = [{ type: 'acl', providerConfig: { rule: { action: 'ALLOW', type: 'remote_ip', cidrs: [...cluster.networking.apiAllowList] } } }];
  }
  return {
    apiVersion: SHOOT_API_VERSION,
    kind: 'Shoot',
    metadata: {
      name,
      namespace: options.namespace,
      labels: { [CLUSTER_ID_LABEL]: labelValue(cluster.id), [ORGANIZATION_ID_LABEL]: labelValue(cluster.organizationId) },
      annotations: { 'kubemarket.io/cluster-name': cluster.name },
    },
    spec,
  };
}

/** Label values are at most 63 characters of [A-Za-z0-9_.-]. */
export function labelValue(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 63);
}
