import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import { clusterAddons, clusterEvents, clusterNodes, clusterOperations, clusters, nodePools, orderEvents, type OperationStep, type SealedSecret } from '@kubemarket/db';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_ENDPOINT_DOMAIN } from '../../platform/provisioner/simulator';
import { advanceOperation, caKeyContext, MAX_STEP_ATTEMPTS, RETRY_BACKOFF_MS } from './engine';
import { clusterTestbed, type ClusterTestbed, TWO_POOL_CLUSTER, type ClusterLineInput, notificationsOf } from '../../testing';

const ACME_MEMBERS = ['usr_demo_alice', 'usr_demo_marc', 'usr_demo_bruno', 'usr_demo_vera'];
const CNI_FAILURE = 'The network plugin did not become ready on every node.';

interface Snapshot {
  revision: number;
  steps: OperationStep[];
  ready: number;
  joining: number;
  nodes: number;
}

async function operationRow(t: ClusterTestbed, id: string) {
  return (await t.db.select().from(clusterOperations).where(eq(clusterOperations.id, id)))[0]!;
}

async function clusterRow(t: ClusterTestbed, id: string) {
  return (await t.db.select().from(clusters).where(eq(clusters.id, id)))[0]!;
}

/** Advances the operation call by call, the clock moved to each nextRunAt, keeping what each call left. */
async function driveStepwise(t: ClusterTestbed, operationId: string, clusterId: string) {
  const snapshots: Snapshot[] = [];
  for (let calls = 0; calls < 500; calls += 1) {
    const result = await advanceOperation(t.ctx, operationId);
    const operation = await operationRow(t, operationId);
    const nodes = await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId));
    snapshots.push({
      revision: operation.revision,
      steps: operation.steps,
      ready: nodes.filter((node) => node.status === 'ready').length,
      joining: nodes.filter((node) => node.status === 'joining').length,
      nodes: nodes.length,
    });
    if (result.nextRunAt === null) return { result, snapshots };
    t.clock.advance(result.nextRunAt - t.clock.now());
  }
  throw new Error('The operation did not end in 500 calls');
}

/** Each step's statuses in the order they were seen, repeats dropped. */
function statusHistory(initial: OperationStep[], snapshots: Snapshot[]): string[][] {
  return initial.map((_, index) => {
    const seen = [initial[index]!.status, ...snapshots.map((snapshot) => snapshot.steps[index]!.status)];
    return seen.filter((status, position) => position === 0 || seen[position - 1] !== status);
  });
}

async function eventsOf(t: ClusterTestbed, operationId: string) {
  return t.db.select().from(clusterEvents).where(eq(clusterEvents.operationId, operationId)).orderBy(asc(clusterEvents.createdAt), asc(clusterEvents.id));
}

