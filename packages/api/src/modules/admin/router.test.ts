import { auditLog, sessions, users } from '@kubemarket/db';
import { DEMO_PASSWORD } from '@kubemarket/db/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../platform/sessions';
import { callerAs, createTestCaller, sessionUserOf } from '../../test-utils';

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

  it('promotion to staff ends the user’s sessions, so the staff lifetime and TOTP apply at once', async () => {
    const { ctx, db } = await setup();
    await createSession(db, { id: 'usr_demo_vera', role: 'user' }, 1_000, ctx.request);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    await expect(adam.admin.setUserRole({ id: 'usr_demo_vera', role: 'officer' })).resolves.toEqual({ id: 'usr_demo_vera', role: 'officer', sessionsEnded: 1 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_vera'))).toHaveLength(0);
    const anonymous = callerAs(ctx, null);
    await expect(anonymous.auth.login({ identifier: 'vera', password: DEMO_PASSWORD })).resolves.toMatchObject({ mfaSetupRequired: true });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.user_role_changed'));
    expect(row!.metadata).toEqual({ from: 'user', to: 'officer' });
  });

  it('only a super admin grants or removes administrator rights; nobody changes their own role', async () => {
    const { ctx, db } = await setup();
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    await expect(adam.admin.setUserRole({ id: 'usr_demo_vera', role: 'admin' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adam.admin.setUserRole({ id: 'usr_demo_adam', role: 'officer' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const sophie = callerAs(ctx, await sessionUserOf(db, 'sophie'));
    await expect(sophie.admin.setUserRole({ id: 'usr_demo_vera', role: 'admin' })).resolves.toMatchObject({ role: 'admin' });
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_vera')))[0]!.role).toBe('admin');
  });

  it('audits every refusal (403) with who, what and why', async () => {
    const { ctx, db } = await setup();
    const marc = callerAs(ctx, await sessionUserOf(db, 'marc'));
    await expect(marc.admin.endUserSessions({ id: 'usr_demo_gabriel' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'security.forbidden'));
    expect(rows).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_marc', metadata: expect.objectContaining({ procedure: 'admin.endUserSessions', credential: 'session' }) })]);
  });
});
