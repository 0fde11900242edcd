import { auditLog, customSolutionRequests, notifications } from '@kubemarket/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { callerAs, refusal, sessionUserOf, mailingTestbed } from '../../testing';

const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR_MS = 60 * 60_000;
/** The desired date is checked against the real calendar (the form's rule), so it is always ahead of today. */
const IN_100_DAYS = new Date(Date.now() + 100 * 24 * HOUR_MS).toISOString().slice(0, 10);

async function setup() {
  const { clock, ctx, db, mailer, background, as } = await mailingTestbed(NOW);
  const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt));
  const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp));
  return { clock, ctx, db, mailer, background, as, auditRows, notificationsOf };
}

const request = {
  subject: 'Confidential computing nodes',
  category: 'hardware' as const,
  description: 'We process payroll data and need worker nodes with AMD SEV-SNP memory encryption in an EU region.',
  expectedNodes: 12,
  monthlyBudgetCents: 800_000,
  desiredDate: IN_100_DAYS,
  contactPreference: 'meeting' as const,
};

describe('customSolutions.submit', () => {
  it('stores the request once for the organisation, audits it, tells staff and mails the requester', async () => {
    const { db, as, auditRows, notificationsOf, mailer, background } = await setup();
    const alice = await as('alice');
    const created = await alice.customSolutions.submit(request);
    expect(created).toMatchObject({
      ...request,
      id: expect.stringMatching(/^csr_[a-z0-9]{20}$/),
      status: 'submitted',
      staffResponse: null,
      respondedAt: null,
      scaleDetails: null,
      contactPhone: null,
      requestedBy: { id: 'usr_demo_alice', name: 'Alice Martin' },
      createdAt: NOW,
      updatedAt: NOW,
    });
    const stored = await db.select().from(customSolutionRequests).where(eq(customSolutionRequests.subject, request.subject));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: created.id, organizationId: 'org_demo_acme', requestedBy: 'usr_demo_alice', assignedTo: null });

    const [audit] = await auditRows('custom_solution.submitted');
    expect(audit).toMatchObject({ actorUserId: 'usr_demo_alice', targetType: 'custom_solution_request', targetId: created.id });
    expect(audit!.metadata).toEqual({ organizationId: 'org_demo_acme', subject: request.subject, category: 'hardware' });

    for (const staff of ['usr_demo_olivia', 'usr_demo_adam', 'usr_demo_sophie']) {
      expect((await notificationsOf(staff)).map((row) => row.message)).toEqual([`New custom solution request from Acme Industries: '${request.subject}'.`]);
    }
    expect(await notificationsOf('usr_demo_alice')).toEqual([]);

    await background.settle();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'alice@acme.example', subject: 'We received your custom solution request — KubeMarket' });
    expect(mailer.sent[0]!.text).toContain('Our solutions team replies within 2 business days.');
    expect(mailer.sent[0]!.text).toContain(`Your reference: ${created.id}.`);
    expect(mailer.sent[0]!.text).toContain('https://console.example.eu/custom-solutions');
  });

  it('refuses bad input with sentences, and stores nothing', async () => {
    const { db, as } = await setup();
    const alice = await as('alice');
    const before = await db.$count(customSolutionRequests);
    expect(await refusal(alice.customSolutions.submit({ subject: 'GPU', category: 'other', description: 'Too short', monthlyBudgetCents: 1_000_000_001 }))).toEqual({
      code: 'BAD_REQUEST',
      message:
        'subject: Subject must be at least 5 characters.; description: Please describe what you need in at least 20 characters.; monthlyBudgetCents: Monthly budget must be at most €10,000,000.',
    });
    expect(await refusal(alice.customSolutions.submit({ ...request, desiredDate: '2020-06-01' }))).toEqual({ code: 'BAD_REQUEST', message: 'desiredDate: Desired date cannot be in the past.' });
    expect(await refusal(alice.customSolutions.submit({ ...request, contactPreference: 'phone' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'contactPhone: Give a phone number so that we can call you, or choose another way to be contacted.',
    });
    expect(await db.$count(customSolutionRequests)).toBe(before);
  });

  it('is for the roles that may order: a viewer and a billing manager are refused', async () => {
    const { db, as } = await setup();
    const before = await db.$count(customSolutionRequests);
    for (const username of ['vera', 'bruno']) {
      const refused = await refusal((await as(username)).customSolutions.submit(request));
      expect(refused).toEqual({ code: 'FORBIDDEN', message: 'Your role in Acme Industries does not allow this (orders:write).' });
    }
    await expect((await as('marc')).customSolutions.submit(request)).resolves.toMatchObject({ status: 'submitted' });
    expect(await db.$count(customSolutionRequests)).toBe(before + 1);
  });

  it('accepts 10 requests a day per organisation, then says when to try again', async () => {
    const { clock, db, as } = await setup();
    const alice = await as('alice');
    for (let index = 0; index < 10; index++) await alice.customSolutions.submit({ ...request, subject: `Request number ${index}` });
    clock.advance(HOUR_MS);
    const refused = await refusal((await as('marc')).customSolutions.submit(request));
    expect(refused).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'Your organisation has sent 10 custom solution requests in the last 24 hours, the most we accept in a day. Please try again in 23 hours, or add details to a request you already sent by answering our reply.',
    });
    // Another organisation has its own allowance.
    await expect((await as('gabriel')).customSolutions.submit(request)).resolves.toMatchObject({ status: 'submitted' });
    clock.advance(23 * HOUR_MS);
    await expect(alice.customSolutions.submit(request)).resolves.toMatchObject({ status: 'submitted' });
    expect(await db.$count(customSolutionRequests, eq(customSolutionRequests.organizationId, 'org_demo_acme'))).toBe(2 + 11);
  });
});

