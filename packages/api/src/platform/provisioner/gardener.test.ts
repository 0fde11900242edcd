import 'reflect-metadata';
import { createHash } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { OperationParams, OperationStep } from '@kubemarket/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { FAKE_CLOUD_PROFILE_NAME, startFakeGardener, type FakeGardener, type FakeRequest } from '../../testing/fakes';
import { gardenerProvisioner, shootNameFor, syncCloudProfile, workerNameFor, type GardenerConfig, type Shoot } from './gardener';
import { ProvisionerError, type ClusterSpec, type NodeState, type OperationInput, type PoolSpec, type ProvisionerPort, type StepContext, type StepOutcome } from './port';
import { planOperation } from './steps';

const TOKEN = 'gardener-sa-token-7Hq2vX9kLm3nB8pR';
const NAMESPACE = 'garden-km';
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);
const SHOOTS = `/apis/core.gardener.cloud/v1beta1/namespaces/${NAMESPACE}/shoots`;
const MERGE_PATCH = 'application/merge-patch+json';

let now = NOW;
let fake: FakeGardener;

function config(overrides: Partial<GardenerConfig> = {}): GardenerConfig {
  return {
    apiUrl: fake.url,
    token: TOKEN,
    namespace: NAMESPACE,
    fetch: fake.fetch,
    credentialsBindingName: 'kubemarket-openstack',
    cloudProfileName: FAKE_CLOUD_PROFILE_NAME,
    ...overrides,
  };
}

function adapter(overrides: Partial<GardenerConfig> = {}): ProvisionerPort {
  return gardenerProvisioner(config(overrides));
}

beforeEach(() => {
  now = NOW;
  fake = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => now });
});

afterEach(() => {
  // Every request the adapter sent is one Gardener accepts.
  expect(fake.violations).toEqual([]);
  fake.close();
});

// ---------------------------------------------------------------------------------------------
// Fixtures

const GENERAL: PoolSpec = {
  id: 'npl_general',
  name: 'general',
  machine: { flavorId: 'gp-4-16', vcpu: 4, memoryGb: 16, gpuCount: 0 },
  count: 3,
  autoscaling: null,
  labels: { tier: 'web' },
  taints: [],
  kubernetesVersion: '1.36.4',
};

const GPU: PoolSpec = {
  id: 'npl_gpu',
  name: 'gpu-inference-workers',
  machine: { flavorId: 'gpu-l4-1', vcpu: 8, memoryGb: 48, gpuCount: 1 },
  count: 1,
  autoscaling: { min: 1, max: 4 },
  labels: { 'nvidia.com/gpu.present': 'true' },
  taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
  kubernetesVersion: '1.36.4',
};

