import 'reflect-metadata';
import { clusterEvents, clusterHibernations, clusterOperations, clusters, nodeFlavors } from '@kubemarket/db';
import { HIBERNATION_PRESETS, toGardenerSchedules } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicErrorMessage } from '../../errors';
import { applyHibernationSchedules, HIBERNATION_CATCH_UP_MS } from './hibernation';
import { clusterTestbed, type ClusterTestbed, clusterRow, devtest } from '../../testing';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const { weeknights, weekends } = { weeknights: HIBERNATION_PRESETS.weeknights.period, weekends: HIBERNATION_PRESETS.weekends.period };

// The testbed starts on Monday 23 November 2026 at 12:00 UTC (13:00 in Paris, UTC+1 in winter).
const MONDAY_20_PARIS = at('2026-11-23T19:00:00Z');
const TUESDAY_07_PARIS = at('2026-11-24T06:00:00Z');

/**
 * The testbed with the seeded schedules turned off (the demo staging cluster sleeps on weeknights),
 * so that each test's cron runs see only its own clusters.
 */
async function testbed() {
  const t = await clusterTestbed();
  await t.db.update(clusters).set({ hibernation: null });
  return t;
}

/** The testbed (schedules off), alice signed in, and her dev/test cluster ci-dev running. */
async function alicesCiDev() {
  const t = await testbed();
  const alice = await t.as('alice');
  return { t, alice, ...(await t.running(alice, devtest('ci-dev'))) };
}

async function operationsOf(t: ClusterTestbed, clusterId: string) {
  return t.db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, clusterId)).orderBy(asc(clusterOperations.createdAt));
}

/** Moves the clock to `instant` and runs the cron job as the Worker does, five minutes after the last run. */
async function cronAt(t: ClusterTestbed, instant: number) {
  t.clock.advance(instant - t.clock.now());
  return applyHibernationSchedules(t.ctx, instant, instant - 5 * MINUTE);
}

async function codeOf(run: Promise<unknown>): Promise<[string, string]> {
  try {
    await run;
  } catch (error) {
    if (error instanceof TRPCError) return [error.code, publicErrorMessage(error)];
    throw error;
  }
  return ['OK', ''];
}

