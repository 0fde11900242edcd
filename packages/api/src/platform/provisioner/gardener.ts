/**
 * The production provisioner (ADR 7): one Gardener `Shoot` (core.gardener.cloud/v1beta1) per
 * cluster in the project namespace, driven over the garden cluster's Kubernetes API with plain
 * fetch so it runs in workerd and Node alike.
 *
 * Every step is "make the Shoot say what we want, then watch Gardener get there": a step GETs the
 * Shoot, PATCHes it only when its spec differs from the cluster's, and otherwise reads
 * `status.lastOperation` (type, state, progress) and `status.observedGeneration`. Running a step
 * twice therefore sends at most one change, which is what the engine's crash recovery needs.
 *
 * Gardener reports no nodes in the Shoot (they live in the shoot cluster itself), so the node rows
 * are derived from the worker pools once Gardener says the pool is up.
 */
import 'reflect-metadata';
import { compareKubernetesVersions, olderMinorVersion } from '@kubemarket/shared';
import * as x509 from '@peculiar/x509';
import type { NodeStatus, NodeTaint } from '@kubemarket/db';
import { parse as parseYaml } from 'yaml';
import {
  ProvisionerError,
  type CertificateAuthority,
  type ClusterChanges,
  type CloudProfileSync,
  type ClusterSpec,
  type IssuedKubeconfig,
  type KubeconfigRequest,
  type MachineType,
  type NodeState,
  type OperationInput,
  type PlannedStep,
  type ProvisionerPort,
  type StepContext,
  type StepOutcome,
  type VersionClassification,
} from './port';
import { planOperation } from './steps';

export type { CloudProfileSync, VersionClassification } from './port';

export interface GardenerConfig {
  /** The garden cluster's API server, e.g. https://api.garden.example.com */
  apiUrl: string;
  /** A service account token of the project with the `admin` role (Bearer). */
  token: string;
  /** The project namespace, `garden-<project>`. */
  namespace: string;
  fetch?: typeof fetch;
  /**
   * The CredentialsBinding of the cloud account. Gardener requires it from Kubernetes 1.34 on;
   * SecretBindings are deprecated and refused for those versions.
   */
  credentialsBindingName?: string;
  /** Legacy SecretBinding, only for landscapes without CredentialsBindings (Kubernetes < 1.34). */
  secretBindingName?: string;
  /** The CloudProfile offering the regions, versions and machine types the shop sells. */
  cloudProfileName?: string;
}

// ---------------------------------------------------------------------------------------------
// The parts of Gardener's API this adapter reads and writes

export const GARDENER_CORE_API = '/apis/core.gardener.cloud/v1beta1';
export const SHOOT_API_VERSION = 'core.gardener.cloud/v1beta1';
export const AUTHENTICATION_API_VERSION = 'authentication.gardener.cloud/v1alpha1';

/** Annotation that must be "true" before Gardener's admission lets a Shoot be deleted. */
export const CONFIRM_DELETION_ANNOTATION = 'confirmation.gardener.cloud/deletion';
/** Annotation that asks Gardener for an operation (retry, credential rotation). */
export const OPERATION_ANNOTATION = 'gardener.cloud/operation';
/** Labels tying a Shoot to its cluster, so a name collision is noticed rather than adopted. */
export const CLUSTER_ID_LABEL = 'kubemarket.io/cluster-id';
export const ORGANIZATION_ID_LABEL = 'kubemarket.io/organization-id';

/**
 * Gardener's admission refuses a Shoot whose name and project name together exceed 21 characters
 * (the infrastructure identifier `shoot--<project>--<name>` has to fit provider limits).
 */
export const SHOOT_NAME_LIMIT = 21;
/** Gardener's limit on worker pool names. */
export const WORKER_NAME_LIMIT = 15;
/** How often a running step looks at the Shoot again. */
export const POLL_INTERVAL_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;

export interface ShootWorker {
  name: string;
  machine: { type: string; image?: { name: string; version?: string } };
  minimum: number;
  maximum: number;
  maxSurge?: number | string;
  maxUnavailable?: number | string;
  zones?: string[];
  labels?: Record<string, string>;
  taints?: NodeTaint[];
  kubernetes?: { version?: string; [field: string]: unknown };
  [field: string]: unknown;
}

export interface HibernationScheduleSpec {
  start?: string;
  end?: string;
  location?: string;
}

export interface ShootSpec {
  cloudProfile?: { kind: string; name: string };
  credentialsBindingName?: string;
  secretBindingName?: string;
  region: string;
  purpose?: string;
  provider: { type: string; workers: ShootWorker[]; [field: string]: unknown };
  kubernetes: { version: string; [field: string]: unknown };
  networking: { type: string; pods?: string; services?: string; nodes?: string; ipFamilies?: string[] };
  maintenance?: {
    timeWindow?: { begin: string; end: string };
    autoUpdate?: { kubernetesVersion: boolean; machineImageVersion?: boolean };
  };
  hibernation?: { enabled?: boolean; schedules?: HibernationScheduleSpec[] };
  controlPlane?: { highAvailability?: { failureTolerance: { type: 'node' | 'zone' } } };
  extensions?: Array<{ type: string; providerConfig?: unknown; disabled?: boolean }>;
  [field: string]: unknown;
}

export interface LastOperation {
  type: 'Create' | 'Reconcile' | 'Delete' | 'Migrate' | 'Restore' | string;
  state: 'Processing' | 'Succeeded' | 'Error' | 'Failed' | 'Pending' | 'Aborted' | string;
  progress: number;
  description: string;
  lastUpdateTime?: string;
}

export interface LastError {
  description: string;
  taskID?: string;
  codes?: string[];
  lastUpdateTime?: string;
}

export interface ShootStatus {
  lastOperation?: LastOperation;
  lastErrors?: LastError[];
  observedGeneration?: number;
  hibernated?: boolean;
  technicalID?: string;
  advertisedAddresses?: Array<{ name: string; url: string }>;
  conditions?: Array<{ type: string; status: string; message?: string; reason?: string }>;
  credentials?: { rotation?: { certificateAuthorities?: { phase?: string } } };
}