function clusterSpec(overrides: Partial<ClusterSpec> = {}): ClusterSpec {
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

function operation(type: OperationInput['type'], params: OperationParams = {}): OperationInput {
  return { id: `cop_${type}`, type, params };
}

function step(key: string, overrides: Partial<OperationStep> = {}): OperationStep {
  return { key, label: key, status: 'running', detail: null, estimateMs: 10_000, startedAt: now, finishedAt: null, attempts: 0, error: null, ...overrides };
}

function run(
  port: ProvisionerPort,
  cluster: ClusterSpec,
  op: OperationInput,
  key: string,
  options: { nodes?: NodeState[]; step?: Partial<OperationStep> } = {},
): Promise<StepOutcome> {
  const context: StepContext = { cluster, operation: op, step: step(key, options.step), nodes: options.nodes ?? [], now };
  return port.runStep(context);
}

function requestsAfter(index: number): FakeRequest[] {
  return fake.requests.slice(index);
}

function shootOf(cluster: ClusterSpec): Shoot {
  const shoot = fake.shoots.get(cluster.providerRef ?? shootNameFor(cluster, NAMESPACE));
  if (!shoot) throw new Error('no Shoot');
  return shoot;
}

/** A cluster Gardener has created: its Shoot exists and the create succeeded. */
async function provisioned(port: ProvisionerPort, cluster = clusterSpec()): Promise<ClusterSpec> {
  const outcome = await run(port, cluster, operation('provision'), 'validate');
  if (outcome.kind !== 'done' || !outcome.changes?.providerRef) throw new Error(`validate did not finish: ${JSON.stringify(outcome)}`);
  fake.setLastOperation(outcome.changes.providerRef, { type: 'Create', state: 'Succeeded', progress: 100, description: 'Shoot cluster has been successfully created.' });
  return { ...cluster, providerRef: outcome.changes.providerRef, endpoint: `https://api.${outcome.changes.providerRef}.km.shoot.fake.test` };
}

function node(pool: PoolSpec, name: string, zone: string): NodeState {
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

function expectProgress(outcome: StepOutcome, detail?: RegExp): void {
  expect(outcome.kind).toBe('progress');
  if (outcome.kind !== 'progress') return;
  expect(outcome.retryInMs).toBe(10_000);
  if (detail) expect(outcome.detail).toMatch(detail);
}

function expectDone(outcome: StepOutcome): Extract<StepOutcome, { kind: 'done' }> {
  expect(outcome).toMatchObject({ kind: 'done' });
  return outcome as Extract<StepOutcome, { kind: 'done' }>;
}

// ---------------------------------------------------------------------------------------------

describe('names', () => {
  it('names the Shoot from the cluster name and id within the 21 characters Gardener allows with the project name', () => {
    const name = shootNameFor(clusterSpec(), NAMESPACE);
    expect(name).toBe('webshop-prod-7k2m9q');
    expect(name.length + 'km'.length).toBeLessThanOrEqual(21);

    const long = shootNameFor(clusterSpec({ name: 'analytics--eu-central-platform' }), 'garden-enterprise');
    expect(long).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
    expect(long).not.toContain('--');
    expect(long.length + 'enterprise'.length).toBeLessThanOrEqual(21);
    expect(long.endsWith('-7k2m9q')).toBe(true);

    expect(shootNameFor(clusterSpec({ providerRef: 'existing-shoot' }), NAMESPACE)).toBe('existing-shoot');
  });

  it('keeps pool names as worker names when they fit in 15 characters, and shortens others stably', () => {
    expect(workerNameFor(GENERAL)).toBe('general');
    const gpu = workerNameFor(GPU);
    expect(gpu.length).toBeLessThanOrEqual(15);
    expect(gpu).toMatch(/^gpu-infere-[a-z0-9]{4}$/);
    expect(workerNameFor({ ...GPU })).toBe(gpu);
    expect(workerNameFor({ ...GPU, id: 'npl_other' })).not.toBe(gpu);
  });

  it('plans with the shared step list at speed 1 and reports no node usage', () => {
    const port = adapter();
    const cluster = clusterSpec();
    const op = operation('provision', { addonIds: ['cert-manager'] });
    expect(port.kind).toBe('gardener');
    expect(port.plan(cluster, op)).toEqual(planOperation(cluster, op, 1));
    expect(port.nodeUsage(node(GENERAL, 'n', 'fr-par-1a'), now)).toBeNull();
  });
});

describe('provision', () => {
  it('creates exactly the Shoot the cluster describes', async () => {
    const port = adapter();
    const cluster = clusterSpec();
    const outcome = await run(port, cluster, operation('provision'), 'validate');
    expect(outcome).toEqual({ kind: 'done', detail: `Shoot webshop-prod-7k2m9q created in ${NAMESPACE}`, changes: { providerRef: 'webshop-prod-7k2m9q' } });

    expect(fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      `GET ${SHOOTS}/webshop-prod-7k2m9q 404`,
      `GET /apis/core.gardener.cloud/v1beta1/cloudprofiles/kubemarket 200`,
      `POST ${SHOOTS} 201`,
    ]);
    const post = fake.requests[2]!;
    expect(post.authorization).toBe(`Bearer ${TOKEN}`);
    expect(post.contentType).toBe('application/json');
    expect(post.body).toEqual({
      apiVersion: 'core.gardener.cloud/v1beta1',
      kind: 'Shoot',
      metadata: {
        name: 'webshop-prod-7k2m9q',
        namespace: NAMESPACE,
        labels: { 'kubemarket.io/cluster-id': 'clu_7k2m9q4x1c8v5b3n6z0a', 'kubemarket.io/organization-id': 'org_acme' },
        annotations: { 'kubemarket.io/cluster-name': 'webshop-prod' },
      },
      spec: {
        cloudProfile: { kind: 'CloudProfile', name: 'kubemarket' },
        credentialsBindingName: 'kubemarket-openstack',
        region: 'fr-par-1',
        purpose: 'production',
        provider: {
          type: 'openstack',
          workers: [
            {
              name: 'general',
              machine: { type: 'gp-4-16' },
              minimum: 3,
              maximum: 3,
              maxSurge: 1,
              maxUnavailable: 0,
              zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
              labels: { tier: 'web' },
              taints: [],
            },
            {
              name: workerNameFor(GPU),
              machine: { type: 'gpu-l4-1' },
              minimum: 1,
              maximum: 4,
              maxSurge: 1,
              maxUnavailable: 0,
              zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
              labels: { 'nvidia.com/gpu.present': 'true' },
              taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
            },
          ],
        },
        kubernetes: { version: '1.36.4' },
        networking: { type: 'cilium', pods: '10.244.0.0/16', services: '10.96.0.0/12', ipFamilies: ['IPv4'] },
        maintenance: { timeWindow: { begin: '030000+0000', end: '070000+0000' }, autoUpdate: { kubernetesVersion: true, machineImageVersion: true } },
        hibernation: { enabled: false, schedules: [{ start: '0 20 * * 1-5', end: '0 7 * * 1-5', location: 'Europe/Paris' }] },
        controlPlane: { highAvailability: { failureTolerance: { type: 'zone' } } },
        extensions: [{ type: 'acl', providerConfig: { rule: { action: 'ALLOW', type: 'remote_ip', cidrs: ['203.0.113.0/24'] } } }],
      },
    });
    // Gardener's admission filled in what the adapter leaves to it.
    expect(shootOf(cluster).spec.provider.workers[0]?.machine.image).toEqual({ name: 'gardenlinux', version: '1877.3.0' });
  });

  it('builds a small development cluster without HA, allow-list or schedules, on fewer zones than a pool of one needs', async () => {
    const port = adapter();
    const cluster = clusterSpec({
      name: 'staging',
      purpose: 'development',
      highAvailability: false,
      networking: { cni: 'calico', podCidr: '10.100.0.0/16', serviceCidr: '10.200.0.0/16', apiAllowList: [] },
      maintenance: { day: 'monday', startHour: 22, autoUpgrade: false },
      hibernation: null,
      pools: [{ ...GENERAL, count: 1 }],
    });
    expectDone(await run(port, cluster, operation('provision'), 'validate'));
    const spec = shootOf(cluster).spec;
    expect(spec.purpose).toBe('development');
    expect(spec.controlPlane).toBeUndefined();
    expect(spec.extensions).toBeUndefined();
    expect(spec.hibernation).toBeUndefined();
    expect(spec.networking).toEqual({ type: 'calico', pods: '10.100.0.0/16', services: '10.200.0.0/16', ipFamilies: ['IPv4'] });
    expect(spec.maintenance).toEqual({ timeWindow: { begin: '220000+0000', end: '020000+0000' }, autoUpdate: { kubernetesVersion: false, machineImageVersion: false } });
    // Gardener refuses a pool whose maximum is below its zone count.
    expect(spec.provider.workers[0]).toMatchObject({ minimum: 1, maximum: 1, zones: ['fr-par-1a'] });
  });

  it('is idempotent: a second validate adopts the Shoot, and a create racing another one adopts it on 409', async () => {
    const port = adapter();
    const cluster = clusterSpec();
    expectDone(await run(port, cluster, operation('provision'), 'validate'));
    const before = fake.requests.length;
    expect(await run(port, cluster, operation('provision'), 'validate')).toEqual({ kind: 'done', detail: `Shoot webshop-prod-7k2m9q exists in ${NAMESPACE}`, changes: { providerRef: 'webshop-prod-7k2m9q' } });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);

    // The Shoot appears between the adapter's GET (404) and its POST: Gardener answers 409 AlreadyExists.
    const racing = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => now });
    let raced = false;
    const racingFetch: typeof fetch = async (input, init) => {
      if (!raced && init?.method === 'POST') {
        raced = true;
        await racing.fetch(input, init);
      }
      return racing.fetch(input, init);
    };
    const outcome = await gardenerProvisioner({ ...config(), apiUrl: racing.url, fetch: racingFetch }).runStep({
      cluster,
      operation: operation('provision'),
      step: step('validate'),
      nodes: [],
      now,
    });
    expect(outcome).toEqual({ kind: 'done', detail: `Shoot webshop-prod-7k2m9q exists in ${NAMESPACE}`, changes: { providerRef: 'webshop-prod-7k2m9q' } });
    expect(racing.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 404', 'GET 200', 'POST 201', 'POST 409', 'GET 200']);
    expect(racing.violations).toEqual([]);
  });

  it('does not adopt a Shoot of the same name that belongs to another cluster', async () => {
    const port = adapter();
    await run(port, clusterSpec(), operation('provision'), 'validate');
    const other = clusterSpec({ id: 'clu_7k2m9qzzzzzzzzzzzzzz', organizationId: 'org_other' });
    expect(shootNameFor(other, NAMESPACE)).toBe('webshop-prod-7k2m9q');
    const outcome = await run(port, other, operation('provision'), 'validate');
    expect(outcome).toEqual({ kind: 'failed', reason: 'A Gardener Shoot named webshop-prod-7k2m9q already exists and belongs to another cluster.', retryable: false });
  });

  it('refuses what the CloudProfile does not offer before creating anything', async () => {
    const port = adapter();
    const cases: Array<[Partial<ClusterSpec>, string]> = [
      [{ kubernetesVersion: '1.99.0', pools: [{ ...GENERAL, kubernetesVersion: '1.99.0' }] }, 'Kubernetes 1.99.0 is not offered by Gardener (CloudProfile kubemarket).'],
      [{ kubernetesVersion: '1.34.9', pools: [{ ...GENERAL, kubernetesVersion: '1.34.9' }] }, 'Kubernetes 1.34.9 has expired at Gardener; choose a newer version.'],
      [{ region: 'us-east-1', zones: ['us-east-1a'] }, 'Region us-east-1 is not offered by the Gardener CloudProfile kubemarket.'],
      [{ zones: ['fr-par-1a', 'fr-par-1z'] }, 'Zone fr-par-1z is not part of region fr-par-1 in Gardener.'],
      [{ pools: [{ ...GENERAL, machine: { ...GENERAL.machine, flavorId: 'legacy-1-2' } }] }, 'Machine type legacy-1-2 is not offered by Gardener (CloudProfile kubemarket).'],
    ];
    for (const [overrides, reason] of cases) {
      expect(await run(port, clusterSpec(overrides), operation('provision'), 'validate')).toEqual({ kind: 'failed', reason, retryable: false });
    }
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);

    const unconfigured = adapter({ credentialsBindingName: undefined });
    expect(await run(unconfigured, clusterSpec(), operation('provision'), 'validate')).toMatchObject({ kind: 'failed', retryable: false, reason: expect.stringContaining('No Gardener credentials binding') });
  });

  it('follows lastOperation.progress step by step and synthesises the nodes of each pool', async () => {
    const port = adapter();
    const op = operation('provision', { addonIds: ['cert-manager'] });
    const initial = clusterSpec();
    const created = expectDone(await run(port, initial, op, 'validate'));
    const cluster = { ...initial, providerRef: created.changes!.providerRef! };
    const name = cluster.providerRef;
    const at = (progress: number, state = 'Processing') => fake.setLastOperation(name, { type: 'Create', state, progress, description: `Creating (${progress})` });

    expectProgress(await run(port, cluster, op, 'network'), /Waiting for Gardener to start creating/);
    at(10);
    expectProgress(await run(port, cluster, op, 'network'), /^Gardener: Creating \(10\) \(10%\)$/);
    at(20);
    expectDone(await run(port, cluster, op, 'network'));
    expectProgress(await run(port, cluster, op, 'control_plane'));
    at(40);
    expectDone(await run(port, cluster, op, 'control_plane'));
    expectProgress(await run(port, cluster, op, 'etcd'));
    at(46);
    expectDone(await run(port, cluster, op, 'etcd'));
    expectProgress(await run(port, cluster, op, 'api_endpoint'));
    at(56);
    expect(expectDone(await run(port, cluster, op, 'api_endpoint')).changes).toEqual({ endpoint: `https://api.${name}.km.shoot.fake.test` });

    // Two pools come up between 60 % and 85 %: the first at 73 %, the second at 85 %.
    at(70);
    expectProgress(await run(port, cluster, op, 'pool:npl_general'));
    at(75);
    const general = expectDone(await run(port, cluster, op, 'pool:npl_general'));
    const prefix = `shoot--km--${name}`;
    expect(general.changes?.upsertNodes).toEqual([
      { name: `${prefix}-general-z1-1`, poolId: 'npl_general', zone: 'fr-par-1a', status: 'ready', kubeletVersion: '1.36.4', cpuMillicores: 4000, memoryMib: 16_384, cpuUsagePercent: 0, memoryUsagePercent: 0 },
      { name: `${prefix}-general-z2-1`, poolId: 'npl_general', zone: 'fr-par-1b', status: 'ready', kubeletVersion: '1.36.4', cpuMillicores: 4000, memoryMib: 16_384, cpuUsagePercent: 0, memoryUsagePercent: 0 },
      { name: `${prefix}-general-z3-1`, poolId: 'npl_general', zone: 'fr-par-1c', status: 'ready', kubeletVersion: '1.36.4', cpuMillicores: 4000, memoryMib: 16_384, cpuUsagePercent: 0, memoryUsagePercent: 0 },
    ]);
    expectProgress(await run(port, cluster, op, 'pool:npl_gpu'));
    at(85);
    expect(expectDone(await run(port, cluster, op, 'pool:npl_gpu')).changes?.upsertNodes).toEqual([
      { name: `${prefix}-${workerNameFor(GPU)}-z1-1`, poolId: 'npl_gpu', zone: 'fr-par-1a', status: 'ready', kubeletVersion: '1.36.4', cpuMillicores: 8000, memoryMib: 49_152, cpuUsagePercent: 0, memoryUsagePercent: 0 },
    ]);
    expectProgress(await run(port, cluster, op, 'cni'));
    at(90);
    expectDone(await run(port, cluster, op, 'cni'));
    expectProgress(await run(port, cluster, op, 'addons'));
    at(99);
    expectDone(await run(port, cluster, op, 'addons'));
    expectProgress(await run(port, cluster, op, 'health'));

    fake.setLastOperation(name, { type: 'Create', state: 'Succeeded', progress: 100 }, { conditions: [{ type: 'EveryNodeReady', status: 'False', message: 'Node x is not ready' }] });
    expectProgress(await run(port, cluster, op, 'health'), /^Waiting for EveryNodeReady: Node x is not ready$/);
    fake.setLastOperation(name, { type: 'Create', state: 'Succeeded', progress: 100 }, { conditions: [{ type: 'EveryNodeReady', status: 'True' }] });
    expectDone(await run(port, cluster, op, 'health'));
    expect(await run(port, cluster, op, 'ready')).toEqual({ kind: 'done', detail: 'Cluster ready', changes: { endpoint: `https://api.${name}.km.shoot.fake.test` } });
    // Polling never changes the Shoot: only the first step wrote to Gardener.
    expect(fake.requests.filter((request) => request.method !== 'GET').map((request) => request.method)).toEqual(['POST']);
  });

  it('fails a step with the description of a Failed lastOperation, not retryable for a quota', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    fake.setLastOperation('webshop-prod-7k2m9q', { type: 'Create', state: 'Failed', progress: 32, description: 'Flow "Shoot cluster creation" encountered task errors' }, {
      lastErrors: [{ description: 'task "Deploying Shoot infrastructure" failed: quota exceeded for resource "instances"', taskID: 'deployInfrastructure', codes: ['ERR_INFRA_QUOTA_EXCEEDED'] }],
    });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener could not create the cluster: task "Deploying Shoot infrastructure" failed: quota exceeded for resource "instances" (a quota of the cloud account is used up)',
      retryable: false,
    });

    fake.setLastOperation('webshop-prod-7k2m9q', { type: 'Create', state: 'Failed', progress: 32, description: 'Shoot cannot be scheduled onto a seed' });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({ kind: 'failed', reason: 'Gardener could not create the cluster: Shoot cannot be scheduled onto a seed', retryable: false });
  });

  it('treats a rate-limit error as retryable, and on the retry asks Gardener to try again', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    const name = cluster.providerRef;
    fake.setLastOperation(name, { type: 'Create', state: 'Failed', progress: 12, description: 'Flow failed' }, {
      lastErrors: [{ description: 'RequestLimitExceeded: Request limit exceeded.', codes: ['ERR_INFRA_RATE_LIMITS_EXCEEDED'] }],
    });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({
      kind: 'failed',
      reason: "Gardener could not create the cluster: RequestLimitExceeded: Request limit exceeded. (the cloud provider's request rate limit was hit)",
      retryable: true,
    });

    const before = fake.requests.length;
    const generation = shootOf(cluster).metadata.generation!;
    expectProgress(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 1 } }), /^Asked Gardener to try again after: /);
    const patch = requestsAfter(before).find((request) => request.method === 'PATCH')!;
    expect(patch.contentType).toBe(MERGE_PATCH);
    expect(patch.body).toEqual({ metadata: { annotations: { 'gardener.cloud/operation': 'retry' } } });
    expect(shootOf(cluster).metadata.generation).toBe(generation + 1);
    expect(shootOf(cluster).metadata.annotations?.['gardener.cloud/operation']).toBeUndefined();

    // Until the gardenlet picks the retry up, the old failure is not reported again.
    expectProgress(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 2 } }), /Waiting for Gardener/);
    fake.setLastOperation(name, { type: 'Create', state: 'Processing', progress: 20 });
    expectDone(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 2 } }));
  });

  it('reports errors Gardener retries by itself as retryable without asking for a retry', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    fake.setLastOperation(cluster.providerRef, { type: 'Create', state: 'Error', progress: 40, description: 'Retrying' }, {
      lastErrors: [{ description: 'load balancer still in use', codes: ['ERR_RETRYABLE_INFRA_DEPENDENCIES'] }],
    });
    const before = fake.requests.length;
    expect(await run(port, cluster, operation('provision'), 'etcd', { step: { attempts: 3 } })).toEqual({
      kind: 'failed',
      reason: 'Gardener could not create the cluster: load balancer still in use (cloud resources are still in use)',
      retryable: true,
    });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);
  });
});

