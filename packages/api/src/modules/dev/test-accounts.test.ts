import { organizations, users } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/totp';
import { createTestCaller } from '../../testing';

describe('dev.createTestAccount', () => {
  it('does not exist in production', async () => {
    const { caller, db } = await createTestCaller({ config: { appVersion: '1.16.0', environment: 'production' } });
    const before = await db.select().from(users);
    await expect(caller.dev.createTestAccount({ role: 'admin' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.select().from(users)).toHaveLength(before.length);
  });

  it('makes a new active organisation and a verified owner that signs in with the given password', async () => {
    const { caller, db } = await createTestCaller();
    const account = await caller.dev.createTestAccount({});
    expect(account).toMatchObject({ role: 'user', organizationRole: 'owner', totpSecret: null });

    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ username: account.username, email: account.email, organizationId: account.organization.id });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, account.organization.id));
    expect(organization).toMatchObject({ name: account.organization.name, billingId: account.organization.billingId, status: 'active' });

    const signedIn = await caller.auth.login({ identifier: account.username, password: account.password });
    expect(signedIn).toMatchObject({ username: account.username, companyName: account.organization.name, companyId: account.organization.billingId });
  });

  it('never hands out the same user or organisation twice', async () => {
    const { caller } = await createTestCaller();
    const [first, second] = await Promise.all([caller.dev.createTestAccount({}), caller.dev.createTestAccount({})]);
    expect(second.id).not.toBe(first.id);
    expect(second.username).not.toBe(first.username);
    expect(second.email).not.toBe(first.email);
    expect(second.organization.id).not.toBe(first.organization.id);
    expect(second.organization.billingId).not.toBe(first.organization.billingId);
  });

  it('gives the platform and organisation roles asked for, and leaves the email unverified on request', async () => {
    const { caller, db } = await createTestCaller();
    const officer = await caller.dev.createTestAccount({ role: 'officer', organizationRole: 'viewer', emailVerified: false });
    const [row] = await db.select().from(users).where(eq(users.id, officer.id));
    expect(row).toMatchObject({ role: 'officer', organizationRole: 'viewer', emailVerifiedAt: null });
  });

  it('turns two-step verification on when asked: the password alone then leads to the code step', async () => {
    const issued: string[] = [];
    const { caller } = await createTestCaller({ ports: { sessionCookie: { issue: ({ token }) => issued.push(token), clear: () => undefined } } });
    const account = await caller.dev.createTestAccount({ totp: true });
    expect(account.totpSecret).toMatch(/^[A-Z2-7]+=*$/);

    const challenge = await caller.auth.login({ identifier: account.email, password: account.password });
    expect(challenge).toMatchObject({ mfaRequired: true });
    expect(issued).toEqual([]);
    const mfaToken = (challenge as { mfaToken: string }).mfaToken;
    await caller.auth.verifyMfa({ mfaToken, code: totpCode(account.totpSecret!, Date.now()) });
    expect(issued).toHaveLength(1);
  });

  it('signs the caller in as the new user on request', async () => {
    const issued: string[] = [];
    const { caller } = await createTestCaller({ ports: { sessionCookie: { issue: ({ token }) => issued.push(token), clear: () => undefined } } });
    await caller.dev.createTestAccount({});
    expect(issued).toEqual([]);
    await caller.dev.createTestAccount({ signIn: true });
    expect(issued).toHaveLength(1);
  });
});
