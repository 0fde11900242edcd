/**
 * The provisioner port (ADR 7, docs/architecture.md#ports). The cluster operation engine
 * (modules/clusters/engine.ts) runs every long operation step by step through it and cannot tell
 * the embedded simulator from Gardener. The engine owns the bookkeeping (steps, events, database,
 * live progress); an adapter only acts on the outside world and reports what it sees.
 */
import type {
  ClusterHibernation,
  ClusterMaintenance,
  ClusterNetworking,
  ClusterOperationType,
  NodeStatus,
  NodeTaint,
  OperationParams,
  OperationStep,
} from '@kubemarket/db';

export type ProvisionerKind = 'simulator' | 'gardener';

/** Gardener's purposes; the tier decides (production tiers are `production`, dev/test `development`). */
export type ClusterPurpose = 'production' | 'development' | 'evaluation';

export interface MachineType {
  /** Our node flavour id, e.g. "gp-4-16" (Gardener: the CloudProfile's machine type of that name). */
  flavorId: string;
  vcpu: number;
  memoryGb: number;
  gpuCount: number;
}

export interface PoolSpec {
  id: string;
  name: string;
  machine: MachineType;
  count: number;
  autoscaling: { min: number; max: number } | null;
  labels: Record<string, string>;
  taints: NodeTaint[];
  kubernetesVersion: string;
}

/** A node pool with its flavour's id rather than its machine: as its row stores it, and as a Shoot needs it (an OperationParams pool has no machine). */
export type PoolInput = Omit<PoolSpec, 'machine'> & { flavorId: string };

/** What a provisioner needs to know of a cluster: its build, as stored now. */
export interface ClusterSpec {
  id: string;
  organizationId: string;
  name: string;
  region: string;
  /** Zones the nodes spread over (never empty: the engine fills the region's zones). */
  zones: string[];
  tierId: string;
  purpose: ClusterPurpose;
  kubernetesVersion: string;
  highAvailability: boolean;
  networking: ClusterNetworking;
  maintenance: ClusterMaintenance;
  hibernation: ClusterHibernation | null;
  pools: PoolSpec[];
  /** The provisioner's name for the cluster (Gardener: the Shoot), once it has one. */
  providerRef: string | null;
  endpoint: string | null;
}

/** A worker node as the provisioner sees it. */
export interface NodeState {
  name: string;
  poolId: string;
  zone: string;
  status: NodeStatus;
  kubeletVersion: string;
  cpuMillicores: number;
  memoryMib: number;
  cpuUsagePercent: number;
  memoryUsagePercent: number;
}

/** A step as planned: the engine turns it into an OperationStep (status, times, attempts). */
export interface PlannedStep {
  key: string;
  label: string;
  /** Expected duration at the provisioner's speed, ms. */
  estimateMs: number;
}

export interface OperationInput {
  id: string;
  type: ClusterOperationType;
  params: OperationParams;
}

export interface StepContext {
  cluster: ClusterSpec;
  operation: OperationInput;
  /** The step to run; `startedAt` is when it began, `attempts` how many tries failed before. */
  step: OperationStep;
  /** The cluster's nodes as stored now. */
  nodes: NodeState[];
  now: number;
}

/** A certificate authority: PEM certificate and PKCS#8 private key (PEM). */
export interface CertificateAuthority {
  certificatePem: string;
  privateKeyPem: string;
}

/** What a step changed, for the engine to store. */
export interface ClusterChanges {
  endpoint?: string;
  providerRef?: string;
  /** A new cluster CA (the simulator makes one with the control plane); the engine seals its key. */
  ca?: CertificateAuthority;
  /** Nodes added or changed (by name). */
  upsertNodes?: NodeState[];
  /** Names of nodes gone. */
  removeNodes?: string[];
}

export type StepOutcome =
  /** The step is finished. */
  | { kind: 'done'; detail?: string; changes?: ClusterChanges }
  /** Still going: run the step again after `retryInMs` (a timer, or polling the provider). */
  | { kind: 'progress'; detail: string; retryInMs: number; changes?: ClusterChanges }
  /** It failed: `reason` in plain words; a retryable failure is tried again with back-off. */
  | { kind: 'failed'; reason: string; retryable: boolean };

export interface KubeconfigRequest {
  cluster: ClusterSpec;
  /** The stored CA (simulator); Gardener signs with its own and ignores it. */
  ca: CertificateAuthority | null;
  user: { id: string; username: string; organizationId: string };
  /** 3600 to 31,536,000. */
  expiresInSeconds: number;
  now: number;
}

export interface IssuedKubeconfig {
  yaml: string;
  /** Hex serial number of the client certificate. */
  serialNumber: string;
  /** Epoch ms, whole seconds: now + expiresInSeconds. */
  notAfter: number;
  /** SHA-256 (hex) of the CA certificate the client certificate chains to. */
  caFingerprint: string;
}