describe('changes to a running cluster', () => {
  it('scale_pool sends the full workers list with the new bounds once, then waits for the reconcile', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const imageBefore = shootOf(cluster).spec.provider.workers[1]!.machine.image;
    const op = operation('scale_pool', { poolId: 'npl_general', count: 5 });

    const before = fake.requests.length;
    expectProgress(await run(port, cluster, op, 'pool:npl_general'), /Change sent to Gardener/);
    const patch = requestsAfter(before).find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`${SHOOTS}/${name}`);
    expect(patch.contentType).toBe(MERGE_PATCH);
    const workers = (patch.body as { spec: { provider: { workers: Array<Record<string, unknown>> } } }).spec.provider.workers;
    expect(Object.keys(patch.body as object)).toEqual(['spec']);
    expect(workers.map((worker) => [worker.name, worker.minimum, worker.maximum])).toEqual([
      ['general', 5, 5],
      [workerNameFor(GPU), 1, 4],
    ]);
    // The full list keeps what Gardener defaulted (the machine image), so nothing else rolls.
    expect((workers[1]!.machine as { image: unknown }).image).toEqual(imageBefore);
    expect(shootOf(cluster).metadata.generation).toBe(2);

    // Running the step again sends nothing new while Gardener works.
    const polled = fake.requests.length;
    expectProgress(await run(port, cluster, op, 'pool:npl_general'), /Waiting for Gardener to pick up the change/);
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 60, description: 'Reconciling worker pools' });
    expectProgress(await run(port, cluster, op, 'pool:npl_general'), /Reconciling worker pools \(60%\)/);
    expect(requestsAfter(polled).map((request) => request.method)).toEqual(['GET', 'GET']);

    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    const scaled = expectDone(await run(port, cluster, op, 'pool:npl_general'));
    expect(scaled.changes?.upsertNodes?.map((node) => `${node.name} ${node.zone}`)).toEqual([
      `shoot--km--${name}-general-z1-1 fr-par-1a`,
      `shoot--km--${name}-general-z2-1 fr-par-1b`,
      `shoot--km--${name}-general-z3-1 fr-par-1c`,
      `shoot--km--${name}-general-z1-2 fr-par-1a`,
      `shoot--km--${name}-general-z2-2 fr-par-1b`,
    ]);
    expect(scaled.changes?.removeNodes).toBeUndefined();
    expectDone(await run(port, cluster, op, 'health'));

    // Scaling down removes the nodes beyond the new count.
    const current = (scaled.changes?.upsertNodes ?? []).map((entry) => ({ ...entry }));
    const grown = { ...cluster, pools: [{ ...GENERAL, count: 5 }, GPU] };
    const down = operation('scale_pool', { poolId: 'npl_general', count: 2 });
    expectProgress(await run(port, grown, down, 'pool:npl_general', { nodes: current }));
    expect(shootOf(cluster).spec.provider.workers[0]).toMatchObject({ minimum: 2, maximum: 2 });
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    const shrunk = expectDone(await run(port, grown, down, 'pool:npl_general', { nodes: current }));
    expect(shrunk.changes?.removeNodes).toEqual([`shoot--km--${name}-general-z3-1`, `shoot--km--${name}-general-z1-2`, `shoot--km--${name}-general-z2-2`]);
    expect(shrunk.changes?.upsertNodes?.map((entry) => entry.name)).toEqual([`shoot--km--${name}-general-z1-1`, `shoot--km--${name}-general-z2-1`]);

    // Autoscaling limits go to minimum and maximum.
    const autoscale = operation('scale_pool', { poolId: 'npl_gpu', autoscaling: { min: 2, max: 6 } });
    expectProgress(await run(port, cluster, autoscale, 'pool:npl_gpu'));
    expect(shootOf(cluster).spec.provider.workers[1]).toMatchObject({ minimum: 2, maximum: 6 });
  });

  it('add_pool adds a worker sized from the CloudProfile, remove_pool drains then removes it', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const added = { id: 'npl_batch', name: 'batch', flavorId: 'gp-8-32', count: 2, autoscaling: null, labels: { workload: 'batch' }, taints: [{ key: 'batch', value: '', effect: 'NoExecute' as const }] };
    const add = operation('add_pool', { pool: added });
    expectProgress(await run(port, cluster, add, 'pool:npl_batch'));
    expect(shootOf(cluster).spec.provider.workers.map((worker) => worker.name)).toEqual(['general', workerNameFor(GPU), 'batch']);
    expect(shootOf(cluster).spec.provider.workers[2]).toMatchObject({
      name: 'batch',
      machine: { type: 'gp-8-32' },
      minimum: 2,
      maximum: 2,
      zones: ['fr-par-1a', 'fr-par-1b'],
      labels: { workload: 'batch' },
      taints: [{ key: 'batch', value: '', effect: 'NoExecute' }],
    });
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    const joined = expectDone(await run(port, cluster, add, 'pool:npl_batch'));
    expect(joined.changes?.upsertNodes?.map((entry) => [entry.name, entry.cpuMillicores, entry.memoryMib])).toEqual([
      [`shoot--km--${name}-batch-z1-1`, 8000, 32_768],
      [`shoot--km--${name}-batch-z2-1`, 8000, 32_768],
    ]);

    const withBatch: ClusterSpec = {
      ...cluster,
      pools: [...cluster.pools, { ...GENERAL, id: 'npl_batch', name: 'batch', machine: { flavorId: 'gp-8-32', vcpu: 8, memoryGb: 32, gpuCount: 0 }, count: 2, labels: { workload: 'batch' }, taints: [] }],
    };
    const nodes = joined.changes!.upsertNodes!;
    const remove = operation('remove_pool', { poolId: 'npl_batch' });
    expectProgress(await run(port, withBatch, remove, 'drain:npl_batch', { nodes }));
    expect(shootOf(cluster).spec.provider.workers.map((worker) => worker.name)).toEqual(['general', workerNameFor(GPU)]);
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, withBatch, remove, 'drain:npl_batch', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 55 });
    const draining = expectDone(await run(port, withBatch, remove, 'drain:npl_batch', { nodes }));
    expect(draining.changes?.upsertNodes?.map((entry) => entry.status)).toEqual(['draining', 'draining']);
    expectProgress(await run(port, withBatch, remove, 'remove:npl_batch', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, withBatch, remove, 'remove:npl_batch', { nodes })).changes).toEqual({
      removeNodes: [`shoot--km--${name}-batch-z1-1`, `shoot--km--${name}-batch-z2-1`],
    });
  });

  it('upgrade patches spec.kubernetes.version, then follows the control plane and each pool', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const op = operation('upgrade', { fromVersion: '1.36.4', toVersion: '1.37.1' });
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a'), node(GPU, `shoot--km--${name}-${workerNameFor(GPU)}-z1-1`, 'fr-par-1a')];

    const before = fake.requests.length;
    expectProgress(await run(port, cluster, op, 'control_plane_upgrade', { nodes }));
    const patch = requestsAfter(before).find((request) => request.method === 'PATCH')!;
    expect(patch.contentType).toBe(MERGE_PATCH);
    expect(patch.body).toEqual({ spec: { kubernetes: { version: '1.37.1' } } });

    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, cluster, op, 'control_plane_upgrade', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 45 });
    expect(await run(port, cluster, op, 'control_plane_upgrade', { nodes })).toEqual({ kind: 'done', detail: 'Control plane on Kubernetes 1.37.1' });
    expectProgress(await run(port, cluster, op, 'upgrade:npl_general', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 65 });
    expect(expectDone(await run(port, cluster, op, 'upgrade:npl_general', { nodes })).changes).toEqual({ upsertNodes: [{ ...nodes[0], kubeletVersion: '1.37.1' }] });
    expectProgress(await run(port, cluster, op, 'upgrade:npl_gpu', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, cluster, op, 'upgrade:npl_gpu', { nodes })).changes).toEqual({ upsertNodes: [{ ...nodes[1], kubeletVersion: '1.37.1' }] });
    expectDone(await run(port, cluster, op, 'health', { nodes }));
  });

  it('passes on Gardener refusing an upgrade that skips a minor version', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const outcome = await run(port, cluster, operation('upgrade', { toVersion: '1.38.0' }), 'control_plane_upgrade');
    expect(outcome).toMatchObject({ kind: 'failed', retryable: false });
    expect(outcome.kind === 'failed' && outcome.reason).toMatch(/^Gardener rejected upgrading the Shoot webshop-prod-7k2m9q to Kubernetes 1\.38\.0 \(422 Invalid\): .*kubernetes version upgrade cannot skip a minor version/);
    expect(fake.violations).toHaveLength(1);
    fake.violations.length = 0;
  });

  it('hibernate sets spec.hibernation.enabled and keeps the schedules; wake clears it', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a')];
    const hibernate = operation('hibernate');

    const before = fake.requests.length;
    expectProgress(await run(port, cluster, hibernate, 'scale_down', { nodes }));
    expect(requestsAfter(before).filter((request) => request.method === 'PATCH').map((request) => [request.contentType, request.body])).toEqual([
      [MERGE_PATCH, { spec: { hibernation: { enabled: true } } }],
    ]);
    expect(shootOf(cluster).spec.hibernation).toEqual({ enabled: true, schedules: [{ start: '0 20 * * 1-5', end: '0 7 * * 1-5', location: 'Europe/Paris' }] });
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, cluster, hibernate, 'scale_down', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 60 });
    expect(expectDone(await run(port, cluster, hibernate, 'scale_down', { nodes })).changes).toEqual({
      upsertNodes: [{ ...nodes[0], status: 'hibernated', cpuUsagePercent: 0, memoryUsagePercent: 0 }],
    });
    expectProgress(await run(port, cluster, hibernate, 'pause', { nodes }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(shootOf(cluster).status?.hibernated).toBe(true);
    expect(await run(port, cluster, hibernate, 'pause', { nodes })).toEqual({ kind: 'done', detail: 'Cluster hibernated' });

    const wake = operation('wake');
    const sleeping = [{ ...nodes[0]!, status: 'hibernated' as const }];
    const woke = fake.requests.length;
    expectProgress(await run(port, cluster, wake, 'resume', { nodes: sleeping }));
    expect(requestsAfter(woke).filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ spec: { hibernation: { enabled: false } } }]);
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 50 });
    expectDone(await run(port, cluster, wake, 'resume', { nodes: sleeping }));
    expectProgress(await run(port, cluster, wake, 'scale_up', { nodes: sleeping }));
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, cluster, wake, 'scale_up', { nodes: sleeping })).changes?.upsertNodes?.map((entry) => entry.status)).toEqual(['ready']);
    expectDone(await run(port, cluster, wake, 'health', { nodes: sleeping }));
  });

  it('fails the step when the reconcile of the change fails', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const op = operation('scale_pool', { poolId: 'npl_general', count: 9 });
    expectProgress(await run(port, cluster, op, 'pool:npl_general'));
    fake.setLastOperation(cluster.providerRef!, { type: 'Reconcile', state: 'Failed', progress: 70, description: 'Worker pool general could not be scaled' }, {
      lastErrors: [{ description: 'zone fr-par-1b has no capacity left for gp-4-16', codes: ['ERR_INFRA_RESOURCES_DEPLETED'] }],
    });
    expect(await run(port, cluster, op, 'pool:npl_general')).toEqual({
      kind: 'failed',
      reason: 'Gardener could not update the cluster: zone fr-par-1b has no capacity left for gp-4-16 (the zone has no capacity left for this machine type)',
      retryable: true,
    });
  });
});

