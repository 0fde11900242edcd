import { notifications, users } from '@kubemarket/db';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../context';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';

describe('dev router', () => {
  it('does not exist in production', async () => {
    const { caller } = await createTestCaller({ config: { appVersion: '1.16.0', environment: 'production' } });
    await expect(caller.dev.demoAccounts()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.dev.login({ username: 'alice' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.dev.mailbox()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.dev.notifyOrganization({ type: 'info', message: 'Hello' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("notifies every member of the caller's organisation, and only them", async () => {
    const published: RealtimeMessage[] = [];
    const hubCalls: string[] = [];
    const { ctx, db } = await createTestCaller({
      ports: {
        realtime: {
          async publish(organizationId, messages) {
            hubCalls.push(organizationId);
            published.push(...messages);
          },
          async closeSessions() {},
        },
      },
    });
    const alice = await sessionUserOf(db, 'alice');
    // The people of Acme: its service account (GitLab CI) is no one to notify.
    const members = await db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, alice.organizationId), eq(users.kind, 'person')));
    expect(await db.$count(users, and(eq(users.organizationId, alice.organizationId), eq(users.kind, 'service')))).toBe(1);
    const before = await db.select({ id: notifications.id }).from(notifications);

    const answer = await callerAs(ctx, alice).dev.notifyOrganization({ type: 'system', message: 'Planned maintenance' });

    expect(answer.recipients).toBe(members.length);
    expect(Object.keys(answer.ids).sort()).toEqual(members.map((member) => member.id).sort());
    expect(published.map((message) => [message.userId, message.type === 'notification' ? message.notificationId : null]).sort()).toEqual(Object.entries(answer.ids).sort());
    // One call to the organisation's hub, whatever the number of members (ADR 43).
    expect(hubCalls).toEqual([alice.organizationId]);
    const written = await db.select().from(notifications).where(eq(notifications.message, 'Planned maintenance'));
    expect(written).toHaveLength(members.length);
    expect((await db.select({ id: notifications.id }).from(notifications)).length).toBe(before.length + members.length);
    const outsiders = await db.select({ id: users.id }).from(users).where(ne(users.organizationId, alice.organizationId));
    expect(outsiders.length).toBeGreaterThan(0);
    expect(written.filter((row) => outsiders.some((outsider) => outsider.id === row.userId))).toEqual([]);
  });

  it('asks for a signed-in user before notifying an organisation', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.dev.notifyOrganization({ type: 'info', message: 'Hello' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lists the seeded demo accounts in development', async () => {
    const { caller } = await createTestCaller();
    const accounts = await caller.dev.demoAccounts();
    expect(accounts.map((account) => [account.username, account.role])).toEqual([
      ['alice', 'user'],
      ['marc', 'user'],
      ['bruno', 'user'],
      ['vera', 'user'],
      ['gabriel', 'user'],
      ['olivia', 'officer'],
      ['adam', 'admin'],
      ['sophie', 'super_admin'],
      ['pauline', 'user'],
    ]);
  });
});