describe('provisioning a paid cluster', () => {
  it('runs every step in order, nodes joining one at a time, and ends with a running cluster and a completed order', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { orderId, clusterId, operationId } = await t.order(alice);
    // The settling batch wrote the cluster, its pools and the operation; fulfilment handed it over once.
    expect(t.handedOver).toEqual([{ clusterId, operationId }]);
    const pools = await t.db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.name));
    expect(pools.map((pool) => [pool.name, pool.flavorId, pool.count, pool.kubernetesVersion])).toEqual([
      ['system', 'gp-2-8', 2, '1.36.4'],
      ['workers', 'gp-4-16', 3, '1.36.4'],
    ]);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'provisioning', nodeCount: 5, orderId, endpoint: null, caCertificate: null });

    const initial = await operationRow(t, operationId);
    const [system, workers] = [pools[0]!, pools[1]!];
    expect(initial.steps.map((step) => step.key)).toEqual(['validate', 'network', 'control_plane', 'etcd', 'api_endpoint', `pool:${system.id}`, `pool:${workers.id}`, 'cni', 'addons', 'health', 'ready']);
    expect(initial.steps.map((step) => step.status)).toEqual(['running', ...Array<string>(10).fill('pending')]);
    expect(initial).toMatchObject({ status: 'running', revision: 1, orderId, currentStep: 0, nextRunAt: t.clock.now() });

    const { result, snapshots } = await driveStepwise(t, operationId, clusterId);
    expect(result).toEqual({ nextRunAt: null, status: 'succeeded' });

    // pending → running → succeeded, one step at a time, every earlier step finished first.
    const history = statusHistory(initial.steps, snapshots);
    expect(history[0]).toEqual(['running', 'succeeded']);
    for (const steps of history.slice(1)) expect(steps).toEqual(['pending', 'running', 'succeeded']);
    for (const snapshot of snapshots) {
      const running = snapshot.steps.flatMap((step, index) => (step.status === 'running' ? [index] : []));
      expect(running.length).toBeLessThanOrEqual(1);
      if (running[0] !== undefined) {
        expect(snapshot.steps.slice(0, running[0]).every((step) => step.status === 'succeeded')).toBe(true);
        expect(snapshot.steps.slice(running[0] + 1).every((step) => step.status === 'pending')).toBe(true);
      }
    }
    expect(snapshots.map((snapshot) => snapshot.revision)).toEqual(snapshots.map((_, index) => index + 2));

    // Nodes join one by one: never two joining at once, the ready count rising by one at a time.
    expect(Math.max(...snapshots.map((snapshot) => snapshot.joining))).toBe(1);
    const readyCounts = snapshots.map((snapshot) => snapshot.ready);
    expect([...new Set(readyCounts)]).toEqual([0, 1, 2, 3, 4, 5]);
    for (let index = 1; index < readyCounts.length; index += 1) expect(readyCounts[index]! - readyCounts[index - 1]!).toBeGreaterThanOrEqual(0);
    for (let index = 1; index < readyCounts.length; index += 1) expect(readyCounts[index]! - readyCounts[index - 1]!).toBeLessThanOrEqual(1);
    // While the first pool joins, the second has none; once it is done, it has its two.
    const firstPoolIndex = initial.steps.findIndex((step) => step.key === `pool:${system.id}`);
    const duringFirstPool = snapshots.filter((snapshot) => snapshot.steps[firstPoolIndex]!.status === 'running');
    expect(duringFirstPool.map((snapshot) => snapshot.nodes)).toEqual([0, 1, 2]);
    const afterFirstPool = snapshots.find((snapshot) => snapshot.steps[firstPoolIndex]!.status === 'succeeded')!;
    expect(afterFirstPool).toMatchObject({ ready: 2, joining: 0, nodes: 2 });

    const nodes = await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt));
    expect(nodes.map((node) => [node.poolId, node.status, node.kubeletVersion, node.zone])).toEqual([
      [system.id, 'ready', '1.36.4', 'fr-par-1a'],
      [system.id, 'ready', '1.36.4', 'fr-par-1b'],
      [workers.id, 'ready', '1.36.4', 'fr-par-1a'],
      [workers.id, 'ready', '1.36.4', 'fr-par-1b'],
      [workers.id, 'ready', '1.36.4', 'fr-par-1c'],
    ]);
    expect(nodes.filter((node) => node.poolId === workers.id).map((node) => [node.cpuMillicores, node.memoryMib])).toEqual(Array(3).fill([4000, 16_384]));
    expect(new Set(nodes.map((node) => node.name)).size).toBe(5);
    for (const node of nodes) expect(node.name).toMatch(/^shop-prod-(system|workers)-[0-9a-z]{5}$/);

    const cluster = await clusterRow(t, clusterId);
    expect(cluster).toMatchObject({ status: 'running', kubernetesVersion: '1.36.4', deletedAt: null });
    expect(cluster.endpoint).toBe(`https://shop-prod.${clusterId.slice(-8)}.fr-par-1.${SIMULATOR_ENDPOINT_DOMAIN}:6443`);
    // The CA key is stored sealed, bound to its cluster; the certificate is a CA for this cluster.
    const ca = new X509Certificate(cluster.caCertificate!);
    expect(ca.subject).toBe('CN=shop-prod-ca, O=KubeMarket');
    const sealed = cluster.caPrivateKey as SealedSecret;
    expect(JSON.stringify(sealed)).not.toContain('PRIVATE KEY');
    expect(Object.keys(sealed).sort()).toEqual(['ciphertext', 'keyVersion']);
    const opened = await t.ctx.ports.secrets.open(sealed, caKeyContext(clusterId));
    expect(opened).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await expect(t.ctx.ports.secrets.open(sealed, caKeyContext('clu_other'))).rejects.toThrow();

    expect(await t.orderOf(orderId)).toMatchObject({ status: 'completed', failureReason: null });
    const completed = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'completed')));
    expect(completed).toEqual([expect.objectContaining({ message: 'Your cluster shop-prod is running.', data: { clusterId } })]);
    expect((await t.db.select().from(clusterAddons).where(eq(clusterAddons.clusterId, clusterId))).map((row) => [row.addonId, row.orderId]).sort()).toEqual([
      ['addon_cert_manager', orderId],
      ['addon_monitoring', orderId],
    ]);

    const done = await operationRow(t, operationId);
    expect(done).toMatchObject({ status: 'succeeded', error: null, nextRunAt: null, currentStep: 10, finishedAt: t.clock.now() });
    const events = await eventsOf(t, operationId);
    expect(events[0]).toMatchObject({ type: 'operation_started', message: `Provisioning of shop-prod started for order ${orderId}.` });
    expect(events.at(-1)).toMatchObject({ type: 'operation_succeeded', message: 'Provisioning of shop-prod finished.' });
    expect(events.filter((event) => event.type === 'step_succeeded').map((event) => event.data?.step)).toEqual(initial.steps.map((step) => step.key));
    expect(events.filter((event) => event.type === 'step_started').map((event) => event.data?.step)).toEqual(initial.steps.slice(1).map((step) => step.key));

    // Every member's consoles saw every revision, in order, none lost; Globex saw nothing.
    for (const member of ACME_MEMBERS) {
      const progress = t.progressTo(member, clusterId);
      const revisions = progress.map((message) => message.operation.revision);
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
      expect(new Set(revisions).size).toBe(revisions.length);
      expect(revisions.length).toBe(done.revision);
      expect(revisions[0]).toBe(1);
      expect(progress.at(-1)).toMatchObject({ clusterName: 'shop-prod', clusterStatus: 'running', readyNodes: 5, operation: { status: 'succeeded', progressPercent: 100, remainingMs: 0 } });
    }
    expect(t.progressTo('usr_demo_gabriel')).toEqual([]);

    for (const member of ACME_MEMBERS) expect((await notificationsOf(t, member)).filter((row) => row.message.includes('is ready'))).toEqual([{ type: 'success', message: 'Your cluster shop-prod is ready.' }]);
    const mail = await t.outboxTo('alice@acme.example');
    const ready = mail.filter((row) => row.subject === 'Your cluster shop-prod is ready — KubeMarket');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.text).toContain(`https://console.example.eu/clusters/${clusterId}`);
    expect((await t.outboxTo('vera@acme.example')).map((row) => row.subject)).toContain('Your cluster shop-prod is ready — KubeMarket');
  });

  it('answers an early call with the same time and changes nothing; an ended operation answers null', async () => {
    const t = await clusterTestbed();
    const { clusterId, operationId } = await t.order(await t.as('alice'));
    const first = await advanceOperation(t.ctx, operationId);
    expect(first.status).toBe('running');
    expect(first.nextRunAt).toBeGreaterThan(t.clock.now());
    const before = await operationRow(t, operationId);
    const messages = t.published.length;
    const events = (await eventsOf(t, operationId)).length;
    t.clock.advance(Math.floor((first.nextRunAt! - t.clock.now()) / 2));
    for (let again = 0; again < 3; again += 1) expect(await advanceOperation(t.ctx, operationId)).toEqual(first);
    expect(await operationRow(t, operationId)).toEqual(before);
    expect(t.published).toHaveLength(messages);
    expect(await eventsOf(t, operationId)).toHaveLength(events);

    await t.drive(operationId);
    const ended = await operationRow(t, operationId);
    const endedMessages = t.published.length;
    t.clock.advance(60_000);
    expect(await advanceOperation(t.ctx, operationId)).toEqual({ nextRunAt: null, status: 'succeeded' });
    expect(await operationRow(t, operationId)).toEqual(ended);
    expect(t.published).toHaveLength(endedMessages);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
    expect(await advanceOperation(t.ctx, 'cop_missing')).toEqual({ nextRunAt: null, status: 'missing' });
  });
});

