import { newBillingId, notifications, organizations, users, type Database } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealtimeMessage, RealtimePort } from '../context';
import { insertRowsAsJson } from './json-rows';
import { notify, notifyMany, notifyOrganization, RECIPIENTS_PER_STATEMENT, type NotifyDeps } from './notify';

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

/** Records every hub call (organisation and messages); `fail` makes those organisations' hubs throw. */
function recordingRealtime(fail: ReadonlySet<string> = new Set()) {
  const published: RealtimeMessage[] = [];
  const calls: Array<{ organizationId: string; messages: number }> = [];
  const realtime: RealtimePort = {
    async publish(organizationId, messages) {
      // A real hub answers later, not within the call.
      await Promise.resolve();
      calls.push({ organizationId, messages: messages.length });
      if (fail.has(organizationId)) throw new Error(`hub of ${organizationId} unreachable`);
      published.push(...messages);
    },
    async closeSessions() {},
  };
  return { realtime, published, calls };
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
  it('stores one notification per member in one statement, tells the hub once with each member\'s own id, and nobody of another organisation', async () => {
    const { db, deps, published, calls } = await setup();
    // More members than D1's 100 bound parameters would allow in a plain multi-row INSERT.
    const size = 1_505;
    const organization = await organizationOf(db, 'acme', size);
    const other = await organizationOf(db, 'other', 3);

    const rows = await notifyOrganization(deps, organization.id, { type: 'system', message: 'Maintenance tonight at 22:00.' });

    expect(rows.map((row) => row.userId).sort()).toEqual([...organization.members].sort());
    const stored = await storedFor(db, organization.members);
    expect(stored).toHaveLength(size);
    expect(new Set(stored.map((row) => row.userId)).size).toBe(size);
    expect(new Set(stored.map((row) => row.id)).size).toBe(size);
    for (const row of stored) {
      expect(row).toMatchObject({ type: 'system', message: 'Maintenance tonight at 22:00.', timestamp: NOW, read: false, trash: false });
      expect(row.id).toMatch(/^ntf_[0-9a-f]{20}$/);
    }
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(stored.sort((a, b) => a.id.localeCompare(b.id)));
    // ONE call to the organisation's hub, carrying each member's own notification, exactly once.
    expect(calls).toEqual([{ organizationId: organization.id, messages: size }]);
    const storedIdOf = new Map(stored.map((row) => [row.userId, row.id]));
    for (const message of published) expect(message).toEqual({ type: 'notification', userId: message.userId, notificationId: storedIdOf.get(message.userId) });
    expect(new Set(published.map((message) => message.userId)).size).toBe(size);
    // The other organisation saw nothing.
    expect(await storedFor(db, other.members)).toEqual([]);
    expect(published.filter((message) => other.members.includes(message.userId))).toEqual([]);
  });

  it('writes nothing and tells nobody for an organisation without members', async () => {
    const { db, deps, calls } = await setup();
    await db.insert(organizations).values({ id: 'org_empty', name: 'Empty', billingId: newBillingId(), status: 'active', createdAt: NOW, updatedAt: NOW });
    expect(await notifyOrganization(deps, 'org_empty', { type: 'info', message: 'Hello' })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('leaves out a member who left before the notice, and tells them nothing', async () => {
    const { db, deps, published } = await setup();
    const organization = await organizationOf(db, 'leaving', 4);
    const elsewhere = await organizationOf(db, 'elsewhere', 1);
    const [leaver] = organization.members.slice(-1) as [string];
    await db.update(users).set({ organizationId: elsewhere.id }).where(eq(users.id, leaver));

    const rows = await notifyOrganization(deps, organization.id, { type: 'info', message: 'Members only' });

    expect(rows.map((row) => row.userId).sort()).toEqual(organization.members.filter((id) => id !== leaver).sort());
    expect(await storedFor(db, [leaver])).toEqual([]);
    expect(published.map((message) => message.userId)).not.toContain(leaver);
  });

  it('keeps two notices published at once apart: one row and one message per member and notice', async () => {
    const { db, deps, published, calls } = await setup();
    const organization = await organizationOf(db, 'twice', 30);
    const [first, second] = await Promise.all([
      notifyOrganization(deps, organization.id, { type: 'info', message: 'First' }),
      notifyOrganization(deps, organization.id, { type: 'info', message: 'Second' }),
    ]);
    const stored = await storedFor(db, organization.members);
    expect(stored).toHaveLength(60);
    for (const message of ['First', 'Second']) {
      expect(stored.filter((row) => row.message === message).map((row) => row.userId).sort()).toEqual([...organization.members].sort());
    }
    expect(new Set([...first!, ...second!].map((row) => row.id)).size).toBe(60);
    expect(calls).toEqual([
      { organizationId: organization.id, messages: 30 },
      { organizationId: organization.id, messages: 30 },
    ]);
    expect(new Set(published.map((message) => (message.type === 'notification' ? message.notificationId : ''))).size).toBe(60);
  });

  it('keeps every notification when the hub fails', async () => {
    const { db, deps, published } = await setup(new Set(['org_flaky']));
    const organization = await organizationOf(db, 'flaky', 10);
    const rows = await notifyOrganization(deps, organization.id, { type: 'warning', message: 'Degraded service' });
    // The poll delivers the stored notifications.
    expect(rows).toHaveLength(10);
    expect(await storedFor(db, organization.members)).toHaveLength(10);
    expect(published).toEqual([]);
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

  it('calls each organisation\'s hub once, and the others still when one fails', async () => {
    const { db, deps, published, calls } = await setup(new Set(['org_down']));
    const up = await organizationOf(db, 'up', 3);
    const down = await organizationOf(db, 'down', 2);
    const rows = await notifyMany(deps, [...down.members, ...up.members], { type: 'info', message: 'Two organisations' });
    expect(rows.map((row) => row.userId)).toEqual([...down.members, ...up.members]);
    expect(calls.map((call) => call.organizationId).sort()).toEqual([down.id, up.id].sort());
    expect(published.map((message) => message.userId).sort()).toEqual([...up.members].sort());
    expect(await storedFor(db, [...down.members, ...up.members])).toHaveLength(5);
  });

  it('writes more recipients than one statement takes in one batch: all of them, or none when one row fails', async () => {
    const { db, deps, published } = await setup();
    const size = RECIPIENTS_PER_STATEMENT + 3;
    await db.insert(organizations).values({ id: 'org_huge', name: 'Huge', billingId: newBillingId(), status: 'active', createdAt: NOW, updatedAt: NOW });
    const ids = Array.from({ length: size }, (_, index) => `usr_huge_${index}`);
    const people = ids.map((id) => ({ id, organizationId: 'org_huge', username: id, email: `${id}@example.com`, name: id, role: 'user' as const, kind: 'person' as const, organizationRole: 'member' as const, createdAt: NOW, updatedAt: NOW }));
    for (let start = 0; start < size; start += 500) await insertRowsAsJson(db, users, people.slice(start, start + 500));
    // The last recipient's row, in the second statement, cannot be written: the first's are undone too.
    await db.run(sql`CREATE TRIGGER last_down BEFORE INSERT ON notifications WHEN NEW.user_id = ${sql.raw(`'${ids.at(-1)}'`)} BEGIN SELECT RAISE(ABORT, 'down'); END`);
    await expect(notifyMany(deps, ids, { type: 'info', message: 'Everyone' })).rejects.toThrow();
    expect(await db.$count(notifications)).toBe(0);
    expect(published).toEqual([]);

    await db.run(sql`DROP TRIGGER last_down`);
    const rows = await notifyMany(deps, ids, { type: 'info', message: 'Everyone' });
    expect(rows.map((row) => row.userId)).toEqual(ids);
    expect(await db.$count(notifications)).toBe(size);
    expect(published).toHaveLength(size);
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

  it('refuses a user who does not exist, writing nothing', async () => {
    const { db, deps, calls } = await setup();
    await expect(notify(deps, 'usr_nobody', { type: 'info', message: 'Hello' })).rejects.toThrow('No user usr_nobody');
    expect(await db.select().from(notifications)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
