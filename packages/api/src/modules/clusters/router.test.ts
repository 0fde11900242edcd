import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import { auditLog, clusterEvents, clusterHibernations, clusterNodes, clusters, kubeconfigIssuances, nodePools, notifications, orders, organizations } from '@kubemarket/db';
import type { TRPCError } from '@trpc/server';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { advanceOperation } from './engine';
import { BILLING, type ClusterLineInput, clusterTestbed, refusal, TWO_POOL_CLUSTER } from '../../testing';

type Testbed = Awaited<ReturnType<typeof clusterTestbed>>;

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No cluster with this id in your organisation.' };
const ECONOMY_MONTHLY = { system: 2 * 2_900, workers: 3 * 5_700 };

const named = (name: string, overrides: Partial<ClusterLineInput> = {}): ClusterLineInput => ({ ...TWO_POOL_CLUSTER, name, ...overrides });

/** A Dev/Test cluster: the tier that hibernates (at most 6 nodes, 2 pools). */
const devtest = (name: string): ClusterLineInput => ({
  kind: 'cluster',
  name,
  tierId: 'tier_devtest',
  regionId: 'fr-par-1',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'default', flavorId: 'gp-2-4', count: 2 }],
  addonIds: [],
});

async function clusterRow(t: Testbed, id: string) {
  return (await t.db.select().from(clusters).where(eq(clusters.id, id)))[0]!;
}

async function poolsOf(t: Testbed, clusterId: string) {
  return t.db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name));
}

async function nodesOf(t: Testbed, clusterId: string, poolId?: string) {
  const rows = await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt));
  return poolId ? rows.filter((row) => row.poolId === poolId) : rows;
}

async function notificationsOf(t: Testbed, userId: string) {
  return t.db.select({ type: notifications.type, message: notifications.message }).from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp));
}

/** Runs an operation call by call, noting after each what `observe` reads. */
async function observeUntilEnd<T>(t: Testbed, operationId: string, observe: () => Promise<T>) {
  const seen: T[] = [];
  for (let calls = 0; calls < 500; calls += 1) {
    const result = await advanceOperation(t.ctx, operationId);
    seen.push(await observe());
    if (result.nextRunAt === null) return { result, seen };
    t.clock.advance(result.nextRunAt - t.clock.now());
  }
  throw new Error('The operation did not end');
}

/** Consecutive repeats dropped. */
const changes = <T>(values: T[]) => values.filter((value, index) => index === 0 || JSON.stringify(values[index - 1]) !== JSON.stringify(value));

function readKubeconfig(text: string) {
  const config = parse(text) as {
    clusters: Array<{ name: string; cluster: { server: string; 'certificate-authority-data': string } }>;
    users: Array<{ name: string; user: { 'client-certificate-data': string; 'client-key-data': string } }>;
    'current-context': string;
  };
  return {
    config,
    ca: new X509Certificate(atob(config.clusters[0]!.cluster['certificate-authority-data'])),
    client: new X509Certificate(atob(config.users[0]!.user['client-certificate-data'])),
  };
}

