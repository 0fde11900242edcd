import { auditLog, clusterOperations, clusters, invoices, notifications, orders, organizations, type InvoiceStatus, type OperationStep } from '@kubemarket/db';
import type { inferRouterInputs } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../root';
import { backgroundQueue, callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../test-utils';
import { monthStartOf } from './service';

type OrderInput = inferRouterInputs<AppRouter>['orders']['create'];

const NOW = Date.UTC(2026, 10, 23, 12);

async function setup() {
  const mailer = memoryMailer();
  const queue = backgroundQueue();
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { mailer, background: queue.background, clock }, request: { appUrl: 'https://console.example.eu' } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const mailTo = async (to: string) => {
    await queue.settle();
    return mailer.sent.filter((message) => message.to === to);
  };
  return { ctx, db, as, mailTo, clock };
}

/** An issued monthly invoice, as the invoicing cron writes it (only what the staff page reads matters here). */
async function issueInvoice(db: Awaited<ReturnType<typeof setup>>['db'], values: { id: string; organizationId: string; number: string; status: InvoiceStatus; totalCents: number; issuedAt: number }) {
  await db.insert(invoices).values({
    ...values,
    kind: 'invoice',
    periodStart: values.issuedAt - 30 * 86_400_000,
    periodEnd: values.issuedAt,
    billing: { companyName: 'Test', billingId: null, vatNumber: null, addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', countryCode: 'FR' },
    subtotalCents: values.totalCents,
    taxableCents: values.totalCents,
    vatRateBasisPoints: 0,
    taxCents: 0,
    dueAt: values.issuedAt + 14 * 86_400_000,
    createdAt: values.issuedAt,
    updatedAt: values.issuedAt,
  });
}

let keys = 0;
const order = (): OrderInput => ({
  idempotencyKey: `staff-orgs-${(keys += 1)}`,
  lines: [{ kind: 'cluster', name: `suspension-${keys}`, tierId: 'tier_economy', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 2 }] }],
  billing: { companyName: 'Acme Industries', countryCode: 'FR', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris' },
});

describe('staff organisations: search and an organisation’s page', () => {
  it('searches by name or billing id and filters by status and overdue, paginated on the server', async () => {
    const { db, as } = await setup();
    const olivia = await as('olivia');
    const all = await olivia.staffOrganizations.list({ page: 1, pageSize: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.total).toBe((await db.select().from(organizations)).length);
    expect((await olivia.staffOrganizations.list({ q: 'km-acme', page: 1, pageSize: 10 })).items.map((row) => row.id)).toEqual(['org_demo_acme']);
    expect((await olivia.staffOrganizations.list({ status: 'pending', page: 1, pageSize: 10 })).items.map((row) => row.id)).toEqual(['org_demo_initech']);
    // % is a character to look for, not a wildcard.
    expect((await olivia.staffOrganizations.list({ q: '%', page: 1, pageSize: 10 })).total).toBe(0);

    await db.update(organizations).set({ overdueSince: NOW - 86_400_000 }).where(eq(organizations.id, 'org_demo_globex'));
    const overdue = await olivia.staffOrganizations.list({ overdue: true, page: 1, pageSize: 10 });
    expect(overdue.items).toEqual([expect.objectContaining({ id: 'org_demo_globex', overdueSince: NOW - 86_400_000 })]);
  });

  it('shows members, clusters, orders, invoices, tickets, the support plan and the settings staff control', async () => {
    const { db, as } = await setup();
    await issueInvoice(db, { id: 'inv_staff_acme_oct', organizationId: 'org_demo_acme', number: 'KM-2026-000101', status: 'paid', totalCents: 12_000, issuedAt: Date.UTC(2026, 9, 1) });
    await issueInvoice(db, { id: 'inv_staff_acme_nov', organizationId: 'org_demo_acme', number: 'KM-2026-000202', status: 'due', totalCents: 34_500, issuedAt: Date.UTC(2026, 10, 1) });
    await issueInvoice(db, { id: 'inv_staff_globex_nov', organizationId: 'org_demo_globex', number: 'KM-2026-000203', status: 'overdue', totalCents: 9_900, issuedAt: Date.UTC(2026, 10, 1) });
    const acme = await (await as('olivia')).staffOrganizations.get({ id: 'org_demo_acme' });
    expect(acme).toMatchObject({ id: 'org_demo_acme', name: 'Acme Industries', status: 'active', invoicingAllowed: false, maxClusters: 20, maxNodes: 200, supportPlan: { id: 'support_business', name: 'Business' } });
    expect(acme.memberList.map((member) => member.email)).toEqual(expect.arrayContaining(['alice@acme.example', 'vera@acme.example']));
    expect(acme.clusterList.map((cluster) => cluster.id)).toEqual(expect.arrayContaining(['clu_demo_webshop', 'clu_demo_analytics']));
    expect(acme.orderList.map((row) => row.id)).toContain('ord_demo_postgres');
    expect(acme.ticketList.map((ticket) => ticket.id)).toContain('tkt_demo_acme_invoice');
    // Its invoices, newest first; another organisation's are not there.
    expect(acme.invoiceList).toEqual([
      { id: 'inv_staff_acme_nov', number: 'KM-2026-000202', status: 'due', totalCents: 34_500, dueAt: Date.UTC(2026, 10, 15), issuedAt: Date.UTC(2026, 10, 1) },
      { id: 'inv_staff_acme_oct', number: 'KM-2026-000101', status: 'paid', totalCents: 12_000, dueAt: Date.UTC(2026, 9, 15), issuedAt: Date.UTC(2026, 9, 1) },
    ]);
    // Acme pays by card: no credit limit; what it owes is its unpaid invoice.
    expect(acme).toMatchObject({ creditLimitCents: null, outstandingCents: 34_500 });
    expect(acme.nodesInUse).toBeGreaterThan(0);
    await expect((await as('olivia')).staffOrganizations.get({ id: 'org_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('staff organisations: suspension', () => {
  it('suspends with a reason: new orders are refused, clusters keep running, the owner is told; reinstating lets it order again', async () => {
    const { db, as, mailTo, clock } = await setup();
    const alice = await as('alice');
    await expect((await as('olivia')).staffOrganizations.suspend({ id: 'org_demo_acme', reason: 'Unpaid invoices since March.' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const adam = await as('adam');
    await expect(adam.staffOrganizations.suspend({ id: 'org_demo_acme', reason: 'Unpaid invoices since March.' })).resolves.toEqual({ id: 'org_demo_acme', status: 'suspended' });
    await expect(alice.orders.create(order())).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your organisation is suspended, so it cannot order or pay. Contact our support team to find out why and to restore it.',
    });
    const running = await db.select({ status: clusters.status }).from(clusters).where(eq(clusters.id, 'clu_demo_webshop'));
    expect(running).toEqual([{ status: 'running' }]);
    expect((await mailTo('alice@acme.example')).map((mail) => mail.subject)).toContain('Acme Industries is suspended');
    const told = await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, 'usr_demo_alice'));
    expect(told.map((row) => row.message)).toContain('Acme Industries is suspended: new orders and payments are refused; your clusters keep running. Reason: Unpaid invoices since March.');
    await expect(adam.staffOrganizations.suspend({ id: 'org_demo_acme', reason: 'Twice is once too many.' })).rejects.toMatchObject({ code: 'CONFLICT' });

    clock.advance(60_000);
    await adam.staffOrganizations.reinstate({ id: 'org_demo_acme', reason: 'Paid in full on 23 November.' });
    await expect(alice.orders.create(order())).resolves.toMatchObject({ status: 'pending' });
    const history = (await adam.staffOrganizations.get({ id: 'org_demo_acme' })).statusHistory;
    expect(history.map((entry) => [entry.action, entry.reason, entry.actorName])).toEqual([
      ['organization.reinstated', 'Paid in full on 23 November.', 'Adam Bernard'],
      ['organization.suspended', 'Unpaid invoices since March.', 'Adam Bernard'],
    ]);
    // The customer's own activity log shows what staff did to the organisation.
    expect((await alice.activity.list({ action: 'organization', page: 1, pageSize: 10 })).items.map((entry) => entry.action)).toEqual(['organization.reinstated', 'organization.suspended']);
  });

  it('asks for a reason, and sends a pending organisation to approval rather than reinstating it', async () => {
    const { as } = await setup();
    const adam = await as('adam');
    await expect(adam.staffOrganizations.suspend({ id: 'org_demo_acme', reason: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(adam.staffOrganizations.reinstate({ id: 'org_demo_initech', reason: 'Looks fine to me.' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'Initech Cloud awaits approval: approve its registration instead.' });
  });
});

describe('staff organisations: settings', () => {
  it('changes invoice payment and quotas with a reason, audited with what it was before', async () => {
    const { db, as } = await setup();
    const adam = await as('adam');
    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_acme', invoicingAllowed: true, maxClusters: 30, reason: 'Framework contract signed.' })).resolves.toEqual({
      id: 'org_demo_acme',
      invoicingAllowed: true,
      maxClusters: 30,
      maxNodes: 200,
      creditLimitCents: null,
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'organization.settings_changed'));
    expect(entry).toMatchObject({ actorUserId: 'usr_demo_adam', organizationId: 'org_demo_acme', metadata: { reason: 'Framework contract signed.', before: { invoicingAllowed: false, maxClusters: 20 }, after: { invoicingAllowed: true, maxClusters: 30 } } });
    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_acme', reason: 'Nothing at all.' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Change at least one setting.') });
    await expect((await as('olivia')).staffOrganizations.updateSettings({ id: 'org_demo_acme', maxNodes: 10, reason: 'Officers may not.' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sets, changes and removes the credit limit, validated, audited and shown on the page; only administrators may', async () => {
    const { db, as } = await setup();
    const adam = await as('adam');
    const settings = { id: 'org_demo_globex', maxClusters: 20, maxNodes: 200, invoicingAllowed: true };
    // Seeded: Globex pays by bank transfer and may owe €20,000.
    expect(await adam.staffOrganizations.get({ id: 'org_demo_globex' })).toMatchObject({ invoicingAllowed: true, creditLimitCents: 2_000_000, outstandingCents: 0 });

    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: 500_000, reason: 'Lowered after the late October payment.' })).resolves.toEqual({ ...settings, creditLimitCents: 500_000 });
    const audited = async () =>
      (await db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.settings_changed'), eq(auditLog.targetId, 'org_demo_globex')))).map((entry) => [entry.actorUserId, entry.organizationId, entry.metadata]);
    expect(await audited()).toEqual([['usr_demo_adam', 'org_demo_globex', { reason: 'Lowered after the late October payment.', before: { creditLimitCents: 2_000_000 }, after: { creditLimitCents: 500_000 } }]]);
    const page = await adam.staffOrganizations.get({ id: 'org_demo_globex' });
    expect(page.creditLimitCents).toBe(500_000);
    expect(page.statusHistory[0]).toMatchObject({ action: 'organization.settings_changed', reason: 'Lowered after the late October payment.', actorName: 'Adam Bernard' });

    // Validation: whole cents, never negative, at most €10,000,000; each refused with its reason and nothing written.
    for (const [creditLimitCents, message] of [
      [-1, 'Credit limit cannot be negative.'],
      [10.5, 'Credit limit must be a whole number of euro cents.'],
      [1_000_000_001, 'Credit limit must be at most €10,000,000 (1000000000 cents).'],
      ['5000' as unknown as number, 'Credit limit must be an amount in euro cents, or null for no limit.'],
    ] as const) {
      await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents, reason: 'Testing the bounds.' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    }
    expect(await audited()).toHaveLength(1);
    // Zero is a limit (nothing on credit); the same value again changes nothing and is not audited.
    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: 0, reason: 'Card only until the dispute ends.' })).resolves.toMatchObject({ creditLimitCents: 0 });
    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: 0, reason: 'Clicked twice.' })).resolves.toMatchObject({ creditLimitCents: 0 });
    expect(await audited()).toHaveLength(2);
    // null removes the limit, and a credit limit alone is a change.
    await expect(adam.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: null, reason: 'Framework contract with a bank guarantee.' })).resolves.toEqual({ ...settings, creditLimitCents: null });
    expect((await audited()).at(-1)).toEqual(['usr_demo_adam', 'org_demo_globex', { reason: 'Framework contract with a bank guarantee.', before: { creditLimitCents: 0 }, after: { creditLimitCents: null } }]);

    // Officers read the limit but may not change it; customers reach neither.
    const olivia = await as('olivia');
    expect((await olivia.staffOrganizations.get({ id: 'org_demo_globex' })).creditLimitCents).toBeNull();
    await expect(olivia.staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: 100, reason: 'Officers may not.' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await as('gabriel')).staffOrganizations.updateSettings({ id: 'org_demo_globex', creditLimitCents: null, reason: 'Let me owe more.' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await as('gabriel')).staffOrganizations.get({ id: 'org_demo_globex' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await db.select({ limit: organizations.creditLimitCents }).from(organizations).where(eq(organizations.id, 'org_demo_globex')))[0]!.limit).toBeNull();
    expect(await audited()).toHaveLength(3);
  });
});

