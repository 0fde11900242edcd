/**
 * The Gardener adapter changing a running cluster (pools, versions, hibernation, maintenance, credentials) and deleting it.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { workerNameFor } from './gardener';
import { type ClusterSpec } from './port';
import { clusterSpec, expectDone, expectProgress, fakeGardenerBed, GENERAL, GPU, MERGE_PATCH, node, operation, SHOOTS, TOKEN } from '../../testing/gardener-bed';

const bed = fakeGardenerBed();
const { adapter, run, requestsAfter, shootOf, provisioned, provisionedShoot } = bed;

describe('changes to a running cluster', () => {
  it('scale_pool sends the full workers list with the new bounds once, then waits for the reconcile', async () => {
    const { port, cluster, name } = await provisionedShoot();
    const imageBefore = shootOf(cluster).spec.provider.workers[1]!.machine.image;
    const op = operation('scale_pool', { poolId: 'npl_general', count: 5 });

    const before = bed.fake.requests.length;
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
    const polled = bed.fake.requests.length;
    expectProgress(await run(port, cluster, op, 'pool:npl_general'), /Waiting for Gardener to pick up the change/);
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 60, description: 'Reconciling worker pools' });
    expectProgress(await run(port, cluster, op, 'pool:npl_general'), /Reconciling worker pools \(60%\)/);
    expect(requestsAfter(polled).map((request) => request.method)).toEqual(['GET', 'GET']);

    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
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
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    const shrunk = expectDone(await run(port, grown, down, 'pool:npl_general', { nodes: current }));
    expect(shrunk.changes?.removeNodes).toEqual([`shoot--km--${name}-general-z3-1`, `shoot--km--${name}-general-z1-2`, `shoot--km--${name}-general-z2-2`]);
    expect(shrunk.changes?.upsertNodes?.map((entry) => entry.name)).toEqual([`shoot--km--${name}-general-z1-1`, `shoot--km--${name}-general-z2-1`]);

    // Autoscaling limits go to minimum and maximum.
    const autoscale = operation('scale_pool', { poolId: 'npl_gpu', autoscaling: { min: 2, max: 6 } });
    expectProgress(await run(port, cluster, autoscale, 'pool:npl_gpu'));
    expect(shootOf(cluster).spec.provider.workers[1]).toMatchObject({ minimum: 2, maximum: 6 });
  });

  it('add_pool adds a worker sized from the CloudProfile, remove_pool drains then removes it', async () => {
    const { port, cluster, name } = await provisionedShoot();
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
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
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
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, withBatch, remove, 'drain:npl_batch', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 55 });
    const draining = expectDone(await run(port, withBatch, remove, 'drain:npl_batch', { nodes }));
    expect(draining.changes?.upsertNodes?.map((entry) => entry.status)).toEqual(['draining', 'draining']);
    expectProgress(await run(port, withBatch, remove, 'remove:npl_batch', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, withBatch, remove, 'remove:npl_batch', { nodes })).changes).toEqual({
      removeNodes: [`shoot--km--${name}-batch-z1-1`, `shoot--km--${name}-batch-z2-1`],
    });
  });

  it('upgrade patches spec.kubernetes.version, then follows the control plane and each pool', async () => {
    const { port, cluster, name } = await provisionedShoot();
    const op = operation('upgrade', { fromVersion: '1.36.4', toVersion: '1.37.1' });
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a'), node(GPU, `shoot--km--${name}-${workerNameFor(GPU)}-z1-1`, 'fr-par-1a')];

    const before = bed.fake.requests.length;
    expectProgress(await run(port, cluster, op, 'control_plane_upgrade', { nodes }));
    const patch = requestsAfter(before).find((request) => request.method === 'PATCH')!;
    expect(patch.contentType).toBe(MERGE_PATCH);
    expect(patch.body).toEqual({ spec: { kubernetes: { version: '1.37.1' } } });

    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, cluster, op, 'control_plane_upgrade', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 45 });
    expect(await run(port, cluster, op, 'control_plane_upgrade', { nodes })).toEqual({ kind: 'done', detail: 'Control plane on Kubernetes 1.37.1' });
    expectProgress(await run(port, cluster, op, 'upgrade:npl_general', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 65 });
    expect(expectDone(await run(port, cluster, op, 'upgrade:npl_general', { nodes })).changes).toEqual({ upsertNodes: [{ ...nodes[0], kubeletVersion: '1.37.1' }] });
    expectProgress(await run(port, cluster, op, 'upgrade:npl_gpu', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, cluster, op, 'upgrade:npl_gpu', { nodes })).changes).toEqual({ upsertNodes: [{ ...nodes[1], kubeletVersion: '1.37.1' }] });
    expectDone(await run(port, cluster, op, 'health', { nodes }));
  });

  it('passes on Gardener refusing an upgrade that skips a minor version', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const outcome = await run(port, cluster, operation('upgrade', { toVersion: '1.38.0' }), 'control_plane_upgrade');
    expect(outcome).toMatchObject({ kind: 'failed', retryable: false });
    expect(outcome.kind === 'failed' && outcome.reason).toMatch(/^Gardener rejected upgrading the Shoot webshop-prod-7k2m9q to Kubernetes 1\.38\.0 \(422 Invalid\): .*kubernetes version upgrade cannot skip a minor version/);
    bed.expectRefused(1);
  });

  it('hibernate sets spec.hibernation.enabled and keeps the schedules; wake clears it', async () => {
    const { port, cluster, name } = await provisionedShoot();
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a')];
    const hibernate = operation('hibernate');

    const before = bed.fake.requests.length;
    expectProgress(await run(port, cluster, hibernate, 'scale_down', { nodes }));
    expect(requestsAfter(before).filter((request) => request.method === 'PATCH').map((request) => [request.contentType, request.body])).toEqual([
      [MERGE_PATCH, { spec: { hibernation: { enabled: true } } }],
    ]);
    expect(shootOf(cluster).spec.hibernation).toEqual({ enabled: true, schedules: [{ start: '0 20 * * 1-5', end: '0 7 * * 1-5', location: 'Europe/Paris' }] });
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 30 });
    expectProgress(await run(port, cluster, hibernate, 'scale_down', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 60 });
    expect(expectDone(await run(port, cluster, hibernate, 'scale_down', { nodes })).changes).toEqual({
      upsertNodes: [{ ...nodes[0], status: 'hibernated', cpuUsagePercent: 0, memoryUsagePercent: 0 }],
    });
    expectProgress(await run(port, cluster, hibernate, 'pause', { nodes }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(shootOf(cluster).status?.hibernated).toBe(true);
    expect(await run(port, cluster, hibernate, 'pause', { nodes })).toEqual({ kind: 'done', detail: 'Cluster hibernated' });

    const wake = operation('wake');
    const sleeping = [{ ...nodes[0]!, status: 'hibernated' as const }];
    const woke = bed.fake.requests.length;
    expectProgress(await run(port, cluster, wake, 'resume', { nodes: sleeping }));
    expect(requestsAfter(woke).filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ spec: { hibernation: { enabled: false } } }]);
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Processing', progress: 50 });
    expectDone(await run(port, cluster, wake, 'resume', { nodes: sleeping }));
    expectProgress(await run(port, cluster, wake, 'scale_up', { nodes: sleeping }));
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(expectDone(await run(port, cluster, wake, 'scale_up', { nodes: sleeping })).changes?.upsertNodes?.map((entry) => entry.status)).toEqual(['ready']);
    expectDone(await run(port, cluster, wake, 'health', { nodes: sleeping }));
  });

  it('fails the step when the reconcile of the change fails', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const op = operation('scale_pool', { poolId: 'npl_general', count: 9 });
    expectProgress(await run(port, cluster, op, 'pool:npl_general'));
    bed.fake.setLastOperation(cluster.providerRef!, { type: 'Reconcile', state: 'Failed', progress: 70, description: 'Worker pool general could not be scaled' }, {
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
    const { port, cluster, name } = await provisionedShoot();
    const op = operation('delete');
    const nodes = [node(GENERAL, `shoot--km--${name}-general-z1-1`, 'fr-par-1a'), node(GENERAL, `shoot--km--${name}-general-z2-1`, 'fr-par-1b')];

    const before = bed.fake.requests.length;
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Deletion sent to Gardener/);
    const sent = requestsAfter(before);
    expect(sent.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`GET ${SHOOTS}/${name} 200`, `PATCH ${SHOOTS}/${name} 200`, `DELETE ${SHOOTS}/${name} 200`]);
    expect(sent[1]).toMatchObject({ contentType: MERGE_PATCH, body: { metadata: { annotations: { 'confirmation.gardener.cloud/deletion': 'true' } } } });
    expect(shootOf(cluster).metadata.deletionTimestamp).toBe('2026-11-20T09:30:00Z');

    // Running the step again does not send a second DELETE.
    const again = bed.fake.requests.length;
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Waiting for Gardener to start deleting/);
    expect(requestsAfter(again).map((request) => request.method)).toEqual(['GET']);

    bed.fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 20, description: 'Deleting worker nodes' });
    expectProgress(await run(port, cluster, op, 'delete_nodes', { nodes }), /Deleting worker nodes \(20%\)/);
    bed.fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 40 });
    expect(expectDone(await run(port, cluster, op, 'delete_nodes', { nodes })).changes).toEqual({ removeNodes: nodes.map((entry) => entry.name) });
    expectProgress(await run(port, cluster, op, 'delete_control_plane'));
    bed.fake.setLastOperation(name, { type: 'Delete', state: 'Processing', progress: 75 });
    expectDone(await run(port, cluster, op, 'delete_control_plane'));
    expectProgress(await run(port, cluster, op, 'release'));
    bed.fake.setLastOperation(name, { type: 'Delete', state: 'Succeeded', progress: 100 });
    expect(bed.fake.shoots.has(name)).toBe(false);
    expectDone(await run(port, cluster, op, 'release'));
    expect(await run(port, cluster, op, 'deleted')).toEqual({ kind: 'done', detail: 'Cluster deleted' });
  });

  it('is refused by Gardener without the confirmation annotation (the fake checks it)', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const response = await bed.fake.fetch(`${bed.fake.url}${SHOOTS}/${cluster.providerRef}`, { method: 'DELETE', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      message: `shoots.core.gardener.cloud "${cluster.providerRef}" is forbidden: must have a "confirmation.gardener.cloud/deletion" annotation to delete`,
    });
    expect(bed.fake.shoots.get(cluster.providerRef!)?.metadata.deletionTimestamp).toBeUndefined();
    bed.fake.violations.length = 0;
  });

  it('finishes at once for a cluster that never reached Gardener, or whose Shoot is already gone', async () => {
    const port = adapter();
    const nodes = [node(GENERAL, 'orphan', 'fr-par-1a')];
    expect(await run(port, clusterSpec(), operation('delete'), 'delete_nodes', { nodes })).toEqual({ kind: 'done', detail: 'The cluster never reached Gardener', changes: { removeNodes: ['orphan'] } });
    expect(await run(port, { ...clusterSpec(), providerRef: 'gone-shoot' }, operation('delete'), 'delete_control_plane')).toEqual({ kind: 'done', detail: 'Gone at Gardener' });
    expect(bed.fake.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
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
    const before = bed.fake.requests.length;
    expect(await run(port, { ...stranger, name: 'other' }, operation('delete'), 'delete_nodes')).toEqual({ kind: 'done', detail: 'The cluster never reached Gardener' });
    expect(requestsAfter(before).map((request) => request.method)).toEqual(['GET']);
  });
});
