/**
 * What the Gardener adapter's tests share (platform/provisioner/gardener*.test.ts): a fake Gardener
 * and a clock, fresh for each test, with the check after it that Gardener accepted every request
 * the adapter sent; a cluster of two pools (general, GPU) and the ways to run a step on it.
 */
import type { OperationParams, OperationStep } from '@kubemarket/db';
import { afterEach, beforeEach, expect } from 'vitest';
import { gardenerProvisioner, shootNameFor, type GardenerConfig, type Shoot } from '../platform/provisioner/gardener';
import type { ClusterSpec, NodeState, OperationInput, PoolSpec, ProvisionerPort, StepContext, StepOutcome } from '../platform/provisioner/port';
import { FAKE_CLOUD_PROFILE_NAME, startFakeGardener, type FakeGardener, type FakeRequest } from './fakes';

export const TOKEN = 'gardener-sa-token-7Hq2vX9kLm3nB8pR';
export const NAMESPACE = 'garden-km';
export const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);
export const SHOOTS = `/apis/core.gardener.cloud/v1beta1/namespaces/${NAMESPACE}/shoots`;
export const MERGE_PATCH = 'application/merge-patch+json';

export const GENERAL: PoolSpec = {
  id: 'npl_general',
  name: 'general',
  machine: { flavorId: 'gp-4-16', vcpu: 4, memoryGb: 16, gpuCount: 0 },
  count: 3,
  autoscaling: null,
  labels: { tier: 'web' },
  taints: [],
  kubernetesVersion: '1.36.4',
};

export const GPU: PoolSpec = {
  id: 'npl_gpu',
  name: 'gpu-inference-workers',
  machine: { flavorId: 'gpu-l4-1', vcpu: 8, memoryGb: 48, gpuCount: 1 },
  count: 1,
  autoscaling: { min: 1, max: 4 },
  labels: { 'nvidia.com/gpu.present': 'true' },
  taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
  kubernetesVersion: '1.36.4',
};

export function clusterSpec(overrides: Partial<ClusterSpec> = {}): ClusterSpec {
  return {
    id: 'clu_7k2m9q4x1c8v5b3n6z0a',
    organizationId: 'org_acme',
    name: 'webshop-prod',
    region: 'fr-par-1',
    zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
    tierId: 'tier_standard',
    purpose: 'production',
    kubernetesVersion: '1.36.4',
    highAvailability: true,
    networking: { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: ['203.0.113.0/24'] },
    maintenance: { day: 'sunday', startHour: 3, autoUpgrade: true },
    hibernation: { schedules: [{ start: '0 20 * * 1-5', end: '0 7 * * 1-5' }, { start: null, end: null }], timezone: 'Europe/Paris' },
    pools: [GENERAL, GPU],
    providerRef: null,
    endpoint: null,
    ...overrides,
  };
}

export function operation(type: OperationInput['type'], params: OperationParams = {}): OperationInput {
  return { id: `cop_${type}`, type, params };
}

export function node(pool: PoolSpec, name: string, zone: string): NodeState {
  return {
    name,
    poolId: pool.id,
    zone,
    status: 'ready',
    kubeletVersion: pool.kubernetesVersion,
    cpuMillicores: pool.machine.vcpu * 1000,
    memoryMib: pool.machine.memoryGb * 1024,
    cpuUsagePercent: 12,
    memoryUsagePercent: 30,
  };
}

export function expectProgress(outcome: StepOutcome, detail?: RegExp): void {
  expect(outcome.kind).toBe('progress');
  if (outcome.kind !== 'progress') return;
  expect(outcome.retryInMs).toBe(10_000);
  if (detail) expect(outcome.detail).toMatch(detail);
}

export function expectDone(outcome: StepOutcome): Extract<StepOutcome, { kind: 'done' }> {
  expect(outcome).toMatchObject({ kind: 'done' });
  return outcome as Extract<StepOutcome, { kind: 'done' }>;
}

/**
 * Registers the hooks of a Gardener test file: before each test a fresh fake Gardener (`bed.fake`,
 * which a test may replace) on a clock at NOW (`bed.now`, which a test may move); after it, every
 * request the adapter sent must be one Gardener accepts.
 */
export function fakeGardenerBed() {
  const bed = { fake: undefined as unknown as FakeGardener, now: NOW };
  beforeEach(() => {
    bed.now = NOW;
    bed.fake = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => bed.now });
  });
  afterEach(() => {
    // Every request the adapter sent is one Gardener accepts.
    expect(bed.fake.violations).toEqual([]);
    bed.fake.close();
  });

  function config(overrides: Partial<GardenerConfig> = {}): GardenerConfig {
    return {
      apiUrl: bed.fake.url,
      token: TOKEN,
      namespace: NAMESPACE,
      fetch: bed.fake.fetch,
      credentialsBindingName: 'kubemarket-openstack',
      cloudProfileName: FAKE_CLOUD_PROFILE_NAME,
      ...overrides,
    };
  }

  function adapter(overrides: Partial<GardenerConfig> = {}): ProvisionerPort {
    return gardenerProvisioner(config(overrides));
  }

  function step(key: string, overrides: Partial<OperationStep> = {}): OperationStep {
    return { key, label: key, status: 'running', detail: null, estimateMs: 10_000, startedAt: bed.now, finishedAt: null, attempts: 0, error: null, ...overrides };
  }

  function run(
    port: ProvisionerPort,
    cluster: ClusterSpec,
    op: OperationInput,
    key: string,
    options: { nodes?: NodeState[]; step?: Partial<OperationStep> } = {},
  ): Promise<StepOutcome> {
    const context: StepContext = { cluster, operation: op, step: step(key, options.step), nodes: options.nodes ?? [], now: bed.now };
    return port.runStep(context);
  }

  function requestsAfter(index: number): FakeRequest[] {
    return bed.fake.requests.slice(index);
  }

  function shootOf(cluster: ClusterSpec): Shoot {
    const shoot = bed.fake.shoots.get(cluster.providerRef ?? shootNameFor(cluster, NAMESPACE));
    if (!shoot) throw new Error('no Shoot');
    return shoot;
  }

  /** A cluster Gardener has created: its Shoot exists and the create succeeded. */
  async function provisioned(port: ProvisionerPort, cluster = clusterSpec()): Promise<ClusterSpec> {
    const outcome = await run(port, cluster, operation('provision'), 'validate');
    if (outcome.kind !== 'done' || !outcome.changes?.providerRef) throw new Error(`validate did not finish: ${JSON.stringify(outcome)}`);
    bed.fake.setLastOperation(outcome.changes.providerRef, { type: 'Create', state: 'Succeeded', progress: 100, description: 'Shoot cluster has been successfully created.' });
    return { ...cluster, providerRef: outcome.changes.providerRef, endpoint: `https://api.${outcome.changes.providerRef}.km.shoot.fake.test` };
  }

  /** Where most change tests start: an adapter, and a cluster it has created with its Shoot's name. */
  async function provisionedShoot() {
    const port = adapter();
    const cluster = await provisioned(port);
    return { port, cluster, name: cluster.providerRef! };
  }

  /** The requests this test sent that Gardener refuses, on purpose: exactly `count`, then forgotten so that the after-each check passes. */
  function expectRefused(count: number) {
    expect(bed.fake.violations).toHaveLength(count);
    bed.fake.violations.length = 0;
  }

  return Object.assign(bed, { config, adapter, step, run, requestsAfter, shootOf, provisioned, provisionedShoot, expectRefused });
}