describe('customSolutions.list and get', () => {
  it("lists the organisation's requests newest first, a page at a time, to every role", async () => {
    const { clock, as } = await setup();
    const alice = await as('alice');
    const first = await alice.customSolutions.submit({ ...request, subject: 'First new request' });
    clock.advance(1_000);
    const second = await alice.customSolutions.submit({ ...request, subject: 'Second new request' });

    const vera = await as('vera');
    const all = await vera.customSolutions.list();
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20, pageCount: 1 });
    // The two seeded Acme requests come after: the HDS one (2 h before the seed) before the GPU one (9 days).
    expect(all.items.map((item) => item.id)).toEqual([second.id, first.id, 'csr_demo_acme_hds', 'csr_demo_acme_gpu']);
    expect(all.items[3]).toMatchObject({ status: 'proposal_sent', staffResponse: expect.stringContaining('8 H100 SXM nodes'), requestedBy: { name: 'Alice Martin' } });

    const pageTwo = await vera.customSolutions.list({ page: 2, pageSize: 3 });
    expect(pageTwo).toMatchObject({ total: 4, page: 2, pageSize: 3, pageCount: 2 });
    expect(pageTwo.items.map((item) => item.id)).toEqual(['csr_demo_acme_gpu']);

    const globex = await (await as('gabriel')).customSolutions.list();
    expect(globex.items.map((item) => item.id)).toEqual(['csr_demo_globex_sap']);
    expect(await refusal(vera.customSolutions.list({ page: 0, pageSize: 500 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'page: Page must be at least 1.; pageSize: Page size must be at most 100.',
    });
  });

  it("answers another organisation's request exactly like one that does not exist", async () => {
    const { as } = await setup();
    await expect((await as('bruno')).customSolutions.get({ id: 'csr_demo_acme_gpu' })).resolves.toMatchObject({ subject: 'Dedicated H100 GPU nodes for model training' });
    const gabriel = await as('gabriel');
    const foreign = await refusal(gabriel.customSolutions.get({ id: 'csr_demo_acme_gpu' }));
    const missing = await refusal(gabriel.customSolutions.get({ id: 'csr_does_not_exist' }));
    expect(foreign).toEqual({ code: 'NOT_FOUND', message: 'This custom solution request does not exist.' });
    expect(missing).toEqual(foreign);
    // Staff read requests through the queue, not as members of their own organisation.
    expect(await refusal((await as('olivia')).customSolutions.get({ id: 'csr_demo_acme_gpu' }))).toEqual(foreign);
  });
});