describe('setHibernation', () => {
  it("stores a Dev/Test cluster's schedule in Gardener's form and says so in its activity", async () => {
    const { t, alice, clusterId } = await alicesCiDev();

    const answer = await alice.clusters.setHibernation({ id: clusterId, timezone: 'europe/paris', schedules: [weeknights, weekends] });
    // Weeknights and weekends overlap on Friday night: stored as one weekend sleep.
    const merged = [{ days: ['monday', 'tuesday', 'wednesday', 'thursday'], sleepAt: '20:00', wakeAt: '07:00' }, weekends];
    expect(answer).toEqual({ timezone: 'Europe/Paris', schedules: merged });
    expect((await clusterRow(t, clusterId)).hibernation).toEqual({
      timezone: 'Europe/Paris',
      schedules: [
        { start: '00 20 * * 1,2,3,4', end: '00 07 * * 2,3,4,5' },
        { start: '00 20 * * 5', end: '00 07 * * 1' },
      ],
    });
    const detail = await alice.clusters.get({ id: clusterId });
    expect(detail.hibernation).toMatchObject({ supported: true, timezone: 'Europe/Paris', schedules: toGardenerSchedules({ schedules: [weeknights, weekends] }) });

    const events = await alice.clusters.events({ id: clusterId });
    expect(events.items.filter((event) => event.type === 'settings_changed')).toEqual([
      expect.objectContaining({
        operationId: null,
        actor: { id: 'usr_demo_alice', name: 'Alice Martin' },
        message: 'Alice Martin set the hibernation schedule (Europe/Paris): sleeps Monday to Thursday at 20:00 and wakes the next day at 07:00; sleeps Friday at 20:00 and wakes on Monday at 07:00.',
      }),
    ]);
  });

  it('records nothing when the schedule does not change, and turns scheduled hibernation off with an empty list', async () => {
    const t = await testbed();
    const marc = await t.as('marc');
    const { clusterId } = await t.running(await t.as('alice'), devtest('ci-dev'));
    const changes = async () => (await t.db.select().from(clusterEvents).where(and(eq(clusterEvents.clusterId, clusterId), eq(clusterEvents.type, 'settings_changed')))).length;

    await marc.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [weeknights] });
    await marc.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [{ ...weeknights, days: [...weeknights.days].reverse() }] });
    expect(await changes()).toBe(1);

    t.clock.advance(MINUTE);
    expect(await marc.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [] })).toEqual({ timezone: 'Europe/Paris', schedules: [] });
    expect((await clusterRow(t, clusterId)).hibernation).toBeNull();
    const [latest] = await t.db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId)).orderBy(desc(clusterEvents.createdAt), desc(clusterEvents.id)).limit(1);
    expect(latest).toMatchObject({ type: 'settings_changed', message: 'Marc Dubois turned scheduled hibernation off.', actorUserId: 'usr_demo_marc' });
    expect(await changes()).toBe(2);
  });

  it("refuses production tiers, others' and deleted clusters, the viewer role, and bad schedules in the schema's words", async () => {
    const { t, alice, clusterId } = await alicesCiDev();
    const input = { timezone: 'Europe/Paris', schedules: [weeknights] };

    expect(await codeOf(alice.clusters.setHibernation({ id: 'clu_demo_webshop', ...input }))).toEqual([
      'BAD_REQUEST',
      'Hibernation is for Dev/Test and Sandbox clusters; webshop-prod is a Standard (Blue) cluster, which keeps running.',
    ]);
    // Turning off only ever stops hibernations, so any tier may.
    expect(await codeOf(alice.clusters.setHibernation({ id: 'clu_demo_webshop', timezone: 'Europe/Paris', schedules: [] }))).toEqual(['OK', '']);

    expect((await codeOf((await t.as('gabriel')).clusters.setHibernation({ id: clusterId, ...input })))[0]).toBe('NOT_FOUND');
    expect((await codeOf((await t.as('vera')).clusters.setHibernation({ id: clusterId, ...input })))[0]).toBe('FORBIDDEN');
    expect(await codeOf(alice.clusters.setHibernation({ id: clusterId, timezone: 'Mars/Olympus_Mons', schedules: [weeknights] }))).toEqual([
      'BAD_REQUEST',
      'timezone: "Mars/Olympus_Mons" is not a time zone; use an IANA name such as Europe/Paris.',
    ]);
    expect(await codeOf(alice.clusters.setHibernation({ id: clusterId, timezone: 'UTC', schedules: [{ days: [], sleepAt: '20:00', wakeAt: '7:00' }] }))).toEqual([
      'BAD_REQUEST',
      'schedules.0.days: A schedule needs at least one day.; schedules.0.wakeAt: Times are HH:MM, 24-hour.',
    ]);
    expect((await clusterRow(t, clusterId)).hibernation).toBeNull();

    await t.db.update(clusters).set({ status: 'deleted', deletedAt: t.clock.now() }).where(eq(clusters.id, clusterId));
    expect(await codeOf(alice.clusters.setHibernation({ id: clusterId, ...input }))).toEqual(['CONFLICT', 'The cluster ci-dev is deleted.']);
  });
});