describe('clusters.list', () => {
  it('searches, filters by status, sorts and paginates the organisation’s clusters, and shows no other organisation’s', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const gabriel = await t.as('gabriel');
    const small = await t.running(alice, named('lst-alpha', { nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 1 }], addonIds: [] }));
    t.clock.advance(60_000);
    const big = await t.running(alice, named('lst-bravo'));
    t.clock.advance(60_000);
    const failed = await t.order(alice, named('fail-at-validate-lst'));
    await t.drive(failed.operationId);
    t.clock.advance(60_000);
    const globex = await t.running(gabriel, named('lst-globex'));

    const all = await alice.clusters.list({ q: 'lst-' });
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    // Newest first by default.
    expect(all.items.map((item) => item.name)).toEqual(['lst-bravo', 'lst-alpha']);
    expect(all.items[0]).toEqual({
      id: big.clusterId,
      name: 'lst-bravo',
      status: 'running',
      tier: { id: 'tier_economy', name: 'Economy (Green)' },
      region: { id: 'fr-par-1', name: 'Paris PAR1' },
      kubernetesVersion: '1.36.4',
      nodeCount: 5,
      readyNodes: 5,
      monthlyCents: expect.any(Number),
      createdAt: expect.any(Number),
      deletedAt: null,
      operation: null,
    });
    // A name or the start of an id; "%" and "_" are characters, not wildcards.
    expect((await alice.clusters.list({ q: 'BRAVO' })).items.map((item) => item.id)).toEqual([big.clusterId]);
    expect((await alice.clusters.list({ q: small.clusterId.slice(0, 10) })).items.map((item) => item.id)).toEqual([small.clusterId]);
    expect(await alice.clusters.list({ q: '%' })).toMatchObject({ total: 0, items: [] });
    expect((await alice.clusters.list({ q: 'fail-at' })).items.map((item) => [item.name, item.status])).toEqual([['fail-at-validate-lst', 'failed']]);

    expect((await alice.clusters.list({ q: 'lst', status: 'failed' })).items.map((item) => item.id)).toEqual([failed.clusterId]);
    const runningOnes = await alice.clusters.list({ status: 'running', pageSize: 100 });
    expect(runningOnes.items.every((item) => item.status === 'running')).toBe(true);
    expect(runningOnes.items.map((item) => item.id)).toEqual(expect.arrayContaining([small.clusterId, big.clusterId]));

    expect((await alice.clusters.list({ q: 'lst-', sort: 'name' })).items.map((item) => item.name)).toEqual(['lst-alpha', 'lst-bravo']);
    expect((await alice.clusters.list({ q: 'lst-', sort: 'oldest' })).items.map((item) => item.name)).toEqual(['lst-alpha', 'lst-bravo']);
    expect((await alice.clusters.list({ q: 'lst-', sort: 'nodes' })).items.map((item) => [item.name, item.nodeCount])).toEqual([
      ['lst-bravo', 5],
      ['lst-alpha', 1],
    ]);
    const byCost = (await alice.clusters.list({ q: 'lst-', sort: 'cost' })).items;
    expect(byCost.map((item) => item.name)).toEqual(['lst-bravo', 'lst-alpha']);
    expect(byCost[0]!.monthlyCents).toBeGreaterThan(byCost[1]!.monthlyCents);

    const total = (await alice.clusters.list({ pageSize: 100 })).total;
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) pages.push(await alice.clusters.list({ sort: 'name', page, pageSize: 2 }));
    expect(pages.every((page) => page.total === total && page.items.length <= 2)).toBe(true);
    const paged = pages.flatMap((page) => page.items.map((item) => item.name));
    expect(paged).toHaveLength(total);
    expect(paged).toEqual([...paged].sort());
    expect(await alice.clusters.list({ page: Math.ceil(total / 2) + 1, pageSize: 2 })).toMatchObject({ items: [], total });

    // Globex sees its own, never Acme's; Acme never sees Globex's.
    const theirs = await gabriel.clusters.list({ pageSize: 100 });
    expect(theirs.items.map((item) => item.id)).toContain(globex.clusterId);
    expect(theirs.items.map((item) => item.id)).not.toEqual(expect.arrayContaining([small.clusterId]));
    expect((await gabriel.clusters.list({ q: 'lst-' })).items.map((item) => item.id)).toEqual([globex.clusterId]);
    expect((await alice.clusters.list({ q: 'lst-globex' })).total).toBe(0);
    expect(await refusal(alice.clusters.list({ pageSize: 101 }))).toEqual({ code: 'BAD_REQUEST', message: 'pageSize: Page size must be at most 100.' });
  });

  it('shows the operation running on a cluster, and deleted clusters only when asked', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId, operationId } = await t.order(alice, named('lst-live'));
    for (let calls = 0; calls < 8; calls += 1) {
      const result = await advanceOperation(t.ctx, operationId);
      t.clock.advance(result.nextRunAt! - t.clock.now());
    }
    const [live] = (await alice.clusters.list({ q: 'lst-live' })).items;
    expect(live).toMatchObject({ status: 'provisioning', operation: { id: operationId, type: 'provision' } });
    expect(live!.operation!.progressPercent).toBeGreaterThan(0);
    expect(live!.operation!.progressPercent).toBeLessThan(100);
    await t.drive(operationId);
    const deleting = await alice.clusters.delete({ id: clusterId, confirmName: 'lst-live' });
    await t.drive(deleting.id);
    expect((await alice.clusters.list({ q: 'lst-live' })).total).toBe(0);
    expect((await alice.clusters.list({ q: 'lst-live', includeDeleted: true })).items.map((item) => [item.id, item.status])).toEqual([[clusterId, 'deleted']]);
    expect((await alice.clusters.list({ status: 'deleted' })).items.map((item) => item.id)).toEqual([clusterId]);
  });
});