describe('customSolutions staff queue', () => {
  it('is for staff sessions only: customers get 403 (audited), visitors 401, API tokens 403', async () => {
    const { ctx, db, as, auditRows } = await setup();
    const alice = await as('alice');
    expect((await refusal(alice.customSolutions.staffList())).code).toBe('FORBIDDEN');
    expect((await refusal(alice.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'closed' }))).code).toBe('FORBIDDEN');
    expect((await refusal(callerAs(ctx, null).customSolutions.staffList())).code).toBe('UNAUTHORIZED');
    const sophie = await sessionUserOf(db, 'sophie');
    const token = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: sophie, credential: { kind: 'token', tokenId: 'apt_x', scopes: ['orders:write'] } }));
    expect((await refusal(token.customSolutions.staffList())).code).toBe('FORBIDDEN');
    const [row] = await db.select().from(customSolutionRequests).where(eq(customSolutionRequests.id, 'csr_demo_acme_hds'));
    expect(row!.status).toBe('submitted');
    expect((await auditRows('security.forbidden')).map((audit) => (audit.metadata as { procedure: string }).procedure)).toEqual([
      'customSolutions.staffList',
      'customSolutions.staffUpdate',
      'customSolutions.staffList',
    ]);
  });

  it('lists every organisation with its name and requester, filters by status and words, and counts each status', async () => {
    const { as } = await setup();
    await (await as('gabriel')).customSolutions.submit({ ...request, subject: 'Sovereign 100% offline backups', category: 'managed_service' });
    const olivia = await as('olivia');
    const all = await olivia.customSolutions.staffList();
    expect(all.total).toBe(4);
    expect(all.statusCounts).toEqual({ submitted: 2, in_review: 1, proposal_sent: 1, declined: 0, closed: 0 });
    expect(all.items[0]).toMatchObject({
      subject: 'Sovereign 100% offline backups',
      organization: { id: 'org_demo_globex', name: 'Globex Logistics', billingId: 'KM-GLOBX1' },
      requestedBy: { id: 'usr_demo_gabriel', name: 'Gabriel Roux', email: 'gabriel@globex.example' },
      assignedTo: null,
    });
    expect(all.items.find((item) => item.id === 'csr_demo_globex_sap')).toMatchObject({ assignedTo: { id: 'usr_demo_adam', name: 'Adam Bernard' }, contactPhone: '+49 69 1234 5678' });

    const submitted = await olivia.customSolutions.staffList({ status: 'submitted' });
    expect(submitted.items.map((item) => item.id).sort()).toEqual([all.items[0]!.id, 'csr_demo_acme_hds'].sort());
    expect((await olivia.customSolutions.staffList({ q: 'acme' })).items.map((item) => item.id)).toEqual(['csr_demo_acme_hds', 'csr_demo_acme_gpu']);
    expect((await olivia.customSolutions.staffList({ q: 'MARC@acme' })).items.map((item) => item.id)).toEqual(['csr_demo_acme_hds']);
    expect((await olivia.customSolutions.staffList({ q: 'SAP', status: 'submitted' })).total).toBe(0);
    // % is a character to find, not a wildcard.
    expect((await olivia.customSolutions.staffList({ q: '100%' })).items.map((item) => item.subject)).toEqual(['Sovereign 100% offline backups']);
    expect((await olivia.customSolutions.staffList({ q: '1%0' })).total).toBe(0);
    const paged = await olivia.customSolutions.staffList({ page: 2, pageSize: 3 });
    expect(paged).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('answers a request: the requester is notified and mailed, the change audited, the assignment kept', async () => {
    const { clock, as, auditRows, notificationsOf, mailer, background, db } = await setup();
    clock.advance(HOUR_MS);
    const olivia = await as('olivia');
    const response = 'We can host it in fr-par-1, which holds the HDS certification. A proposal follows.';
    const updated = await olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'proposal_sent', response, assignToMe: true });
    expect(updated).toMatchObject({
      status: 'proposal_sent',
      staffResponse: response,
      respondedAt: NOW + HOUR_MS,
      updatedAt: NOW + HOUR_MS,
      assignedTo: { id: 'usr_demo_olivia', name: 'Olivia Laurent' },
      organization: { name: 'Acme Industries' },
      requestedBy: { name: 'Marc Dubois' },
    });

    const [audit] = await auditRows('custom_solution.updated');
    expect(audit).toMatchObject({ actorUserId: 'usr_demo_olivia', targetType: 'custom_solution_request', targetId: 'csr_demo_acme_hds' });
    expect(audit!.metadata).toEqual({
      organizationId: 'org_demo_acme',
      changes: {
        status: { from: 'submitted', to: 'proposal_sent' },
        staffResponse: { from: null, to: response },
        assignedTo: { from: null, to: 'usr_demo_olivia' },
      },
    });

    expect((await notificationsOf('usr_demo_marc')).map((row) => [row.type, row.message])).toEqual([
      ['success', "Your custom solution request 'HDS-certified hosting for a patient portal' is now Proposal sent."],
    ]);
    await background.settle();
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([['marc@acme.example', 'Your custom solution request is now proposal sent — KubeMarket']]);
    expect(mailer.sent[0]!.text).toContain(response);

    // The customer reads the answer.
    await expect((await as('vera')).customSolutions.get({ id: 'csr_demo_acme_hds' })).resolves.toMatchObject({ status: 'proposal_sent', staffResponse: response });

    // A new response alone says so; the same values again change nothing and tell nobody.
    await olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', response: `${response} Updated prices attached.` });
    expect((await notificationsOf('usr_demo_marc')).at(-1)!.message).toBe("Our solutions team answered your custom solution request 'HDS-certified hosting for a patient portal'.");
    await olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'proposal_sent', assignToMe: true });
    expect(await notificationsOf('usr_demo_marc')).toHaveLength(2);
    expect(await auditRows('custom_solution.updated')).toHaveLength(2);

    // Another staff member can unassign it, and take the response back without telling anyone.
    await (await as('adam')).customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', assignToMe: false, response: '' });
    const [row] = await db.select().from(customSolutionRequests).where(eq(customSolutionRequests.id, 'csr_demo_acme_hds'));
    expect(row).toMatchObject({ assignedTo: null, staffResponse: null, respondedAt: null, status: 'proposal_sent' });
    expect(await notificationsOf('usr_demo_marc')).toHaveLength(2);
  });

  it('wants a reason to decline, and says when the request does not exist', async () => {
    const { as, auditRows } = await setup();
    const olivia = await as('olivia');
    expect(await refusal(olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'declined' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Write a response telling the customer why the request is declined.',
    });
    expect(await refusal(olivia.customSolutions.staffUpdate({ id: 'csr_missing', status: 'closed' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This custom solution request does not exist.',
    });
    expect(await refusal(olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'finished' as never }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'status: Status must be one of: submitted, in_review, proposal_sent, declined, closed.',
    });
    expect(await auditRows('custom_solution.updated')).toEqual([]);
    await expect(olivia.customSolutions.staffUpdate({ id: 'csr_demo_acme_hds', status: 'declined', response: 'We cannot offer HDS hosting in 2026.' })).resolves.toMatchObject({ status: 'declined' });
  });
});
