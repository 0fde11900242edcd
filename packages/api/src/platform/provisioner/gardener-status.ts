import type { NodeStatus } from '@kubemarket/db';
import {
  ProvisionerError,
  type MachineType,
  type NodeState,
  type VersionClassification,
} from './port';
import { type CloudProfileVersion, type LastOperation, type Shoot } from './gardener-api';
import { projectOf, workerNameFor } from './gardener-shoot';
import type { PoolInput } from './port';

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

// Reading the Shoot's status

export function lastOperationOf(shoot: Shoot): LastOperation | null {
  return shoot.status?.lastOperation ?? null;
}

/** Gardener has begun (or finished) working on the Shoot's current spec. */
export function hasObservedSpec(shoot: Shoot): boolean {
  return lastOperationOf(shoot) !== null && (shoot.status?.observedGeneration ?? 0) >= (shoot.metadata.generation ?? 1);
}

/** The current spec is reconciled: Gardener finished its last create or reconcile of it. */
export function isReconciled(shoot: Shoot): boolean {
  const operation = lastOperationOf(shoot);
  return hasObservedSpec(shoot) && operation !== null && operation.state === 'Succeeded' && (operation.type === 'Create' || operation.type === 'Reconcile' || operation.type === 'Restore');
}

export function progressOf(shoot: Shoot): number {
  return hasObservedSpec(shoot) ? (lastOperationOf(shoot)?.progress ?? 0) : 0;
}

export interface GardenerFailure {
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
export function failureOf(shoot: Shoot): GardenerFailure | null {
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

export function unhealthyCondition(shoot: Shoot): string | null {
  const failing = (shoot.status?.conditions ?? []).find((condition) => condition.status === 'False');
  return failing ? `${failing.type}${failing.message ? `: ${failing.message}` : ''}` : null;
}

export function endpointOf(shoot: Shoot): string | undefined {
  return shoot.status?.advertisedAddresses?.find((address) => address.name === 'external')?.url;
}

function technicalIdOf(shoot: Shoot, namespace: string): string {
  return shoot.status?.technicalID || `shoot--${projectOf(namespace)}--${shoot.metadata.name}`;
}

export function progressDetail(shoot: Shoot, waiting: string): string {
  const operation = lastOperationOf(shoot);
  if (!operation || !hasObservedSpec(shoot)) return waiting;
  const description = operation.description.trim() || `${operation.type} ${operation.state.toLowerCase()}`;
  return `Gardener: ${description} (${operation.progress}%)`;
}

// Nodes, synthesised from the worker pools

/** The machine behind a flavour: the cluster's own pools first, then the CloudProfile. */
export type MachineLookup = (flavorId: string) => Promise<MachineType>;

export async function poolNodes(
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

export function withStatus(nodes: NodeState[], status: NodeStatus, patch: Partial<NodeState> = {}): NodeState[] {
  return nodes.map((node) => ({ ...node, ...patch, status }));
}

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

export function classificationOf(version: CloudProfileVersion, now: number): VersionClassification {
  if (version.expirationDate && Date.parse(version.expirationDate) <= now) return 'expired';
  let current = version.classification;
  for (const stage of version.lifecycle ?? []) {
    if (!stage.startTime || Date.parse(stage.startTime) <= now) current = stage.classification;
  }
  return current === 'preview' || current === 'deprecated' || current === 'expired' ? current : 'supported';
}