export interface Shoot {
  apiVersion: string;
  kind: 'Shoot';
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    generation?: number;
    resourceVersion?: string;
    deletionTimestamp?: string;
    [field: string]: unknown;
  };
  spec: ShootSpec;
  status?: ShootStatus;
}

interface CloudProfileVersion {
  version: string;
  classification?: string;
  expirationDate?: string;
  lifecycle?: Array<{ classification: string; startTime?: string }>;
}

interface CloudProfileMachineType {
  name: string;
  cpu: string | number;
  gpu?: string | number;
  memory: string | number;
  usable?: boolean;
}

export interface CloudProfile {
  kind: 'CloudProfile';
  metadata: { name: string };
  spec: {
    type: string;
    kubernetes: { versions: CloudProfileVersion[] };
    machineTypes: CloudProfileMachineType[];
    regions: Array<{ name: string; zones?: Array<{ name: string }> }>;
    [field: string]: unknown;
  };
}

/** A Kubernetes `Status` object, the body of every error answer. */
interface KubernetesStatus {
  kind?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: { causes?: Array<{ field?: string; message?: string }> };
}

// ---------------------------------------------------------------------------------------------
// Gardener's error codes (pkg/apis/core/v1beta1/types_common.go)

/** The codes Gardener itself classifies as non-retryable: a person has to change something. */
const NON_RETRYABLE_CODES = new Set([
  'ERR_INFRA_UNAUTHENTICATED',
  'ERR_INFRA_UNAUTHORIZED',
  'ERR_INFRA_QUOTA_EXCEEDED',
  'ERR_INFRA_DEPENDENCIES',
  'ERR_CONFIGURATION_PROBLEM',
  'ERR_PROBLEMATIC_WEBHOOK',
]);

/** Codes that clear by themselves; a `Failed` Shoot carrying one is worth asking to retry. */
const RETRYABLE_CODES = new Set([
  'ERR_INFRA_RATE_LIMITS_EXCEEDED',
  'ERR_RETRYABLE_INFRA_DEPENDENCIES',
  'ERR_RETRYABLE_CONFIGURATION_PROBLEM',
  'ERR_INFRA_RESOURCES_DEPLETED',
  'ERR_CLEANUP_CLUSTER_RESOURCES',
]);

const ERROR_CODE_WORDS: Record<string, string> = {
  ERR_INFRA_UNAUTHENTICATED: 'the cloud account credentials were not accepted',
  ERR_INFRA_UNAUTHORIZED: 'the cloud account lacks a permission',
  ERR_INFRA_QUOTA_EXCEEDED: 'a quota of the cloud account is used up',
  ERR_INFRA_RATE_LIMITS_EXCEEDED: "the cloud provider's request rate limit was hit",
  ERR_INFRA_DEPENDENCIES: 'other cloud resources block the change',
  ERR_RETRYABLE_INFRA_DEPENDENCIES: 'cloud resources are still in use',
  ERR_INFRA_RESOURCES_DEPLETED: 'the zone has no capacity left for this machine type',
  ERR_CLEANUP_CLUSTER_RESOURCES: 'resources in the cluster are stuck in deletion',
  ERR_CONFIGURATION_PROBLEM: 'the configuration is not valid',
  ERR_RETRYABLE_CONFIGURATION_PROBLEM: 'a temporary configuration problem',
  ERR_PROBLEMATIC_WEBHOOK: 'a webhook in the cluster blocks the operation',
};

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// From a cluster to a Shoot

/** A node pool as the Shoot needs it (an OperationParams pool has a flavour id but no machine). */
interface PoolInput {
  id: string;
  name: string;
  flavorId: string;
  count: number;
  autoscaling: { min: number; max: number } | null;
  labels: Record<string, string>;
  taints: NodeTaint[];
  kubernetesVersion: string;
}

function poolInputs(cluster: ClusterSpec): PoolInput[] {
  return cluster.pools.map((pool) => ({
    id: pool.id,
    name: pool.name,
    flavorId: pool.machine.flavorId,
    count: pool.count,
    autoscaling: pool.autoscaling,
    labels: pool.labels,
    taints: pool.taints,
    kubernetesVersion: pool.kubernetesVersion,
  }));
}