describe('staff: what customers run', () => {
  it('lists clusters across organisations with their failed operation, and retries it through the engine', async () => {
    const { db, as } = await setup();
    const failed: OperationStep = { key: 'health', label: 'Running health checks', status: 'failed', detail: null, estimateMs: 10_000, startedAt: NOW - 20_000, finishedAt: NOW - 10_000, attempts: 3, error: 'The cluster DNS did not answer.' };
    await db.update(clusters).set({ status: 'failed' }).where(eq(clusters.id, 'clu_demo_staging'));
    await db.insert(clusterOperations).values({ id: 'cop_staff_retry', clusterId: 'clu_demo_staging', organizationId: 'org_demo_acme', type: 'provision', status: 'failed', params: {}, steps: [failed], error: failed.error, revision: 3, createdAt: NOW, updatedAt: NOW, finishedAt: NOW });
    const olivia = await as('olivia');
    const page = await olivia.staffOrganizations.clusters({ status: 'failed', page: 1, pageSize: 10 });
    expect(page.items).toEqual([expect.objectContaining({ id: 'clu_demo_staging', organizationName: 'Acme Industries', failedOperation: { id: 'cop_staff_retry', type: 'provision', error: 'The cluster DNS did not answer.' } })]);
    expect((await olivia.staffOrganizations.attention()).failedProvisionings).toBe(1);

    await expect(olivia.staffOrganizations.retryCluster({ clusterId: 'clu_demo_staging' })).resolves.toEqual({ clusterId: 'clu_demo_staging', operationId: 'cop_staff_retry', status: 'running' });
    expect((await db.select({ status: clusters.status }).from(clusters).where(eq(clusters.id, 'clu_demo_staging')))[0]!.status).toBe('provisioning');
    expect(await db.select({ organizationId: auditLog.organizationId }).from(auditLog).where(and(eq(auditLog.action, 'cluster.operation_retried'), eq(auditLog.actorUserId, 'usr_demo_olivia')))).toEqual([{ organizationId: 'org_demo_acme' }]);
    await expect(olivia.staffOrganizations.retryCluster({ clusterId: 'clu_demo_staging' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(olivia.staffOrganizations.retryCluster({ clusterId: 'clu_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists add-ons, middlewares and support plans of every organisation', async () => {
    const { as } = await setup();
    const olivia = await as('olivia');
    const addons = await olivia.staffOrganizations.addons({ page: 1, pageSize: 100 });
    expect(addons.total).toBeGreaterThan(0);
    expect(addons.items.every((row) => row.organizationName.length > 0)).toBe(true);
    const middlewares = await olivia.staffOrganizations.middlewares({ page: 1, pageSize: 10 });
    expect(middlewares.items.map((row) => [row.orderId, row.productName, row.planName])).toContainEqual(['ord_demo_postgres', 'PostgreSQL', 'Business HA']);
    // Cancelled orders are not something a customer runs.
    expect(middlewares.items.map((row) => row.orderId)).not.toContain('ord_demo_valkey_cancelled');
    const support = await olivia.staffOrganizations.supportPlans({ q: 'acme', page: 1, pageSize: 10 });
    expect(support.items.map((row) => [row.orderId, row.planName])).toContainEqual(['ord_demo_support', 'Business']);
  });
});

describe('staff: what needs attention', () => {
  it('counts pending registrations, promotion requests, overdue organisations and the platform figures', async () => {
    const { db, as } = await setup();
    await db.update(organizations).set({ overdueSince: NOW - 1 }).where(eq(organizations.id, 'org_demo_globex'));
    const figures = await (await as('olivia')).staffOrganizations.attention();
    expect(figures).toMatchObject({ pendingRegistrations: 1, promotionRequests: 1, overdueOrganizations: 1, monthStart: Date.UTC(2026, 10, 1) });
    expect(figures.organizationsByStatus).toMatchObject({ active: 3, pending: 1 });
    expect(figures.clustersByStatus.running).toBeGreaterThan(0);
    expect(figures.ticketsDue + figures.ticketsBreached).toBeGreaterThan(0);
  });

  it('counts this month’s revenue from orders paid by card and paid invoices, not last month’s', async () => {
    const { db, as } = await setup();
    const olivia = await as('olivia');
    const lastMonth = Date.UTC(2026, 9, 31, 23);
    await db.update(orders).set({ paidAt: lastMonth }).where(inArray(orders.id, ['ord_demo_postgres', 'ord_demo_support']));
    const before = (await olivia.staffOrganizations.attention()).revenueThisMonthCents;
    const [postgres] = await db.update(orders).set({ paidAt: NOW - 60_000 }).where(eq(orders.id, 'ord_demo_postgres')).returning({ totalCents: orders.totalCents, paymentMethod: orders.paymentMethod });
    expect(postgres!.paymentMethod).toBe('card');
    const after = (await olivia.staffOrganizations.attention()).revenueThisMonthCents;
    expect(after - before).toBe(postgres!.totalCents);
  });

  it('starts the month on the first at midnight UTC', () => {
    expect(monthStartOf(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(Date.UTC(2026, 0, 1));
    expect(monthStartOf(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe(Date.UTC(2026, 11, 1));
  });
});