describe('clusters.get', () => {
  it('describes a cluster: pools with their prices and ready nodes, nodes, add-ons, operation and upgrades', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId, operationId, orderId } = await t.running(alice);
    const cluster = await alice.clusters.get({ id: clusterId });
    const [system, workers] = await poolsOf(t, clusterId);
    expect(cluster).toMatchObject({
      id: clusterId,
      name: 'shop-prod',
      status: 'running',
      organizationId: 'org_demo_acme',
      tier: { id: 'tier_economy', name: 'Economy (Green)' },
      region: { id: 'fr-par-1', name: 'Paris PAR1' },
      kubernetesVersion: '1.36.4',
      nodeCount: 5,
      readyNodes: 5,
      zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
      highAvailability: false,
      networking: { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
      maintenance: { day: 'sunday', startHour: 3, autoUpgrade: true },
      hibernation: { supported: false, schedules: [], hibernatedSince: null, hoursThisMonth: 0, savedCentsThisMonth: 0 },
      orderId,
      operation: null,
      currentOperation: null,
      lastOperation: { id: operationId, type: 'provision', status: 'succeeded', progressPercent: 100 },
      availableUpgrades: ['1.37.1'],
      provisioner: 'simulator',
      deletedAt: null,
    });
    expect(cluster.endpoint).toMatch(/^https:\/\/shop-prod\.[a-z0-9]{8}\.fr-par-1\.k8s\.kubemarket\.eu:6443$/);
    expect(cluster.nodePools).toEqual([
      {
        id: system!.id,
        name: 'system',
        flavor: { id: 'gp-2-8', name: 'General purpose 2 vCPU, 8 GB', vcpu: 2, memoryGb: 8, monthlyPriceCents: 2_900 },
        count: 2,
        autoscaling: null,
        labels: {},
        taints: [],
        kubernetesVersion: '1.36.4',
        monthlyCents: ECONOMY_MONTHLY.system,
        readyNodes: 2,
      },
      expect.objectContaining({ id: workers!.id, name: 'workers', count: 3, labels: { tier: 'web' }, monthlyCents: ECONOMY_MONTHLY.workers, readyNodes: 3 }),
    ]);
    expect(cluster.nodes).toHaveLength(5);
    for (const node of cluster.nodes) {
      expect(node.status).toBe('ready');
      expect(node.cpuUsagePercent).toBeGreaterThanOrEqual(12);
      expect(node.cpuUsagePercent).toBeLessThan(72);
    }
    expect(cluster.addons.map((addon) => [addon.id, addon.name])).toEqual([
      ['addon_cert_manager', 'cert-manager'],
      ['addon_monitoring', 'Prometheus and Grafana'],
    ]);
    const order = (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    expect(cluster.monthlyCents).toBe(order.quote!.lines[0]!.monthlyPriceCents);
  });

  it('shows a cluster being provisioned with its operation and the nodes ready so far', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId, operationId } = await t.order(alice);
    let detail = await alice.clusters.get({ id: clusterId });
    for (let calls = 0; calls < 100 && detail.readyNodes < 3; calls += 1) {
      const result = await advanceOperation(t.ctx, operationId);
      t.clock.advance(result.nextRunAt! - t.clock.now());
      detail = await alice.clusters.get({ id: clusterId });
    }
    expect(detail).toMatchObject({ status: 'provisioning', readyNodes: 3, endpoint: expect.stringMatching(/^https:/), operation: { id: operationId, type: 'provision' }, currentOperation: { id: operationId, status: 'running' } });
    expect(detail.nodePools.map((pool) => pool.readyNodes)).toEqual([2, 1]);
    expect(detail.currentOperation!.remainingMs).toBeGreaterThan(0);
    await expect(alice.clusters.operation({ id: clusterId, operationId })).resolves.toMatchObject({ id: operationId, status: 'running', revision: detail.currentOperation!.revision });
  });

  it("answers another organisation's cluster, or a missing one, with the same 404", async () => {
    const t = await clusterTestbed();
    const { clusterId, operationId } = await t.running(await t.as('alice'));
    const gabriel = await t.as('gabriel');
    expect(await refusal(gabriel.clusters.get({ id: clusterId }))).toEqual(NOT_FOUND);
    expect(await refusal(gabriel.clusters.get({ id: 'clu_nowhere' }))).toEqual(NOT_FOUND);
    expect(await refusal(gabriel.clusters.events({ id: clusterId }))).toEqual(NOT_FOUND);
    expect(await refusal(gabriel.clusters.operation({ id: clusterId, operationId }))).toEqual(NOT_FOUND);
    expect(await refusal(gabriel.clusters.kubeconfig({ id: clusterId }))).toEqual(NOT_FOUND);
    expect(await refusal(gabriel.clusters.delete({ id: clusterId, confirmName: 'shop-prod' }))).toEqual(NOT_FOUND);
    const globex = await t.running(gabriel, named('globex-one'));
    expect(await refusal((await t.as('alice')).clusters.operation({ id: clusterId, operationId: globex.operationId }))).toEqual({ code: 'NOT_FOUND', message: 'No such operation on this cluster.' });
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
  });
});

