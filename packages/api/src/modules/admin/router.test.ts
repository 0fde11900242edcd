import { auditLog, sessions, users } from '@kubemarket/db';
import { DEMO_PASSWORD } from '@kubemarket/db/seed';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../platform/sessions';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';

async function setup() {
  const closed: string[][] = [];
  const { ctx, db } = await createTestCaller({
    ports: { realtime: { async publish() {}, async closeSessions(_userId, ids) { closed.push(ids); } } },
  });
  return { ctx, db, closed };
}

describe('admin: sessions and roles', () => {
  it('ends every session of a user and closes their sockets', async () => {
    const { ctx, db, closed } = await setup();
    for (let i = 0; i < 2; i += 1) await createSession(db, { id: 'usr_demo_gabriel', role: 'user' }, 1_000, ctx.request);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    await expect(adam.admin.endUserSessions({ id: 'usr_demo_gabriel' })).resolves.toEqual({ ended: 2 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_gabriel'))).toHaveLength(0);
    expect(closed.flat()).toHaveLength(2);
    await expect(adam.admin.endUserSessions({ id: 'usr_nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("refuses an admin ending a super admin's (or a fellow admin's) sessions; a super admin may", async () => {
    const { ctx, db, closed } = await setup();
    await createSession(db, { id: 'usr_demo_sophie', role: 'super_admin' }, 1_000, ctx.request);
    await createSession(db, { id: 'usr_demo_adam', role: 'admin' }, 1_000, ctx.request);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    const refusal = { code: 'FORBIDDEN', message: "Only a super admin can end a super admin's sessions." };
    await expect(adam.admin.endUserSessions({ id: 'usr_demo_sophie' })).rejects.toMatchObject(refusal);
    // The officers' console path refuses it too, whoever asks.
    await expect(adam.staffUsers.endSessions({ id: 'usr_demo_sophie' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: "Only a super admin can sign out a super admin's account." });
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    await expect(olivia.staffUsers.endSessions({ id: 'usr_demo_sophie' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_sophie'))).toHaveLength(1);
    expect(closed).toEqual([]);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'admin.user_sessions_ended'), eq(auditLog.targetId, 'usr_demo_sophie')))).toEqual([]);

    const sophie = callerAs(ctx, await sessionUserOf(db, 'sophie'));
    await expect(sophie.admin.endUserSessions({ id: 'usr_demo_adam' })).resolves.toEqual({ ended: 1 });
    await expect(sophie.admin.endUserSessions({ id: 'usr_demo_sophie' })).resolves.toEqual({ ended: 1 });
  });

  // Promotions moved to four-eyes requests (staff-users): the same guarantees, through that path.
  it('promotion to staff ends the user’s sessions, so the staff lifetime and TOTP apply at once', async () => {
    const { ctx, db } = await setup();
    await createSession(db, { id: 'usr_demo_vera', role: 'user' }, 1_000, ctx.request);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    const sophie = callerAs(ctx, await sessionUserOf(db, 'sophie'));
    const request = await adam.staffUsers.requestPromotion({ userId: 'usr_demo_vera', role: 'officer', reason: 'Joins the support rota' });
    await expect(sophie.staffUsers.approvePromotion({ id: request.id, reason: 'Agreed with her manager' })).resolves.toEqual({ id: request.id, status: 'approved', sessionsEnded: 1 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_vera'))).toHaveLength(0);
    const anonymous = callerAs(ctx, null);
    await expect(anonymous.auth.login({ identifier: 'vera', password: DEMO_PASSWORD })).resolves.toMatchObject({ mfaSetupRequired: true });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.user_role_changed'));
    expect(row!.metadata).toEqual({ from: 'user', to: 'officer', promotionRequestId: request.id });
  });

  it('grants no role directly: every promotion, even by a super admin, needs a request', async () => {
    const { ctx, db } = await setup();
    for (const username of ['adam', 'sophie']) {
      const staff = callerAs(ctx, await sessionUserOf(db, username));
      for (const role of ['officer', 'admin', 'super_admin'] as const) {
        await expect(staff.admin.setUserRole({ id: 'usr_demo_vera', role })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('promotion request') });
      }
    }
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_vera')))[0]!.role).toBe('user');
  });

  it('only a super admin removes administrator rights; nobody changes their own role', async () => {
    const { ctx, db } = await setup();
    await createSession(db, { id: 'usr_demo_adam', role: 'admin' }, 1_000, ctx.request);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    await expect(adam.admin.setUserRole({ id: 'usr_demo_sophie', role: 'officer' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adam.admin.setUserRole({ id: 'usr_demo_adam', role: 'officer' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // An admin lowers an officer to a customer: no administrator rights involved.
    await expect(adam.admin.setUserRole({ id: 'usr_demo_olivia', role: 'user' })).resolves.toMatchObject({ role: 'user' });
    const sophie = callerAs(ctx, await sessionUserOf(db, 'sophie'));
    await expect(sophie.admin.setUserRole({ id: 'usr_demo_adam', role: 'officer' })).resolves.toEqual({ id: 'usr_demo_adam', role: 'officer', sessionsEnded: 1 });
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_adam')))[0]!.role).toBe('officer');
    const [row] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'admin.user_role_changed'), eq(auditLog.targetId, 'usr_demo_adam')));
    expect(row!.metadata).toEqual({ from: 'admin', to: 'officer' });
  });

  it('audits every refusal (403) with who, what and why', async () => {
    const { ctx, db } = await setup();
    const marc = callerAs(ctx, await sessionUserOf(db, 'marc'));
    await expect(marc.admin.endUserSessions({ id: 'usr_demo_gabriel' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'security.forbidden'));
    expect(rows).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_marc', metadata: expect.objectContaining({ procedure: 'admin.endUserSessions', credential: 'session' }) })]);
  });
});
