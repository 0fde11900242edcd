import { auditLog, clusters, incidentNotices, notifications, users } from '@kubemarket/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { callerAs, manualClock, refusal, mailingTestbed } from '../../testing';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 60 * 60_000;
const ACME = ['usr_demo_alice', 'usr_demo_marc', 'usr_demo_bruno', 'usr_demo_vera'];

async function setup() {
  const { clock, ctx, db, mailer, background, as } = await mailingTestbed(NOW);
  const notificationsOf = (userIds: string[]) => db.select().from(notifications).where(inArray(notifications.userId, userIds));
  return { clock, ctx, db, mailer, background, as, notificationsOf };
}

const parisOutage = {
  title: 'API servers unreachable in Paris',
  impact: 'major' as const,
  affectedRegions: ['fr-par-1'],
  affectedServices: ['kubernetes_api' as const],
  message: 'Kubernetes API servers in fr-par-1 do not answer. We are investigating.',
};

describe('incidents.declare', () => {
  it('notifies each member of an organisation with clusters in the region once, and no one else', async () => {
    const { as, db, notificationsOf, mailer, background } = await setup();
    const olivia = await as('olivia');

    const result = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-1' });

    expect(result.notifiedUsers).toBe(4);
    expect(result.incident).toMatchObject({ title: parisOutage.title, impact: 'major', status: 'investigating', affectedRegions: ['fr-par-1'], resolvedAt: null });
    expect(result.incident.updates).toEqual([expect.objectContaining({ status: 'investigating', message: parisOutage.message })]);
    const told = await notificationsOf(ACME);
    expect(told.map((row) => row.userId).sort()).toEqual([...ACME].sort());
    expect(told.every((row) => row.type === 'error' && row.message === 'Incident in fr-par-1: API servers unreachable in Paris (major outage). Follow the updates on your dashboard.')).toBe(true);
    // Globex and staff have no cluster in Paris.
    expect(await notificationsOf(['usr_demo_gabriel', 'usr_demo_olivia', 'usr_demo_adam', 'usr_demo_sophie'])).toEqual([]);

    await background.settle();
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['alice@acme.example']);
    expect(mailer.sent[0]!.subject).toContain('Incident: API servers unreachable in Paris');
    expect(mailer.sent[0]!.text).toContain('https://console.example.eu/dashboard');

    const [audited] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'incident.declared'), eq(auditLog.targetId, result.incident.id)));
    expect(audited?.actorUserId).toBe('usr_demo_olivia');
  });

  it('answers the same incident to a retry with the same key and tells nobody twice', async () => {
    const { as, notificationsOf, mailer, background } = await setup();
    const olivia = await as('olivia');

    const first = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-2' });
    const retry = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-2' });

    expect(retry.incident.id).toBe(first.incident.id);
    expect(retry.notifiedUsers).toBe(0);
    expect(await notificationsOf(ACME)).toHaveLength(4);
    expect((await (await as('alice')).incidents.list()).active).toHaveLength(1);
    await background.settle();
    expect(mailer.sent).toHaveLength(1);
  });

  it('declares once and notifies each member once when the same declaration races itself, and resolves once', async () => {
    const { as, notificationsOf } = await setup();
    const olivia = await as('olivia');
    const [a, b] = await Promise.all([
      olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-race' }),
      olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-race' }),
    ]);
    expect(b.incident.id).toBe(a.incident.id);
    expect(a.notifiedUsers + b.notifiedUsers).toBe(4);
    expect(await notificationsOf(ACME)).toHaveLength(4);

    const [first, second] = await Promise.all([olivia.incidents.resolve({ id: a.incident.id }), olivia.incidents.resolve({ id: a.incident.id })]);
    expect(first.notifiedUsers + second.notifiedUsers).toBe(4);
    expect(second.incident.updates.filter((update) => update.status === 'resolved')).toHaveLength(1);
    expect(await notificationsOf(ACME)).toHaveLength(8);
  });

  it('completes the notices an interrupted declaration did not send, once', async () => {
    const { as, db, notificationsOf } = await setup();
    const olivia = await as('olivia');
    const first = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-3' });
    // As if the first call had stopped before telling Marc.
    await db.delete(notifications).where(eq(notifications.userId, 'usr_demo_marc'));
    await db.delete(incidentNotices).where(and(eq(incidentNotices.incidentId, first.incident.id), eq(incidentNotices.userId, 'usr_demo_marc')));

    const retry = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-3' });

    expect(retry.notifiedUsers).toBe(1);
    const told = await notificationsOf(ACME);
    expect(told.map((row) => row.userId).sort()).toEqual([...ACME].sort());
  });

  it('tells an organisation of many members in a few batched writes, each notice linked to its notification', async () => {
    const { as, ctx, db, notificationsOf } = await setup();
    const extra = Array.from({ length: 60 }, (_, index) => `usr_acme_extra_${String(index).padStart(2, '0')}`);
    for (let start = 0; start < extra.length; start += 10) {
      await db
        .insert(users)
        .values(extra.slice(start, start + 10).map((id) => ({ id, organizationId: 'org_demo_acme', username: id, email: `${id}@acme.example`, name: id, createdAt: 0, updatedAt: 0 })));
    }
    const olivia = await as('olivia');
    const inserts = vi.spyOn(ctx.db, 'insert');
    const updates = vi.spyOn(ctx.db, 'update');

    const result = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-many' });

    const everyone = [...ACME, ...extra];
    expect(result.notifiedUsers).toBe(everyone.length);
    const told = await notificationsOf(everyone);
    expect(told.map((row) => row.userId).sort()).toEqual([...everyone].sort());
    expect(new Set(told.map((row) => `${row.type} ${row.message}`))).toEqual(
      new Set(['error Incident in fr-par-1: API servers unreachable in Paris (major outage). Follow the updates on your dashboard.']),
    );
    const notices = await db.select().from(incidentNotices).where(eq(incidentNotices.incidentId, result.incident.id));
    const notificationOf = new Map(told.map((row) => [row.userId, row.id]));
    expect(notices).toHaveLength(everyone.length);
    for (const notice of notices) expect(notice.notificationId).toBe(notificationOf.get(notice.userId));
    // 64 users: 5 statements of claims (D1's 100 parameters), the notifications in one INSERT …
    // SELECT statement, 2 linking updates: not one each per user.
    expect(inserts.mock.calls.filter(([table]) => table === notifications)).toHaveLength(1);
    expect(updates.mock.calls.filter(([table]) => table === incidentNotices)).toHaveLength(2);
  });

  it('releases the claims when the notifications cannot be written, so that a retry tells everyone once', async () => {
    const { as, db, notificationsOf } = await setup();
    const olivia = await as('olivia');
    // Only writing notifications fails (whatever statement writes them); declaring the incident itself works.
    await db.run(sql`CREATE TRIGGER notifications_down BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'D1 is down'); END`);
    const failed = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-down' });
    await db.run(sql`DROP TRIGGER notifications_down`);

    expect(failed.notifiedUsers).toBe(0);
    expect(await notificationsOf(ACME)).toEqual([]);
    expect(await db.select().from(incidentNotices).where(eq(incidentNotices.incidentId, failed.incident.id))).toEqual([]);
    const retry = await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-down' });
    expect(retry.notifiedUsers).toBe(4);
    expect((await notificationsOf(ACME)).map((row) => row.userId).sort()).toEqual([...ACME].sort());
  });

  it('does not count deleted clusters, and tells an organisation whose live cluster is in any affected region', async () => {
    const { as, db, notificationsOf } = await setup();
    const base = { tierId: 'tier_devtest', kubernetesVersion: '1.36.4', nodeCount: 1, createdAt: NOW - DAY_MS, updatedAt: NOW - DAY_MS };
    await db.insert(clusters).values([
      { ...base, id: 'clu_globex_gone', organizationId: 'org_demo_globex', name: 'gone', region: 'fr-par-1', status: 'deleted', deletedAt: NOW - DAY_MS },
      { ...base, id: 'clu_globex_milan', organizationId: 'org_demo_globex', name: 'milan', region: 'it-mil-1', status: 'running' },
    ]);
    const olivia = await as('olivia');

    await olivia.incidents.declare({ ...parisOutage, idempotencyKey: 'declare-paris-4' });
    expect(await notificationsOf(['usr_demo_gabriel'])).toEqual([]);

    const milan = await olivia.incidents.declare({ ...parisOutage, title: 'Storage latency in Milan', impact: 'minor', affectedRegions: ['it-mil-1'] });
    expect(milan.notifiedUsers).toBe(1);
    const [gabriel] = await notificationsOf(['usr_demo_gabriel']);
    expect(gabriel).toMatchObject({ type: 'warning', message: 'Incident in it-mil-1: Storage latency in Milan (degraded performance). Follow the updates on your dashboard.' });
  });

  it('refuses customers, and explains invalid declarations', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    for (const call of [
      alice.incidents.declare(parisOutage),
      alice.incidents.postUpdate({ id: 'inc_demo_fra_network', status: 'monitoring', message: 'Hi' }),
      alice.incidents.resolve({ id: 'inc_demo_fra_network' }),
    ]) {
      expect(await refusal(call)).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });
    }

    const olivia = await as('olivia');
    expect(await refusal(olivia.incidents.declare({ ...parisOutage, affectedRegions: [], affectedServices: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'affectedRegions: Name at least one affected region or service.',
    });
    expect(await refusal(olivia.incidents.declare({ ...parisOutage, affectedRegions: ['fr-par-1', 'xx-nowhere-9'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Unknown region: xx-nowhere-9. Use data-centre ids such as fr-par-1.',
    });
    expect(await refusal(olivia.incidents.declare({ ...parisOutage, message: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('the message is required') });
    expect(await refusal(olivia.incidents.declare({ ...parisOutage, impact: 'catastrophic' as 'major' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Impact must be one of: none, minor, major, critical.'),
    });
  });
});

describe('incidents.postUpdate and incidents.resolve', () => {
  it('records updates, resolves once, and tells the affected members it is over exactly once', async () => {
    const { as, clock, notificationsOf } = await setup();
    const olivia = await as('olivia');
    const { incident } = await olivia.incidents.declare(parisOutage);

    clock.advance(10 * 60_000);
    const updated = await olivia.incidents.postUpdate({ id: incident.id, status: 'identified', message: 'A certificate expired on the API load balancer.' });
    expect(updated.incident.status).toBe('identified');
    expect(updated.incident.updates.map((update) => update.status)).toEqual(['identified', 'investigating']);

    clock.advance(20 * 60_000);
    const resolved = await olivia.incidents.resolve({ id: incident.id, message: 'The certificate was renewed; API servers answer again.' });
    expect(resolved.notifiedUsers).toBe(4);
    expect(resolved.incident).toMatchObject({ status: 'resolved', resolvedAt: NOW + 30 * 60_000 });
    const again = await olivia.incidents.resolve({ id: incident.id });
    expect(again.notifiedUsers).toBe(0);
    expect(again.incident.updates).toHaveLength(3);

    const resolvedNotices = (await notificationsOf(ACME)).filter((row) => row.type === 'success');
    expect(resolvedNotices.map((row) => row.userId).sort()).toEqual([...ACME].sort());
    expect(resolvedNotices[0]!.message).toBe('Resolved: API servers unreachable in Paris (fr-par-1).');

    expect(await refusal(olivia.incidents.postUpdate({ id: incident.id, status: 'monitoring', message: 'Late note' }))).toEqual({
      code: 'CONFLICT',
      message: 'This incident is already resolved: declare a new one if the problem is back.',
    });
    expect(await refusal(olivia.incidents.resolve({ id: 'inc_missing' }))).toEqual({ code: 'NOT_FOUND', message: 'This incident does not exist.' });
  });
});

describe('incidents.list', () => {
  it('answers anyone the active incidents worst first and the recently resolved, without staff identity', async () => {
    const { ctx, db, as, clock } = await setup();
    const olivia = await as('olivia');
    const minor = await olivia.incidents.declare({ ...parisOutage, title: 'Slow provisioning', impact: 'minor', affectedServices: ['provisioning'] });
    clock.advance(60_000);
    const major = await olivia.incidents.declare(parisOutage);
    clock.advance(60_000);
    const old = await olivia.incidents.declare({ ...parisOutage, title: 'Console errors', impact: 'critical', affectedRegions: [], affectedServices: ['console'] });
    await olivia.incidents.resolve({ id: old.incident.id });

    const anonymous = callerAs(ctx, null);
    const list = await anonymous.incidents.list();
    expect(list.active.map((incident) => incident.id)).toEqual([major.incident.id, minor.incident.id]);
    expect(list.recentlyResolved.map((incident) => incident.id)).toEqual([old.incident.id]);

    const text = JSON.stringify(list);
    const [staff] = await db.select().from(users).where(eq(users.id, 'usr_demo_olivia'));
    for (const secret of [staff!.id, staff!.email, staff!.name, staff!.username]) expect(text).not.toContain(secret);
    expect(Object.keys(list.active[0]!).sort()).toEqual(['affectedRegions', 'affectedServices', 'id', 'impact', 'resolvedAt', 'startedAt', 'status', 'title', 'updates']);
    expect(Object.keys(list.active[0]!.updates[0]!).sort()).toEqual(['createdAt', 'id', 'message', 'status']);

    // Resolved more than 14 days ago: no longer listed (the seeded one, of the seed's last week, neither).
    clock.advance(15 * DAY_MS);
    const later = await anonymous.incidents.list();
    expect(later.recentlyResolved).toEqual([]);
    expect(later.active).toHaveLength(2);
  });

  it('lists the seeded incident of last week, resolved with its two updates, and no active one', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    const list = await createCaller(createContext({ db, config: { appVersion: '1.16.0', environment: 'development' }, ports: { clock: manualClock(NOW) } })).incidents.list();
    expect(list.active).toEqual([]);
    expect(list.recentlyResolved).toHaveLength(1);
    const [seeded] = list.recentlyResolved;
    expect(seeded).toMatchObject({ id: 'inc_demo_fra_network', status: 'resolved', affectedRegions: ['de-fra-1'] });
    expect(seeded!.resolvedAt! - seeded!.startedAt).toBeGreaterThan(0);
    expect(NOW - seeded!.startedAt).toBe(7 * DAY_MS);
    expect(seeded!.updates.map((update) => update.status)).toEqual(['resolved', 'investigating']);
  });
});
