import { auditLog, clusterOperations, clusters, invoices, notifications, orderEvents, orders, organizations, payments, users, type InvoiceStatus, type OperationStep } from '@kubemarket/db';
import type { inferRouterInputs } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { utcMonthStart } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../root';
import { mailingTestbed } from '../../testing';
import { draftInvoice, previousMonth } from '../invoices';

type OrderInput = inferRouterInputs<AppRouter>['orders']['create'];

const NOW = Date.UTC(2026, 10, 23, 12);

async function setup() {
  const { ctx, db, clock, as, mailTo } = await mailingTestbed(NOW);
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
    // Each row counts the organisation's own members (people: not its service accounts) and live clusters (they all read 0 once).
    const acmeMembers = await db.$count(users, and(eq(users.organizationId, 'org_demo_acme'), eq(users.kind, 'person')));
    const acmeClusters = await db.$count(clusters, and(eq(clusters.organizationId, 'org_demo_acme'), ne(clusters.status, 'deleted')));
    expect(acmeMembers).toBeGreaterThanOrEqual(4);
    expect(acmeClusters).toBeGreaterThanOrEqual(3);
    const rows = (await olivia.staffOrganizations.list({ page: 1, pageSize: 50 })).items;
    expect(rows.find((row) => row.id === 'org_demo_acme')).toMatchObject({ members: acmeMembers, clusters: acmeClusters });
    expect(rows.find((row) => row.id === 'org_demo_globex')).toMatchObject({ members: await db.$count(users, and(eq(users.organizationId, 'org_demo_globex'), eq(users.kind, 'person'))), clusters: 0 });
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
    expect(acme.members).toBe(await db.$count(users, and(eq(users.organizationId, 'org_demo_acme'), eq(users.kind, 'person'))));
    expect(acme.memberList.map((member) => member.name)).not.toContain('GitLab CI');
    expect(acme.clusters).toBe(await db.$count(clusters, and(eq(clusters.organizationId, 'org_demo_acme'), ne(clusters.status, 'deleted'))));
    expect(acme.members).toBeGreaterThanOrEqual(4);
    expect(acme.orderList.map((row) => row.id)).toContain('ord_demo_postgres');
    expect(acme.ticketList.map((ticket) => ticket.id)).toContain('tkt_demo_acme_invoice');
    // Its invoices, newest first; another organisation's are not there.
    expect(acme.invoiceList).toEqual([
      { id: 'inv_staff_acme_nov', kind: 'invoice', number: 'KM-2026-000202', status: 'due', totalCents: 34_500, receivedCents: 0, paymentReference: null, dueAt: Date.UTC(2026, 10, 15), issuedAt: Date.UTC(2026, 10, 1), corrected: false },
      { id: 'inv_staff_acme_oct', kind: 'invoice', number: 'KM-2026-000101', status: 'paid', totalCents: 12_000, receivedCents: 0, paymentReference: null, dueAt: Date.UTC(2026, 9, 15), issuedAt: Date.UTC(2026, 9, 1), corrected: false },
    ]);
    // The billing profile its orders are taxed by, with its VAT number's check.
    expect(acme.billing).toMatchObject({ profile: { countryCode: 'FR', vatNumber: 'FR40303265045' }, vatCheck: { valid: true }, treatment: 'France (FR) VAT at 20% is invoiced.' });
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

  it('counts this month’s revenue from what invoices received this month (an order paid by card included), not last month’s', async () => {
    const { db, as } = await setup();
    const olivia = await as('olivia');
    const before = (await olivia.staffOrganizations.attention()).revenueThisMonthCents;
    // Gabriel pays a support plan by card: its invoice is issued paid, now (issue 30: every charge has its invoice).
    const gabriel = await as('gabriel');
    const placed = await gabriel.orders.create({
      idempotencyKey: 'revenue-order',
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
    });
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Gabriel Roux' };
    await expect(gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: 'revenue-pay', method: { kind: 'card', card } })).resolves.toMatchObject({ result: 'succeeded' });
    const after = (await olivia.staffOrganizations.attention()).revenueThisMonthCents;
    expect(after - before).toBe(placed.totalCents);
    // The same invoice paid last month is last month's revenue.
    await db.update(invoices).set({ paidAt: Date.UTC(2026, 9, 31, 23) }).where(eq(invoices.orderId, placed.id));
    expect((await olivia.staffOrganizations.attention()).revenueThisMonthCents).toBe(before);
  });

  it('starts the month on the first at midnight UTC', () => {
    expect(utcMonthStart(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(Date.UTC(2026, 0, 1));
    expect(utcMonthStart(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe(Date.UTC(2026, 11, 1));
  });
});

describe('staff organisations: bank transfers received', () => {
  const DAY = 86_400_000;
  const GLOBEX = 'org_demo_globex';
  let transferKeys = 0;

  /** Globex orders a support plan and confirms it by bank transfer: delivered now, its transfer awaited. */
  async function confirmedByTransfer(gabriel: Awaited<ReturnType<Awaited<ReturnType<typeof setup>>['as']>>) {
    const placed = await gabriel.orders.create({
      idempotencyKey: `transfer-order-${(transferKeys += 1)}`,
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
    });
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: `transfer-pay-${transferKeys}`, method: { kind: 'bank_transfer' } });
    expect(paid.result).toBe('invoiced');
    return { orderId: placed.id, paymentId: paid.paymentId, totalCents: paid.order.totalCents };
  }

  async function transferSetup() {
    const base = await setup();
    // Besides its owner, Globex has a billing manager (told) and a viewer (not told).
    for (const [id, role] of [['usr_globex_billing', 'billing'], ['usr_globex_viewer', 'viewer']] as const) {
      await base.db.insert(users).values({ id, organizationId: GLOBEX, username: id, email: `${role}@globex.example`, name: `Globex ${role}`, organizationRole: role, createdAt: NOW, updatedAt: NOW });
    }
    return { ...base, gabriel: await base.as('gabriel'), adam: await base.as('adam') };
  }

  const transferAudits = (db: Awaited<ReturnType<typeof setup>>['db']) => db.select().from(auditLog).where(eq(auditLog.action, 'staff.bank_transfer_recorded'));

  it('records a transfer received: the payment succeeds, what Globex owes drops, audited, its billing members told, and a transfer refused over the limit now passes', async () => {
    const { db, as, gabriel, adam, mailTo } = await transferSetup();
    const first = await confirmedByTransfer(gabriel);
    const total = first.totalCents;
    // Staff allow Globex two support plans on credit.
    await db.update(organizations).set({ creditLimitCents: 2 * total }).where(eq(organizations.id, GLOBEX));
    const second = await confirmedByTransfer(gabriel);
    const thirdOrder = await gabriel.orders.create({
      idempotencyKey: 'transfer-order-over-limit',
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
    });
    const byTransfer = (key: string) => gabriel.orders.pay({ id: thirdOrder.id, paymentIdempotencyKey: key, method: { kind: 'bank_transfer' } });
    await expect(byTransfer('transfer-over-limit-1')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('would take your organisation over its credit limit') });

    // The organisation page lists both transfers awaited, the soonest due first.
    const before = await adam.staffOrganizations.get({ id: GLOBEX });
    expect(before.outstandingCents).toBe(2 * total);
    expect(before.awaitingTransfers).toEqual([
      { paymentId: first.paymentId, orderId: first.orderId, orderSummary: 'Support: Business', amountCents: total, confirmedAt: NOW, dueAt: NOW + 30 * DAY, overdue: false },
      { paymentId: second.paymentId, orderId: second.orderId, orderSummary: 'Support: Business', amountCents: total, confirmedAt: NOW, dueAt: NOW + 30 * DAY, overdue: false },
    ]);
    const revenueBefore = (await adam.staffOrganizations.attention()).revenueThisMonthCents;

    const recorded = await adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId: first.paymentId, reference: '  BNP-2026-11-0042 ', receivedOn: '2026-11-23' });
    expect(recorded).toEqual({
      paymentId: first.paymentId,
      orderId: first.orderId,
      organizationId: GLOBEX,
      status: 'succeeded',
      amountCents: total,
      reference: 'BNP-2026-11-0042',
      receivedAt: Date.UTC(2026, 10, 23),
      outstandingCents: total,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, first.paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', succeededAt: Date.UTC(2026, 10, 23), transferReference: 'BNP-2026-11-0042', updatedAt: NOW, dueAt: NOW + 30 * DAY });

    // What Globex owes dropped by the transfer: the page shows one transfer left, and the refused transfer now passes.
    const after = await adam.staffOrganizations.get({ id: GLOBEX });
    expect(after.outstandingCents).toBe(total);
    expect(after.awaitingTransfers.map((transfer) => transfer.paymentId)).toEqual([second.paymentId]);
    await expect(byTransfer('transfer-over-limit-2')).resolves.toMatchObject({ result: 'invoiced' });
    expect((await adam.staffOrganizations.get({ id: GLOBEX })).outstandingCents).toBe(2 * total);
    // Money received this month is this month's revenue.
    expect((await adam.staffOrganizations.attention()).revenueThisMonthCents - revenueBefore).toBe(total);

    // Audited in Globex's log: the administrator, the payment, its order, amount and reference.
    expect(await transferAudits(db)).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_adam',
        organizationId: GLOBEX,
        targetType: 'payment',
        targetId: first.paymentId,
        metadata: { orderId: first.orderId, amountCents: total, reference: 'BNP-2026-11-0042', receivedOn: '2026-11-23', dueAt: NOW + 30 * DAY },
      }),
    ]);
    expect((await gabriel.activity.list({ action: 'staff.bank_transfer_recorded', page: 1, pageSize: 10 })).items.map((entry) => entry.action)).toEqual(['staff.bank_transfer_recorded']);

    // The owner and the billing manager are notified and emailed; the viewer is not.
    const amount = `€${(total / 100).toFixed(2)}`;
    const message = `We received your bank transfer of ${amount} for Support: Business (reference BNP-2026-11-0042, 2026-11-23). Thank you: the order is paid.`;
    for (const [userId, email] of [['usr_demo_gabriel', 'gabriel@globex.example'], ['usr_globex_billing', 'billing@globex.example']] as const) {
      const told = await db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));
      expect(told.map((row) => row.message)).toContain(message);
      const mails = (await mailTo(email)).filter((mail) => mail.subject.startsWith('Bank transfer received'));
      expect(mails.map((mail) => mail.subject)).toEqual([`Bank transfer received: ${amount} for Support: Business — KubeMarket`]);
      expect(mails[0]!.text).toContain(`https://console.example.eu/order-status/${first.orderId}`);
      expect(mails[0]!.text).toContain('reference BNP-2026-11-0042');
    }
    expect(await db.$count(notifications, eq(notifications.userId, 'usr_globex_viewer'))).toBe(0);
    expect(await mailTo('viewer@globex.example')).toEqual([]);

    // The customer sees the payment received on the order's page, and its timeline says so; the order itself is unchanged.
    const seen = await gabriel.orders.get({ id: first.orderId });
    expect(seen).toMatchObject({ status: 'completed', paymentMethod: 'bank_transfer', paidAt: null });
    expect(seen.payments).toEqual([expect.objectContaining({ provider: 'bank_transfer', status: 'succeeded', succeededAt: Date.UTC(2026, 10, 23), transferReference: 'BNP-2026-11-0042' })]);
    expect(seen.events.at(-1)).toMatchObject({ type: 'transfer_received', message: `Bank transfer of ${amount} received on 2026-11-23 (reference BNP-2026-11-0042). The order is paid.`, paymentId: first.paymentId, amountCents: total });
    // Officers read what is awaited (the second order and the one just confirmed) without recording it.
    expect((await (await as('olivia')).staffOrganizations.get({ id: GLOBEX })).awaitingTransfers.map((transfer) => transfer.paymentId)).toHaveLength(2);
  });

  it('is recorded once: a repeat, or two at once, is a 409 saying when and with which reference, and changes nothing', async () => {
    const { db, gabriel, adam, as, mailTo } = await transferSetup();
    const { paymentId } = await confirmedByTransfer(gabriel);
    await adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-1' });
    const conflict = { code: 'CONFLICT', message: 'This bank transfer was already recorded as received on 2026-11-23 with the reference BNP-1. Nothing was changed.' };
    await expect(adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-1' })).rejects.toMatchObject(conflict);
    await expect((await as('sophie')).staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'OTHER-2', receivedOn: '2026-11-23' })).rejects.toMatchObject(conflict);
    expect(await transferAudits(db)).toHaveLength(1);
    expect(await db.$count(orderEvents, eq(orderEvents.type, 'transfer_received'))).toBe(1);
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: 'succeeded', transferReference: 'BNP-1', succeededAt: NOW });
    expect((await mailTo('gabriel@globex.example')).filter((mail) => mail.subject.startsWith('Bank transfer received'))).toHaveLength(1);

    // Two administrators at the same moment: one records it, the other is told it was.
    const raced = await confirmedByTransfer(gabriel);
    const outcomes = await Promise.allSettled([
      adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId: raced.paymentId, reference: 'RACE-A' }),
      (await as('sophie')).staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId: raced.paymentId, reference: 'RACE-B' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual([expect.objectContaining({ code: 'CONFLICT' })]);
    expect((await transferAudits(db)).filter((entry) => entry.targetId === raced.paymentId)).toHaveLength(1);
    expect(await db.$count(orderEvents, and(eq(orderEvents.type, 'transfer_received'), eq(orderEvents.paymentId, raced.paymentId)))).toBe(1);

    // The loser of a race read the payment still awaited (simulated here): the one event per payment refuses its whole write.
    await db.update(payments).set({ status: 'processing' }).where(eq(payments.id, raced.paymentId));
    await expect(adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId: raced.paymentId, reference: 'RACE-C' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^This bank transfer was already recorded as received on 2026-11-23 with the reference RACE-[AB]\. Nothing was changed\.$/),
    });
    expect((await transferAudits(db)).filter((entry) => entry.targetId === raced.paymentId)).toHaveLength(1);
    expect((await db.select({ reference: payments.transferReference }).from(payments).where(eq(payments.id, raced.paymentId)))[0]!.reference).not.toBe('RACE-C');
  });

  it('refuses what is not an awaited transfer: 404 for an unknown or another organisation’s payment, 400 for a card payment, a failed one or bad input', async () => {
    const { db, gabriel, adam, as } = await transferSetup();
    const { paymentId, orderId } = await confirmedByTransfer(gabriel);
    const record = (input: Partial<Parameters<typeof adam.staffOrganizations.recordBankTransfer>[0]>) =>
      adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-9', ...input });

    await expect(record({ organizationId: 'org_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This organisation does not exist.' });
    await expect(record({ paymentId: 'pay_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Globex Logistics has no payment with this id.' });
    // Acme's payment named under Globex is unknown to Globex.
    await expect(record({ paymentId: 'pay_demo_webshop' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Globex Logistics has no payment with this id.' });
    await expect(record({ organizationId: 'org_demo_acme', paymentId: 'pay_demo_webshop' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This payment was made by card, not by bank transfer: the card provider settles it, there is no transfer to record.',
    });

    // Input, each refused with what to fix.
    for (const [input, message] of [
      [{ reference: '   ' }, 'Enter the bank’s reference of the transfer, as on the bank statement.'],
      [{ reference: 'R'.repeat(65) }, 'The transfer reference must be at most 64 characters.'],
      [{ receivedOn: '23/11/2026' }, 'Date received must be a date written YYYY-MM-DD.'],
      [{ receivedOn: '2026-02-30' }, 'Date received is not a day of the calendar.'],
      [{ receivedOn: '2026-11-25' }, 'The date received cannot be in the future.'],
      [{ receivedOn: '2026-11-20' }, 'The date received cannot be before the order was confirmed for payment by bank transfer, on 2026-11-23.'],
    ] as const) {
      await expect(record(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    }
    // Officers read but do not record; customers reach nothing.
    await expect((await as('olivia')).staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-9' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(gabriel.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-9' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe('processing');
    expect(await transferAudits(db)).toHaveLength(0);

    // A transfer whose order failed is not owed; a bank-transfer payment that failed awaits nothing.
    await db.update(orders).set({ status: 'failed' }).where(eq(orders.id, orderId));
    await expect(record({})).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `Order ${orderId} is failed, so it is not billed and no transfer is awaited for it. Refund a transfer that arrived anyway.` });
    expect((await adam.staffOrganizations.get({ id: GLOBEX })).awaitingTransfers).toEqual([]);
    const other = await confirmedByTransfer(gabriel);
    await db.update(payments).set({ status: 'failed' }).where(eq(payments.id, other.paymentId));
    await expect(record({ paymentId: other.paymentId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This bank-transfer payment failed before the order was confirmed: no transfer is awaited for it.' });
    expect(await transferAudits(db)).toHaveLength(0);
  });

  it('accepts tomorrow’s date in UTC (already today east of it), and marks a transfer overdue once its due date passed', async () => {
    const { db, gabriel, adam, clock } = await transferSetup();
    const { paymentId } = await confirmedByTransfer(gabriel);
    clock.advance(31 * DAY);
    expect((await adam.staffOrganizations.get({ id: GLOBEX })).awaitingTransfers).toEqual([expect.objectContaining({ paymentId, overdue: true })]);
    await expect(adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'LATE-1', receivedOn: '2026-12-25' })).resolves.toMatchObject({ receivedAt: NOW + 31 * DAY });
    expect((await db.select({ succeededAt: payments.succeededAt }).from(payments).where(eq(payments.id, paymentId)))[0]!.succeededAt).toBe(NOW + 31 * DAY);
    expect((await adam.staffOrganizations.get({ id: GLOBEX })).awaitingTransfers).toEqual([]);
  });

  it('leaves the monthly invoice as it was: the order stays invoiced with its own transfer, billed once', async () => {
    const { gabriel, adam, db } = await transferSetup();
    const { orderId, paymentId } = await confirmedByTransfer(gabriel);
    const period = previousMonth(Date.UTC(2026, 11, 1, 2));
    const before = await draftInvoice(db, GLOBEX, period);
    expect(before!.lines.filter((line) => line.orderId === orderId).map((line) => line.kind)).toEqual(['subscription', 'order']);
    // The order's own invoice billed the advance with its VAT; the monthly line names it.
    const [orderInvoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(orderInvoice).toMatchObject({ kind: 'invoice', status: 'due', paymentReference: expect.stringMatching(/^RF\d{2}/) });
    expect(before!.lines.find((line) => line.kind === 'order')!.description).toContain(`Advance for Support: Business, invoiced on ${orderInvoice!.number} (payable by bank transfer)`);
    await adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-MONTH' });
    expect(await draftInvoice(db, GLOBEX, period)).toEqual(before);
  });
});