describe('delete', () => {
  it('confirms the deletion with the annotation before DELETE, and completes when the Shoot is gone', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const op = operation('delete');
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a'), node(GENERAL, `shoot--km--${name}-general-z2-1`, 'fr-par-1b')];

    const before = fake.requests.length;
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Deletion sent to Gardener/);
    const sent = requestsAfter(before);
    expect(sent.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`GET ${SHOOTS}/${name} 200`, `PATCH ${SHOOTS}/${name} 200`, `DELETE ${SHOOTS}/${name} 200`]);
    expect(sent[1]).toMatchObject({ contentType: MERGE_PATCH, body: { metadata: { annotations: { 'confirmation.gardener.cloud/deletion': 'true' } } } });
    expect(shootOf(cluster).metadata.deletionTimestamp).toBe('2026-11-20T09:30:00Z');

    // Running the step again does not send a second DELETE.
    const again = fake.requests.length;
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Waiting for Gardener to start deleting/);
    expect(requestsAfter(again).map((request) => request.method)).toEqual(['GET']);

    fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 20, description: 'Deleting worker nodes' });
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Deleting worker nodes \(20%\)/);
    fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 40 });
    expect(expectDone(await run(port, cluster, op, 'delete_nodes', { nodes })).changes).toEqual({ removeNodes: nodes.map((entry) => entry.name) });
    expectProgress(await run(port, cluster, op, 'delete_control_plane'));
    fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 75 });
    expectDone(await run(port, cluster, op, 'delete_control_plane'));
    expectProgress(await run(port, cluster, op, 'release'));
    fake.setLastOperation(name, { type: 'Delete', state: 'Succeeded', progress: 100 });
    expect(fake.shoots.has(name)).toBe(false);
    expectDone(await run(port, cluster, op, 'release'));
    expect(await run(port, cluster, op, 'deleted')).toEqual({ kind: 'done', detail: 'Cluster deleted' });
  });

  it('is refused by Gardener without the confirmation annotation (the fake checks it)', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const response = await fake.fetch(`${fake.url}${SHOOTS}/${cluster.providerRef}`, { method: 'DELETE', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      message: `shoots.core.gardener.cloud "${cluster.providerRef}" is forbidden: must have a "confirmation.gardener.cloud/deletion" annotation to delete`,
    });
    expect(fake.shoots.get(cluster.providerRef!)?.metadata.deletionTimestamp).toBeUndefined();
    fake.violations.length = 0;
  });

  it('finishes at once for a cluster that never reached Gardener, or whose Shoot is already gone', async () => {
    const port = adapter();
    const nodes = [node(GENERAL, 'orphan', 'fr-par-1a')];
    expect(await run(port, clusterSpec(), operation('delete'), 'delete_nodes', { nodes })).toEqual({ kind: 'done', detail: 'The cluster never reached Gardener', changes: { removeNodes: ['orphan'] } });
    expect(await run(port, { ...clusterSpec(), providerRef: 'gone-shoot' }, operation('delete'), 'delete_control_plane')).toEqual({ kind: 'done', detail: 'Gone at Gardener' });
    expect(fake.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('deletes a Shoot whose create reached Gardener before its name was stored, but never a foreign one', async () => {
    const port = adapter();
    await run(port, clusterSpec(), operation('provision'), 'validate');
    const unrecorded = clusterSpec();
    expect(unrecorded.providerRef).toBeNull();
    expectProgress(await run(port, unrecorded, operation('delete'), 'delete_nodes'), /Deletion sent to Gardener/);
    expect(shootOf(unrecorded).metadata.deletionTimestamp).toBeDefined();

    const stranger = clusterSpec({ id: 'clu_7k2m9qzzzzzzzzzzzzzz' });
    await run(adapter(), clusterSpec({ name: 'other' }), operation('provision'), 'validate');
    const before = fake.requests.length;
    expect(await run(port, { ...stranger, name: 'other' }, operation('delete'), 'delete_nodes')).toEqual({ kind: 'done', detail: 'The cluster never reached Gardener' });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);
  });
});

