import { auditLog, clusterOperations, clusters, organizations } from '@kubemarket/db';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BILLING, callerAs, clusterTestbed, type ClusterTestbed, devtest, refusal, sessionUserOf } from '../../testing';
import { GROWTH_REFUSED } from '../../platform/growth';
import { applyHibernationSchedules } from './hibernation';

const IP = '203.0.113.42';

/** Alice, from a known address. */
async function aliceFrom(t: ClusterTestbed) {
  return callerAs({ ...t.ctx, request: { ...t.ctx.request, ipAddress: IP } }, await sessionUserOf(t.db, 'alice'));
}

async function auditOf(t: ClusterTestbed, clusterId: string, action: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.targetId, clusterId), eq(auditLog.action, action)));
}

const SUSPENDED = { code: 'FORBIDDEN', message: GROWTH_REFUSED.suspended };

describe('cluster changes are audited with who, what, before and after', () => {
  it('audits a scale, an upgrade and a pool added with the values before and after, the actor and the address', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId } = await t.running(alice);
    const before = await alice.clusters.get({ id: clusterId });
    const workers = before.nodePools.find((pool) => pool.name === 'workers')!;

    const scaled = await alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, count: 4 });
    const after = (await t.db.select().from(clusters).where(eq(clusters.id, clusterId)))[0]!;
    expect(await auditOf(t, clusterId, 'cluster.operation.scale_pool')).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_alice',
        organizationId: 'org_demo_acme',
        targetType: 'cluster',
        ipAddress: IP,
        metadata: {
          operationId: scaled.id,
          name: 'shop-prod',
          params: { poolId: workers.id, count: 4, autoscaling: null },
          before: { pool: 'workers', count: 3, autoscaling: null, nodeCount: 5, monthlyCents: before.monthlyCents },
          after: { pool: 'workers', count: 4, autoscaling: null, nodeCount: 6, monthlyCents: after.monthlyCents },
        },
      }),
    ]);
    expect(after.monthlyCents).toBeGreaterThan(before.monthlyCents);
    await t.drive(scaled.id);

    const [version] = (await alice.clusters.get({ id: clusterId })).availableUpgrades;
    const upgrade = await alice.clusters.upgrade({ id: clusterId, version: version! });
    expect(await auditOf(t, clusterId, 'cluster.operation.upgrade')).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_alice',
        ipAddress: IP,
        metadata: expect.objectContaining({ operationId: upgrade.id, before: { kubernetesVersion: before.kubernetesVersion }, after: { kubernetesVersion: version } }),
      }),
    ]);
    await t.drive(upgrade.id);

    const added = await alice.clusters.addNodePool({ id: clusterId, pool: { name: 'batch', flavorId: 'gp-2-8', count: 1 } });
    expect((await auditOf(t, clusterId, 'cluster.operation.add_pool'))[0]!.metadata).toMatchObject({
      operationId: added.id,
      before: { pools: ['system', 'workers'], nodeCount: 6 },
      after: { pools: ['system', 'workers', 'batch'], nodeCount: 7 },
    });
  });

  it('audits hibernating and waking with the status before and after', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId } = await t.running(alice, devtest('dev-audited'));
    const sleeping = await alice.clusters.hibernate({ id: clusterId });
    await t.drive(sleeping.id);
    const waking = await alice.clusters.wake({ id: clusterId });
    await t.drive(waking.id);
    expect((await auditOf(t, clusterId, 'cluster.operation.hibernate')).map((row) => [row.actorUserId, row.ipAddress, row.metadata])).toEqual([
      ['usr_demo_alice', IP, expect.objectContaining({ operationId: sleeping.id, name: 'dev-audited', before: { status: 'running' }, after: { status: 'hibernated' } })],
    ]);
    expect((await auditOf(t, clusterId, 'cluster.operation.wake')).map((row) => [row.actorUserId, row.ipAddress, row.metadata])).toEqual([
      ['usr_demo_alice', IP, expect.objectContaining({ operationId: waking.id, before: { status: 'hibernated' }, after: { status: 'running' } })],
    ]);
  });

  it('writes one audit entry per operation started: 8 scales at once start one operation and audit it once', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId } = await t.running(alice);
    const workers = (await alice.clusters.get({ id: clusterId })).nodePools.find((pool) => pool.name === 'workers')!;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, count: 4 })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'CONFLICT' });
    const operations = await t.db.select().from(clusterOperations).where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.type, 'scale_pool')));
    expect(operations).toHaveLength(1);
    expect((await auditOf(t, clusterId, 'cluster.operation.scale_pool')).map((row) => (row.metadata as { operationId: string }).operationId)).toEqual([operations[0]!.id]);
  });
});

