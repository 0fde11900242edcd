/**
 * Issue 29: team invitations are limited per organisation and per recipient, also when fired in
 * parallel (Promise.all), and their subject carries no text a customer typed. Effects are counted
 * where they land: invitation rows, audit rows and mail handed to the mailer.
 */
import { auditLog, organizations, teamInvitations, users } from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { mailingTestbed } from '../../testing';
import { invitationSubject } from './service';

const NOW = Date.UTC(2026, 10, 23, 12);
const PHISHING = 'Billing: your account is suspended, verify at https://kubemarket-billing.example';

async function setup() {
  const { ctx, db, clock, mailer, background: queue, as } = await mailingTestbed(NOW);
  const invitationsOf = async (organizationId: string) => (await db.select({ id: teamInvitations.id }).from(teamInvitations).where(eq(teamInvitations.organizationId, organizationId))).length;
  const audited = async (organizationId: string) => (await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, 'team.member_invited'), eq(auditLog.organizationId, organizationId)))).length;
  return { ctx, db, as, clock, mailer, queue, invitationsOf, audited };
}

type Settled = PromiseSettledResult<unknown>;
const tally = (results: Settled[]) =>
  results.reduce<Record<string, number>>((acc, result) => {
    const code = result.status === 'fulfilled' ? 'OK' : ((result.reason as { code?: string }).code ?? 'ERROR');
    return { ...acc, [code]: (acc[code] ?? 0) + 1 };
  }, {});

describe.each([10, 50])('%i parallel invitations', (n) => {
  it(`from one organisation to different people: at most ${RATE_LIMITS.invitationsPerOrganization.limit} a day`, async () => {
    const { as, mailer, queue, invitationsOf, audited, clock } = await setup();
    const alice = await as('alice');
    const [rowsBefore, auditsBefore] = [await invitationsOf('org_demo_acme'), await audited('org_demo_acme')];
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => alice.team.invite({ email: `person${i}@example.com`, role: 'member' })));
    const limit = RATE_LIMITS.invitationsPerOrganization.limit;
    const sent = Math.min(n, limit);
    expect(tally(results)).toEqual(n > limit ? { OK: limit, TOO_MANY_REQUESTS: n - limit } : { OK: n });
    await queue.settle();
    expect(mailer.sent).toHaveLength(sent);
    expect(await invitationsOf('org_demo_acme')).toBe(rowsBefore + sent);
    expect(await audited('org_demo_acme')).toBe(auditsBefore + sent);
    if (n > limit) {
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as Error).message).toMatch(/^Your organisation has sent 20 invitations in the last 24 hours, the most we send in a day\. Try again in \d+ hours?\.$/);
      // A day later the organisation may invite again.
      clock.advance(RATE_LIMITS.invitationsPerOrganization.windowMs);
      await expect(alice.team.invite({ email: 'later@example.com', role: 'member' })).resolves.toMatchObject({ email: 'later@example.com' });
    }
  });

  it(`to one person from several organisations: at most ${RATE_LIMITS.invitationsPerRecipient.limit} a day`, async () => {
    const { as, mailer, queue, db } = await setup();
    const inviters = [await as('alice'), await as('gabriel')];
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => inviters[i % 2]!.team.invite({ email: 'target@example.com', role: 'viewer' })));
    const limit = RATE_LIMITS.invitationsPerRecipient.limit;
    expect(tally(results)).toEqual({ OK: limit, TOO_MANY_REQUESTS: n - limit });
    await queue.settle();
    expect(mailer.sent.filter((mail) => mail.to === 'target@example.com')).toHaveLength(limit);
    expect(await db.select({ id: teamInvitations.id }).from(teamInvitations).where(eq(teamInvitations.email, 'target@example.com'))).toHaveLength(limit);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toMatch(/^target@example\.com has received 3 invitations in the last 24 hours\. Try again in \d+ hours?\.$/);
  });
});

describe('invitation subject', () => {
  it('never carries the inviter’s name, and names the organisation only once staff approved it', async () => {
    const { as, db, mailer, queue } = await setup();
    await db.update(users).set({ name: PHISHING }).where(eq(users.username, 'alice'));
    await (await as('alice')).team.invite({ email: 'nina@example.com', role: 'member' });
    // Pauline's Initech Cloud awaits approval: its name is not staff-approved yet.
    await (await as('pauline')).team.invite({ email: 'omar@example.com', role: 'member' });
    await queue.settle();
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['nina@example.com', 'Invitation to join Acme Industries on KubeMarket'],
      ['omar@example.com', 'Invitation to join a team on KubeMarket'],
    ]);
    for (const mail of mailer.sent) expect(mail.subject).not.toMatch(/Billing|https?:|suspended/);
  });

  it('keeps a suspended or renamed-by-hand organisation out of the subject, and strips line breaks', async () => {
    const { db } = await setup();
    const [acme] = await db.select({ name: organizations.name, status: organizations.status }).from(organizations).where(eq(organizations.id, 'org_demo_acme'));
    expect(invitationSubject(acme)).toBe('Invitation to join Acme Industries on KubeMarket');
    expect(invitationSubject({ name: 'Acme', status: 'suspended' })).toBe('Invitation to join a team on KubeMarket');
    expect(invitationSubject({ name: 'Acme\r\nBcc: all@example.com', status: 'active' })).toBe('Invitation to join Acme Bcc: all@example.com on KubeMarket');
    expect(invitationSubject(undefined)).toBe('Invitation to join a team on KubeMarket');
  });
});
