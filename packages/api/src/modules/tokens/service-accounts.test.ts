import { auditLog, users } from '@kubemarket/db';
import { DEMO_SERVICE_ACCOUNT } from '@kubemarket/db/seed';
import { roleGrantsScope } from '@kubemarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, refusal, sessionUserOf } from '../../testing';
import { authenticateBearer } from './service';

const NOW = Date.UTC(2026, 11, 7, 9);

async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW) } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const bearer = (token: string) => authenticateBearer(db, token, NOW + 1, { method: 'GET', path: '/api/clusters', ipAddress: '198.51.100.7' });
  return { ctx, db, as, bearer };
}

describe('roleGrantsScope', () => {
  it('grants a read scope to a role that reads, a write scope to a role with a change in that domain', () => {
    expect(roleGrantsScope('viewer', 'clusters:read')).toBe(true);
    expect(roleGrantsScope('viewer', 'clusters:write')).toBe(false);
    expect(roleGrantsScope('member', 'clusters:write')).toBe(true);
    expect(roleGrantsScope('member', 'billing:read')).toBe(false);
    expect(roleGrantsScope('billing', 'billing:write')).toBe(true);
    expect(roleGrantsScope('admin', 'members:write')).toBe(true);
    expect(roleGrantsScope('admin', 'organization:write')).toBe(false);
    expect(roleGrantsScope('owner', 'organization:write')).toBe(true);
  });
});

describe('organisation service accounts', () => {
  it("are seeded for Acme: the README's demo token works as GitLab CI, listed but not a member", async () => {
    const { db, as } = await setup();
    // The tests' database is seeded at time 0: the demo token is valid for 345 days from then.
    expect(await authenticateBearer(db, DEMO_SERVICE_ACCOUNT.token, 3_600_000, { method: 'GET', path: '/api/clusters', ipAddress: null })).toMatchObject({ ok: true, scopes: ['clusters:write', 'orders:read'], user: { name: 'GitLab CI', organizationId: 'org_demo_acme', organizationRole: 'admin' } });
    const alice = await as('alice');
    expect(await alice.tokens.serviceAccounts()).toEqual([expect.objectContaining({ id: DEMO_SERVICE_ACCOUNT.tokenId, name: 'GitLab CI', role: 'admin', createdBy: { id: 'usr_demo_alice', name: 'Alice Martin' } })]);
    expect((await alice.team.members({})).items.map((member) => member.name)).not.toContain('GitLab CI');
  });

  it("are tokens of the organisation: created by an owner within an administrator's role, listed with their last use, surviving their creator's departure", async () => {
    const { db, as, bearer } = await setup();
    const alice = await as('alice');
    const created = await alice.tokens.createServiceAccount({ name: 'Terraform', expiresInDays: 90, scopes: ['clusters:write', 'orders:write', 'billing:read'] });
    expect(created).toMatchObject({ name: 'Terraform', role: 'admin', scopes: ['clusters:write', 'orders:write', 'billing:read'], status: 'active', lastUsedAt: null, createdBy: { id: 'usr_demo_alice', name: 'Alice Martin' } });
    expect(created.token).toMatch(/^kmt_[a-z0-9]{20}_[A-Za-z0-9_-]{43}$/);

    // The token acts as the service account, in Acme, with the administrator role.
    const used = await bearer(created.token);
    expect(used).toMatchObject({ ok: true, scopes: ['clusters:write', 'orders:write', 'billing:read'], user: { name: 'Terraform', organizationId: 'org_demo_acme', organizationRole: 'admin' } });

    // Listed for the organisation (never its secret), with its last use; not among the members.
    const listed = await (await as('marc')).tokens.serviceAccounts();
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, name: 'Terraform', lastUsedAt: NOW + 1, createdBy: { id: 'usr_demo_alice', name: 'Alice Martin' } }),
      expect.objectContaining({ name: 'GitLab CI' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token.split('_')[2]);
    const members = await alice.team.members({});
    expect(members.items.map((member) => member.name)).not.toContain('Terraform');

    // Alice leaves Acme (she joins another organisation): the service account still works.
    await db.update(users).set({ organizationId: 'org_demo_globex', organizationRole: 'member' }).where(eq(users.id, 'usr_demo_alice'));
    expect(await bearer(created.token)).toMatchObject({ ok: true, user: { organizationId: 'org_demo_acme' } });

    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'service_account.created'));
    expect(audited).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_alice', targetId: created.id, metadata: { name: 'Terraform', role: 'admin', scopes: ['clusters:write', 'orders:write', 'billing:read'] } })]);
  });

  it("refuses at creation any scope beyond the creator's role, personal scopes, and members who may not manage them", async () => {
    const { as } = await setup();
    const alice = await as('alice');
    // An owner's service account is an administrator: it cannot rename or delete the organisation.
    expect(await refusal(alice.tokens.createServiceAccount({ name: 'Too much', expiresInDays: 30, scopes: ['organization:write'] }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role cannot grant organization:write: a service account never exceeds the role of the person who creates it.',
    });
    expect(await refusal(alice.tokens.createServiceAccount({ name: 'Personal', expiresInDays: 30, scopes: ['clusters:read', 'notifications:read'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A service account is no person: it cannot hold notifications:read.',
    });
    // A member may neither create nor revoke one (members:manage), and a personal token of a member may not name billing.
    const marc = await as('marc');
    expect((await refusal(marc.tokens.createServiceAccount({ name: 'CI', expiresInDays: 30, scopes: ['clusters:read'] }))).code).toBe('FORBIDDEN');
    expect(await refusal(marc.tokens.create({ name: 'Mine', expiresInDays: 30, scopes: ['clusters:write', 'billing:write'] }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role cannot grant billing:write: a token never exceeds the role of the person who creates it.',
    });
    await expect(marc.tokens.create({ name: 'Mine', expiresInDays: 30, scopes: ['clusters:write', 'notifications:read'] })).resolves.toMatchObject({ status: 'active' });
  });

  it('revokes once, for its own organisation only: the token stops at once, twice in parallel is one revocation', async () => {
    const { as, bearer } = await setup();
    const alice = await as('alice');
    const created = await alice.tokens.createServiceAccount({ name: 'Monitoring', expiresInDays: 30, scopes: ['clusters:read'] });
    expect((await refusal((await as('gabriel')).tokens.revokeServiceAccount({ id: created.id }))).code).toBe('NOT_FOUND');
    const outcomes = await Promise.allSettled([alice.tokens.revokeServiceAccount({ id: created.id }), alice.tokens.revokeServiceAccount({ id: created.id })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'fulfilled')).toMatchObject({ value: { id: created.id, status: 'revoked' } });
    expect(await bearer(created.token)).toMatchObject({ ok: false, status: 401 });
    expect((await alice.tokens.serviceAccounts()).map((account) => [account.name, account.status])).toEqual([
      ['Monitoring', 'revoked'],
      ['GitLab CI', 'expired'],
    ]);
  });
});
