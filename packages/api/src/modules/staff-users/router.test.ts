import { auditLog, notifications, organizations, promotionRequests, recoveryCodes, sessions, users } from '@kubemarket/db';
import { DEMO_PASSWORD, DEMO_PROMOTION_REQUEST_ID } from '@kubemarket/db/seed';
import type { inferRouterInputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../root';
import { createSession, validateSessionToken } from '../../platform/sessions';
import { authenticateBearer, createToken } from '../tokens/service';
import { backgroundQueue, callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';

type OrderInput = inferRouterInputs<AppRouter>['orders']['create'];

const NOW = Date.UTC(2026, 10, 23, 12);

async function setup() {
  const mailer = memoryMailer();
  const queue = backgroundQueue();
  const closed: string[][] = [];
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({
    ports: { mailer, background: queue.background, clock, realtime: { async publish() {}, async closeSessions(_userId, ids) { closed.push(ids); } } },
    request: { appUrl: 'https://console.example.eu' },
  });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const mailTo = async (to: string) => {
    await queue.settle();
    return mailer.sent.filter((message) => message.to === to);
  };
  return { ctx, db, as, mailTo, closed, clock };
}

let keys = 0;
const order = (): OrderInput => ({
  idempotencyKey: `staff-users-${(keys += 1)}`,
  lines: [{ kind: 'cluster', name: 'first-cluster', tierId: 'tier_economy', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 2 }] }],
  billing: { companyName: 'Initech Cloud', countryCode: 'FR', addressLine1: '1 rue de la Paix', postalCode: '75002', city: 'Paris' },
});