describe('kubeconfigs', () => {
  async function issue(port: ProvisionerPort, cluster: ClusterSpec, expiresInSeconds: number) {
    return port.issueKubeconfig({ cluster, ca: null, user: { id: 'usr_alice', username: 'alice', organizationId: 'org_acme' }, expiresInSeconds, now });
  }

  function sha256OfPem(pem: string): string {
    return createHash('sha256').update(Buffer.from(x509.PemConverter.decodeFirst(pem))).digest('hex');
  }

  it('fetches the adminkubeconfig with the requested expirationSeconds and reads its client certificate', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const before = fake.requests.length;
    const issued = await issue(port, cluster, 86_400);

    const request = requestsAfter(before)[0]!;
    expect(`${request.method} ${request.path} ${request.contentType}`).toBe(`POST ${SHOOTS}/${name}/adminkubeconfig application/json`);
    expect(request.body).toEqual({ apiVersion: 'authentication.gardener.cloud/v1alpha1', kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: 86_400 } });

    const file = parseYaml(issued.yaml) as {
      'current-context': string;
      clusters: Array<{ name: string; cluster: { server: string } }>;
      users: Array<{ user: { 'client-certificate-data': string; 'client-key-data': string } }>;
    };
    expect(file['current-context']).toBe(`${NAMESPACE}--${name}-external`);
    expect(file.clusters[0]?.cluster.server).toBe(`https://api.${name}.km.shoot.fake.test`);
    const certificate = new x509.X509Certificate(Buffer.from(file.users[0]!.user['client-certificate-data'], 'base64').toString('utf8'));
    expect(certificate.subject).toBe(`CN=gardener.cloud:admin:system:serviceaccount:${NAMESPACE}:kubemarket, O=gardener.cloud:project:admins`);
    expect(Buffer.from(file.users[0]!.user['client-key-data'], 'base64').toString('utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    expect(issued.notAfter).toBe(NOW + 86_400 * 1000);
    expect(issued.notAfter).toBe(certificate.notAfter.getTime());
    expect(issued.serialNumber).toBe(certificate.serialNumber.toLowerCase());
    expect(issued.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.caFingerprint).toBe(sha256OfPem(fake.caBundle(name)[0]!));
  });

  it('returns the lifetime the certificate has when Gardener caps the request', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    // gardener-apiserver caps admin kubeconfigs at --shoot-admin-kubeconfig-max-expiration (24 h by default).
    const weekly = await issue(port, cluster, 7 * 24 * 3600);
    expect(fake.requests.at(-1)?.body).toMatchObject({ spec: { expirationSeconds: 604_800 } });
    expect(weekly.notAfter).toBe(NOW + 24 * 3600 * 1000);

    fake.close();
    fake = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => now, maxExpirationSeconds: 365 * 24 * 3600 });
    const long = adapter();
    const yearly = await issue(long, await provisioned(long), 365 * 24 * 3600);
    expect(yearly.notAfter).toBe(NOW + 365 * 24 * 3600 * 1000);
    const hourly = await issue(long, await provisioned(long), 3600);
    expect(hourly.notAfter).toBe(NOW + 3600 * 1000);
  });

  it('is refused before Gardener has published the API server, and for a cluster without a Shoot', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    await expect(issue(port, cluster, 3600)).rejects.toThrow(/no suitable advertised address for kube-apiserver/);
    await expect(issue(port, cluster, 3600)).rejects.toBeInstanceOf(ProvisionerError);
    fake.violations.length = 0;
    await expect(issue(port, clusterSpec(), 3600)).rejects.toThrow('The cluster has no Gardener Shoot yet, so there is no kubeconfig to issue.');
  });

  it('the fake holds Gardener to its AdminKubeconfigRequest bounds', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const post = (body: unknown) =>
      fake.fetch(`${fake.url}${SHOOTS}/${cluster.providerRef}/adminkubeconfig`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const short = await post({ spec: { expirationSeconds: 599 } });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { message: string }).message).toMatch(/may not specify a duration less than 10 minutes/);
    expect((await post({ spec: { expirationSeconds: 2 ** 32 } })).status).toBe(422);
    expect(fake.violations).toHaveLength(2);
    fake.violations.length = 0;
  });

  it('rotateCredentials starts a CA rotation, then completes it once Gardener has prepared it', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    const first = await issue(port, cluster, 3600);

    now += 60_000;
    const before = fake.requests.length;
    await expect(port.rotateCredentials(cluster, now)).resolves.toEqual({});
    expect(requestsAfter(before).filter((request) => request.method === 'PATCH').map((request) => [request.contentType, request.body])).toEqual([
      [MERGE_PATCH, { metadata: { annotations: { 'gardener.cloud/operation': 'rotate-ca-start' } } }],
    ]);
    await expect(port.rotateCredentials(cluster, now)).rejects.toMatchObject({ retryable: true, message: expect.stringMatching(/already rotating/) });

    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(shootOf(cluster).status?.credentials?.rotation?.certificateAuthorities?.phase).toBe('Prepared');
    const second = await issue(port, cluster, 3600);
    expect(second.caFingerprint).not.toBe(first.caFingerprint);
    expect(second.caFingerprint).toBe(sha256OfPem(fake.caBundle(name)[1]!));

    const completing = fake.requests.length;
    await port.rotateCredentials(cluster, now);
    expect(requestsAfter(completing).find((request) => request.method === 'PATCH')?.body).toEqual({ metadata: { annotations: { 'gardener.cloud/operation': 'rotate-ca-complete' } } });
    fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(fake.caBundle(name)).toHaveLength(1);
    expect((await issue(port, cluster, 3600)).caFingerprint).toBe(second.caFingerprint);
  });
});

