import { auditLog } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit } from '../../platform/audit';
import { testCallerAt } from '../../testing';
import { activityRouter } from './router';
import { csvCell } from './service';

const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR = 3_600_000;

async function setup() {
  const { ctx, db, as } = await testCallerAt(NOW);
  const write = (event: Parameters<typeof audit>[1], at: number) => audit(db, event, at);
  // A known history: Acme's owner and member act, Globex's owner acts, and one platform-wide event.
  await write({ actorUserId: 'usr_demo_alice', action: 'team.member_invited', targetType: 'invitation', targetId: 'tinv_a', metadata: { email: 'x@example.com' } }, NOW - 3 * HOUR);
  await write({ actorUserId: 'usr_demo_marc', action: 'order.placed', targetType: 'order', targetId: 'ord_a', ipAddress: '203.0.113.7' }, NOW - 2 * HOUR);
  await write({ actorUserId: 'usr_demo_gabriel', action: 'order.placed', targetType: 'order', targetId: 'ord_b' }, NOW - HOUR);
  await write({ actorUserId: null, action: 'security.rate_limited', metadata: { key: 'login:ip:x' } }, NOW - HOUR);
  return { ctx, db, as };
}

const mine = { from: NOW - 4 * HOUR, page: 1, pageSize: 25 };

describe('audit entries name their organisation', () => {
  it('takes the actor’s organisation, the target organisation, or the one given', async () => {
    const { db } = await setup();
    await audit(db, { actorUserId: 'usr_demo_adam', action: 'staff.look', targetType: 'organization', targetId: 'org_demo_globex' }, NOW);
    await audit(db, { actorUserId: 'usr_demo_adam', organizationId: 'org_demo_acme', action: 'staff.act', targetType: 'cluster', targetId: 'clu_x' }, NOW);
    const rows = await db.select({ action: auditLog.action, organizationId: auditLog.organizationId }).from(auditLog);
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row.organizationId]));
    expect(byAction).toMatchObject({ 'team.member_invited': 'org_demo_acme', 'security.rate_limited': null, 'staff.look': 'org_demo_globex', 'staff.act': 'org_demo_acme' });
    expect(rows.filter((row) => row.action === 'order.placed').map((row) => row.organizationId).sort()).toEqual(['org_demo_acme', 'org_demo_globex']);
  });
});

describe('activity: an organisation’s audit log', () => {
  it('shows its own organisation’s entries only, newest first, filtered by actor, action and time', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    const all = await alice.activity.list(mine);
    expect(all.items.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['order.placed', 'Marc Dubois'],
      ['team.member_invited', 'Alice Martin'],
    ]);
    expect(all.items[0]).toMatchObject({ ipAddress: '203.0.113.7', organizationName: 'Acme Industries', targetId: 'ord_a' });
    expect((await alice.activity.list({ ...mine, actor: 'marc' })).items.map((entry) => entry.targetId)).toEqual(['ord_a']);
    expect((await alice.activity.list({ ...mine, action: 'team' })).items.map((entry) => entry.action)).toEqual(['team.member_invited']);
    // A prefix matches whole segments: "tea" is not "team".
    expect((await alice.activity.list({ ...mine, action: 'tea' })).total).toBe(0);
    expect((await alice.activity.list({ ...mine, from: NOW - 2 * HOUR - 1, to: NOW })).items.map((entry) => entry.targetId)).toEqual(['ord_a']);
    expect((await alice.activity.list({ ...mine, page: 2, pageSize: 1 })).items.map((entry) => entry.targetId)).toEqual(['tinv_a']);
    await expect(alice.activity.list({ ...mine, from: NOW, to: NOW - 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const gabriel = await as('gabriel');
    expect((await gabriel.activity.list(mine)).items.map((entry) => entry.targetId)).toEqual(['ord_b']);
  });

  it('refuses roles without audit:read', async () => {
    const { as } = await setup();
    for (const username of ['marc', 'bruno', 'vera']) {
      await expect((await as(username)).activity.list(mine)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('exports the filtered log as CSV with a header, quoting, and formulas neutralised', async () => {
    const { as } = await setup();
    const csv = await (await as('alice')).activity.csv({ from: NOW - 4 * HOUR });
    expect(csv).toMatchObject({ filename: 'activity-KM-ACME01-2026-11-23.csv', rows: 2, truncated: false });
    const lines = csv.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time_utc,action,actor_id,actor_name,actor_email,organization_id,organization,target_type,target_id,ip_address,details');
    expect(lines[1]).toBe(`${new Date(NOW - 2 * HOUR).toISOString()},order.placed,usr_demo_marc,Marc Dubois,marc@acme.example,org_demo_acme,Acme Industries,order,ord_a,203.0.113.7,`);
    expect(lines[2]).toContain('"{""email"":""x@example.com""}"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(null)).toBe('');
  });
});

describe('activity: staff read everything', () => {
  it('filters by organisation, actor, action and time across organisations', async () => {
    const { as } = await setup();
    const olivia = await as('olivia');
    const orders = await olivia.activity.staffList({ ...mine, action: 'order' });
    expect(orders.items.map((entry) => entry.organizationId)).toEqual(['org_demo_globex', 'org_demo_acme']);
    expect((await olivia.activity.staffList({ ...mine, organizationId: 'org_demo_acme' })).items.map((entry) => entry.targetId)).toEqual(['ord_a', 'tinv_a']);
    expect((await olivia.activity.staffList({ ...mine, actor: 'gabriel@globex' })).items.map((entry) => entry.targetId)).toEqual(['ord_b']);
    const csv = await olivia.activity.staffCsv({ from: NOW - 4 * HOUR, action: 'security' });
    expect(csv).toMatchObject({ filename: 'activity-all-2026-11-23.csv', rows: 1 });
    await expect((await as('alice')).activity.staffList(mine)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('offers no way to change or delete an entry', async () => {
    const { db } = await setup();
    const procedures = Object.keys((activityRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
    expect(procedures.sort()).toEqual(['csv', 'list', 'staffCsv', 'staffList']);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'order.placed'))).length).toBe(2);
  });

  it('is append-only in the database too: an UPDATE or a DELETE of an entry is refused, whoever sends it', async () => {
    const { db } = await setup();
    const before = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(before.length).toBeGreaterThan(0);
    const [entry] = before.filter((row) => row.action === 'order.placed');
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(() => null, (caught: unknown) => caught as Error & { cause?: Error });
      expect(error).not.toBeNull();
      return `${error!.message} ${error!.cause?.message ?? ''}`;
    };
    expect(await refusal(db.update(auditLog).set({ actorUserId: 'usr_demo_sophie', action: 'order.cancelled' }).where(eq(auditLog.id, entry!.id)))).toContain('audit_log is append-only: an entry cannot be changed');
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toContain('audit_log is append-only: an entry cannot be deleted');
    expect(await refusal(db.delete(auditLog))).toContain('audit_log is append-only: an entry cannot be deleted');
    // Inside a batch the refusal undoes the whole batch.
    await expect(db.batch([db.insert(auditLog).values({ id: 'aud_batch_probe', action: 'probe', createdAt: NOW }), db.update(auditLog).set({ metadata: null })])).rejects.toThrow();
    expect(await db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before);
    // Appending still works.
    await audit(db, { actorUserId: 'usr_demo_alice', action: 'order.placed', targetType: 'order', targetId: 'ord_c' }, NOW);
    expect(await db.$count(auditLog)).toBe(before.length + 1);
  });
});
