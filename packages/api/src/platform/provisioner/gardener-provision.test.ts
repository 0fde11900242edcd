/**
 * The Gardener adapter provisioning a cluster: the Shoot it creates, and each step until it runs.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { startFakeGardener } from '../../testing/fakes';
import { gardenerProvisioner, shootNameFor, workerNameFor } from './gardener';
import { type ClusterSpec } from './port';
import { clusterSpec, expectDone, expectProgress, fakeGardenerBed, GENERAL, GPU, MERGE_PATCH, NAMESPACE, operation, SHOOTS, TOKEN } from '../../testing/gardener-bed';

const bed = fakeGardenerBed();
const { config, adapter, step, run, requestsAfter, shootOf } = bed;

describe('provision', () => {
  it('creates exactly the Shoot the cluster describes', async () => {
    const port = adapter();
    const cluster = clusterSpec();
    const outcome = await run(port, cluster, operation('provision'), 'validate');
    expect(outcome).toEqual({ kind: 'done', detail: `Shoot webshop-prod-7k2m9q created in ${NAMESPACE}`, changes: { providerRef: 'webshop-prod-7k2m9q' } });

    expect(bed.fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      `GET ${SHOOTS}/webshop-prod-7k2m9q 404`,
      `GET /apis/core.gardener.cloud/v1beta1/cloudprofiles/kubemarket 200`,
      `POST ${SHOOTS} 201`,
    ]);
    const post = bed.fake.requests[2]!;
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
    const before = bed.fake.requests.length;
    expect(await run(port, cluster, operation('provision'), 'validate')).toEqual({ kind: 'done', detail: `Shoot webshop-prod-7k2m9q exists in ${NAMESPACE}`, changes: { providerRef: 'webshop-prod-7k2m9q' } });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);

    // The Shoot appears between the adapter's GET (404) and its POST: Gardener answers 409 AlreadyExists.
    const racing = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => bed.now });
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
      now: bed.now,
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
    expect(bed.fake.requests.filter((request) => request.method === 'POST')).toEqual([]);

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
    const at = (progress: number, state = 'Processing') => bed.fake.setLastOperation(name, { type: 'Create', state, progress, description: `Creating (${progress})` });

    expectProgress(await run(port, cluster, op, 'network'), /Waiting for Gardener to start creating/);
    at(10);
    expectProgress(await run(port, cluster, op, 'network'), /^Gardener: Creating \(10\) \(10%\)$/);
    at(20);
    expectDone(await run(port, cluster, op, 'network'));
    // A step waits until Gardener's progress reaches its share, then is done.
    const waitsUntil = async (step: string, progress: number) => {
      expectProgress(await run(port, cluster, op, step));
      at(progress);
      return expectDone(await run(port, cluster, op, step));
    };
    await waitsUntil('control_plane', 40);
    await waitsUntil('etcd', 46);
    expect((await waitsUntil('api_endpoint', 56)).changes).toEqual({ endpoint: `https://api.${name}.km.shoot.fake.test` });

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
    expect((await waitsUntil('pool:npl_gpu', 85)).changes?.upsertNodes).toEqual([
      { name: `${prefix}-${workerNameFor(GPU)}-z1-1`, poolId: 'npl_gpu', zone: 'fr-par-1a', status: 'ready', kubeletVersion: '1.36.4', cpuMillicores: 8000, memoryMib: 49_152, cpuUsagePercent: 0, memoryUsagePercent: 0 },
    ]);
    await waitsUntil('cni', 90);
    await waitsUntil('addons', 99);
    expectProgress(await run(port, cluster, op, 'health'));

    bed.fake.setLastOperation(name, { type: 'Create', state: 'Succeeded', progress: 100 }, { conditions: [{ type: 'EveryNodeReady', status: 'False', message: 'Node x is not ready' }] });
    expectProgress(await run(port, cluster, op, 'health'), /^Waiting for EveryNodeReady: Node x is not ready$/);
    bed.fake.setLastOperation(name, { type: 'Create', state: 'Succeeded', progress: 100 }, { conditions: [{ type: 'EveryNodeReady', status: 'True' }] });
    expectDone(await run(port, cluster, op, 'health'));
    expect(await run(port, cluster, op, 'ready')).toEqual({ kind: 'done', detail: 'Cluster ready', changes: { endpoint: `https://api.${name}.km.shoot.fake.test` } });
    // Polling never changes the Shoot: only the first step wrote to Gardener.
    expect(bed.fake.requests.filter((request) => request.method !== 'GET').map((request) => request.method)).toEqual(['POST']);
  });

  it('fails a step with the description of a Failed lastOperation, not retryable for a quota', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    bed.fake.setLastOperation('webshop-prod-7k2m9q', { type: 'Create', state: 'Failed', progress: 32, description: 'Flow "Shoot cluster creation" encountered task errors' }, {
      lastErrors: [{ description: 'task "Deploying Shoot infrastructure" failed: quota exceeded for resource "instances"', taskID: 'deployInfrastructure', codes: ['ERR_INFRA_QUOTA_EXCEEDED'] }],
    });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener could not create the cluster: task "Deploying Shoot infrastructure" failed: quota exceeded for resource "instances" (a quota of the cloud account is used up)',
      retryable: false,
    });

    bed.fake.setLastOperation('webshop-prod-7k2m9q', { type: 'Create', state: 'Failed', progress: 32, description: 'Shoot cannot be scheduled onto a seed' });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({ kind: 'failed', reason: 'Gardener could not create the cluster: Shoot cannot be scheduled onto a seed', retryable: false });
  });

  it('treats a rate-limit error as retryable, and on the retry asks Gardener to try again', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    const name = cluster.providerRef;
    bed.fake.setLastOperation(name, { type: 'Create', state: 'Failed', progress: 12, description: 'Flow failed' }, {
      lastErrors: [{ description: 'RequestLimitExceeded: Request limit exceeded.', codes: ['ERR_INFRA_RATE_LIMITS_EXCEEDED'] }],
    });
    expect(await run(port, cluster, operation('provision'), 'network')).toEqual({
      kind: 'failed',
      reason: "Gardener could not create the cluster: RequestLimitExceeded: Request limit exceeded. (the cloud provider's request rate limit was hit)",
      retryable: true,
    });

    const before = bed.fake.requests.length;
    const generation = shootOf(cluster).metadata.generation!;
    expectProgress(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 1 } }), /^Asked Gardener to try again after: /);
    const patch = requestsAfter(before).find((request) => request.method === 'PATCH')!;
    expect(patch.contentType).toBe(MERGE_PATCH);
    expect(patch.body).toEqual({ metadata: { annotations: { 'gardener.cloud/operation': 'retry' } } });
    expect(shootOf(cluster).metadata.generation).toBe(generation + 1);
    expect(shootOf(cluster).metadata.annotations?.['gardener.cloud/operation']).toBeUndefined();

    // Until the gardenlet picks the retry up, the old failure is not reported again.
    expectProgress(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 2 } }), /Waiting for Gardener/);
    bed.fake.setLastOperation(name, { type: 'Create', state: 'Processing', progress: 20 });
    expectDone(await run(port, cluster, operation('provision'), 'network', { step: { attempts: 2 } }));
  });

  it('reports errors Gardener retries by itself as retryable without asking for a retry', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    bed.fake.setLastOperation(cluster.providerRef, { type: 'Create', state: 'Error', progress: 40, description: 'Retrying' }, {
      lastErrors: [{ description: 'load balancer still in use', codes: ['ERR_RETRYABLE_INFRA_DEPENDENCIES'] }],
    });
    const before = bed.fake.requests.length;
    expect(await run(port, cluster, operation('provision'), 'etcd', { step: { attempts: 3 } })).toEqual({
      kind: 'failed',
      reason: 'Gardener could not create the cluster: load balancer still in use (cloud resources are still in use)',
      retryable: true,
    });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);
  });
});