async function auditRows(db: Awaited<ReturnType<typeof setup>>['db'], action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('staff users: search and a user’s page', () => {
  it('searches by name, email or username with role and status filters, paginated on the server', async () => {
    const { as, db } = await setup();
    const olivia = await as('olivia');
    const all = await olivia.staffUsers.search({ page: 1, pageSize: 3 });
    expect(all.items).toHaveLength(3);
    expect(all.total).toBe((await db.select().from(users)).length);
    const second = await olivia.staffUsers.search({ page: 2, pageSize: 3 });
    expect(second.items.map((row) => row.id)).not.toContain(all.items[0]!.id);

    expect((await olivia.staffUsers.search({ q: 'ACME.example', page: 1, pageSize: 20 })).items.map((row) => row.username).sort()).toEqual(['alice', 'bruno', 'marc', 'vera']);
    expect((await olivia.staffUsers.search({ q: 'Roux', page: 1, pageSize: 20 })).items.map((row) => row.username)).toEqual(['gabriel']);
    expect((await olivia.staffUsers.search({ q: 'sophie', page: 1, pageSize: 20 })).items).toEqual([
      expect.objectContaining({ role: 'super_admin', organization: expect.objectContaining({ id: 'org_demo_staff' }), mfaEnabled: true }),
    ]);
    // LIKE wildcards typed in the search are plain characters.
    expect((await olivia.staffUsers.search({ q: '%', page: 1, pageSize: 20 })).total).toBe(0);
    expect((await olivia.staffUsers.search({ role: 'admin', page: 1, pageSize: 20 })).items.map((row) => row.username)).toEqual(['adam']);

    await db.update(users).set({ disabledAt: 1 }).where(eq(users.id, 'usr_demo_vera'));
    expect((await olivia.staffUsers.search({ status: 'disabled', page: 1, pageSize: 20 })).items.map((row) => row.username)).toEqual(['vera']);
    expect((await olivia.staffUsers.search({ status: 'active', q: 'vera', page: 1, pageSize: 20 })).total).toBe(0);
  });

  it('shows organisation, roles, sessions, MFA state and recent sign-ins from the audit log', async () => {
    const { ctx, as } = await setup();
    await callerAs(ctx, null).auth.login({ identifier: 'alice', password: DEMO_PASSWORD });
    await expect(callerAs(ctx, null).auth.login({ identifier: 'alice', password: 'wrong-password-1' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const page = await (await as('olivia')).staffUsers.get({ id: 'usr_demo_alice' });
    expect(page).toMatchObject({
      username: 'alice',
      role: 'user',
      organizationRole: 'owner',
      organization: { id: 'org_demo_acme', name: 'Acme Industries', billingId: 'KM-ACME01', status: 'active' },
      mfa: { enabled: false, lockedUntil: null, recoveryCodesLeft: 0 },
    });
    expect(page.sessions).toHaveLength(1);
    // Both at the same instant of the test clock: their order is not the point.
    expect(page.recentSignIns.map((entry) => [entry.succeeded, entry.method]).sort()).toEqual([[false, null], [true, 'password']]);
    expect((await (await as('olivia')).staffUsers.get({ id: 'usr_demo_olivia' })).promotionRequests).toEqual([
      expect.objectContaining({ id: DEMO_PROMOTION_REQUEST_ID, requestedRole: 'admin', status: 'pending', requestedBy: expect.objectContaining({ username: 'adam' }) }),
    ]);
    await expect((await as('olivia')).staffUsers.get({ id: 'usr_nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('staff users: disable, enable, sessions, MFA, verification', () => {
  it('disables an account: no sign-in, sessions and API tokens stop at once, the user is emailed; enable restores it', async () => {
    const { ctx, as, db, mailTo, closed } = await setup();
    const { token } = await createSession(db, { id: 'usr_demo_alice', role: 'user' }, NOW, ctx.request);
    const alice = await sessionUserOf(db, 'alice');
    const apiToken = await createToken({ ...ctx, user: alice, credential: { kind: 'session' } }, { name: 'ci', expiresInDays: 30, scopes: ['clusters:read'] });
    const bearer = () => authenticateBearer(db, apiToken.token, NOW + 1, { method: 'GET', path: '/api/clusters', ipAddress: null });
    expect(await bearer()).toMatchObject({ ok: true });
    const olivia = await as('olivia');
    await expect(olivia.staffUsers.disable({ id: 'usr_demo_alice', reason: 'Reported compromised' })).resolves.toMatchObject({ id: 'usr_demo_alice', sessionsEnded: 1 });
    expect(closed.flat()).toHaveLength(1);
    expect(await validateSessionToken(db, token, NOW + 1)).toBeNull();
    await expect(callerAs(ctx, null).auth.login({ identifier: 'alice', password: DEMO_PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('disabled') });
    expect((await mailTo('alice@acme.example')).map((mail) => mail.subject)).toEqual(['Your KubeMarket account has been disabled']);
    expect((await mailTo('alice@acme.example'))[0]!.text).toContain('Reported compromised');
    expect(await bearer()).toMatchObject({ ok: false, status: 401, message: 'The account of this API token is disabled.' });
    expect(await auditRows(db, 'staff.user_disabled')).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_olivia', targetId: 'usr_demo_alice', metadata: { reason: 'Reported compromised' } })]);

    await olivia.staffUsers.enable({ id: 'usr_demo_alice', reason: 'Password changed with the customer' });
    await expect(callerAs(ctx, null).auth.login({ identifier: 'alice', password: DEMO_PASSWORD })).resolves.toMatchObject({ username: 'alice' });
    expect(await auditRows(db, 'staff.user_enabled')).toHaveLength(1);
  });

  it('lets staff act only on accounts below their rank, never on their own; a super admin on anyone else', async () => {
    const { as } = await setup();
    const olivia = await as('olivia');
    await expect(olivia.staffUsers.disable({ id: 'usr_demo_adam', reason: 'Trying my luck' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(olivia.staffUsers.endSessions({ id: 'usr_demo_adam' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(olivia.staffUsers.disable({ id: 'usr_demo_olivia', reason: 'Myself' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const adam = await as('adam');
    await expect(adam.staffUsers.disable({ id: 'usr_demo_sophie', reason: 'Coup' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adam.staffUsers.endSessions({ id: 'usr_demo_olivia' })).resolves.toEqual({ ended: 0 });
    const sophie = await as('sophie');
    await expect(sophie.staffUsers.disable({ id: 'usr_demo_adam', reason: 'Left the company' })).resolves.toMatchObject({ id: 'usr_demo_adam' });
  });

  it('resets MFA: secret and recovery codes go, sessions end, the user is notified and emailed; staff enrol again', async () => {
    const { ctx, as, db, mailTo } = await setup();
    await createSession(db, { id: 'usr_demo_marc', role: 'user' }, NOW, ctx.request);
    const adam = await as('adam');
    await expect(adam.staffUsers.resetMfa({ id: 'usr_demo_marc', reason: 'Lost phone, identity checked by call' })).resolves.toMatchObject({ sessionsEnded: 1 });
    const [marc] = await db.select().from(users).where(eq(users.id, 'usr_demo_marc'));
    expect(marc).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, 'usr_demo_marc'))).toEqual([]);
    // Signing in now needs the password only.
    await expect(callerAs(ctx, null).auth.login({ identifier: 'marc', password: DEMO_PASSWORD })).resolves.toMatchObject({ username: 'marc' });
    expect((await mailTo('marc@acme.example')).map((mail) => mail.subject)).toContain('Two-step verification was reset on your KubeMarket account');
    expect((await db.select().from(notifications).where(eq(notifications.userId, 'usr_demo_marc'))).map((row) => row.message)).toContain(
      'Our staff turned off two-step verification on your account. Turn it on again in Settings → Security.',
    );
    await expect(adam.staffUsers.resetMfa({ id: 'usr_demo_marc', reason: 'Again' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    await (await as('sophie')).staffUsers.resetMfa({ id: 'usr_demo_olivia', reason: 'New phone' });
    await expect(callerAs(ctx, null).auth.login({ identifier: 'olivia', password: DEMO_PASSWORD })).resolves.toMatchObject({ mfaSetupRequired: true });
    expect(await auditRows(db, 'staff.user_mfa_reset')).toHaveLength(2);
  });

  it('resends the verification email to an unverified account only', async () => {
    const { as, db, mailTo } = await setup();
    const olivia = await as('olivia');
    await expect(olivia.staffUsers.resendVerification({ id: 'usr_demo_alice' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This email address is already verified.' });
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, 'usr_demo_alice'));
    await expect(olivia.staffUsers.resendVerification({ id: 'usr_demo_alice' })).resolves.toEqual({ sent: true });
    const [mail] = await mailTo('alice@acme.example');
    expect(mail!.subject).toBe('Verify your KubeMarket email address');
    expect(mail!.text).toContain('https://console.example.eu/verify-email#token=');
    expect(await auditRows(db, 'staff.user_verification_resent')).toHaveLength(1);
  });
});

describe('staff users: registrations', () => {
  it('lists pending organisations with what they declared; approval lets the owner order and tells them', async () => {
    const { as, db, mailTo } = await setup();
    const adam = await as('adam');
    const list = await adam.staffUsers.pendingRegistrations({ page: 1, pageSize: 20 });
    expect(list.items).toEqual([
      expect.objectContaining({
        organization: expect.objectContaining({ id: 'org_demo_initech', name: 'Initech Cloud', status: 'pending' }),
        owner: expect.objectContaining({ username: 'pauline', email: 'pauline@initech.example', emailVerified: true }),
        members: 1,
      }),
    ]);
    const pauline = await as('pauline');
    await expect(pauline.orders.create(order())).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('waiting for approval') });

    await expect(adam.staffUsers.approveRegistration({ id: 'org_demo_initech' })).resolves.toEqual({ id: 'org_demo_initech', status: 'active' });
    await expect(pauline.orders.create(order())).resolves.toMatchObject({ status: 'pending' });
    expect((await mailTo('pauline@initech.example')).map((mail) => mail.subject)).toContain('Initech Cloud is approved on KubeMarket');
    expect((await db.select().from(notifications).where(eq(notifications.userId, 'usr_demo_pauline'))).map((row) => row.message)).toContain('Initech Cloud is approved: you can now place orders.');
    expect(await auditRows(db, 'staff.registration_approved')).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_adam', targetId: 'org_demo_initech', organizationId: 'org_demo_initech' })]);
    expect((await adam.staffUsers.pendingRegistrations({ page: 1, pageSize: 20 })).total).toBe(0);
    await expect(adam.staffUsers.approveRegistration({ id: 'org_demo_initech' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(adam.staffUsers.rejectRegistration({ id: 'org_demo_acme', reason: 'Not pending' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('rejects with a reason the owner reads; a rejected organisation cannot order', async () => {
    const { as, db, mailTo } = await setup();
    const adam = await as('adam');
    await expect(adam.staffUsers.rejectRegistration({ id: 'org_demo_initech', reason: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(adam.staffUsers.rejectRegistration({ id: 'org_demo_initech', reason: 'The company number does not exist' })).resolves.toEqual({ id: 'org_demo_initech', status: 'rejected' });
    const [mail] = await mailTo('pauline@initech.example');
    expect(mail!.text).toContain('The company number does not exist');
    await expect((await as('pauline')).orders.create(order())).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('did not approve the registration') });
    expect((await db.select().from(organizations).where(eq(organizations.id, 'org_demo_initech')))[0]!.status).toBe('rejected');
    expect(await auditRows(db, 'staff.registration_rejected')).toEqual([expect.objectContaining({ metadata: { reason: 'The company number does not exist' } })]);
  });
});

describe('staff users: promotions with four eyes', () => {
  it('an admin requests, a super admin approves: the role changes and every session of the user ends', async () => {
    const { ctx, as, db, mailTo } = await setup();
    const { token } = await createSession(db, { id: 'usr_demo_bruno', role: 'user' }, NOW, ctx.request);
    const adam = await as('adam');
    const request = await adam.staffUsers.requestPromotion({ userId: 'usr_demo_bruno', role: 'officer', reason: 'Moves to our billing desk' });
    expect(request).toMatchObject({ status: 'pending', requestedRole: 'officer', user: { id: 'usr_demo_bruno', role: 'user' }, requestedBy: { username: 'adam' } });
    await expect(adam.staffUsers.requestPromotion({ userId: 'usr_demo_bruno', role: 'admin', reason: 'Twice' })).rejects.toMatchObject({ code: 'CONFLICT' });

    await expect((await as('sophie')).staffUsers.approvePromotion({ id: request.id, reason: 'Confirmed with HR' })).resolves.toEqual({ id: request.id, status: 'approved', sessionsEnded: 1 });
    expect(await validateSessionToken(db, token, NOW + 1)).toBeNull();
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_bruno')))[0]!.role).toBe('officer');
    const [row] = await db.select().from(promotionRequests).where(eq(promotionRequests.id, request.id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: 'usr_demo_sophie', decisionReason: 'Confirmed with HR', decidedAt: NOW });
    expect((await mailTo('bruno@acme.example')).map((mail) => mail.subject)).toContain('Your KubeMarket account has a new role: officer');
    expect(await auditRows(db, 'staff.promotion_requested')).toHaveLength(1);
    // The request names its admin, the approval its super admin: each in Bruno's organisation's log, Bruno as target.
    expect(await auditRows(db, 'staff.promotion_requested')).toEqual([
      expect.objectContaining({ actorUserId: 'usr_demo_adam', organizationId: 'org_demo_acme', targetType: 'user', targetId: 'usr_demo_bruno', metadata: { promotionRequestId: request.id, from: 'user', to: 'officer', reason: 'Moves to our billing desk' } }),
    ]);
    // Approval is recorded as the role change it makes, tied to the request.
    expect(await auditRows(db, 'admin.user_role_changed')).toEqual([
      expect.objectContaining({ actorUserId: 'usr_demo_sophie', organizationId: 'org_demo_acme', targetType: 'user', targetId: 'usr_demo_bruno', metadata: { from: 'user', to: 'officer', promotionRequestId: request.id } }),
    ]);
    // The decision itself, recorded as requests and rejections are: the approver acts, with the role and who asked for it.
    expect(await auditRows(db, 'staff.promotion_approved')).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_sophie',
        organizationId: 'org_demo_acme',
        targetType: 'user',
        targetId: 'usr_demo_bruno',
        metadata: { promotionRequestId: request.id, from: 'user', to: 'officer', requestedBy: 'usr_demo_adam', reason: 'Confirmed with HR' },
      }),
    ]);
    await expect((await as('sophie')).staffUsers.approvePromotion({ id: request.id, reason: 'Again' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await auditRows(db, 'staff.promotion_approved')).toHaveLength(1);
  });

  it('nobody decides their own request; officers and admins decide none; only a super admin proposes a super admin', async () => {
    const { as, db } = await setup();
    const adam = await as('adam');
    const olivia = await as('olivia');
    const sophie = await as('sophie');
    // The seeded request was raised by Adam: he may not approve it, nor may the officer.
    await expect(adam.staffUsers.approvePromotion({ id: DEMO_PROMOTION_REQUEST_ID, reason: 'Mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(olivia.staffUsers.approvePromotion({ id: DEMO_PROMOTION_REQUEST_ID, reason: 'Me' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(olivia.staffUsers.requestPromotion({ userId: 'usr_demo_vera', role: 'officer', reason: 'Officers cannot ask' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adam.staffUsers.requestPromotion({ userId: 'usr_demo_vera', role: 'super_admin', reason: 'Too far' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adam.staffUsers.requestPromotion({ userId: 'usr_demo_adam', role: 'super_admin', reason: 'Me' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(adam.staffUsers.requestPromotion({ userId: 'usr_demo_sophie', role: 'admin', reason: 'Already higher' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    // A super admin's own request needs another super admin.
    const mine = await sophie.staffUsers.requestPromotion({ userId: 'usr_demo_vera', role: 'super_admin', reason: 'Second super admin for holidays' });
    await expect(sophie.staffUsers.approvePromotion({ id: mine.id, reason: 'Self' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('another super admin') });
    await expect(sophie.staffUsers.rejectPromotion({ id: mine.id, reason: 'Self' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await db.update(users).set({ role: 'super_admin' }).where(eq(users.id, 'usr_demo_gabriel'));
    const gabriel = await as('gabriel');
    await expect(gabriel.staffUsers.approvePromotion({ id: mine.id, reason: 'Second pair of eyes' })).resolves.toMatchObject({ status: 'approved' });
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_vera')))[0]!.role).toBe('super_admin');

    await expect(sophie.staffUsers.rejectPromotion({ id: DEMO_PROMOTION_REQUEST_ID, reason: 'Not this quarter' })).resolves.toEqual({ id: DEMO_PROMOTION_REQUEST_ID, status: 'rejected', sessionsEnded: 0 });
    expect((await db.select().from(users).where(eq(users.id, 'usr_demo_olivia')))[0]!.role).toBe('officer');
    const listed = await adam.staffUsers.promotionRequests({ status: 'rejected', page: 1, pageSize: 10 });
    expect(listed.items).toEqual([expect.objectContaining({ id: DEMO_PROMOTION_REQUEST_ID, decidedBy: expect.objectContaining({ username: 'sophie' }), decisionReason: 'Not this quarter' })]);
    expect(await auditRows(db, 'staff.promotion_rejected')).toHaveLength(1);
  });
});

describe('staff users: organisation members', () => {
  it('lists the members of any organisation, searched by organisation, paginated', async () => {
    const { as } = await setup();
    const adam = await as('adam');
    const acme = await adam.staffUsers.organizationMembers({ organization: 'acme', page: 1, pageSize: 2 });
    expect(acme.total).toBe(4);
    expect(acme.items).toHaveLength(2);
    expect(acme.items[0]).toMatchObject({ organization: { id: 'org_demo_acme' }, owners: 1 });
    expect((await adam.staffUsers.organizationMembers({ organization: 'KM-GLOBX1', page: 1, pageSize: 20 })).items.map((row) => row.username)).toEqual(['gabriel']);
  });

  it('moves a member to another organisation with a role, never the last owner; their sessions end', async () => {
    const { ctx, as, db } = await setup();
    await createSession(db, { id: 'usr_demo_vera', role: 'user' }, NOW, ctx.request);
    const adam = await as('adam');
    await expect(adam.staffUsers.moveMember({ id: 'usr_demo_vera', organizationId: 'org_demo_globex', organizationRole: 'member', reason: 'Changed employer' })).resolves.toEqual({
      id: 'usr_demo_vera',
      organizationId: 'org_demo_globex',
      organizationRole: 'member',
      sessionsEnded: 1,
    });
    expect((await sessionUserOf(db, 'vera')).companyName).toBe('Globex Logistics');
    // Staff may name the organisation by the billing id the customer quotes.
    await expect(adam.staffUsers.moveMember({ id: 'usr_demo_vera', organizationId: 'km-acme01', organizationRole: 'viewer', reason: 'Back again' })).resolves.toMatchObject({ organizationId: 'org_demo_acme' });
    await expect(adam.staffUsers.moveMember({ id: 'usr_demo_alice', organizationId: 'org_demo_globex', organizationRole: 'member', reason: 'Last owner' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('last owner'),
    });
    await expect(adam.staffUsers.moveMember({ id: 'usr_demo_vera', organizationId: 'org_nowhere', organizationRole: 'member', reason: 'Nowhere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const moves = await auditRows(db, 'staff.member_moved');
    expect(moves.map((row) => row.organizationId).sort()).toEqual(['org_demo_acme', 'org_demo_acme', 'org_demo_globex', 'org_demo_globex']);
  });

  it('removes a member: the account keeps its history in an organisation of its own, pending approval', async () => {
    const { as, db, mailTo } = await setup();
    const adam = await as('adam');
    await expect(adam.staffUsers.removeMember({ id: 'usr_demo_alice', reason: 'Last owner' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const removed = await adam.staffUsers.removeMember({ id: 'usr_demo_bruno', reason: 'Left Acme' });
    expect(removed).toMatchObject({ id: 'usr_demo_bruno', organizationRole: 'owner' });
    const [own] = await db.select().from(organizations).where(eq(organizations.id, removed.organizationId));
    expect(own).toMatchObject({ status: 'pending', name: 'Bruno Petit (personal)' });
    expect((await db.select().from(users).where(and(eq(users.organizationId, 'org_demo_acme'), eq(users.id, 'usr_demo_bruno'))))).toEqual([]);
    expect((await mailTo('bruno@acme.example')).map((mail) => mail.subject)).toEqual(['You were removed from Acme Industries on KubeMarket']);
    // An admin cannot move or remove a fellow admin; a super admin can.
    await expect(adam.staffUsers.removeMember({ id: 'usr_demo_sophie', reason: 'Not allowed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await auditRows(db, 'staff.member_removed')).toHaveLength(1);
  });
});

describe('staff users: sessions table', () => {
  it('the session rows the user page shows are the live ones', async () => {
    const { ctx, as, db, clock } = await setup();
    await createSession(db, { id: 'usr_demo_gabriel', role: 'user' }, NOW - 40 * 24 * 60 * 60_000, ctx.request);
    await createSession(db, { id: 'usr_demo_gabriel', role: 'user' }, NOW, ctx.request);
    clock.advance(1_000);
    const page = await (await as('olivia')).staffUsers.get({ id: 'usr_demo_gabriel' });
    expect(page.sessions).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'usr_demo_gabriel'))).toHaveLength(2);
  });
});
