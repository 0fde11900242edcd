import { newBillingId, notifications, organizations, users, type Database } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealtimeMessage, RealtimePort } from '../context';
import { NOTIFICATIONS_PER_INSERT, notify, notifyMany, notifyOrganization, PUBLISH_CONCURRENCY, type NotifyDeps } from './notify';

const NOW = 1_800_000_000_000;

/** An organisation of `size` members inserted directly (ids `${prefix}_0`...), returned by id. */
async function organizationOf(db: Database, prefix: string, size: number): Promise<{ id: string; members: string[] }> {
  const id = `org_${prefix}`;
  await db.insert(organizations).values({ id, name: `Organisation ${prefix}`, billingId: newBillingId(), status: 'active', createdAt: NOW, updatedAt: NOW });
  const members = Array.from({ length: size }, (_, index) => `usr_${prefix}_${index}`);
  // Eight rows per statement: within D1's 100 bound parameters, which the test database enforces.
  const inserts = [];
  for (let start = 0; start < members.length; start += 8) {
    const rows = members.slice(start, start + 8).map((userId) => ({
      id: userId,
      organizationId: id,
      username: userId,
      email: `${userId}@example.com`,
      name: userId,
      organizationRole: 'member' as const,
      createdAt: NOW,
      updatedAt: NOW,
    }));
    inserts.push(db.insert(users).values(rows));
  }
  if (inserts.length > 0) await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return { id, members };
}

/** Records every publish; `fail` makes the hubs of those users throw; `inFlight` tracks concurrency. */
function recordingRealtime(fail: ReadonlySet<string> = new Set()) {
  const published: RealtimeMessage[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };
  const realtime: RealtimePort = {
    async publish(userId, message) {
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        // A real hub answers later, not within the call: every lane the fan-out opens at once has
        // started (synchronously) before the first answer, a later microtask, comes back.
        await Promise.resolve();
        if (fail.has(userId)) throw new Error(`hub of ${userId} unreachable`);
        published.push(message);
      } finally {
        state.inFlight -= 1;
      }
    },
    async closeSessions() {},
  };
  return { realtime, published, state };
}

async function setup(fail?: ReadonlySet<string>) {
  const db = await createTestDb();
  const recording = recordingRealtime(fail);
  const deps: NotifyDeps = { db, ports: { clock: { now: () => NOW }, realtime: recording.realtime } };
  return { db, deps, ...recording };
}

/** The stored notifications of these users (filtered here: D1 binds at most 100 parameters, fewer than the members). */
const storedFor = async (db: Database, userIds: string[]) => (await db.select().from(notifications)).filter((row) => userIds.includes(row.userId));

describe('notifyOrganization', () => {
  it('stores one notification per member and tells each member once, and nobody of another organisation', async () => {
    const { db, deps, published } = await setup();
    // More members than several inserts hold, with a remainder, as D1 limits each statement.
    const size = NOTIFICATIONS_PER_INSERT * 3 + 5;
    const organization = await organizationOf(db, 'acme', size);
    const other = await organizationOf(db, 'other', 3);

    const rows = await notifyOrganization(deps, organization.id, { type: 'system', message: 'Maintenance tonight at 22:00.' });

    expect(rows.map((row) => row.userId).sort()).toEqual([...organization.members].sort());
    const stored = await storedFor(db, organization.members);
    expect(stored).toHaveLength(size);
    expect(new Set(stored.map((row) => row.userId)).size).toBe(size);
    for (const row of stored) expect(row).toMatchObject({ type: 'system', message: 'Maintenance tonight at 22:00.', timestamp: NOW, read: false, trash: false });
    // Each member's hub got that member's own notification, exactly once.
    expect(published).toHaveLength(size);
    const storedIdOf = new Map(stored.map((row) => [row.userId, row.id]));
    for (const message of published) expect(message).toEqual({ type: 'notification', userId: message.userId, notificationId: storedIdOf.get(message.userId) });
    expect(new Set(published.map((message) => message.userId)).size).toBe(size);
    // The other organisation saw nothing.
    expect(await storedFor(db, other.members)).toEqual([]);
    expect(published.filter((message) => other.members.includes(message.userId))).toEqual([]);
  });

  it('writes nothing and tells nobody for an organisation without members', async () => {
    const { db, deps, published } = await setup();
    await db.insert(organizations).values({ id: 'org_empty', name: 'Empty', billingId: newBillingId(), status: 'active', createdAt: NOW, updatedAt: NOW });
    expect(await notifyOrganization(deps, 'org_empty', { type: 'info', message: 'Hello' })).toEqual([]);
    expect(published).toEqual([]);
  });

  it('keeps every notification and tells the other members when some hubs fail', async () => {
    const failing = new Set(['usr_flaky_1', 'usr_flaky_7']);
    const { db, deps, published } = await setup(failing);
    const organization = await organizationOf(db, 'flaky', 10);
    await notifyOrganization(deps, organization.id, { type: 'warning', message: 'Degraded service' });
    // The poll delivers the stored notification to the two whose hub failed.
    expect(await storedFor(db, organization.members)).toHaveLength(10);
    expect(published.map((message) => message.userId).sort()).toEqual(organization.members.filter((id) => !failing.has(id)).sort());
  });

  it('keeps at most PUBLISH_CONCURRENCY hub calls in flight', async () => {
    const { db, deps, published, state } = await setup();
    const organization = await organizationOf(db, 'big', PUBLISH_CONCURRENCY * 2 + 7);
    await notifyOrganization(deps, organization.id, { type: 'info', message: 'Hello all' });
    expect(published).toHaveLength(PUBLISH_CONCURRENCY * 2 + 7);
    expect(state.maxInFlight).toBe(PUBLISH_CONCURRENCY);
  });
});

describe('notifyMany', () => {
  it('notifies a user listed twice once', async () => {
    const { db, deps, published } = await setup();
    const organization = await organizationOf(db, 'twice', 2);
    const [first, second] = organization.members as [string, string];
    const rows = await notifyMany(deps, [first, second, first], { type: 'info', message: 'Once each' });
    expect(rows.map((row) => row.userId)).toEqual([first, second]);
    expect(await storedFor(db, [first])).toHaveLength(1);
    expect(published.filter((message) => message.userId === first)).toHaveLength(1);
  });

  it('returns the rows as stored', async () => {
    const { db, deps } = await setup();
    const organization = await organizationOf(db, 'rows', 3);
    const rows = await notifyMany(deps, organization.members, { type: 'success', message: 'Done' });
    const stored = await db.select().from(notifications).where(eq(notifications.userId, organization.members[0]!));
    expect(stored).toEqual([rows[0]]);
  });
});

describe('notify', () => {
  it('stores the notification and tells that user', async () => {
    const { db, deps, published } = await setup();
    const organization = await organizationOf(db, 'single', 1);
    const row = await notify(deps, organization.members[0]!, { type: 'error', message: 'Payment failed' });
    expect(published).toEqual([{ type: 'notification', userId: organization.members[0], notificationId: row.id }]);
    expect(await storedFor(db, organization.members)).toEqual([row]);
  });
});
