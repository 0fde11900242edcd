import { auditLog, authTokens, sessions, users } from '@kubemarket/db';
import { DEMO_PASSWORD } from '@kubemarket/db/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../root';
import { createSession } from '../../platform/sessions';
import { backgroundQueue, createTestCaller, memoryMailer, sessionUserOf } from '../../testing';
import type { Mailer } from '../../platform/mailer';

async function setup(mailer: Mailer & { sent?: unknown[] } = memoryMailer()) {
  const queue = backgroundQueue();
  const { ctx, db } = await createTestCaller({ ports: { mailer, background: queue.background }, request: { appUrl: 'https://console.example.eu' } });
  const alice = await sessionUserOf(db, 'alice');
  const mine = await createSession(db, { id: alice.id, role: 'user' }, Date.now(), ctx.request);
  await createSession(db, { id: alice.id, role: 'user' }, Date.now(), ctx.request);
  const caller = createCaller({ ...ctx, user: alice, credential: { kind: 'session' }, session: { id: mine.session.id, csrfToken: '' } });
  return { ctx, db, queue, caller, alice, mine };
}

const tokenOf = (text: string) => /\/verify-email#token=([\w-]+)/.exec(text)?.[1];

describe('email change', () => {
  it('tells the old address and signs out the other sessions when asked', async () => {
    const mailer = memoryMailer();
    const { caller, queue, db, alice, mine } = await setup(mailer);
    await caller.account.changeEmail({ currentPassword: DEMO_PASSWORD, newEmail: 'alice.new@acme.example', signOutOtherSessions: true });
    const token = tokenOf(mailer.sent.find((m) => m.to === 'alice.new@acme.example')!.text)!;
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'account.email_change_requested'))).toHaveLength(1);
    await expect(caller.auth.verifyEmail({ token })).resolves.toEqual({ email: 'alice.new@acme.example', verified: true });
    await queue.settle();
    const notice = mailer.sent.find((m) => m.to === 'alice@acme.example');
    expect(notice?.subject).toMatch(/email address was changed/);
    expect(notice?.text).toContain('alice.new@acme.example');
    expect((await db.select().from(sessions).where(eq(sessions.userId, alice.id))).map((s) => s.id)).toEqual([mine.session.id]);
  });

  it('keeps the other sessions unless asked', async () => {
    const mailer = memoryMailer();
    const { caller, db, alice } = await setup(mailer);
    await caller.account.changeEmail({ currentPassword: DEMO_PASSWORD, newEmail: 'alice.other@acme.example' });
    await caller.auth.verifyEmail({ token: tokenOf(mailer.sent[0]!.text)! });
    expect(await db.select().from(sessions).where(eq(sessions.userId, alice.id))).toHaveLength(2);
  });

  it('answers 503 with a clear message when mail is down, and leaves no usable link', async () => {
    const down: Mailer = { async send() { throw new Error('Mail API answered 502'); } };
    const { caller, db } = await setup(down);
    await expect(caller.account.changeEmail({ currentPassword: DEMO_PASSWORD, newEmail: 'alice.x@acme.example' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('could not send the confirmation email'),
    });
    const rows = await db.select().from(authTokens).where(eq(authTokens.purpose, 'change_email'));
    expect(rows.every((row) => row.usedAt !== null)).toBe(true);
  });

  it('is a 409 when another account took the address before the confirmation', async () => {
    const mailer = memoryMailer();
    const { caller, db } = await setup(mailer);
    await caller.account.changeEmail({ currentPassword: DEMO_PASSWORD, newEmail: 'contested@acme.example' });
    await db.update(users).set({ email: 'contested@acme.example' }).where(eq(users.username, 'bruno'));
    await expect(caller.auth.verifyEmail({ token: tokenOf(mailer.sent[0]!.text)! })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