describe('clusters.scaleNodePool', () => {
  it('adds nodes one at a time and reprices the cluster, then drains them away again', async () => {
    const t = await clusterTestbed();
    const marc = await t.as('marc');
    const { clusterId } = await t.running(await t.as('alice'));
    const before = await clusterRow(t, clusterId);
    const [, workers] = await poolsOf(t, clusterId);
    const original = (await nodesOf(t, clusterId, workers!.id)).map((node) => node.name);
    const scaling = await marc.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 5 });
    expect(scaling).toMatchObject({ type: 'scale_pool', status: 'running', requestedBy: 'usr_demo_marc', revision: 1, currentStep: 0 });
    expect(scaling.steps.map((step) => [step.key, step.label, step.status])).toEqual([
      [`pool:${workers!.id}`, 'Node pool workers: 3 → 5 nodes', 'running'],
      ['health', 'Running health checks', 'pending'],
    ]);
    expect(t.handedOver.at(-1)).toEqual({ clusterId, operationId: scaling.id });
    const during = await clusterRow(t, clusterId);
    expect(during).toMatchObject({ status: 'updating', nodeCount: 7, monthlyCents: before.monthlyCents + 2 * 5_700 });
    expect((await marc.clusters.get({ id: clusterId })).nodePools[1]).toMatchObject({ count: 5, monthlyCents: 5 * 5_700, readyNodes: 3 });

    const grow = await observeUntilEnd(t, scaling.id, async () => (await nodesOf(t, clusterId, workers!.id)).map((node) => node.status));
    expect(grow.result.status).toBe('succeeded');
    expect(changes(grow.seen.map((statuses) => statuses.filter((status) => status === 'ready').length))).toEqual([3, 4, 5]);
    expect(Math.max(...grow.seen.map((statuses) => statuses.filter((status) => status === 'joining').length))).toBe(1);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running', nodeCount: 7 });
    expect((await marc.clusters.get({ id: clusterId })).readyNodes).toBe(7);

    const shrinking = await marc.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 2 });
    expect(shrinking.steps[0]!.label).toBe('Node pool workers: 5 → 2 nodes');
    expect(await clusterRow(t, clusterId)).toMatchObject({ nodeCount: 4, monthlyCents: before.monthlyCents - 5_700 });
    const shrink = await observeUntilEnd(t, shrinking.id, async () => (await nodesOf(t, clusterId, workers!.id)).map((node) => node.status));
    expect(changes(shrink.seen.map((statuses) => statuses.length))).toEqual([5, 4, 3, 2]);
    expect(Math.max(...shrink.seen.map((statuses) => statuses.filter((status) => status === 'draining').length))).toBe(1);
    const left = await nodesOf(t, clusterId, workers!.id);
    // The newest nodes went first: the pool's first two stay.
    expect(left.map((node) => node.name)).toEqual(original.slice(0, 2));
    expect(left.map((node) => node.status)).toEqual(['ready', 'ready']);
    expect(left.map((node) => node.zone)).toEqual(['fr-par-1a', 'fr-par-1b']);
    const events = await marc.clusters.events({ id: clusterId, operationId: shrinking.id });
    expect(events.items.at(-1)).toMatchObject({ type: 'operation_started', message: 'Marc Dubois scaled workers from 5 to 2 nodes.', actor: { id: 'usr_demo_marc', name: 'Marc Dubois' } });
  });

  it("refuses what the tier does not allow, and what the organisation's node quota cannot hold", async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    const [system, workers] = await poolsOf(t, clusterId);
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 9 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Economy (Green) clusters have at most 10 nodes; this configuration has 11.',
    });
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, autoscaling: { min: 3, max: 9 } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Economy (Green) clusters have at most 10 nodes; this configuration can grow to 11.',
    });
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: system!.id, count: 2 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The node pool system already has 2 nodes and these limits.',
    });
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: system!.id, count: 0 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'count: A node pool keeps at least 1 node; remove the pool instead.',
    });
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: 'npl_elsewhere', count: 3 }))).toEqual({ code: 'NOT_FOUND', message: 'No node pool with this id in this cluster.' });

    const [others] = await t.db
      .select({ nodes: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
      .from(clusters)
      .where(and(eq(clusters.organizationId, 'org_demo_acme'), ne(clusters.status, 'deleted'), ne(clusters.id, clusterId)));
    await t.db.update(organizations).set({ maxNodes: others!.nodes + 6 }).where(eq(organizations.id, 'org_demo_acme'));
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 5 }))).toEqual({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${others!.nodes + 6} nodes and its other clusters already use ${others!.nodes}; this change needs 7. Remove nodes elsewhere or ask support to raise the quota.`,
    });
    // Within the quota, and shrinking, are fine.
    const scaled = await alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 4 });
    expect(scaled.status).toBe('running');
    expect((await poolsOf(t, clusterId)).map((pool) => pool.count)).toEqual([2, 4]);
  });

  it('runs one operation at a time: a second one is refused naming the one that runs, even when both race', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const marc = await t.as('marc');
    const { clusterId } = await t.running(alice);
    const [system, workers] = await poolsOf(t, clusterId);
    const busy = { code: 'CONFLICT', message: 'The cluster is busy with scaling a node pool; wait until it finishes, then try again.' };

    const first = await alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 4 });
    expect(await refusal(marc.clusters.scaleNodePool({ id: clusterId, poolId: system!.id, count: 3 }))).toEqual(busy);
    expect(await refusal(marc.clusters.upgrade({ id: clusterId, version: '1.37.1' }))).toEqual(busy);
    expect(await refusal(marc.clusters.addNodePool({ id: clusterId, pool: { name: 'extra', flavorId: 'gp-2-8', count: 1 } }))).toEqual(busy);
    expect(await refusal(marc.clusters.delete({ id: clusterId, confirmName: 'shop-prod' }))).toEqual(busy);
    expect(await refusal(marc.clusters.revokeCredentials({ id: clusterId }))).toEqual(busy);
    expect((await poolsOf(t, clusterId)).map((pool) => pool.count)).toEqual([2, 4]);
    await t.drive(first.id);

    // Both pass the first check; the database lets one operation run, and the loser's pool change is undone with it.
    const raced = await Promise.allSettled([
      alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 5 }),
      marc.clusters.scaleNodePool({ id: clusterId, poolId: system!.id, count: 3 }),
    ]);
    const won = raced.filter((outcome) => outcome.status === 'fulfilled');
    const lost = raced.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as TRPCError] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((error) => ({ code: error.code, message: error.message }))).toEqual([busy]);
    const counts = (await poolsOf(t, clusterId)).map((pool) => pool.count);
    expect(counts).toEqual(raced[0]!.status === 'fulfilled' ? [2, 5] : [3, 4]);
    expect((await clusterRow(t, clusterId)).nodeCount).toBe(counts[0]! + counts[1]!);
  });
});

describe('clusters.addNodePool and clusters.removeNodePool', () => {
  it('adds a pool whose nodes join, removes it again, and never removes the last pool', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    const before = await clusterRow(t, clusterId);

    expect(await refusal(alice.clusters.addNodePool({ id: clusterId, pool: { name: 'workers', flavorId: 'gp-2-8', count: 1 } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This cluster already has a node pool named "workers"; choose another name.',
    });
    expect(await refusal(alice.clusters.addNodePool({ id: clusterId, pool: { name: 'big', flavorId: 'gp-16-64', count: 1 } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The Economy (Green) tier does not offer the General purpose 16 vCPU, 64 GB flavour.',
    });
    const adding = await alice.clusters.addNodePool({ id: clusterId, pool: { name: 'batch', flavorId: 'c-4-8', count: 2, taints: [{ key: 'batch', value: 'yes', effect: 'NoSchedule' }] } });
    const batch = (await poolsOf(t, clusterId)).find((pool) => pool.name === 'batch')!;
    expect(batch).toMatchObject({ flavorId: 'c-4-8', count: 2, kubernetesVersion: '1.36.4', taints: [{ key: 'batch', value: 'yes', effect: 'NoSchedule' }] });
    expect(adding).toMatchObject({ type: 'add_pool', status: 'running' });
    expect(adding.steps.map((step) => [step.key, step.label])).toEqual([
      [`pool:${batch.id}`, 'Node pool batch: 2 nodes joining'],
      ['health', 'Running health checks'],
    ]);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'updating', nodeCount: 7, monthlyCents: before.monthlyCents + 2 * 4_900 });
    expect(await t.drive(adding.id)).toMatchObject({ status: 'succeeded' });
    const added = await nodesOf(t, clusterId, batch.id);
    expect(added.map((node) => [node.status, node.cpuMillicores, node.memoryMib])).toEqual([
      ['ready', 4000, 8192],
      ['ready', 4000, 8192],
    ]);
    expect((await alice.clusters.get({ id: clusterId })).nodePools.map((pool) => [pool.name, pool.readyNodes])).toEqual([
      ['system', 2],
      ['workers', 3],
      ['batch', 2],
    ]);

    const removing = await alice.clusters.removeNodePool({ id: clusterId, poolId: batch.id });
    expect(removing.steps.map((step) => step.label)).toEqual(['Draining 2 nodes of batch', 'Removing node pool batch']);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'updating', nodeCount: 5, monthlyCents: before.monthlyCents });
    const drained = await observeUntilEnd(t, removing.id, async () => (await nodesOf(t, clusterId, batch.id)).map((node) => node.status));
    expect(drained.seen).toContainEqual(['draining', 'draining']);
    expect(await nodesOf(t, clusterId, batch.id)).toEqual([]);
    expect((await poolsOf(t, clusterId)).map((pool) => pool.name)).toEqual(['system', 'workers']);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running', nodeCount: 5 });

    const single = await t.running(alice, named('single', { nodePools: [{ name: 'only', flavorId: 'gp-2-8', count: 1 }], addonIds: [] }));
    const [only] = await poolsOf(t, single.clusterId);
    expect(await refusal(alice.clusters.removeNodePool({ id: single.clusterId, poolId: only!.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: "only is the cluster's only node pool; a cluster needs at least one. Delete the cluster instead.",
    });
    expect(await refusal(alice.clusters.removeNodePool({ id: single.clusterId, poolId: batch.id }))).toEqual({ code: 'NOT_FOUND', message: 'No node pool with this id in this cluster.' });
  });
});

describe('clusters.upgrade', () => {
  it('refuses a downgrade and a skipped minor, and upgrades the control plane first, then each pool', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    expect(await refusal(alice.clusters.upgrade({ id: clusterId, version: '1.35.8' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The cluster runs 1.36.4; Kubernetes cannot be downgraded, choose a newer version.',
    });
    expect(await refusal(alice.clusters.upgrade({ id: clusterId, version: '1.36.4' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The cluster runs 1.36.4; Kubernetes cannot be downgraded, choose a newer version.',
    });
    expect(await refusal(alice.clusters.upgrade({ id: clusterId, version: '1.38.0' }))).toEqual({
      code: 'BAD_REQUEST',
      message: '1.36.4 can be upgraded to 1.37.1; minor versions are upgraded one at a time.',
    });
    expect(await refusal(alice.clusters.upgrade({ id: clusterId, version: '1.37' }))).toEqual({ code: 'BAD_REQUEST', message: 'version: The version looks like 1.37.1.' });

    const [system, workers] = await poolsOf(t, clusterId);
    const upgrading = await alice.clusters.upgrade({ id: clusterId, version: '1.37.1' });
    expect(upgrading.steps.map((step) => [step.key, step.label])).toEqual([
      ['control_plane_upgrade', 'Upgrading the control plane to 1.37.1'],
      [`upgrade:${system!.id}`, 'Node pool system: rolling 2 nodes to 1.37.1'],
      [`upgrade:${workers!.id}`, 'Node pool workers: rolling 3 nodes to 1.37.1'],
      ['health', 'Running health checks'],
    ]);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'upgrading' });
    const versions = async () => ({
      cluster: (await clusterRow(t, clusterId)).kubernetesVersion,
      pools: (await poolsOf(t, clusterId)).map((pool) => pool.kubernetesVersion),
      kubelets: (await nodesOf(t, clusterId)).filter((node) => node.kubeletVersion === '1.37.1').length,
    });
    const rolled = await observeUntilEnd(t, upgrading.id, versions);
    expect(changes(rolled.seen.map(({ cluster, pools }) => ({ cluster, pools })))).toEqual([
      { cluster: '1.36.4', pools: ['1.36.4', '1.36.4'] },
      { cluster: '1.37.1', pools: ['1.36.4', '1.36.4'] },
      { cluster: '1.37.1', pools: ['1.37.1', '1.36.4'] },
      { cluster: '1.37.1', pools: ['1.37.1', '1.37.1'] },
    ]);
    // Node by node: the count of upgraded kubelets climbs one at a time.
    expect(changes(rolled.seen.map(({ kubelets }) => kubelets))).toEqual([0, 1, 2, 3, 4, 5]);
    const after = await alice.clusters.get({ id: clusterId });
    expect(after).toMatchObject({ status: 'running', kubernetesVersion: '1.37.1', availableUpgrades: ['1.38.0'], readyNodes: 5 });
    expect(after.nodes.every((node) => node.kubeletVersion === '1.37.1' && node.status === 'ready')).toBe(true);
    expect((await notificationsOf(t, 'usr_demo_alice')).at(-1)).toEqual({ type: 'success', message: 'A Kubernetes upgrade of shop-prod finished.' });
  });
});

describe('clusters.kubeconfig and clusters.revokeCredentials', () => {
  it('issues a kubeconfig whose client certificate chains to the cluster CA and expires exactly when asked', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    t.clock.advance(1_234);
    const now = t.clock.now();
    const cluster = await clusterRow(t, clusterId);
    const issued = await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 86_400 });
    const { config, ca, client } = readKubeconfig(issued.kubeconfig);
    expect(config.clusters[0]).toMatchObject({ name: 'shop-prod', cluster: { server: cluster.endpoint } });
    expect(config['current-context']).toBe('alice@shop-prod');
    expect(ca.toString('pem').replace(/\r/g, '')).toBe(cluster.caCertificate!.replace(/\r/g, ''));
    expect(client.subject).toBe('CN=alice, O=kubemarket:cluster-admins');
    expect(await client.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    expect(await client.verify({ publicKey: ca.publicKey, date: new Date(now) })).toBe(true);
    const expected = Math.floor((now + 86_400_000) / 1000) * 1000;
    expect(client.notAfter.getTime()).toBe(expected);
    expect(issued).toMatchObject({ expiresAt: expected, serialNumber: client.serialNumber });

    const [row] = await t.db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, clusterId));
    expect(row).toMatchObject({ userId: 'usr_demo_alice', serialNumber: client.serialNumber, notAfter: expected, createdAt: now, revokedAt: null });
    expect(row!.caFingerprint).toBe(createHash('sha256').update(Buffer.from(ca.rawData)).digest('hex'));
    const [event] = (await alice.clusters.events({ id: clusterId, limit: 1 })).items;
    expect(event).toMatchObject({ type: 'kubeconfig_issued', actor: { id: 'usr_demo_alice', name: 'Alice Martin' }, message: `Alice Martin downloaded a kubeconfig valid until ${new Date(expected).toISOString().replace('.000Z', 'Z')}.` });
    expect(JSON.stringify(await t.db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId)))).not.toContain('PRIVATE KEY');
    // Audited in Acme's log: who took credentials for which cluster, from where; the certificate's serial, never the kubeconfig.
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'cluster.kubeconfig'));
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_alice',
        organizationId: 'org_demo_acme',
        targetType: 'cluster',
        targetId: clusterId,
        createdAt: now,
        metadata: { serialNumber: client.serialNumber, notAfter: expected },
      }),
    ]);
    const entry = JSON.stringify(audited);
    const { 'client-key-data': key, 'client-certificate-data': certificate } = config.users[0]!.user;
    for (const secret of ['PRIVATE KEY', 'CERTIFICATE', key, certificate, issued.kubeconfig]) expect(entry).not.toContain(secret);

    // Seven days when not said; one hour and one year are the bounds.
    expect((await alice.clusters.kubeconfig({ id: clusterId })).expiresAt).toBe(Math.floor((now + 7 * 86_400_000) / 1000) * 1000);
    expect((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3600 })).expiresAt).toBe(Math.floor((now + 3_600_000) / 1000) * 1000);
    expect((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 31_536_000 })).expiresAt).toBe(Math.floor((now + 31_536_000_000) / 1000) * 1000);
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3599 }))).toEqual({ code: 'BAD_REQUEST', message: 'expiresInSeconds: A kubeconfig lasts at least 1 hour (3600 seconds).' });
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 31_536_001 }))).toEqual({ code: 'BAD_REQUEST', message: 'expiresInSeconds: A kubeconfig lasts at most 1 year (31536000 seconds).' });
    expect(await t.db.$count(kubeconfigIssuances, eq(kubeconfigIssuances.clusterId, clusterId))).toBe(4);
    // Viewers read clusters but do not get credentials.
    expect((await refusal((await t.as('vera')).clusters.kubeconfig({ id: clusterId }))).code).toBe('FORBIDDEN');
  });

  it('has no kubeconfig before the API server exists', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.order(alice);
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId }))).toEqual({
      code: 'CONFLICT',
      message: 'The cluster shop-prod has no reachable API server right now (provisioning); a kubeconfig is available once it runs.',
    });
  });

  it('revokes every kubeconfig by rotating the CA: an old certificate no longer verifies, a new one does', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    const old = readKubeconfig((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3600 })).kubeconfig);
    await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 7200 });
    t.clock.advance(3_660_000);
    // The one-hour kubeconfig has expired by now; both are revoked.
    expect(await alice.clusters.revokeCredentials({ id: clusterId })).toEqual({ revoked: 1 });
    const cluster = await clusterRow(t, clusterId);
    const rotated = new X509Certificate(cluster.caCertificate!);
    expect(rotated.serialNumber).not.toBe(old.ca.serialNumber);
    expect(await old.client.verify({ publicKey: rotated.publicKey, signatureOnly: true })).toBe(false);
    expect(await old.client.verify({ publicKey: old.ca.publicKey, signatureOnly: true })).toBe(true);
    expect(JSON.stringify(cluster.caPrivateKey)).not.toContain('PRIVATE KEY');

    const revokedAt = t.clock.now();
    t.clock.advance(1_000);
    const fresh = readKubeconfig((await alice.clusters.kubeconfig({ id: clusterId })).kubeconfig);
    expect(fresh.ca.serialNumber).toBe(rotated.serialNumber);
    expect(await fresh.client.verify({ publicKey: rotated.publicKey, signatureOnly: true })).toBe(true);
    const issuances = await t.db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, clusterId)).orderBy(asc(kubeconfigIssuances.createdAt));
    expect(issuances.map((row) => row.revokedAt)).toEqual([revokedAt, revokedAt, null]);
    const [, event] = (await alice.clusters.events({ id: clusterId, limit: 2 })).items;
    expect(event).toMatchObject({ type: 'credentials_revoked', message: "Alice Martin revoked every kubeconfig issued so far (1 still valid); the cluster's certificate authority was rotated." });
  });
});

describe('clusters.delete', () => {
  it("needs the cluster's exact name, deprovisions it live, stops its billing and refuses changes afterwards", async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: 'shop' }))).toEqual({
      code: 'BAD_REQUEST',
      message: "Type the cluster's name, shop-prod, exactly to confirm its deletion.",
    });
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: '' }))).toEqual({ code: 'BAD_REQUEST', message: "confirmName: Type the cluster's name to confirm." });
    expect((await clusterRow(t, clusterId)).status).toBe('running');

    const deleting = await alice.clusters.delete({ id: clusterId, confirmName: 'shop-prod' });
    expect(deleting).toMatchObject({ type: 'delete', status: 'running' });
    expect(deleting.steps.map((step) => step.key)).toEqual(['delete_nodes', 'delete_control_plane', 'release', 'deleted']);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'deleting', deletedAt: null });
    const gone = await observeUntilEnd(t, deleting.id, async () => (await nodesOf(t, clusterId)).length);
    expect(changes(gone.seen)).toEqual([5, 4, 3, 2, 1, 0]);
    const deleted = await clusterRow(t, clusterId);
    expect(deleted).toMatchObject({ status: 'deleted', deletedAt: t.clock.now() });
    const detail = await alice.clusters.get({ id: clusterId });
    expect(detail).toMatchObject({ status: 'deleted', deletedAt: t.clock.now(), availableUpgrades: [], readyNodes: 0 });
    expect((await notificationsOf(t, 'usr_demo_vera')).at(-1)).toEqual({ type: 'success', message: 'The cluster shop-prod was deleted; billing for it has stopped.' });
    expect((await t.outboxTo('alice@acme.example')).map((mail) => mail.subject)).toContain('Cluster shop-prod deleted — KubeMarket');

    const [, workers] = await poolsOf(t, clusterId);
    const isDeleted = { code: 'CONFLICT', message: 'The cluster shop-prod is deleted.' };
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers!.id, count: 4 }))).toEqual(isDeleted);
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: 'shop-prod' }))).toEqual(isDeleted);
    expect(await refusal(alice.clusters.upgrade({ id: clusterId, version: '1.37.1' }))).toEqual(isDeleted);
    expect(await refusal(alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'monday', startHour: 1, autoUpgrade: true } }))).toEqual(isDeleted);
    expect((await refusal(alice.clusters.kubeconfig({ id: clusterId }))).code).toBe('CONFLICT');
  });
});

describe('clusters.hibernate and clusters.wake', () => {
  it('puts a Dev/Test cluster to sleep and wakes it, counting the hours and the money saved', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice, devtest('dev-sleepy'));
    expect((await alice.clusters.get({ id: clusterId })).hibernation.supported).toBe(true);
    expect(await refusal(alice.clusters.wake({ id: clusterId }))).toEqual({ code: 'CONFLICT', message: 'The cluster dev-sleepy cannot take this change while it is running.' });

    const sleeping = await alice.clusters.hibernate({ id: clusterId });
    expect(sleeping.steps.map((step) => step.label)).toEqual(['Stopping 2 nodes', 'Pausing the control plane']);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'hibernating' });
    await t.drive(sleeping.id);
    const asleepAt = t.clock.now();
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'hibernated' });
    expect((await nodesOf(t, clusterId)).map((node) => node.status)).toEqual(['hibernated', 'hibernated']);
    expect(await refusal(alice.clusters.hibernate({ id: clusterId }))).toEqual({ code: 'CONFLICT', message: 'The cluster dev-sleepy is hibernated; wake it up first.' });
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId }))).toMatchObject({ code: 'CONFLICT' });

    t.clock.advance(2 * 3_600_000);
    const asleep = await alice.clusters.get({ id: clusterId });
    expect(asleep.hibernation).toMatchObject({ hibernatedSince: asleepAt, hoursThisMonth: 2 });
    // Two gp-2-4 nodes (19 € a month each) for 2 of 730 hours.
    expect(asleep.hibernation.savedCentsThisMonth).toBe(Math.round((2 * 1_900 * 2) / 730));
    expect(asleep.readyNodes).toBe(0);

    const waking = await alice.clusters.wake({ id: clusterId });
    expect(waking.steps.map((step) => step.key)).toEqual(['resume', 'scale_up', 'health']);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'waking' });
    await t.drive(waking.id);
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
    expect((await nodesOf(t, clusterId)).map((node) => node.status)).toEqual(['ready', 'ready']);
    const periods = await t.db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, clusterId));
    expect(periods).toEqual([expect.objectContaining({ startedAt: asleepAt, endedAt: expect.any(Number) })]);
    expect((await alice.clusters.get({ id: clusterId })).hibernation.hibernatedSince).toBeNull();
  });

  it('refuses hibernation to the tiers that keep running', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    expect((await alice.clusters.get({ id: clusterId })).hibernation.supported).toBe(false);
    expect(await refusal(alice.clusters.hibernate({ id: clusterId }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Hibernation is for Dev/Test and Sandbox clusters; shop-prod is an Economy (Green) cluster, which keeps running.',
    });
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
  });
});

describe('clusters.updateMaintenance and clusters.removeAddon', () => {
  it('sets the maintenance window and records who did it', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice);
    t.clock.advance(1_000);
    await expect(alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'saturday', startHour: 22, autoUpgrade: false } })).resolves.toEqual({ success: true });
    expect((await alice.clusters.get({ id: clusterId })).maintenance).toEqual({ day: 'saturday', startHour: 22, autoUpgrade: false });
    expect((await alice.clusters.events({ id: clusterId, limit: 1 })).items[0]).toMatchObject({
      type: 'settings_changed',
      message: 'Alice Martin set the maintenance window to saturdays at 22:00 UTC, automatic upgrades off.',
    });
    expect(await refusal(alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'saturday', startHour: 24, autoUpgrade: false } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'maintenance.startHour: The maintenance start hour is from 0 to 23 (UTC).',
    });
    expect((await refusal((await t.as('bruno')).clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'monday', startHour: 1, autoUpgrade: true } }))).code).toBe('FORBIDDEN');
  });

  it('uninstalls an add-on, but not one another add-on needs', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice, named('addons-prod', { addonIds: ['addon_monitoring', 'addon_logging', 'addon_cert_manager'] }));
    expect(await refusal(alice.clusters.removeAddon({ id: clusterId, addonId: 'addon_monitoring' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Grafana Loki needs Prometheus and Grafana; remove it first.',
    });
    expect(await refusal(alice.clusters.removeAddon({ id: clusterId, addonId: 'addon_traefik' }))).toEqual({ code: 'NOT_FOUND', message: 'This add-on is not installed on this cluster.' });
    t.clock.advance(1_000);
    await expect(alice.clusters.removeAddon({ id: clusterId, addonId: 'addon_logging' })).resolves.toEqual({ success: true });
    t.clock.advance(1_000);
    await expect(alice.clusters.removeAddon({ id: clusterId, addonId: 'addon_monitoring' })).resolves.toEqual({ success: true });
    expect((await alice.clusters.get({ id: clusterId })).addons.map((addon) => addon.id)).toEqual(['addon_cert_manager']);
    expect((await alice.clusters.events({ id: clusterId, limit: 2 })).items.map((event) => [event.type, event.message])).toEqual([
      ['addon_removed', 'Alice Martin removed the Prometheus and Grafana add-on.'],
      ['addon_removed', 'Alice Martin removed the Grafana Loki add-on.'],
    ]);
  });
});

describe('clusters.events', () => {
  it('pages through the activity newest first with a cursor, none missed or repeated', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId, operationId } = await t.running(alice);
    const stored = await t.db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId));
    expect(stored.length).toBeGreaterThan(20);

    const seen: Array<{ id: string; createdAt: number }> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await alice.clusters.events({ id: clusterId, limit: 7, cursor });
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(stored.length / 7));
    expect(seen.map((event) => event.id).sort()).toEqual(stored.map((event) => event.id).sort());
    expect(seen.map((event) => event.createdAt)).toEqual([...seen.map((event) => event.createdAt)].sort((a, b) => b - a));
    const all = await alice.clusters.events({ id: clusterId, limit: 200 });
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((event) => event.id)).toEqual(seen.map((event) => event.id));
    expect(all.items.at(-1)).toMatchObject({ type: 'operation_started', actor: { id: 'usr_demo_alice', name: 'Alice Martin' } });
    expect(all.items[0]).toMatchObject({ type: 'operation_succeeded', actor: null, operationId });

    await alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'monday', startHour: 1, autoUpgrade: true } });
    expect((await alice.clusters.events({ id: clusterId, operationId, limit: 200 })).items).toHaveLength(stored.length);
    expect(await refusal(alice.clusters.events({ id: clusterId, cursor: 'not-a-cursor' }))).toEqual({ code: 'BAD_REQUEST', message: 'cursor: The cursor is the nextCursor of the previous page.' });
  });
});

describe('cluster quotas when ordering', () => {
  it("refuses a cluster order beyond the organisation's cluster or node quota, before writing anything", async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    await t.running(alice, named('quota-one', { nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 1 }], addonIds: [] }));
    const [live] = await t.db
      .select({ clusters: sql<number>`COUNT(*)`.mapWith(Number), nodes: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
      .from(clusters)
      .where(and(eq(clusters.organizationId, 'org_demo_acme'), ne(clusters.status, 'deleted')));
    const ordersBefore = await t.db.$count(orders, eq(orders.organizationId, 'org_demo_acme'));
    const place = () => alice.orders.create({ idempotencyKey: `quota-${Math.random().toString(36).slice(2, 12)}`, lines: [named('quota-two')], billing: BILLING });

    await t.db.update(organizations).set({ maxClusters: live!.clusters }).where(eq(organizations.id, 'org_demo_acme'));
    expect(await refusal(place())).toEqual({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${live!.clusters} clusters and all are in use. Delete a cluster or ask support to raise the quota.`,
    });
    await t.db.update(organizations).set({ maxClusters: live!.clusters + 1, maxNodes: live!.nodes + 4 }).where(eq(organizations.id, 'org_demo_acme'));
    expect(await refusal(place())).toEqual({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${live!.nodes + 4} nodes and its clusters already use ${live!.nodes}; this cluster needs 5. Remove nodes elsewhere or ask support to raise the quota.`,
    });
    expect(await t.db.$count(orders, eq(orders.organizationId, 'org_demo_acme'))).toBe(ordersBefore);

    // Room for five more nodes is enough; orders of other kinds are never counted against clusters.
    await t.db.update(organizations).set({ maxNodes: live!.nodes + 5 }).where(eq(organizations.id, 'org_demo_acme'));
    await expect(place()).resolves.toMatchObject({ status: 'pending', kind: 'cluster' });
    await t.db.update(organizations).set({ maxClusters: 0 }).where(eq(organizations.id, 'org_demo_acme'));
    await expect(alice.orders.create({ idempotencyKey: 'quota-support-1', lines: [{ kind: 'support', planId: 'support_business' }], billing: BILLING })).resolves.toMatchObject({ kind: 'support' });
  });
});
