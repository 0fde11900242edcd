/**
 * A running cluster's lifecycle: upgrading, deleting, hibernating and waking it, its maintenance window
 * and add-ons.
 */
import 'reflect-metadata';
import { clusterHibernations } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliceWithRunningCluster, changes, clusterRow, devtest, named, nodesOf, observeUntilEnd, poolsOf, refusal, notificationsOf } from '../../testing';

describe('clusters.upgrade', () => {
  it('refuses a downgrade and a skipped minor, and upgrades the control plane first, then each pool', async () => {
    const { t, alice, clusterId } = await aliceWithRunningCluster();
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


describe('clusters.delete', () => {
  it("needs the cluster's exact name, deprovisions it live, stops its billing and refuses changes afterwards", async () => {
    const { t, alice, clusterId } = await aliceWithRunningCluster();
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
    const { t, alice, clusterId } = await aliceWithRunningCluster(devtest('dev-sleepy'));
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
    const { t, alice, clusterId } = await aliceWithRunningCluster();
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
    const { t, alice, clusterId } = await aliceWithRunningCluster();
    t.clock.advance(1_000);
    await expect(alice.clusters.updateMaintenance({ id: clusterId, maintenance: { day: 'saturday', startHour: 22, autoUpgrade: false } })).resolves.toEqual({ success: true });
    expect((await alice.clusters.get({ id: clusterId })).maintenance).toEqual({ day: 'saturday', startHour: 22, autoUpgrade: false });
    expect((await alice.clusters.events({ id: clusterId, pageSize: 1 })).items[0]).toMatchObject({
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
    const { t, alice, clusterId } = await aliceWithRunningCluster(named('addons-prod', { addonIds: ['addon_monitoring', 'addon_logging', 'addon_cert_manager'] }));
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
    expect((await alice.clusters.events({ id: clusterId, pageSize: 2 })).items.map((event) => [event.type, event.message])).toEqual([
      ['addon_removed', 'Alice Martin removed the Prometheus and Grafana add-on.'],
      ['addon_removed', 'Alice Martin removed the Grafana Loki add-on.'],
    ]);
  });
});
