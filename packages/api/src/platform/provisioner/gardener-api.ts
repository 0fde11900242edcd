import type { NodeTaint } from '@kubemarket/db';

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
export const REQUEST_TIMEOUT_MS = 20_000;

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

interface HibernationScheduleSpec {
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

export interface CloudProfileVersion {
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
export interface KubernetesStatus {
  kind?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: { causes?: Array<{ field?: string; message?: string }> };
}