describe('errors', () => {
  it('turns a wrong token into a readable ProvisionerError that does not quote the token', async () => {
    const wrong = 'not-the-token-Zq81';
    const port = adapter({ token: wrong });
    const outcome = await run(port, clusterSpec(), operation('provision'), 'validate');
    expect(outcome).toEqual({
      kind: 'failed',
      reason: 'Gardener did not accept the API token while reading the Shoot webshop-prod-7k2m9q (401 Unauthorized); check the configured Gardener token.',
      retryable: false,
    });
    const sync = syncCloudProfile(config({ token: wrong }));
    await expect(sync).rejects.toBeInstanceOf(ProvisionerError);
    await expect(sync).rejects.toThrow('Gardener did not accept the API token while reading the CloudProfile kubemarket (401 Unauthorized); check the configured Gardener token.');
    await expect(port.issueKubeconfig({ cluster: { ...clusterSpec(), providerRef: 'webshop-prod-7k2m9q' }, ca: null, user: { id: 'u', username: 'u', organizationId: 'o' }, expiresInSeconds: 3600, now })).rejects.toThrow(/401 Unauthorized/);
    expect(fake.requests.every((request) => request.status === 401)).toBe(true);
    expect(fake.violations).toHaveLength(3);
    fake.violations.length = 0;
  });

  it('treats outages as retryable: 5xx, 429 and a dropped connection', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const op = operation('provision');
    fake.failNext(1, 503);
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener failed while reading the Shoot webshop-prod-7k2m9q (HTTP 503): the server is currently unable to handle the request; it will be tried again.',
      retryable: true,
    });
    fake.failNext(1, 429);
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener is limiting the request rate (429) while reading the Shoot webshop-prod-7k2m9q; it will be tried again.',
      retryable: true,
    });
    fake.failNext(1, 'network');
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener could not be reached while reading the Shoot webshop-prod-7k2m9q (fetch failed); it will be tried again.',
      retryable: true,
    });
    expectDone(await run(port, cluster, op, 'network'));
  });

  it('refuses to start without a token, namespace or an http(s) URL', () => {
    expect(() => gardenerProvisioner({ ...config(), token: '' })).toThrow(/API token/);
    expect(() => gardenerProvisioner({ ...config(), namespace: '' })).toThrow(/namespace/);
    expect(() => gardenerProvisioner({ ...config(), apiUrl: 'api.garden.example.com' })).toThrow(/https:\/\//);
  });

  it('the fake refuses a Shoot missing required fields with a 422 Status listing the causes', async () => {
    const response = await fake.fetch(`${fake.url}${SHOOTS}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'core.gardener.cloud/v1beta1', kind: 'Shoot', metadata: { name: 'bare' }, spec: { credentialsBindingName: 'b', cloudProfile: { name: 'kubemarket' } } }),
    });
    expect(response.status).toBe(422);
    const status = (await response.json()) as { kind: string; reason: string; details: { causes: Array<{ field: string }> } };
    expect(status.kind).toBe('Status');
    expect(status.reason).toBe('Invalid');
    expect(status.details.causes.map((cause) => cause.field)).toEqual(['spec.kubernetes.version', 'spec.region', 'spec.provider.type', 'spec.provider.workers', 'spec.networking']);
    const patch = await fake.fetch(`${fake.url}${SHOOTS}/bare`, { method: 'PATCH', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(patch.status).toBe(415);
    expect(fake.violations).toHaveLength(2);
    fake.violations.length = 0;
  });
});

describe('CloudProfile sync', () => {
  it('reads the versions with their classification and the usable machine types', async () => {
    const synced = await syncCloudProfile(config());
    expect(synced.kubernetesVersions).toEqual([
      { version: '1.38.0', classification: 'preview' },
      { version: '1.37.1', classification: 'supported' },
      { version: '1.36.4', classification: 'supported' },
      { version: '1.35.8', classification: 'deprecated', expirationDate: '2099-06-30T23:59:59Z' },
      { version: '1.34.9', classification: 'expired', expirationDate: '2020-01-31T23:59:59Z' },
    ]);
    expect(synced.machineTypes).toEqual([
      { name: 'gp-2-8', cpu: 2, memoryGb: 8, gpu: 0 },
      { name: 'gp-4-16', cpu: 4, memoryGb: 16, gpu: 0 },
      { name: 'gp-8-32', cpu: 8, memoryGb: 32, gpu: 0 },
      { name: 'c-4-8', cpu: 4, memoryGb: 8, gpu: 0 },
      { name: 'gpu-l4-1', cpu: 8, memoryGb: 48, gpu: 1 },
    ]);
    expect(synced.providerType).toBe('openstack');
    expect(synced.regions.map((region) => region.name)).toEqual(['fr-par-1', 'de-fra-1', 'nl-ams-1']);
    expect(fake.requests.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      `GET /apis/core.gardener.cloud/v1beta1/cloudprofiles/kubemarket Bearer ${TOKEN}`,
    ]);
  });

  it('reads the classification from a lifecycle, as newer Gardener versions publish it', async () => {
    const profile = fake.cloudProfiles.get(FAKE_CLOUD_PROFILE_NAME)!;
    profile.spec.kubernetes.versions = [
      { version: '1.39.0', lifecycle: [{ classification: 'preview' }, { classification: 'supported', startTime: '2020-01-01T00:00:00Z' }, { classification: 'deprecated', startTime: '2099-01-01T00:00:00Z' }] },
    ];
    expect((await syncCloudProfile(config())).kubernetesVersions).toEqual([{ version: '1.39.0', classification: 'supported' }]);
  });

  it('turns a missing or unconfigured CloudProfile into a readable error', async () => {
    await expect(syncCloudProfile(config({ cloudProfileName: 'nope' }))).rejects.toMatchObject({
      retryable: false,
      message: 'Gardener found nothing while reading the CloudProfile nope (404 Not Found): cloudprofiles.core.gardener.cloud "nope" not found.',
    });
    await expect(syncCloudProfile(config({ cloudProfileName: undefined }))).rejects.toThrow('No Gardener CloudProfile is configured for this shop, so clusters cannot be created.');
    fake.failNext(1, 500);
    await expect(syncCloudProfile(config())).rejects.toMatchObject({ retryable: true });
  });
});