/** The pools the cluster has once the operation is through. */
function desiredPools(cluster: ClusterSpec, operation: OperationInput): PoolInput[] {
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
function mergedWorkers(current: ShootWorker[], pools: PoolInput[], cluster: ClusterSpec, controlPlaneVersion: string): ShootWorker[] {
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

function sameWorkers(a: ShootWorker[], b: ShootWorker[]): boolean {
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

export interface ShootOptions {
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
function labelValue(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 63);
}

// ---------------------------------------------------------------------------------------------
// Reading the Shoot's status

function lastOperationOf(shoot: Shoot): LastOperation | null {
  return shoot.status?.lastOperation ?? null;
}

/** Gardener has begun (or finished) working on the Shoot's current spec. */
function hasObservedSpec(shoot: Shoot): boolean {
  return lastOperationOf(shoot) !== null && (shoot.status?.observedGeneration ?? 0) >= (shoot.metadata.generation ?? 1);
}

/** The current spec is reconciled: Gardener finished its last create or reconcile of it. */
function isReconciled(shoot: Shoot): boolean {
  const operation = lastOperationOf(shoot);
  return hasObservedSpec(shoot) && operation !== null && operation.state === 'Succeeded' && (operation.type === 'Create' || operation.type === 'Reconcile' || operation.type === 'Restore');
}

function progressOf(shoot: Shoot): number {
  return hasObservedSpec(shoot) ? (lastOperationOf(shoot)?.progress ?? 0) : 0;
}

interface GardenerFailure {
  reason: string;
  retryable: boolean;
  /** When Gardener recorded it, epoch ms (NaN when unknown). */
  at: number;
  /** `Failed`: Gardener stopped trying; `Error`: it retries by itself. */
  final: boolean;
}

const OPERATION_VERBS: Record<string, string> = { Create: 'create', Reconcile: 'update', Delete: 'delete', Restore: 'restore', Migrate: 'migrate' };

function plainCodes(codes: string[]): string {
  return codes.map((code) => ERROR_CODE_WORDS[code] ?? code).join('; ');
}

/** What went wrong at Gardener, in plain words, or null while nothing did. */
function failureOf(shoot: Shoot): GardenerFailure | null {
  const operation = lastOperationOf(shoot);
  const errors = shoot.status?.lastErrors ?? [];
  const finalState = operation?.state === 'Failed' || operation?.state === 'Aborted';
  if (!finalState && errors.length === 0) return null;
  const codes = [...new Set(errors.flatMap((error) => error.codes ?? []))];
  const description = (errors.map((error) => error.description.trim()).filter(Boolean).join(' ') || operation?.description || 'no reason given').trim();
  const verb = OPERATION_VERBS[operation?.type ?? ''] ?? 'provision';
  const reason = `Gardener could not ${verb} the cluster: ${description}${codes.length > 0 ? ` (${plainCodes(codes)})` : ''}`;
  const blocked = codes.some((code) => NON_RETRYABLE_CODES.has(code));
  const retryable = !blocked && (!finalState || codes.some((code) => RETRYABLE_CODES.has(code)));
  const at = Date.parse(operation?.lastUpdateTime ?? errors[0]?.lastUpdateTime ?? '');
  return { reason, retryable, at, final: finalState };
}

function unhealthyCondition(shoot: Shoot): string | null {
  const failing = (shoot.status?.conditions ?? []).find((condition) => condition.status === 'False');
  return failing ? `${failing.type}${failing.message ? `: ${failing.message}` : ''}` : null;
}

function endpointOf(shoot: Shoot): string | undefined {
  return shoot.status?.advertisedAddresses?.find((address) => address.name === 'external')?.url;
}

function technicalIdOf(shoot: Shoot, namespace: string): string {
  return shoot.status?.technicalID || `shoot--${projectOf(namespace)}--${shoot.metadata.name}`;
}

function progressDetail(shoot: Shoot, waiting: string): string {
  const operation = lastOperationOf(shoot);
  if (!operation || !hasObservedSpec(shoot)) return waiting;
  const description = operation.description.trim() || `${operation.type} ${operation.state.toLowerCase()}`;
  return `Gardener: ${description} (${operation.progress}%)`;
}

// ---------------------------------------------------------------------------------------------
// Nodes, synthesised from the worker pools

/** The machine behind a flavour: the cluster's own pools first, then the CloudProfile. */
type MachineLookup = (flavorId: string) => Promise<MachineType>;

async function poolNodes(
  shoot: Shoot,
  namespace: string,
  pool: PoolInput,
  machine: MachineLookup,
  status: NodeStatus,
): Promise<NodeState[]> {
  const workerName = workerNameFor(pool);
  const worker = shoot.spec.provider.workers.find((candidate) => candidate.name === workerName);
  const zones = worker?.zones && worker.zones.length > 0 ? worker.zones : [shoot.spec.region];
  const { vcpu, memoryGb } = await machine(pool.flavorId);
  const prefix = technicalIdOf(shoot, namespace);
  const perZone = new Map<number, number>();
  return Array.from({ length: pool.count }, (_, index) => {
    const zoneIndex = index % zones.length;
    const ordinal = (perZone.get(zoneIndex) ?? 0) + 1;
    perZone.set(zoneIndex, ordinal);
    return {
      name: `${prefix}-${workerName}-z${zoneIndex + 1}-${ordinal}`,
      poolId: pool.id,
      zone: zones[zoneIndex] ?? shoot.spec.region,
      status,
      kubeletVersion: pool.kubernetesVersion,
      cpuMillicores: Math.round(vcpu * 1000),
      memoryMib: Math.round(memoryGb * 1024),
      cpuUsagePercent: 0,
      memoryUsagePercent: 0,
    };
  });
}

function withStatus(nodes: NodeState[], status: NodeStatus, patch: Partial<NodeState> = {}): NodeState[] {
  return nodes.map((node) => ({ ...node, ...patch, status }));
}

// ---------------------------------------------------------------------------------------------
// Quantities and versions

const BINARY_SUFFIXES: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL_SUFFIXES: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** A Kubernetes quantity ("16Gi", "4", "500m", "1e3") as a number. */
export function parseQuantity(quantity: string | number): number {
  if (typeof quantity === 'number') return quantity;
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([a-zA-Z]*)$/.exec(quantity.trim());
  if (!match) throw new ProvisionerError(`Gardener sent a quantity this shop cannot read: "${quantity}".`, false);
  const [, value = '0', suffix = ''] = match;
  const factor = BINARY_SUFFIXES[suffix] ?? DECIMAL_SUFFIXES[suffix];
  if (factor === undefined) throw new ProvisionerError(`Gardener sent a quantity this shop cannot read: "${quantity}".`, false);
  return Number(value) * factor;
}

function classificationOf(version: CloudProfileVersion, now: number): VersionClassification {
  if (version.expirationDate && Date.parse(version.expirationDate) <= now) return 'expired';
  let current = version.classification;
  for (const stage of version.lifecycle ?? []) {
    if (!stage.startTime || Date.parse(stage.startTime) <= now) current = stage.classification;
  }
  return current === 'preview' || current === 'deprecated' || current === 'expired' ? current : 'supported';
}

// ---------------------------------------------------------------------------------------------
// The HTTP client

interface GardenerClient {
  request<T>(method: string, path: string, what: string, options?: { body?: unknown; contentType?: string; notFound?: 'null' }): Promise<T | null>;
}

function clientFor(config: GardenerConfig): GardenerClient {
  const base = config.apiUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? globalThis.fetch;
  return {
    async request<T>(method: string, path: string, what: string, options: { body?: unknown; contentType?: string; notFound?: 'null' } = {}) {
      const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = error instanceof Error ? error.message : String(error);
        throw new ProvisionerError(`Gardener could not be reached while ${what} (${cause}); it will be tried again.`, true);
      }
      const text = await response.text();
      let payload: unknown;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        payload = null;
      }
      if (response.ok) return payload as T;
      if (response.status === 404 && options.notFound === 'null') return null;
      throw gardenerError(response.status, (payload ?? { message: text.slice(0, 200) }) as KubernetesStatus, what);
    },
  };
}

function statusMessage(status: KubernetesStatus): string {
  const causes = (status.details?.causes ?? []).map((cause) => [cause.field, cause.message].filter(Boolean).join(': ')).filter(Boolean);
  const message = (status.message ?? '').trim();
  if (causes.length > 0 && !causes.every((cause) => message.includes(cause))) return `${message}${message ? ' — ' : ''}${causes.join('; ')}`;
  return message;
}

/** An error answer of the Gardener API: readable, and never quoting the token. */
export class GardenerApiError extends ProvisionerError {
  constructor(
    message: string,
    retryable: boolean,
    readonly httpStatus: number,
  ) {
    super(message, retryable);
  }
}

/** An error answer as a ProvisionerError a person can read. */
export function gardenerError(httpStatus: number, status: KubernetesStatus, what: string): GardenerApiError {
  const message = statusMessage(status);
  const detail = message ? `: ${message}` : '';
  const error = (text: string, retryable: boolean) => new GardenerApiError(text, retryable, httpStatus);
  if (httpStatus === 401) return error(`Gardener did not accept the API token while ${what} (401 Unauthorized); check the configured Gardener token.`, false);
  if (httpStatus === 403) return error(`Gardener refused ${what} (403 Forbidden)${detail}.`, false);
  if (httpStatus === 404) return error(`Gardener found nothing while ${what} (404 Not Found)${detail}.`, false);
  if (httpStatus === 409) return error(`Gardener reported a conflict while ${what}${detail}; it will be tried again.`, true);
  if (httpStatus === 400 || httpStatus === 422) return error(`Gardener rejected ${what} (${httpStatus} ${status.reason ?? 'Invalid'})${detail}.`, false);
  if (httpStatus === 429) return error(`Gardener is limiting the request rate (429) while ${what}; it will be tried again.`, true);
  if (httpStatus >= 500) return error(`Gardener failed while ${what} (HTTP ${httpStatus})${detail}; it will be tried again.`, true);
  return error(`Gardener answered HTTP ${httpStatus} while ${what}${detail}.`, false);
}

function shootsPath(namespace: string, name?: string, subresource?: string): string {
  const base = `${GARDENER_CORE_API}/namespaces/${encodeURIComponent(namespace)}/shoots`;
  if (name === undefined) return base;
  return `${base}/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}`;
}

function cloudProfilePath(name: string): string {
  return `${GARDENER_CORE_API}/cloudprofiles/${encodeURIComponent(name)}`;
}

async function readCloudProfile(client: GardenerClient, name: string | undefined): Promise<CloudProfile> {
  if (!name) throw new ProvisionerError('No Gardener CloudProfile is configured for this shop, so clusters cannot be created.', false);
  const profile = await client.request<CloudProfile>('GET', cloudProfilePath(name), `reading the CloudProfile ${name}`);
  if (!profile?.spec) throw new ProvisionerError(`Gardener sent no CloudProfile ${name}.`, false);
  return profile;
}

function cloudProfileSync(profile: CloudProfile, now: number): CloudProfileSync {
  const kubernetesVersions = [...(profile.spec.kubernetes?.versions ?? [])]
    .sort((a, b) => compareKubernetesVersions(b.version, a.version))
    .map((version) => ({
      version: version.version,
      classification: classificationOf(version, now),
      ...(version.expirationDate ? { expirationDate: version.expirationDate } : {}),
    }));
  const machineTypes = (profile.spec.machineTypes ?? [])
    .filter((type) => type.usable !== false)
    .map((type) => ({
      name: type.name,
      cpu: parseQuantity(type.cpu),
      memoryGb: Math.round((parseQuantity(type.memory) / 2 ** 30) * 100) / 100,
      gpu: parseQuantity(type.gpu ?? 0),
    }));
  const regions = (profile.spec.regions ?? []).map((region) => ({ name: region.name, zones: (region.zones ?? []).map((zone) => zone.name) }));
  return { providerType: profile.spec.type, kubernetesVersions, machineTypes, regions };
}

/** The versions and machine types Gardener offers, for the catalogue. */
export async function syncCloudProfile(config: GardenerConfig, now = Date.now()): Promise<CloudProfileSync> {
  return cloudProfileSync(await readCloudProfile(clientFor(config), config.cloudProfileName), now);
}

/** Why the CloudProfile cannot host this cluster, in plain words, or null. */
function offerProblem(cluster: ClusterSpec, sync: CloudProfileSync, profileName: string): string | null {
  const region = sync.regions.find((candidate) => candidate.name === cluster.region);
  if (!region) return `Region ${cluster.region} is not offered by the Gardener CloudProfile ${profileName}.`;
  const missingZones = region.zones.length > 0 ? cluster.zones.filter((zone) => !region.zones.includes(zone)) : [];
  if (missingZones.length > 0) return `Zone ${missingZones.join(', ')} is not part of region ${cluster.region} in Gardener.`;
  const version = sync.kubernetesVersions.find((candidate) => candidate.version === cluster.kubernetesVersion);
  if (!version) return `Kubernetes ${cluster.kubernetesVersion} is not offered by Gardener (CloudProfile ${profileName}).`;
  if (version.classification === 'expired') return `Kubernetes ${cluster.kubernetesVersion} has expired at Gardener; choose a newer version.`;
  const missingTypes = cluster.pools.map((pool) => pool.machine.flavorId).filter((type) => !sync.machineTypes.some((machine) => machine.name === type));
  if (missingTypes.length > 0) return `Machine type ${[...new Set(missingTypes)].join(', ')} is not offered by Gardener (CloudProfile ${profileName}).`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Kubeconfigs

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: Array<{ name: string; context: { cluster: string; user: string } }>;
  clusters?: Array<{ name: string; cluster: { server?: string; 'certificate-authority-data'?: string } }>;
  users?: Array<{ name: string; user: { 'client-certificate-data'?: string } }>;
}

function decodeBase64(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data.replace(/\s+/g, '')), (char) => char.charCodeAt(0)));
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The client certificate and the CA bundle of the kubeconfig's current context. */
function kubeconfigCredentials(yamlText: string): { client: x509.X509Certificate; cas: x509.X509Certificate[] } {
  let file: KubeconfigFile;
  try {
    file = parseYaml(yamlText) as KubeconfigFile;
  } catch {
    throw new ProvisionerError('Gardener sent a kubeconfig that is not valid YAML.', false);
  }
  const context = file.contexts?.find((candidate) => candidate.name === file['current-context']) ?? file.contexts?.[0];
  const user = file.users?.find((candidate) => candidate.name === context?.context.user) ?? file.users?.[0];
  const cluster = file.clusters?.find((candidate) => candidate.name === context?.context.cluster) ?? file.clusters?.[0];
  const certificateData = user?.user['client-certificate-data'];
  if (!certificateData) throw new ProvisionerError('Gardener sent a kubeconfig without a client certificate.', false);
  try {
    const client = new x509.X509Certificate(decodeBase64(certificateData));
    const bundle = cluster?.cluster['certificate-authority-data'];
    const cas = bundle ? x509.PemConverter.decode(decodeBase64(bundle)).map((raw) => new x509.X509Certificate(raw)) : [];
    return { client, cas };
  } catch {
    throw new ProvisionerError('Gardener sent a kubeconfig whose certificates cannot be read.', false);
  }
}