/** Where a client reaches a cluster's API server. */
export interface ApiServerAddress {
  /** The kubeconfig's `server`. */
  url: string;
  /** The name the server's certificate carries, when `url` is another address (the kubeconfig's `tls-server-name`); else null. */
  tlsServerName: string | null;
}

/** Gardener's version classification; `expired` versions can no longer be used for new Shoots. */
export type VersionClassification = 'preview' | 'supported' | 'deprecated' | 'expired';

/** What the provider's CloudProfile offers (Gardener), for syncing the catalogue to it. */
export interface CloudProfileSync {
  providerType: string;
  /** Full versions ("1.37.1"), newest first; `expirationDate` is RFC 3339 as Gardener sends it. */
  kubernetesVersions: Array<{ version: string; classification: VersionClassification; expirationDate?: string }>;
  /** Usable machine types only; memory in GB (GiB), two decimals. */
  machineTypes: Array<{ name: string; cpu: number; memoryGb: number; gpu: number }>;
  regions: Array<{ name: string; zones: string[] }>;
}

/**
 * Something a cluster holds that its provider would go on billing once the cluster is deleted
 * (issue 34): a Service of type LoadBalancer, a persistent volume, a backup or a volume snapshot.
 */
export interface Leftover {
  /** Stable while the resource exists: `<kind>:<name>`, what a delete request names to keep it. */
  id: string;
  kind: 'load_balancer' | 'volume' | 'backup' | 'snapshot';
  /** As the cluster names it: "<namespace>/<name>" for a Service or a claim. */
  name: string;
  /** The provider's id for it (a PersistentVolume's name, a load balancer's IP, a snapshot handle). */
  providerRef: string | null;
  /** GB, whole; null for a load balancer. */
  sizeGb: number | null;
  /** EUR cents a month if kept (packages/shared/src/usage.ts). */
  monthlyCents: number;
}

/** What the provisioner needs besides the cluster's build to tell its leftovers: what we installed in it. */
export interface LeftoverScope {
  cluster: ClusterSpec;
  /** The add-ons installed (the simulator derives their load balancers and snapshots from them). */
  addonIds: string[];
}

export interface ProvisionerPort {
  readonly kind: ProvisionerKind;
  /** Multiplier of real time for waits the engine adds (retry back-off): 1/speed in the simulator; 1 when absent. */
  readonly timeScale?: number;
  /** The steps of an operation, in order, with their estimates. */
  plan(cluster: ClusterSpec, operation: OperationInput): PlannedStep[];
  /** Runs (or checks on) one step. Must be idempotent: after a crash it may run again. */
  runStep(context: StepContext): Promise<StepOutcome>;
  /** A kubeconfig whose client certificate expires exactly `expiresInSeconds` from `now`. */
  issueKubeconfig(request: KubeconfigRequest): Promise<IssuedKubeconfig>;
  /**
   * Where kubectl reaches the API server of a cluster with this endpoint, using a kubeconfig issued
   * here; null where none answers (a simulated cluster without the local API gateway, ADR 32).
   * Absent: at the endpoint itself, where a real control plane answers.
   */
  apiServer?(endpoint: string | null): ApiServerAddress | null;
  /**
   * Invalidates every credential issued so far. The simulator returns a new CA for the engine to
   * store; Gardener rotates the Shoot's CA and returns nothing.
   */
  rotateCredentials(cluster: ClusterSpec, now: number): Promise<{ ca?: CertificateAuthority }>;
  /** Current CPU and memory use of running nodes (the simulator's are simulated); null: unknown. */
  nodeUsage(node: NodeState, now: number): { cpuUsagePercent: number; memoryUsagePercent: number } | null;
  /**
   * Persistent storage held and traffic sent out during the UTC hour starting at `hourStart`, for
   * the usage metering; null (or absent): the provider does not report it, and nothing is metered.
   */
  usageMetrics?(cluster: ClusterSpec, hourStart: number): { storageGb: number; egressGb: number } | null;
  /**
   * What deleting the cluster would leave billable if kept: its load balancers, volumes and
   * snapshots, as the cluster reports them now, priced per month. Absent: the provider cannot tell.
   */
  leftovers?(scope: LeftoverScope): Promise<Leftover[]>;
  /** What the provider offers now, for the catalogue; absent where nothing is offered (the simulator). */
  syncCatalog?(): Promise<CloudProfileSync>;
}

/** A provider refused or failed in a way a customer can read (a quota, an unknown version). */
export class ProvisionerError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProvisionerError';
  }
}

/** Kubeconfig lifetimes a customer may choose: 1 hour to 1 year; 7 days by default. */
export const KUBECONFIG_MIN_SECONDS = 3600;
export const KUBECONFIG_MAX_SECONDS = 365 * 24 * 3600;
export const KUBECONFIG_DEFAULT_SECONDS = 7 * 24 * 3600;

/** The cluster's pools, each with its flavour's id. */
export function poolInputs(cluster: Pick<ClusterSpec, 'pools'>): PoolInput[] {
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