describe('a suspended organisation cannot grow its usage', () => {
  async function suspend(t: ClusterTestbed) {
    await t.db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, 'org_demo_acme'));
  }

  it('refuses scaling up, a larger autoscaling maximum and a new pool; scaling down, removing a pool and deleting stay open', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId } = await t.running(alice);
    const pools = (await alice.clusters.get({ id: clusterId })).nodePools;
    const workers = pools.find((pool) => pool.name === 'workers')!;
    await suspend(t);

    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, count: 4 }))).toEqual(SUSPENDED);
    expect(await refusal(alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, autoscaling: { min: 2, max: 6 } }))).toEqual(SUSPENDED);
    expect(await refusal(alice.clusters.addNodePool({ id: clusterId, pool: { name: 'batch', flavorId: 'gp-2-8', count: 1 } }))).toEqual(SUSPENDED);
    expect(await t.db.select().from(clusterOperations).where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.status, 'running')))).toEqual([]);

    const down = await alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, count: 2 });
    await t.drive(down.id);
    // Autoscaling limits that never exceed the nodes it has are no growth either.
    const limited = await alice.clusters.scaleNodePool({ id: clusterId, poolId: workers.id, autoscaling: { min: 1, max: 2 } });
    await t.drive(limited.id);
    const removed = await alice.clusters.removeNodePool({ id: clusterId, poolId: workers.id });
    await t.drive(removed.id);
    const deleted = await alice.clusters.delete({ id: clusterId, confirmName: 'shop-prod' });
    expect(deleted.type).toBe('delete');
  });

  it('refuses waking a hibernated cluster, by hand and by its schedule; hibernating stays open', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId } = await t.running(alice, devtest('dev-suspended'));
    await suspend(t);
    const sleeping = await alice.clusters.hibernate({ id: clusterId });
    await t.drive(sleeping.id);
    expect(await refusal(alice.clusters.wake({ id: clusterId }))).toEqual(SUSPENDED);

    // A schedule whose wake-up falls now, hours later: the cron leaves the cluster asleep and says why.
    t.clock.advance(3 * 3_600_000);
    const now = t.clock.now();
    const wakeAt = new Date(now - 60_000);
    const hhmm = (date: Date) => `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
    const day = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(now - 6 * 3_600_000).getUTCDay()] as 'monday';
    await alice.clusters.setHibernation({ id: clusterId, timezone: 'UTC', schedules: [{ days: [day], sleepAt: hhmm(new Date(now - 6 * 3_600_000)), wakeAt: hhmm(wakeAt) }] });
    const run = await applyHibernationSchedules(t.ctx, now, now - 5 * 60_000);
    expect(run.started).toEqual([]);
    expect(run.skipped).toEqual([{ clusterId, type: 'wake', reason: 'suspended' }]);
    expect((await t.db.select().from(clusters).where(eq(clusters.id, clusterId)))[0]!.status).toBe('hibernated');

    // Restored, it wakes.
    await t.db.update(organizations).set({ status: 'active' }).where(eq(organizations.id, 'org_demo_acme'));
    const waking = await alice.clusters.wake({ id: clusterId });
    expect(waking.type).toBe('wake');
  });

  it('refuses retrying a failed provisioning, and orders of clusters and add-ons', async () => {
    const t = await clusterTestbed();
    const alice = await aliceFrom(t);
    const { clusterId, operationId } = await t.order(alice, devtest('fail-at-pool-suspended'));
    expect((await t.drive(operationId)).status).toBe('failed');
    const { clusterId: runningId } = await t.running(alice, devtest('dev-with-addons'));
    await suspend(t);
    expect(await refusal(alice.clusters.retry({ id: clusterId, operationId }))).toEqual(SUSPENDED);

    const cluster = await refusal(alice.orders.create({ idempotencyKey: 'suspended-cluster-0001', lines: [devtest('dev-more')], billing: BILLING }));
    expect(cluster).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('suspended') });
    const addon = await refusal(alice.orders.create({ idempotencyKey: 'suspended-addon-00001', lines: [{ kind: 'addon', addonId: 'addon_logging', clusterId: runningId }], billing: BILLING }));
    expect(addon).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('suspended') });
    expect(await t.db.$count(auditLog, and(like(auditLog.action, 'cluster.operation_retried'), eq(auditLog.targetId, clusterId)))).toBe(0);
  });
});