/**
 * The CA the client certificate belongs to. Gardener signs admin kubeconfigs with a client CA it
 * does not publish and ships the cluster CA (server side) in the kubeconfig; `rotate-ca-start`
 * replaces both together, so the newest cluster CA names the generation the certificate belongs
 * to. A bundle CA that verifies the certificate's signature is taken first.
 */
async function signingCaFingerprint(client: x509.X509Certificate, cas: x509.X509Certificate[]): Promise<string> {
  for (const ca of cas) {
    if (ca.subject === client.issuer && (await client.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false))) {
      return toHex(await ca.getThumbprint('SHA-256'));
    }
  }
  const newest = cas.reduce<x509.X509Certificate | null>((best, ca) => (best === null || ca.notBefore.getTime() >= best.notBefore.getTime() ? ca : best), null);
  if (!newest) throw new ProvisionerError('Gardener sent a kubeconfig without the cluster CA.', false);
  return toHex(await newest.getThumbprint('SHA-256'));
}

// ---------------------------------------------------------------------------------------------
// The adapter

/** Provision steps reached at these `lastOperation.progress` values of Gardener's create flow. */
export const PROVISION_PROGRESS: Record<string, number> = {
  network: 15,
  control_plane: 35,
  etcd: 45,
  api_endpoint: 55,
  cni: 88,
  addons: 92,
};
/** Worker pools come up between these, in the order of the pools. */
const POOLS_PROGRESS = { from: 60, to: 85 };
/** Update steps (upgrade, hibernation, pool removal) reached at these progress values of a reconcile. */
const RECONCILE_PROGRESS = { controlPlaneUpgrade: 40, poolsUpgradedBy: 90, drain: 50, scaleDown: 50, resume: 40 };
/** Deletion steps reached at these progress values of Gardener's delete flow. */
const DELETE_PROGRESS: Record<string, number> = { delete_nodes: 30, delete_control_plane: 70 };