describe('applyHibernationSchedules', () => {
  it('puts a running cluster to sleep at 20:00 in its time zone and wakes it at 07:00; the hours and the money saved add up', async () => {
    const { t, alice, clusterId } = await alicesCiDev();
    await alice.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [weeknights] });

    expect(await cronAt(t, MONDAY_20_PARIS - 5 * MINUTE)).toEqual({ checked: 1, started: [], skipped: [] });
    const asleep = await cronAt(t, MONDAY_20_PARIS);
    expect(asleep.started).toEqual([{ clusterId, operationId: expect.any(String), type: 'hibernate' }]);
    const [hibernate] = (await operationsOf(t, clusterId)).filter((operation) => operation.type === 'hibernate');
    expect(hibernate).toMatchObject({ id: asleep.started[0]!.operationId, params: { scheduled: true }, requestedBy: null, createdAt: MONDAY_20_PARIS });
    expect(t.handedOver.at(-1)).toEqual({ clusterId, operationId: hibernate!.id });
    const [started] = await t.db.select().from(clusterEvents).where(and(eq(clusterEvents.operationId, hibernate!.id), eq(clusterEvents.type, 'operation_started')));
    expect(started).toMatchObject({ actorUserId: null, message: 'The hibernation schedule put ci-dev to sleep (20:00 Europe/Paris).' });
    expect((await clusterRow(t, clusterId)).status).toBe('hibernating');
    expect((await t.drive(hibernate!.id)).status).toBe('succeeded');
    expect((await clusterRow(t, clusterId)).status).toBe('hibernated');

    // The next runs see the same transition in their window and leave the sleeping cluster alone.
    expect(await cronAt(t, MONDAY_20_PARIS + 5 * MINUTE)).toEqual({ checked: 1, started: [], skipped: [] });
    expect(await cronAt(t, TUESDAY_07_PARIS - 5 * MINUTE)).toEqual({ checked: 1, started: [], skipped: [] });

    const awake = await cronAt(t, TUESDAY_07_PARIS);
    expect(awake.started).toEqual([{ clusterId, operationId: expect.any(String), type: 'wake' }]);
    const [wakeStarted] = await t.db.select().from(clusterEvents).where(and(eq(clusterEvents.operationId, awake.started[0]!.operationId), eq(clusterEvents.type, 'operation_started')));
    expect(wakeStarted!.message).toBe('The hibernation schedule woke ci-dev up (07:00 Europe/Paris).');
    expect((await t.drive(awake.started[0]!.operationId)).status).toBe('succeeded');
    expect((await clusterRow(t, clusterId)).status).toBe('running');

    const [period] = await t.db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, clusterId));
    const sleptMs = period!.endedAt! - period!.startedAt;
    expect(sleptMs).toBeGreaterThan(10.9 * 3_600_000);
    expect(sleptMs).toBeLessThan(11.1 * 3_600_000);
    const [flavor] = await t.db.select().from(nodeFlavors).where(eq(nodeFlavors.id, 'gp-2-4'));
    const detail = await alice.clusters.get({ id: clusterId });
    expect(detail.hibernation).toMatchObject({
      hibernatedSince: null,
      hoursThisMonth: Math.round((sleptMs / 3_600_000) * 10) / 10,
      savedCentsThisMonth: Math.round((2 * flavor!.monthlyPriceCents * sleptMs) / (730 * 3_600_000)),
    });
    expect(detail.hibernation.savedCentsThisMonth).toBeGreaterThan(0);
  });

  it(`tries a busy cluster again while its transition is less than ${HIBERNATION_CATCH_UP_MS / MINUTE} minutes old, and not after`, async () => {
    const t = await testbed();
    const alice = await t.as('alice');
    const soon = await t.running(alice, devtest('ci-soon'));
    const late = await t.running(alice, devtest('ci-late'));
    for (const { clusterId } of [soon, late]) await alice.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [weeknights] });

    // Both are scaling when 20:00 comes.
    t.clock.advance(MONDAY_20_PARIS - 2 * MINUTE - t.clock.now());
    const scalings = [];
    for (const { clusterId } of [soon, late]) {
      const detail = await alice.clusters.get({ id: clusterId });
      scalings.push(await alice.clusters.scaleNodePool({ id: clusterId, poolId: detail.nodePools[0]!.id, count: 3 }));
    }
    const busy = await cronAt(t, MONDAY_20_PARIS);
    expect(busy.started).toEqual([]);
    expect(busy.skipped).toEqual(expect.arrayContaining([
      { clusterId: soon.clusterId, type: 'hibernate', reason: 'busy' },
      { clusterId: late.clusterId, type: 'hibernate', reason: 'busy' },
    ]));

    // ci-soon finishes at once and is put to sleep 10 minutes late; ci-late finishes after 20:15.
    expect((await t.drive(scalings[0]!.id)).status).toBe('succeeded');
    const retried = await cronAt(t, MONDAY_20_PARIS + 10 * MINUTE);
    expect(retried.started).toEqual([{ clusterId: soon.clusterId, operationId: expect.any(String), type: 'hibernate' }]);
    expect(retried.skipped).toEqual([{ clusterId: late.clusterId, type: 'hibernate', reason: 'busy' }]);

    t.clock.advance(MONDAY_20_PARIS + 16 * MINUTE - t.clock.now());
    expect((await t.drive(scalings[1]!.id)).status).toBe('succeeded');
    expect(await cronAt(t, MONDAY_20_PARIS + 20 * MINUTE)).toEqual({ checked: 2, started: [], skipped: [] });
    expect((await operationsOf(t, late.clusterId)).map((operation) => operation.type)).toEqual(['provision', 'scale_pool']);
    expect((await clusterRow(t, late.clusterId)).status).toBe('running');
  });

  it("acts on a transition once: a person's wake-up right after the scheduled sleep stands", async () => {
    const { t, alice, clusterId } = await alicesCiDev();
    await alice.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [weeknights] });
    const asleep = await cronAt(t, MONDAY_20_PARIS);
    await t.drive(asleep.started[0]!.operationId);

    t.clock.advance(MONDAY_20_PARIS + 3 * MINUTE - t.clock.now());
    const woken = await alice.clusters.wake({ id: clusterId });
    expect((await t.drive(woken.id)).status).toBe('succeeded');

    expect(await cronAt(t, MONDAY_20_PARIS + 10 * MINUTE)).toEqual({ checked: 1, started: [], skipped: [{ clusterId, type: 'hibernate', reason: 'handled' }] });
    expect((await operationsOf(t, clusterId)).map((operation) => [operation.type, operation.requestedBy, operation.params.scheduled ?? false])).toEqual([
      ['provision', 'usr_demo_alice', false],
      ['hibernate', null, true],
      ['wake', 'usr_demo_alice', false],
    ]);
    expect((await clusterRow(t, clusterId)).status).toBe('running');
  });

  it('reads only clusters with a schedule, page by page, and leaves tiers that do not hibernate and deleted clusters alone', async () => {
    const t = await testbed();
    const alice = await t.as('alice');
    const first = await t.running(alice, devtest('ci-one'));
    const second = await t.running(alice, devtest('ci-two'));
    const gone = await t.running(alice, devtest('ci-gone'));
    for (const { clusterId } of [first, second, gone]) await alice.clusters.setHibernation({ id: clusterId, timezone: 'Europe/Paris', schedules: [weeknights] });
    await t.db.update(clusters).set({ status: 'deleted', deletedAt: t.clock.now() }).where(eq(clusters.id, gone.clusterId));
    // A production cluster whose row carries a schedule anyway (written by hand, or before a tier change).
    await t.db.update(clusters).set({ hibernation: { timezone: 'Europe/Paris', schedules: toGardenerSchedules({ schedules: [weeknights] }) } }).where(eq(clusters.id, 'clu_demo_webshop'));

    t.clock.advance(MONDAY_20_PARIS - t.clock.now());
    const run = await applyHibernationSchedules(t.ctx, MONDAY_20_PARIS, MONDAY_20_PARIS - 5 * MINUTE, { pageSize: 1 });
    expect(run.checked).toBe(3);
    expect(run.started.map((started) => started.clusterId).sort()).toEqual([first.clusterId, second.clusterId].sort());
    expect(run.skipped).toEqual([{ clusterId: 'clu_demo_webshop', type: 'hibernate', reason: 'tier' }]);
    expect((await clusterRow(t, 'clu_demo_webshop')).status).toBe('running');
    expect((await operationsOf(t, gone.clusterId)).map((operation) => operation.type)).toEqual(['provision']);
  });

  it('reads the days in the time zone of the schedule, far from UTC', async () => {
    const t = await testbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.running(alice, devtest('ci-kiritimati'));
    // Friday 20:00 to Monday 07:00 in Kiritimati (UTC+14): it wakes on Sunday 29 November at 17:00 UTC.
    await alice.clusters.setHibernation({ id: clusterId, timezone: 'Pacific/Kiritimati', schedules: [weekends] });
    const asleep = await cronAt(t, at('2026-11-27T06:00:00Z'));
    expect(asleep.started).toEqual([{ clusterId, operationId: expect.any(String), type: 'hibernate' }]);
    await t.drive(asleep.started[0]!.operationId);
    expect((await cronAt(t, at('2026-11-29T16:55:00Z'))).started).toEqual([]);
    expect((await cronAt(t, at('2026-11-29T17:00:00Z'))).started).toEqual([{ clusterId, operationId: expect.any(String), type: 'wake' }]);
  });
});
