import { auditLog, notifications, teamInvitations, users } from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, sessionUserOf, mailingTestbed } from '../../testing';
import { INVITATION_TTL_MS } from './schemas';

const NOW = Date.UTC(2026, 10, 23, 12);

async function setup() {
  const { ctx, db, clock, mailer, background: queue, as } = await mailingTestbed(NOW);
  /** The token of the last invitation mailed to this address, read from the link as the invitee would. */
  const invitationToken = async (to: string) => {
    await queue.settle();
    const mail = mailer.sent.filter((message) => message.to === to).at(-1);
    const match = mail?.text.match(/https:\/\/console\.example\.eu\/join-team#token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`No invitation link mailed to ${to}`);
    return match[1]!;
  };
  return { ctx, db, as, clock, mailer, queue, invitationToken };
}

/** A fresh customer account (its own pending organisation), as registration makes one. */
async function register(ctx: Awaited<ReturnType<typeof setup>>['ctx'], email: string, username: string) {
  const anonymous = callerAs(ctx, null);
  await anonymous.auth.register({ email, username, name: 'Nina Keller', password: 'a-long-unusual-passphrase', companyName: 'Nina Freelance' });
  return callerAs(ctx, await sessionUserOf(ctx.db, username));
}

describe('team: invitations', () => {
  it('invites by email with a link that works 7 days; the invitee registers, joins with the role and the inviter is told', async () => {
    const { ctx, db, as, invitationToken, mailer } = await setup();
    const alice = await as('alice');
    const invitation = await alice.team.invite({ email: ' Nina@Example.com ', role: 'viewer' });
    expect(invitation).toMatchObject({ email: 'nina@example.com', role: 'viewer', invitedByName: 'Alice Martin', expiresAt: NOW + INVITATION_TTL_MS });
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 60 * 60_000);
    const token = await invitationToken('nina@example.com');
    // Fixed text and the organisation's staff-approved name, never the inviter's name (issue 29).
    expect(mailer.sent.at(-1)?.subject).toBe('Invitation to join Acme Industries on KubeMarket');
    const [stored] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(stored!.tokenHash).not.toContain(token);

    const anonymous = callerAs(ctx, null);
    await expect(anonymous.team.invitationInfo({ token })).resolves.toEqual({ organizationName: 'Acme Industries', email: 'nina@example.com', role: 'viewer', invitedByName: 'Alice Martin', expiresAt: invitation.expiresAt });

    const nina = await register(ctx, 'nina@example.com', 'nina');
    await expect(nina.team.acceptInvitation({ token })).resolves.toEqual({ organizationId: 'org_demo_acme', organizationName: 'Acme Industries', role: 'viewer' });
    const [row] = await db.select({ organizationId: users.organizationId, role: users.organizationRole, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.username, 'nina'));
    // The invitation link was mailed to the address: following it verifies it.
    expect(row).toEqual({ organizationId: 'org_demo_acme', role: 'viewer', emailVerifiedAt: NOW });
    // Spent: the same link does not work twice, and the invitation leaves the pending list.
    await expect(nina.team.acceptInvitation({ token })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await alice.team.invitations()).items.map((item) => item.email)).not.toContain('nina@example.com');
    const ninaId = (await sessionUserOf(db, 'nina')).id;
    const joined = await db.select().from(auditLog).where(eq(auditLog.action, 'team.member_joined'));
    expect(joined).toEqual([expect.objectContaining({ organizationId: 'org_demo_acme', targetId: ninaId, actorUserId: ninaId })]);
    const told = await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, 'usr_demo_alice'));
    expect(told.map((entry) => entry.message)).toContain('Nina Keller accepted your invitation and joined Acme Industries as viewer.');
  });

  it('refuses a link used by another address, an expired one, a withdrawn one, and a re-sent one replaces the first', async () => {
    const { ctx, as, clock, invitationToken } = await setup();
    const alice = await as('alice');
    await alice.team.invite({ email: 'nina@example.com', role: 'member' });
    const first = await invitationToken('nina@example.com');
    await alice.team.invite({ email: 'nina@example.com', role: 'billing' });
    const second = await invitationToken('nina@example.com');
    const nina = await register(ctx, 'nina@example.com', 'nina');
    await expect(nina.team.acceptInvitation({ token: first })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const gabriel = await as('gabriel');
    await expect(gabriel.team.acceptInvitation({ token: second })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'This invitation is for nina@example.com. Sign in with that address to accept it.' });

    clock.advance(INVITATION_TTL_MS + 1);
    await expect(nina.team.acceptInvitation({ token: second })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const pending = await alice.team.invite({ email: 'omar@example.com', role: 'member' });
    const withdrawn = await invitationToken('omar@example.com');
    await alice.team.revokeInvitation({ id: pending.id });
    await expect(callerAs(ctx, null).team.invitationInfo({ token: withdrawn })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses to invite a member again, and lets only an owner invite an owner', async () => {
    const { as, db } = await setup();
    const alice = await as('alice');
    await expect(alice.team.invite({ email: 'marc@acme.example', role: 'member' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'marc@acme.example is already a member of your organisation.' });
    await db.update(users).set({ organizationRole: 'admin' }).where(eq(users.username, 'marc'));
    const marc = await as('marc');
    await expect(marc.team.invite({ email: 'boss@example.com', role: 'owner' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only an owner can make someone an owner.' });
    await expect(marc.team.invite({ email: 'boss@example.com', role: 'admin' })).resolves.toMatchObject({ role: 'admin' });
  });
});

describe('team: roles, removal and ownership', () => {
  it('changes a role with an audit entry; the last owner cannot be demoted, removed or leave', async () => {
    const { db, as } = await setup();
    const alice = await as('alice');
    await alice.team.changeRole({ id: 'usr_demo_vera', role: 'billing' });
    expect((await alice.team.members({ page: 1, pageSize: 25 })).items.find((member) => member.id === 'usr_demo_vera')?.role).toBe('billing');
    expect(await db.select({ organizationId: auditLog.organizationId, metadata: auditLog.metadata }).from(auditLog).where(eq(auditLog.action, 'team.role_changed'))).toEqual([
      { organizationId: 'org_demo_acme', metadata: { from: 'viewer', to: 'billing' } },
    ]);

    const lastOwner = 'An organisation must keep at least one owner: make another member owner first.';
    await expect(alice.team.changeRole({ id: 'usr_demo_alice', role: 'admin' })).rejects.toMatchObject({ code: 'CONFLICT', message: lastOwner });
    await expect(alice.team.leave()).rejects.toMatchObject({ code: 'CONFLICT', message: 'You are the last owner: transfer ownership to another member before you leave.' });
    await db.update(users).set({ organizationRole: 'admin' }).where(eq(users.username, 'marc'));
    const marc = await as('marc');
    await expect(marc.team.removeMember({ id: 'usr_demo_alice' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only an owner can change or remove another owner.' });
    await expect(marc.team.changeRole({ id: 'usr_demo_alice', role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only an owner can change or remove another owner.' });
    await expect(marc.team.changeRole({ id: 'usr_demo_vera', role: 'owner' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only an owner can make someone an owner.' });
  });

  it('removes a member into an organisation of their own, and refuses viewers and other organisations', async () => {
    const { db, as } = await setup();
    const vera = await as('vera');
    await expect(vera.team.removeMember({ id: 'usr_demo_bruno' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const gabriel = await as('gabriel');
    await expect(gabriel.team.removeMember({ id: 'usr_demo_bruno' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const alice = await as('alice');
    await alice.team.removeMember({ id: 'usr_demo_bruno' });
    const [bruno] = await db.select().from(users).where(eq(users.id, 'usr_demo_bruno'));
    expect(bruno!.organizationId).not.toBe('org_demo_acme');
    expect(bruno!.organizationRole).toBe('owner');
    expect((await alice.team.members({ page: 1, pageSize: 25 })).items.map((member) => member.id)).not.toContain('usr_demo_bruno');
    await expect(alice.team.removeMember({ id: 'usr_demo_alice' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('transfers ownership: the new owner owns, the old one stays as administrator and may then leave', async () => {
    const { db, as } = await setup();
    const alice = await as('alice');
    await alice.team.transferOwnership({ id: 'usr_demo_marc' });
    const roles = await db.select({ id: users.id, role: users.organizationRole }).from(users).where(and(eq(users.organizationId, 'org_demo_acme')));
    expect(Object.fromEntries(roles.map((row) => [row.id, row.role]))).toMatchObject({ usr_demo_marc: 'owner', usr_demo_alice: 'admin' });
    const adminAlice = await as('alice');
    await expect(adminAlice.team.transferOwnership({ id: 'usr_demo_vera' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await adminAlice.team.leave();
    expect((await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, 'usr_demo_alice')))[0]!.organizationId).not.toBe('org_demo_acme');
  });

  it('refuses an invitee who is the last owner of an organisation with other members', async () => {
    const { ctx, as, invitationToken } = await setup();
    const alice = await as('alice');
    await alice.team.invite({ email: 'gabriel@globex.example', role: 'member' });
    const token = await invitationToken('gabriel@globex.example');
    await ctx.db.update(users).set({ organizationId: 'org_demo_globex', organizationRole: 'member' }).where(eq(users.username, 'vera'));
    const gabriel = await as('gabriel');
    await expect(gabriel.team.acceptInvitation({ token })).rejects.toMatchObject({ code: 'CONFLICT', message: 'You are the last owner of Globex Logistics: make another member owner before you join Acme Industries.' });
  });
});