describe('failures and retries', () => {
  const failing = (name: string): ClusterLineInput => ({ ...TWO_POOL_CLUSTER, name });

  it('retries a failing step with back-off, then fails the operation, the cluster and the order, and tells every member', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { orderId, clusterId, operationId } = await t.order(alice, failing('fail-at-cni-x'));
    const { result, snapshots } = await driveStepwise(t, operationId, clusterId);
    expect(result).toEqual({ nextRunAt: null, status: 'failed' });

    const operation = await operationRow(t, operationId);
    const cni = operation.steps.findIndex((step) => step.key === 'cni');
    expect(operation).toMatchObject({ status: 'failed', error: CNI_FAILURE, currentStep: cni, nextRunAt: null, finishedAt: t.clock.now() });
    expect(operation.steps[cni]).toMatchObject({ status: 'failed', attempts: MAX_STEP_ATTEMPTS, error: CNI_FAILURE });
    expect(operation.steps.slice(0, cni).every((step) => step.status === 'succeeded')).toBe(true);
    expect(operation.steps.slice(cni + 1).every((step) => step.status === 'pending')).toBe(true);
    // Waits between tries: 5 s then 15 s at speed 1, a sixtieth of that here.
    const retrying = snapshots.filter((snapshot) => snapshot.steps[cni]!.detail?.startsWith('Attempt '));
    expect([...new Set(retrying.map((snapshot) => snapshot.steps[cni]!.attempts))]).toEqual([1, 2]);
    expect(retrying[0]!.steps[cni]!.detail).toBe(`Attempt 1 failed: ${CNI_FAILURE} Trying again in 1 s.`);
    const events = await eventsOf(t, operationId);
    const retries = events.filter((event) => event.type === 'step_retrying');
    expect(retries.map((event) => event.message)).toEqual([
      `Installing the network plugin (Cilium): attempt 1 failed (${CNI_FAILURE}); trying again.`,
      `Installing the network plugin (Cilium): attempt 2 failed (${CNI_FAILURE}); trying again.`,
    ]);
    expect(retries[1]!.createdAt - retries[0]!.createdAt).toBe(Math.round(RETRY_BACKOFF_MS[0] / 60) + operation.steps[cni]!.estimateMs);
    expect(events.slice(-2).map((event) => [event.type, event.message])).toEqual([
      ['step_failed', `Installing the network plugin (Cilium): ${CNI_FAILURE}`],
      ['operation_failed', `Provisioning of fail-at-cni-x failed: ${CNI_FAILURE}`],
    ]);

    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'failed' });
    expect(await t.orderOf(orderId)).toMatchObject({ status: 'failed', failureReason: CNI_FAILURE });
    expect(await t.db.select({ message: orderEvents.message, reason: orderEvents.reason }).from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'failed')))).toEqual([
      { message: 'Provisioning of the cluster fail-at-cni-x failed.', reason: CNI_FAILURE },
    ]);
    for (const member of ACME_MEMBERS) {
      expect((await notificationsOf(t, member)).at(-1)).toEqual({ type: 'error', message: `Provisioning of fail-at-cni-x failed: ${CNI_FAILURE}` });
      expect(t.progressTo(member, clusterId).at(-1)).toMatchObject({ clusterStatus: 'failed', operation: { status: 'failed', error: CNI_FAILURE } });
    }
    const [mail] = (await t.outboxTo('marc@acme.example')).filter((row) => row.subject.startsWith('Provisioning failed'));
    expect(mail?.subject).toBe('Provisioning failed: fail-at-cni-x — KubeMarket');
    expect(mail?.text).toContain(CNI_FAILURE);
    expect(mail?.text).toContain(`https://console.example.eu/clusters/${clusterId}`);
  });

  it('resumes a failed provisioning from the failed step through clusters.retry, and completes the order once it succeeds', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { orderId, clusterId, operationId } = await t.order(alice, failing('fail-at-cni-x'));
    await t.drive(operationId);
    const failed = await operationRow(t, operationId);
    const cni = failed.currentStep;
    const nodesBefore = await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId));
    t.clock.advance(60_000);

    const retried = await alice.clusters.retry({ id: clusterId, operationId });
    expect(retried).toMatchObject({ id: operationId, status: 'running', currentStep: cni, error: null, revision: failed.revision + 1 });
    expect(retried.steps[cni]).toMatchObject({ status: 'running', attempts: 0, error: null, startedAt: t.clock.now() });
    // The steps before it are not run again.
    expect(retried.steps.slice(0, cni)).toEqual(failed.steps.slice(0, cni));
    expect(t.handedOver.at(-1)).toEqual({ clusterId, operationId });
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'provisioning' });
    expect(await t.orderOf(orderId)).toMatchObject({ status: 'provisioning', failureReason: null });
    expect((await eventsOf(t, operationId)).at(-1)).toMatchObject({ type: 'operation_retried', actorUserId: 'usr_demo_alice', message: 'Provisioning retried from "Installing the network plugin (Cilium)".' });

    // The injected fault is still there: three more tries, then failed again.
    expect(await t.drive(operationId)).toEqual({ nextRunAt: null, status: 'failed' });
    expect((await eventsOf(t, operationId)).filter((event) => event.type === 'step_retrying')).toHaveLength(4);
    expect(await t.orderOf(orderId)).toMatchObject({ status: 'failed', failureReason: CNI_FAILURE });

    // Whatever broke is fixed (here: the name that injects it); the next retry finishes the job.
    await t.db.update(clusters).set({ name: 'shop-recovered' }).where(eq(clusters.id, clusterId));
    await alice.clusters.retry({ id: clusterId, operationId });
    expect(await t.drive(operationId)).toEqual({ nextRunAt: null, status: 'succeeded' });
    const done = await operationRow(t, operationId);
    expect(done.steps.every((step) => step.status === 'succeeded')).toBe(true);
    expect(await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId))).toHaveLength(nodesBefore.length);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
    expect(await t.orderOf(orderId)).toMatchObject({ status: 'completed', failureReason: null });
    expect((await t.db.select().from(clusterAddons).where(eq(clusterAddons.clusterId, clusterId))).length).toBe(2);

    // Nothing left to retry.
    await expect(alice.clusters.retry({ id: clusterId, operationId })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This operation finished; there is nothing to retry.' });
  });

  it('lets a flaky step succeed on its second try without failing anything', async () => {
    const t = await clusterTestbed();
    const { orderId, clusterId, operationId } = await t.order(await t.as('alice'), failing('flaky-cni-y'));
    expect(await t.drive(operationId)).toEqual({ nextRunAt: null, status: 'succeeded' });
    const operation = await operationRow(t, operationId);
    expect(operation.steps.find((step) => step.key === 'cni')).toMatchObject({ status: 'succeeded', attempts: 1, error: null });
    const events = await eventsOf(t, operationId);
    expect(events.filter((event) => event.type === 'step_retrying').map((event) => event.data?.step)).toEqual(['cni']);
    expect(events.filter((event) => event.type === 'step_failed')).toEqual([]);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
    expect(await t.orderOf(orderId)).toMatchObject({ status: 'completed' });
  });
});