function poolThreshold(index: number, count: number, from: number, to: number): number {
  return Math.round(from + ((index + 1) * (to - from)) / Math.max(1, count));
}

export function gardenerProvisioner(config: GardenerConfig): ProvisionerPort {
  if (!config.token) throw new Error('The Gardener adapter needs an API token.');
  if (!config.namespace) throw new Error('The Gardener adapter needs the project namespace.');
  if (!/^https?:\/\//.test(config.apiUrl)) throw new Error('The Gardener API URL must start with https:// (or http:// for a local fake).');
  const client = clientFor(config);
  const namespace = config.namespace;

  const progress = (detail: string, changes?: ClusterChanges): StepOutcome => ({ kind: 'progress', detail, retryInMs: POLL_INTERVAL_MS, ...(changes ? { changes } : {}) });
  const done = (detail: string, changes?: ClusterChanges): StepOutcome => ({ kind: 'done', detail, ...(changes ? { changes } : {}) });

  async function getShoot(name: string): Promise<Shoot | null> {
    return client.request<Shoot>('GET', shootsPath(namespace, name), `reading the Shoot ${name}`, { notFound: 'null' });
  }

  async function patchShoot(name: string, patch: unknown, what: string): Promise<Shoot> {
    const shoot = await client.request<Shoot>('PATCH', shootsPath(namespace, name), what, { body: patch, contentType: 'application/merge-patch+json' });
    if (!shoot) throw new ProvisionerError(`Gardener answered nothing while ${what}.`, true);
    return shoot;
  }

  async function profile(): Promise<CloudProfileSync> {
    return cloudProfileSync(await readCloudProfile(client, config.cloudProfileName), Date.now());
  }

  function machineLookup(cluster: ClusterSpec): MachineLookup {
    return async (flavorId) => {
      const known = cluster.pools.find((pool) => pool.machine.flavorId === flavorId)?.machine;
      if (known) return known;
      const offered = (await profile()).machineTypes.find((type) => type.name === flavorId);
      if (!offered) throw new ProvisionerError(`Machine type ${flavorId} is not offered by Gardener.`, false);
      return { flavorId, vcpu: offered.cpu, memoryGb: offered.memoryGb, gpuCount: offered.gpu };
    };
  }

  /** The Shoot of a step that needs one; a missing or foreign one ends the operation. */
  async function existingShoot(cluster: ClusterSpec): Promise<Shoot> {
    const name = shootNameFor(cluster, namespace);
    const shoot = await getShoot(name);
    if (!shoot) throw new ProvisionerError(`The Gardener Shoot ${name} of this cluster no longer exists.`, false);
    return shoot;
  }

  /**
   * A failure Gardener reports. When the step already saw it (a retry of the step, or a failure
   * older than the step), Gardener is asked to retry (`gardener.cloud/operation: retry`) instead.
   */
  async function failureOutcome(context: StepContext, shoot: Shoot, failure: GardenerFailure): Promise<StepOutcome> {
    const seenBefore = context.step.attempts > 0 || (context.step.startedAt !== null && failure.at < context.step.startedAt);
    if (failure.final && seenBefore) {
      await patchShoot(shoot.metadata.name, { metadata: { annotations: { [OPERATION_ANNOTATION]: 'retry' } } }, `asking Gardener to retry the Shoot ${shoot.metadata.name}`);
      return progress(`Asked Gardener to try again after: ${failure.reason}`);
    }
    return { kind: 'failed', reason: failure.reason, retryable: failure.retryable };
  }

  // -- provision ---------------------------------------------------------------------------

  async function createShoot(context: StepContext): Promise<StepOutcome> {
    const cluster = context.cluster;
    const name = shootNameFor(cluster, namespace);
    const existing = await getShoot(name);
    if (existing) return adopt(existing, cluster);
    if (!config.credentialsBindingName && !config.secretBindingName) {
      throw new ProvisionerError('No Gardener credentials binding is configured for this shop, so clusters cannot be created.', false);
    }
    const offer = await profile();
    const problem = offerProblem(cluster, offer, config.cloudProfileName ?? '');
    if (problem) throw new ProvisionerError(problem, false);
    const shoot = shootFor(cluster, {
      namespace,
      providerType: offer.providerType,
      cloudProfileName: config.cloudProfileName ?? '',
      credentialsBindingName: config.credentialsBindingName,
      secretBindingName: config.secretBindingName,
    });
    try {
      await client.request<Shoot>('POST', shootsPath(namespace), `creating the Shoot ${name}`, { body: shoot });
    } catch (error) {
      // A crash between the POST and the bookkeeping: the Shoot is ours if it carries our label.
      if (error instanceof GardenerApiError && error.httpStatus === 409) {
        const created = await getShoot(name);
        if (created) return adopt(created, cluster);
      }
      throw error;
    }
    return done(`Shoot ${name} created in ${namespace}`, { providerRef: name });
  }

  function adopt(shoot: Shoot, cluster: ClusterSpec): StepOutcome {
    const owner = shoot.metadata.labels?.[CLUSTER_ID_LABEL];
    if (owner !== labelValue(cluster.id)) {
      throw new ProvisionerError(`A Gardener Shoot named ${shoot.metadata.name} already exists and belongs to another cluster.`, false);
    }
    return done(`Shoot ${shoot.metadata.name} exists in ${namespace}`, { providerRef: shoot.metadata.name });
  }

  async function provisionStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, step } = context;
    if (step.key === 'validate') return createShoot(context);
    const shoot = await existingShoot(cluster);
    if (shoot.metadata.deletionTimestamp) throw new ProvisionerError(`The Gardener Shoot ${shoot.metadata.name} is being deleted.`, false);
    if (!hasObservedSpec(shoot)) return progress('Waiting for Gardener to start creating the cluster');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const operation = lastOperationOf(shoot);
    // A reconcile (or delete) after the create means the create itself is long finished.
    const created = operation !== null && (operation.type !== 'Create' || operation.state === 'Succeeded');
    const endpoint = endpointOf(shoot);
    const endpointChange = endpoint ? { endpoint } : undefined;
    const pools = poolInputs(cluster);

    if (step.key === 'health' || step.key === 'ready') {
      if (!created || !isReconciled(shoot)) return progress(progressDetail(shoot, 'Waiting for Gardener'));
      const unhealthy = unhealthyCondition(shoot);
      if (unhealthy) return progress(`Waiting for ${unhealthy}`);
      return done(step.key === 'ready' ? 'Cluster ready' : 'Gardener reports the cluster healthy', endpointChange);
    }

    const poolIndex = step.key.startsWith('pool:') ? pools.findIndex((pool) => `pool:${pool.id}` === step.key) : -1;
    const threshold = poolIndex >= 0 ? poolThreshold(poolIndex, pools.length, POOLS_PROGRESS.from, POOLS_PROGRESS.to) : PROVISION_PROGRESS[step.key];
    if (threshold === undefined) throw new ProvisionerError(`The Gardener adapter has no step "${step.key}" for a new cluster.`, false);
    if (!created && progressOf(shoot) < threshold) return progress(progressDetail(shoot, 'Waiting for Gardener'));
    if (poolIndex >= 0) {
      const pool = pools[poolIndex]!;
      const nodes = await poolNodes(shoot, namespace, pool, machineLookup(cluster), 'ready');
      return done(`${nodes.length} node${nodes.length === 1 ? '' : 's'} of ${pool.name} up`, { upsertNodes: nodes, ...endpointChange });
    }
    if (step.key === 'api_endpoint') return done(endpoint ? `API server at ${endpoint}` : 'API server published', endpointChange);
    return done(progressDetail(shoot, 'Done'));
  }

  // -- changes to a running cluster --------------------------------------------------------

  /** The patch that brings the Shoot to what the operation wants, or null when it says so already. */
  function desiredPatch(shoot: Shoot, context: StepContext): { patch: unknown; what: string } | null {
    const { cluster, operation } = context;
    const name = shoot.metadata.name;
    switch (operation.type) {
      case 'scale_pool':
      case 'add_pool':
      case 'remove_pool': {
        const controlPlaneVersion = shoot.spec.kubernetes.version;
        const workers = mergedWorkers(shoot.spec.provider.workers, desiredPools(cluster, operation), cluster, controlPlaneVersion);
        if (sameWorkers(shoot.spec.provider.workers, workers)) return null;
        return { patch: { spec: { provider: { workers } } }, what: `updating the worker pools of the Shoot ${name}` };
      }
      case 'upgrade': {
        const version = operation.params.toVersion ?? cluster.kubernetesVersion;
        const pinned = shoot.spec.provider.workers.some((worker) => worker.kubernetes?.version !== undefined && worker.kubernetes.version !== version);
        if (shoot.spec.kubernetes.version === version && !pinned) return null;
        const spec: Record<string, unknown> = { kubernetes: { version } };
        // Pools pinned to an older version follow the control plane once the pin is gone.
        if (pinned) spec.provider = { workers: mergedWorkers(shoot.spec.provider.workers, desiredPools(cluster, operation), cluster, version) };
        return { patch: { spec }, what: `upgrading the Shoot ${name} to Kubernetes ${version}` };
      }
      case 'hibernate':
      case 'wake': {
        const enabled = operation.type === 'hibernate';
        if ((shoot.spec.hibernation?.enabled ?? false) === enabled) return null;
        return { patch: { spec: { hibernation: { enabled } } }, what: `${enabled ? 'hibernating' : 'waking'} the Shoot ${name}` };
      }
      default:
        return null;
    }
  }

  async function updateStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, operation, step, nodes } = context;
    const shoot = await existingShoot(cluster);
    if (shoot.metadata.deletionTimestamp) throw new ProvisionerError(`The Gardener Shoot ${shoot.metadata.name} is being deleted.`, false);
    const change = desiredPatch(shoot, context);
    if (change) {
      await patchShoot(shoot.metadata.name, change.patch, change.what);
      return progress('Change sent to Gardener; waiting for it to start');
    }
    if (!hasObservedSpec(shoot)) return progress('Waiting for Gardener to pick up the change');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const reconciled = isReconciled(shoot);
    const percent = progressOf(shoot);
    const waiting = () => progress(progressDetail(shoot, 'Waiting for Gardener'));
    const pools = desiredPools(cluster, operation);
    const lookup = machineLookup(cluster);
    const [kind, poolId] = step.key.includes(':') ? [step.key.slice(0, step.key.indexOf(':')), step.key.slice(step.key.indexOf(':') + 1)] : [step.key, ''];

    switch (kind) {
      case 'pool': {
        if (!reconciled) return waiting();
        const pool = pools.find((candidate) => candidate.id === poolId);
        if (!pool) throw new ProvisionerError(`The node pool ${poolId} is not part of this cluster.`, false);
        const wanted = await poolNodes(shoot, namespace, pool, lookup, 'ready');
        const names = new Set(wanted.map((node) => node.name));
        const removeNodes = nodes.filter((node) => node.poolId === pool.id && !names.has(node.name)).map((node) => node.name);
        return done(`${pool.name}: ${wanted.length} node${wanted.length === 1 ? '' : 's'}`, { upsertNodes: wanted, ...(removeNodes.length > 0 ? { removeNodes } : {}) });
      }
      case 'drain': {
        if (!reconciled && percent < RECONCILE_PROGRESS.drain) return waiting();
        const draining = withStatus(nodes.filter((node) => node.poolId === poolId), 'draining');
        return done(`${draining.length} node${draining.length === 1 ? '' : 's'} draining`, draining.length > 0 ? { upsertNodes: draining } : undefined);
      }
      case 'remove': {
        if (!reconciled) return waiting();
        const removeNodes = nodes.filter((node) => node.poolId === poolId).map((node) => node.name);
        return done('Node pool removed', removeNodes.length > 0 ? { removeNodes } : undefined);
      }
      case 'control_plane_upgrade':
        if (!reconciled && percent < RECONCILE_PROGRESS.controlPlaneUpgrade) return waiting();
        return done(`Control plane on Kubernetes ${shoot.spec.kubernetes.version}`);
      case 'upgrade': {
        const index = cluster.pools.findIndex((candidate) => candidate.id === poolId);
        const threshold = poolThreshold(index, cluster.pools.length, RECONCILE_PROGRESS.controlPlaneUpgrade, RECONCILE_PROGRESS.poolsUpgradedBy);
        if (!reconciled && percent < threshold) return waiting();
        const pool = pools.find((candidate) => candidate.id === poolId);
        if (!pool) throw new ProvisionerError(`The node pool ${poolId} is not part of this cluster.`, false);
        const current = nodes.filter((node) => node.poolId === poolId);
        const upgraded = current.length > 0 ? current.map((node) => ({ ...node, kubeletVersion: pool.kubernetesVersion })) : await poolNodes(shoot, namespace, pool, lookup, 'ready');
        return done(`${pool.name} on Kubernetes ${pool.kubernetesVersion}`, { upsertNodes: upgraded });
      }
      case 'scale_down': {
        if (!reconciled && percent < RECONCILE_PROGRESS.scaleDown) return waiting();
        return done('Nodes stopped', nodes.length > 0 ? { upsertNodes: withStatus(nodes, 'hibernated', { cpuUsagePercent: 0, memoryUsagePercent: 0 }) } : undefined);
      }
      case 'pause':
        if (!reconciled || shoot.status?.hibernated !== true) return waiting();
        return done('Cluster hibernated');
      case 'resume':
        if (!reconciled && percent < RECONCILE_PROGRESS.resume) return waiting();
        return done('Control plane running');
      case 'scale_up': {
        if (!reconciled || shoot.status?.hibernated === true) return waiting();
        const started = nodes.length > 0 ? withStatus(nodes, 'ready') : (await Promise.all(pools.map((pool) => poolNodes(shoot, namespace, pool, lookup, 'ready')))).flat();
        return done(`${started.length} node${started.length === 1 ? '' : 's'} running`, { upsertNodes: started });
      }
      case 'health': {
        if (!reconciled) return waiting();
        const unhealthy = unhealthyCondition(shoot);
        if (unhealthy) return progress(`Waiting for ${unhealthy}`);
        return done('Gardener reports the cluster healthy');
      }
      case 'addon':
        // Add-ons are deployed into the Shoot by our platform team's GitOps today (ADR 30): the
        // operation says so rather than report an install it did not make; retried once done.
        throw new ProvisionerError('Add-ons are not yet installed automatically on Gardener clusters: our team installs this one and support tells you when it is done; then retry.', false);
      case 'mw_volumes':
      case 'mw_instances':
      case 'mw_replication':
      case 'mw_credentials':
      case 'mw_backups':
      case 'mw_endpoint':
      case 'mw_resize':
      case 'mw_restore':
      case 'mw_health':
      case 'mw_delete':
      case 'mw_release':
        // Managed middlewares are deployed in the Shoot by an operator (CloudNativePG and the like,
        // ADR 31) that our platform team installs today: the operation says so rather than report
        // work it did not do; retried once done.
        throw new ProvisionerError('Managed middlewares are not yet deployed automatically on Gardener clusters: our team sets this one up and support tells you when it is done; then retry.', false);
      default:
        throw new ProvisionerError(`The Gardener adapter has no step "${step.key}" for ${operation.type}.`, false);
    }
  }

  // -- deletion ----------------------------------------------------------------------------

  async function deleteStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, step, nodes } = context;
    const allGone = nodes.length > 0 ? { removeNodes: nodes.map((node) => node.name) } : undefined;
    // Without a providerRef the create may still have reached Gardener (a crash before the
    // bookkeeping): the derived name is looked up, and only a Shoot labelled as ours is deleted.
    const name = shootNameFor(cluster, namespace);
    const shoot = await getShoot(name);
    const ours = shoot !== null && (cluster.providerRef !== null || shoot.metadata.labels?.[CLUSTER_ID_LABEL] === labelValue(cluster.id));
    if (!shoot || !ours) {
      const detail = step.key === 'deleted' ? 'Cluster deleted' : cluster.providerRef ? 'Gone at Gardener' : 'The cluster never reached Gardener';
      return done(detail, step.key === 'delete_nodes' || step.key === 'deleted' ? allGone : undefined);
    }
    if (!shoot.metadata.deletionTimestamp) {
      if (shoot.metadata.annotations?.[CONFIRM_DELETION_ANNOTATION] !== 'true') {
        await patchShoot(name, { metadata: { annotations: { [CONFIRM_DELETION_ANNOTATION]: 'true' } } }, `confirming the deletion of the Shoot ${name}`);
      }
      const deleted = await client.request<Shoot>('DELETE', shootsPath(namespace, name), `deleting the Shoot ${name}`, { notFound: 'null' });
      if (!deleted) return done('Gone at Gardener', step.key === 'delete_nodes' ? allGone : undefined);
      return progress('Deletion sent to Gardener');
    }
    const operation = lastOperationOf(shoot);
    if (operation?.type !== 'Delete') return progress('Waiting for Gardener to start deleting the cluster');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const threshold = DELETE_PROGRESS[step.key];
    if (threshold === undefined || operation.progress < threshold) return progress(progressDetail(shoot, 'Waiting for Gardener'));
    return done(progressDetail(shoot, 'Done'), step.key === 'delete_nodes' ? allGone : undefined);
  }

  return {
    kind: 'gardener',

    plan(cluster: ClusterSpec, operation: OperationInput): PlannedStep[] {
      return planOperation(cluster, operation, 1);
    },

    async runStep(context: StepContext): Promise<StepOutcome> {
      try {
        switch (context.operation.type) {
          case 'provision':
            return await provisionStep(context);
          case 'delete':
            return await deleteStep(context);
          default:
            return await updateStep(context);
        }
      } catch (error) {
        if (error instanceof ProvisionerError) return { kind: 'failed', reason: error.message, retryable: error.retryable };
        throw error;
      }
    },

    async issueKubeconfig(request: KubeconfigRequest): Promise<IssuedKubeconfig> {
      const name = request.cluster.providerRef;
      if (!name) throw new ProvisionerError('The cluster has no Gardener Shoot yet, so there is no kubeconfig to issue.', false);
      const answer = await client.request<{ status?: { kubeconfig?: string } }>('POST', shootsPath(namespace, name, 'adminkubeconfig'), `requesting a kubeconfig for the Shoot ${name}`, {
        body: { apiVersion: AUTHENTICATION_API_VERSION, kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: request.expiresInSeconds } },
      });
      const encoded = answer?.status?.kubeconfig;
      if (!encoded) throw new ProvisionerError(`Gardener sent no kubeconfig for the Shoot ${name}.`, true);
      const yaml = decodeBase64(encoded);
      const { client: certificate, cas } = kubeconfigCredentials(yaml);
      return {
        yaml,
        serialNumber: certificate.serialNumber.toLowerCase(),
        // Gardener caps the lifetime at its --shoot-admin-kubeconfig-max-expiration: the certificate says what holds.
        notAfter: certificate.notAfter.getTime(),
        caFingerprint: await signingCaFingerprint(certificate, cas),
      };
    },

    async rotateCredentials(cluster: ClusterSpec): Promise<{ ca?: CertificateAuthority }> {
      const shoot = await existingShoot(cluster);
      const name = shoot.metadata.name;
      const phase = shoot.status?.credentials?.rotation?.certificateAuthorities?.phase ?? '';
      if (phase === 'Preparing' || phase === 'Completing') {
        throw new ProvisionerError('Gardener is already rotating the certificate authorities of this cluster; try again once it has finished.', true);
      }
      // CA rotation is two-phase at Gardener: "start" issues new CAs and still trusts the old
      // ones; "complete" (allowed once the phase is Prepared) drops the old ones.
      const operation = phase === 'Prepared' ? 'rotate-ca-complete' : 'rotate-ca-start';
      await patchShoot(name, { metadata: { annotations: { [OPERATION_ANNOTATION]: operation } } }, `rotating the certificate authorities of the Shoot ${name}`);
      return {};
    },

    nodeUsage(): null {
      return null;
    },

    // Gardener reports no volume or traffic figures: nothing is metered for them.
    usageMetrics(): null {
      return null;
    },

    syncCatalog(): Promise<CloudProfileSync> {
      return syncCloudProfile(config);
    },
  };
}
