/**
 * The clusters router read by its customers: the list, a cluster's page, its events, and the quota
 * checked when ordering one. Pools, lifecycle changes and credentials have files of their own
 * (pools, lifecycle, credentials .test.ts); what they share is testing/cluster-testbed.ts.
 */
import 'reflect-metadata';
import { clusterEvents, clusters, orders, organizations } from '@kubemarket/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceOperation } from './engine';
import { aliceWithRunningCluster, BILLING, CLUSTER_NOT_FOUND, clusterRow, clusterTestbed, named, poolsOf, refusal } from '../../testing';

const ECONOMY_MONTHLY = { system: 2 * 2_900, workers: 3 * 5_700 };
/** What the list and the cluster's page both say of the testbed's two-pool Economy cluster once it runs. */
const RUNNING_ECONOMY = {
  status: 'running',
  tier: { id: 'tier_economy', name: 'Economy (Green)' },
  region: { id: 'fr-par-1', name: 'Paris PAR1' },
  kubernetesVersion: '1.36.4',
  nodeCount: 5,
  readyNodes: 5,
};

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
      ...RUNNING_ECONOMY,
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
    // With the seeded legacy-shop, deleted with a volume kept (issue 34).
    expect((await alice.clusters.list({ status: 'deleted' })).items.map((item) => item.id).sort()).toEqual([clusterId, 'clu_demo_legacy'].sort());
  });
});

describe('clusters.get', () => {
  it('describes a cluster: pools with their prices and ready nodes, nodes, add-ons, operation and upgrades', async () => {
    const { t, alice, clusterId, operationId, orderId } = await aliceWithRunningCluster();
    const cluster = await alice.clusters.get({ id: clusterId });
    const [system, workers] = await poolsOf(t, clusterId);
    expect(cluster).toMatchObject({
      id: clusterId,
      name: 'shop-prod',
      organizationId: 'org_demo_acme',
      ...RUNNING_ECONOMY,
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
    expect(await refusal(gabriel.clusters.get({ id: clusterId }))).toEqual(CLUSTER_NOT_FOUND);
    expect(await refusal(gabriel.clusters.get({ id: 'clu_nowhere' }))).toEqual(CLUSTER_NOT_FOUND);
    expect(await refusal(gabriel.clusters.events({ id: clusterId }))).toEqual(CLUSTER_NOT_FOUND);
    expect(await refusal(gabriel.clusters.operation({ id: clusterId, operationId }))).toEqual(CLUSTER_NOT_FOUND);
    expect(await refusal(gabriel.clusters.kubeconfig({ id: clusterId }))).toEqual(CLUSTER_NOT_FOUND);
    expect(await refusal(gabriel.clusters.delete({ id: clusterId, confirmName: 'shop-prod' }))).toEqual(CLUSTER_NOT_FOUND);
    const globex = await t.running(gabriel, named('globex-one'));
    expect(await refusal((await t.as('alice')).clusters.operation({ id: clusterId, operationId: globex.operationId }))).toEqual({ code: 'NOT_FOUND', message: 'No such operation on this cluster.' });
    expect(await clusterRow(t, clusterId)).toMatchObject({ status: 'running' });
  });
});


describe('clusters.events', () => {
  it('pages through the activity newest first, none missed or repeated while new events arrive', async () => {
    const { t, alice, clusterId, operationId } = await aliceWithRunningCluster();
    const stored = await t.db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId));
    expect(stored.length).toBeGreaterThan(20);

    const seen: Array<{ id: string; createdAt: number }> = [];
    const first = await alice.clusters.events({ id: clusterId, pageSize: 7 });
    expect(first).toMatchObject({ page: 1, pageSize: 7, total: stored.length, asOf: t.clock.now() });
    seen.push(...first.items);
    // An event written between two pages shifts nothing on the pages taken as of the first.
    t.clock.advance(1_000);
    await alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'monday', startHour: 1, autoUpgrade: true } });
    for (let page = 2; page <= Math.ceil(first.total / 7); page += 1) {
      const next = await alice.clusters.events({ id: clusterId, pageSize: 7, page, asOf: first.asOf });
      expect(next).toMatchObject({ page, total: stored.length, asOf: first.asOf });
      expect(next.items.length).toBeLessThanOrEqual(7);
      seen.push(...next.items);
    }
    expect(seen.map((event) => event.id).sort()).toEqual(stored.map((event) => event.id).sort());
    expect(seen.map((event) => event.createdAt)).toEqual([...seen.map((event) => event.createdAt)].sort((a, b) => b - a));
    const past = await alice.clusters.events({ id: clusterId, pageSize: 7, page: 100, asOf: first.asOf });
    expect(past).toMatchObject({ items: [], total: stored.length });

    // Now, the new event comes first; the operation's own events are all there.
    const now = await alice.clusters.events({ id: clusterId, pageSize: 100 });
    expect(now.total).toBe(stored.length + 1);
    expect(now.items[0]).toMatchObject({ type: 'settings_changed' });
    expect(now.items.slice(1).map((event) => event.id)).toEqual(seen.map((event) => event.id));
    expect(now.items.at(-1)).toMatchObject({ type: 'operation_started', actor: { id: 'usr_demo_alice', name: 'Alice Martin' } });
    expect(now.items[1]).toMatchObject({ type: 'operation_succeeded', actor: null, operationId });
    expect((await alice.clusters.events({ id: clusterId, operationId, pageSize: 100 })).items).toHaveLength(stored.length);
    expect(await refusal(alice.clusters.events({ id: clusterId, pageSize: 101 }))).toEqual({ code: 'BAD_REQUEST', message: 'pageSize: Page size must be at most 100.' });
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
