/**
 * Changing a running cluster's node pools: scaling one, adding and removing one.
 */
import 'reflect-metadata';
import { clusters, organizations } from '@kubemarket/db';
import type { TRPCError } from '@trpc/server';
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliceWithRunningCluster, changes, clusterRow, clusterTestbed, named, nodesOf, observeUntilEnd, poolsOf, refusal } from '../../testing';

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
    const { t, alice, clusterId } = await aliceWithRunningCluster();
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
    const { t, alice, clusterId } = await aliceWithRunningCluster();
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
