/**
 * What deleting a cluster leaves billable (issue 34): the report before the deletion, keeping some
 * of it with the delete, its hourly billing, and removing it, each under concurrent requests.
 */
import 'reflect-metadata';
import { auditLog, clusterLeftovers, middlewareBackups, usageRecords } from '@kubemarket/db';
import { DEMO_LEFTOVER_ID } from '@kubemarket/db/seed';
import { leftoverHourlyMillicents } from '@kubemarket/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliceWithRunningCluster, clusterRow, clusterTestbed, devtest, notificationsOf, refusal, type ClusterTestbed } from '../../testing';
import { draftInvoice, previousMonth } from '../invoices';
import { meterHour } from '../usage';

const HOUR_MS = 3_600_000;

const meter = (t: ClusterTestbed, hourStart: number) => meterHour({ db: t.db, provisioner: t.ctx.ports.provisioner }, hourStart, hourStart + HOUR_MS);
const nextHour = (at: number) => Math.ceil(at / HOUR_MS) * HOUR_MS;

describe('leftovers of a deleted cluster', () => {
  it('lists what the cluster holds, keeps the one volume named when two deletes race, bills it hourly from the deletion and shows it on the list', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const vera = await t.as('vera');
    const { clusterId } = await t.running(alice, devtest('dev-keep'));

    const report = await vera.clusters.leftovers({ id: clusterId });
    expect(report.unavailable).toBeNull();
    const volumes = report.items.filter((item) => item.kind === 'volume');
    expect(volumes.length).toBeGreaterThan(0);
    expect(volumes[0]).toMatchObject({ id: 'volume:default/data-dev-keep-0', name: 'default/data-dev-keep-0', providerRef: expect.stringMatching(/^pvc-/) });
    expect(volumes[0]!.monthlyCents).toBe(volumes[0]!.sizeGb! * 10);
    const kept = volumes[0]!;

    // A double-submitted delete: one starts the deletion with its kept volume, the other is refused and keeps nothing.
    const outcomes = await Promise.allSettled([0, 1].map(() => alice.clusters.delete({ id: clusterId, confirmName: 'dev-keep', keep: [kept.id, kept.id] })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const operationId = (outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<{ id: string }>).value.id;
    const rows = await t.db.select().from(clusterLeftovers).where(eq(clusterLeftovers.clusterId, clusterId));
    expect(rows).toEqual([
      expect.objectContaining({ organizationId: 'org_demo_acme', clusterName: 'dev-keep', kind: 'volume', name: kept.name, providerRef: kept.providerRef, sizeGb: kept.sizeGb, monthlyCents: kept.monthlyCents, status: 'kept', keptByUserId: 'usr_demo_alice' }),
    ]);
    // Listed while the deletion runs, billed only once it has finished.
    expect((await vera.leftovers.list()).items.find((item) => item.clusterId === clusterId)).toMatchObject({ billedSince: null });

    await t.drive(operationId);
    const { deletedAt } = await clusterRow(t, clusterId);
    expect(deletedAt).not.toBeNull();
    // Its billing has not wholly stopped, and the notice and the email say so.
    expect((await notificationsOf(t, 'usr_demo_vera')).at(-1)).toEqual({ type: 'success', message: 'The cluster dev-keep was deleted; billing for it has stopped, but for the resource you kept, listed on the billing page.' });
    expect((await t.outboxTo('alice@acme.example')).find((mail) => mail.subject.startsWith('Cluster dev-keep deleted'))?.text).toContain(
      'the cluster dev-keep was deleted and billing for it has stopped, but for the resource you kept, listed on the billing page.',
    );
    const list = await vera.leftovers.list();
    expect(list.items).toContainEqual({
      id: rows[0]!.id,
      clusterId,
      clusterName: 'dev-keep',
      region: 'fr-par-1',
      kind: 'volume',
      name: kept.name,
      providerRef: kept.providerRef,
      sizeGb: kept.sizeGb,
      monthlyCents: kept.monthlyCents,
      keptAt: rows[0]!.createdAt,
      billedSince: deletedAt,
    });
    expect(list.monthlyCents).toBe(list.items.reduce((sum, item) => sum + item.monthlyCents, 0));

    // The hour the deletion ended in is the cluster's own; from the next, the volume is billed on its own.
    const first = nextHour(deletedAt!);
    await meter(t, first);
    const billed = await t.db.select().from(usageRecords).where(and(eq(usageRecords.subjectId, rows[0]!.id), eq(usageRecords.kind, 'leftover')));
    expect(billed).toEqual([
      expect.objectContaining({ organizationId: 'org_demo_acme', clusterId, hour: first, resourceId: rows[0]!.id, quantityMilli: 1000, unitPriceMillicents: leftoverHourlyMillicents(kept.monthlyCents), amountMillicents: leftoverHourlyMillicents(kept.monthlyCents) }),
    ]);
    expect(await t.db.$count(usageRecords, and(eq(usageRecords.clusterId, clusterId), eq(usageRecords.kind, 'storage'), eq(usageRecords.hour, first)))).toBe(0);
  });

  it('refuses to keep what the cluster does not hold, naming it, and a keep list that breaks the schema', async () => {
    const { t, alice, clusterId } = await aliceWithRunningCluster(devtest('dev-odd'));
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: 'dev-odd', keep: ['volume:default/data-dev-odd-0', 'volume:default/elsewhere', 'load_balancer:x/y'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'dev-odd holds nothing called "volume:default/elsewhere", "load_balancer:x/y" now; keep only ids its list of leftovers gives.',
    });
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: 'dev-odd', keep: [''] }))).toEqual({ code: 'BAD_REQUEST', message: 'keep.0: A leftover id is required.' });
    expect(await refusal(alice.clusters.delete({ id: clusterId, confirmName: 'dev-odd', keep: 'volume' as unknown as string[] }))).toEqual({ code: 'BAD_REQUEST', message: 'keep: keep is a list of leftover ids.' });
    // Nothing was kept and the cluster still runs.
    expect(await t.db.$count(clusterLeftovers, eq(clusterLeftovers.clusterId, clusterId))).toBe(0);
    expect((await clusterRow(t, clusterId)).status).toBe('running');
  });

  it("adds the middlewares' backups still kept and Velero's snapshots to what a cluster would leave", async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    // The seeded backups are a week old by the test's clock: two fresh ones (3 GB and 1.5 GB) and an expired one.
    const now = t.clock.now();
    await t.db.insert(middlewareBackups).values([
      { id: 'mwb_fresh_1', instanceId: 'mwi_demo_acme_orders', kind: 'scheduled', sizeMb: 3072, createdAt: now - HOUR_MS, expiresAt: now + 6 * 24 * HOUR_MS },
      { id: 'mwb_fresh_2', instanceId: 'mwi_demo_acme_orders', kind: 'manual', sizeMb: 1536, createdAt: now - 2 * HOUR_MS, expiresAt: now + 6 * 24 * HOUR_MS },
      { id: 'mwb_expired', instanceId: 'mwi_demo_acme_orders', kind: 'scheduled', sizeMb: 9999, createdAt: now - 8 * 24 * HOUR_MS, expiresAt: now - HOUR_MS },
    ]);
    const report = await alice.clusters.leftovers({ id: 'clu_demo_webshop' });
    const backup = report.items.find((item) => item.kind === 'backup');
    // 4.5 GB billed as 5 at €0.02 per GB-month.
    expect(backup).toEqual({ id: 'backup:backups/orders-db', kind: 'backup', name: 'backups/orders-db', providerRef: 'mwi_demo_acme_orders', sizeGb: 5, monthlyCents: 10 });
    expect(report.items.some((item) => item.kind === 'snapshot' && item.name.startsWith('velero/'))).toBe(true);
  });

  it('removes a kept volume once when two removals race: one audit entry, its billing stops after that hour', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const bruno = await t.as('bruno');
    const vera = await t.as('vera');
    expect((await refusal(vera.leftovers.remove({ id: DEMO_LEFTOVER_ID }))).code).toBe('FORBIDDEN');

    t.clock.advance(20 * 60_000);
    const removedAt = t.clock.now();
    const outcomes = await Promise.allSettled([alice.leftovers.remove({ id: DEMO_LEFTOVER_ID }), alice.leftovers.remove({ id: DEMO_LEFTOVER_ID })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const removed = (outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<{ removedAt: number; name: string }>).value;
    expect(removed).toMatchObject({ id: DEMO_LEFTOVER_ID, name: 'default/data-legacy-shop-0', removedAt });
    expect(await refusal(alice.leftovers.remove({ id: DEMO_LEFTOVER_ID }))).toEqual({ code: 'CONFLICT', message: 'default/data-legacy-shop-0 was already removed.' });
    expect(await t.db.select({ targetId: auditLog.targetId, metadata: auditLog.metadata }).from(auditLog).where(eq(auditLog.action, 'leftover.remove'))).toEqual([
      { targetId: 'clu_demo_legacy', metadata: { leftoverId: DEMO_LEFTOVER_ID, kind: 'volume', name: 'default/data-legacy-shop-0', clusterName: 'legacy-shop' } },
    ]);
    expect((await bruno.leftovers.list()).items.map((item) => item.id)).not.toContain(DEMO_LEFTOVER_ID);

    // Billed for the hour it was removed in, not after.
    const hour = Math.floor(removedAt / HOUR_MS) * HOUR_MS;
    await meter(t, hour);
    await meter(t, hour + HOUR_MS);
    const billed = await t.db.select({ hour: usageRecords.hour }).from(usageRecords).where(eq(usageRecords.subjectId, DEMO_LEFTOVER_ID));
    expect(billed).toEqual([{ hour }]);
    // The month's invoice names it: its cluster, what it is and its size.
    const draft = await draftInvoice(t.db, 'org_demo_acme', previousMonth(Date.UTC(2026, 11, 1, 2)));
    expect(draft!.lines.filter((line) => line.description.includes('Kept after cluster deletion'))).toEqual([
      expect.objectContaining({ kind: 'usage', description: 'legacy-shop · Kept after cluster deletion, volume default/data-legacy-shop-0, 40 GB (hours)', quantityMilli: 1000, amountCents: 1 }),
    ]);
  });

  it("answers 404 for another organisation's kept volume and cluster, and lists none of them", async () => {
    const t = await clusterTestbed();
    const gabriel = await t.as('gabriel');
    const notFound = { code: 'NOT_FOUND', message: 'Nothing kept with this id in your organisation.' };
    expect(await refusal(gabriel.leftovers.remove({ id: DEMO_LEFTOVER_ID }))).toEqual(notFound);
    expect(await refusal(gabriel.leftovers.remove({ id: 'lft_nothing' }))).toEqual(notFound);
    expect(await refusal(gabriel.clusters.leftovers({ id: 'clu_demo_webshop' }))).toEqual({ code: 'NOT_FOUND', message: 'No cluster with this id in your organisation.' });
    expect(await gabriel.leftovers.list()).toEqual({ items: [], monthlyCents: 0 });
    // Acme's is untouched.
    const [row] = await t.db.select({ status: clusterLeftovers.status }).from(clusterLeftovers).where(eq(clusterLeftovers.id, DEMO_LEFTOVER_ID));
    expect(row).toEqual({ status: 'kept' });
  });
});
