import { auditLog, billingPlans, creditApplications, credits, invoices, organizations, paymentMethods, usageRecords, type InvoiceStatus } from '@kubemarket/db';
import { and, asc, eq, sum } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, type FakeStripe, manualClock, memoryMailer, refusal, sessionUserOf, startFakeStripe } from '../../testing';
import { STRIPE_API_VERSION, stripePayments } from '../../platform/payments';
import { OVERDUE_ADVICE } from './service';

const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const ACME = 'org_demo_acme';
const GLOBEX = 'org_demo_globex';

async function setup() {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer: memoryMailer() } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt));
  let invoiceCount = 0;
  const addInvoice = async (organizationId: string, status: InvoiceStatus, totalCents: number, issuedAt: number) => {
    invoiceCount += 1;
    const id = `inv_test_${invoiceCount}`;
    await db.insert(invoices).values({
      id,
      organizationId,
      number: `KM-2026-${String(invoiceCount).padStart(6, '0')}`,
      periodStart: issuedAt - 30 * DAY_MS,
      periodEnd: issuedAt,
      status,
      billing: { companyName: 'Test', billingId: null, vatNumber: null, addressLine1: '1 rue', postalCode: '75001', city: 'Paris', countryCode: 'FR' },
      subtotalCents: totalCents,
      taxableCents: totalCents,
      vatRateBasisPoints: 0,
      taxCents: 0,
      totalCents,
      issuedAt,
      dueAt: issuedAt + 14 * DAY_MS,
      createdAt: issuedAt,
      updatedAt: issuedAt,
    });
    return { id, number: `KM-2026-${String(invoiceCount).padStart(6, '0')}` };
  };
  return { clock, ctx, db, as, auditRows, addInvoice };
}

const VISA = { number: '4242 4242 4242 4242', expMonth: 4, expYear: 2030, cvc: '123', holderName: 'Bruno Petit' };

describe('billing.summary', () => {
  it("adds up this month's usage, forecasts it to month end, and shows the last invoice, the balance due and the credits left", async () => {
    const { db, as, addInvoice } = await setup();
    const usage = (id: string, hour: number, amountMillicents: number, organizationId = ACME) => ({
      id,
      organizationId,
      subjectId: `clu_of_${organizationId}`,
      clusterId: `clu_of_${organizationId}`,
      hour,
      kind: 'node' as const,
      resourceId: 'gp-4-16',
      quantityMilli: 1000,
      unitPriceMillicents: amountMillicents,
      amountMillicents,
      createdAt: hour,
    });
    await db.insert(usageRecords).values([
      usage('use_1', Date.UTC(2026, 10, 1, 0), 1_000_000),
      usage('use_2', Date.UTC(2026, 10, 20, 5), 1_234_567),
      // The last metered hour (11:00, the hour under way is not metered yet): the last day's run rate.
      usage('use_5', Date.UTC(2026, 10, 23, 11), 12_000),
      // Last month, and another organisation: not this month's bill.
      usage('use_3', Date.UTC(2026, 9, 31, 23), 9_000_000),
      usage('use_4', Date.UTC(2026, 10, 20, 5), 9_000_000, GLOBEX),
    ]);
    await addInvoice(ACME, 'paid', 12_000, Date.UTC(2026, 9, 1));
    const last = await addInvoice(ACME, 'due', 34_500, Date.UTC(2026, 10, 1));
    await addInvoice(GLOBEX, 'overdue', 99_900, Date.UTC(2026, 10, 1));
    await db.insert(credits).values([
      { id: 'crd_a', organizationId: ACME, origin: 'promotion', description: 'Welcome', amountCents: 5_000, remainingCents: 3_000, expiresAt: NOW + DAY_MS, createdAt: 0 },
      { id: 'crd_b', organizationId: ACME, origin: 'prepaid', description: 'Prepaid', amountCents: 10_000, remainingCents: 10_000, expiresAt: null, createdAt: 0 },
      { id: 'crd_c', organizationId: ACME, origin: 'goodwill', description: 'Expired', amountCents: 7_000, remainingCents: 7_000, expiresAt: NOW - 1, createdAt: 0 },
    ]);

    const summary = await (await as('bruno')).billing.summary();
    // 540 metered hours (22 days and 12 hours) cost 2,246,567 millicents = €22.47 (rounded). The
    // last day had usage in one hour, 12,000 millicents: the run rate. November has 720 hours, 180
    // left: 2,246,567 + 12,000 × 180 = 4,406,567 millicents = €44.07.
    expect(summary).toEqual({
      currency: 'EUR',
      periodStart: Date.UTC(2026, 10, 1),
      periodEnd: Date.UTC(2026, 11, 1),
      monthToDateCents: 2_247,
      forecastCents: 4_407,
      // Acme paid no order at checkout in November (its seeded orders are older).
      checkoutThisMonth: { paidCents: 0, payments: 0, refundedCents: 0 },
      lastInvoice: { id: last.id, number: last.number, status: 'due', totalCents: 34_500, issuedAt: Date.UTC(2026, 10, 1), dueAt: Date.UTC(2026, 10, 15) },
      balanceDueCents: 34_500,
      unpaidInvoices: 1,
      creditsLeftCents: 13_000,
      overdue: null,
      // Acme is not approved for bank transfers.
      bankTransfer: null,
    });

    await db.update(organizations).set({ overdueSince: NOW - DAY_MS }).where(eq(organizations.id, ACME));
    expect((await (await as('alice')).billing.summary()).overdue).toEqual({ since: NOW - DAY_MS, whatToDo: OVERDUE_ADVICE });
  });

  it('counts the orders paid at checkout this month beside the metered usage (issue 31)', async () => {
    const { as } = await setup();
    const gabriel = await as('gabriel');
    const before = (await gabriel.billing.summary()).checkoutThisMonth;
    const placed = await gabriel.orders.create({
      idempotencyKey: 'summary-checkout-1',
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Globex Logistics', countryCode: 'FR', vatNumber: 'FR 40 303 265 045', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
    });
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: 'summary-checkout-pay-1', method: { kind: 'card', card: VISA } });
    expect(paid.result).toBe('succeeded');
    expect((await gabriel.billing.summary()).checkoutThisMonth).toEqual({
      paidCents: before.paidCents + placed.totalCents,
      payments: before.payments + 1,
      refundedCents: before.refundedCents,
    });
  });

  it('is nothing but zeros for an organisation without usage, invoices or credits', async () => {
    const { as } = await setup();
    const summary = await (await as('gabriel')).billing.summary();
    expect(summary).toMatchObject({ monthToDateCents: 0, forecastCents: 0, lastInvoice: null, balanceDueCents: 0, creditsLeftCents: 0, overdue: null });
  });

  it('shows an organisation approved for bank transfers its credit limit and what it owes against it', async () => {
    const { db, as, addInvoice } = await setup();
    // Globex is seeded with a €20,000 limit and owes nothing.
    expect((await (await as('gabriel')).billing.summary()).bankTransfer).toEqual({ creditLimitCents: 2_000_000, outstandingCents: 0 });
    await addInvoice(GLOBEX, 'due', 50_000, Date.UTC(2026, 10, 1));
    await addInvoice(GLOBEX, 'paid', 70_000, Date.UTC(2026, 9, 1));
    expect((await (await as('gabriel')).billing.summary()).bankTransfer).toEqual({ creditLimitCents: 2_000_000, outstandingCents: 50_000 });
    await db.update(organizations).set({ creditLimitCents: null }).where(eq(organizations.id, GLOBEX));
    expect((await (await as('gabriel')).billing.summary()).bankTransfer).toEqual({ creditLimitCents: null, outstandingCents: 50_000 });
  });
});

describe('billing.credits and staff grants', () => {
  it('lists credits soonest expiring first with where they were applied, and marks used and expired ones', async () => {
    const { db, as, addInvoice } = await setup();
    const invoice = await addInvoice(ACME, 'paid', 0, Date.UTC(2026, 10, 1));
    await db.insert(credits).values([
      { id: 'crd_never', organizationId: ACME, origin: 'prepaid', description: 'Prepaid', amountCents: 10_000, remainingCents: 10_000, expiresAt: null, createdAt: 1 },
      { id: 'crd_late', organizationId: ACME, origin: 'promotion', description: 'Spring', amountCents: 5_000, remainingCents: 0, expiresAt: NOW + 30 * DAY_MS, createdAt: 2 },
      { id: 'crd_soon', organizationId: ACME, origin: 'goodwill', description: 'Sorry', amountCents: 2_000, remainingCents: 2_000, expiresAt: NOW + DAY_MS, createdAt: 3 },
      { id: 'crd_gone', organizationId: ACME, origin: 'refund', description: 'Old', amountCents: 1_000, remainingCents: 400, expiresAt: NOW - DAY_MS, createdAt: 4 },
    ]);
    await db.insert(creditApplications).values({ id: 'cap_1', creditId: 'crd_late', invoiceId: invoice.id, amountCents: 5_000, createdAt: Date.UTC(2026, 10, 1) });

    const listed = await (await as('alice')).billing.credits();
    // The seed's welcome credit (seeded at epoch 0) expired long ago.
    expect(listed.items.map((item) => [item.id, item.status, item.remainingCents])).toEqual([
      ['crd_demo_acme_welcome', 'expired', 0],
      ['crd_gone', 'expired', 0],
      ['crd_soon', 'active', 2_000],
      ['crd_late', 'used', 0],
      ['crd_never', 'active', 10_000],
    ]);
    expect(listed.items.find((item) => item.id === 'crd_late')!.applied).toEqual([{ invoiceId: invoice.id, invoiceNumber: invoice.number, amountCents: 5_000, appliedAt: Date.UTC(2026, 10, 1) }]);
    expect(listed.totalLeftCents).toBe(12_000);
  });

  it('lets an administrator grant a credit within their own limits, audited, which the organisation then sees; an officer may not', async () => {
    const { as, auditRows } = await setup();
    const granted = await (await as('adam')).billing.grantCredit({ id: ACME, amountCents: 2_500, origin: 'goodwill', description: 'Outage on 20 November', expiresAt: NOW + 60 * DAY_MS });
    expect(granted).toMatchObject({ status: 'granted', request: null, credit: { organizationId: ACME, amountCents: 2_500, remainingCents: 2_500, origin: 'goodwill', expiresAt: NOW + 60 * DAY_MS } });
    const credit = granted.credit!;
    const [row] = await auditRows('billing.credit_granted');
    expect(row).toMatchObject({ actorUserId: 'usr_demo_adam', targetType: 'organization', targetId: ACME, metadata: expect.objectContaining({ creditId: credit.id, amountCents: 2_500, description: 'Outage on 20 November' }) });
    const listed = await (await as('bruno')).billing.credits();
    expect(listed.items.find((item) => item.id === credit.id)).toMatchObject({ status: 'active', description: 'Outage on 20 November', remainingCents: 2_500 });

    const adam = await as('adam');
    expect(await refusal(adam.billing.grantCredit({ id: 'org_nope', amountCents: 100, origin: 'goodwill', description: 'x' }))).toEqual({ code: 'NOT_FOUND', message: 'This organisation does not exist.' });
    expect(await refusal(adam.billing.grantCredit({ id: ACME, amountCents: 100, origin: 'goodwill', description: 'x', expiresAt: NOW - 1 }))).toEqual({ code: 'BAD_REQUEST', message: 'The expiry must be in the future.' });
    expect((await refusal((await as('olivia')).billing.grantCredit({ id: ACME, amountCents: 100, origin: 'goodwill', description: 'x' }))).code).toBe('FORBIDDEN');
  });

  it('keeps a credit above €500 for a second administrator, who grants it once; the requester cannot approve it', async () => {
    const { db, as, auditRows } = await setup();
    const adam = await as('adam');
    const sophie = await as('sophie');
    const asked = await adam.billing.grantCredit({ id: ACME, amountCents: 120_000, origin: 'refund', description: 'Double billing in October' });
    expect(asked).toMatchObject({
      status: 'awaiting_approval',
      credit: null,
      request: { status: 'pending', amountCents: 120_000, organizationName: 'Acme Industries', requesterName: 'Adam Bernard', limitReason: 'Above €500.00, the most one administrator grants alone.' },
    });
    const requestId = asked.request!.id;
    expect(await db.$count(credits, eq(credits.organizationId, ACME))).toBe(1);
    expect(await refusal(adam.billing.approveCreditRequest({ id: requestId }))).toEqual({ code: 'FORBIDDEN', message: 'Another administrator must decide on a credit you asked for.' });
    expect((await sophie.billing.creditRequests({ status: 'pending' })).map((request) => request.id)).toEqual([requestId]);

    // Two approvals at once: one credit.
    const decisions = await Promise.allSettled([sophie.billing.approveCreditRequest({ id: requestId, reason: 'Checked the October run' }), sophie.billing.approveCreditRequest({ id: requestId })]);
    expect(decisions.filter((decision) => decision.status === 'fulfilled')).toHaveLength(1);
    expect(await db.$count(credits, and(eq(credits.organizationId, ACME), eq(credits.amountCents, 120_000)))).toBe(1);
    const [approved] = await auditRows('billing.credit_approved');
    expect(approved).toMatchObject({ actorUserId: 'usr_demo_sophie', metadata: expect.objectContaining({ requestId, requestedBy: 'usr_demo_adam', amountCents: 120_000, reason: 'Checked the October run' }) });
    expect(await refusal(sophie.billing.rejectCreditRequest({ id: requestId, reason: 'Too late' }))).toEqual({ code: 'CONFLICT', message: 'This credit request was already approved.' });

    // Refused with a reason; nothing granted; nothing above the ceiling at all.
    const second = await adam.billing.grantCredit({ id: ACME, amountCents: 80_000, origin: 'goodwill', description: 'Big gesture' });
    expect(await refusal(sophie.billing.rejectCreditRequest({ id: second.request!.id }))).toEqual({ code: 'BAD_REQUEST', message: 'Say why the credit is refused: the requester reads it.' });
    expect(await sophie.billing.rejectCreditRequest({ id: second.request!.id, reason: 'Not justified' })).toMatchObject({ request: { status: 'rejected', decisionReason: 'Not justified', decidedBy: 'usr_demo_sophie' } });
    expect(await db.$count(credits, eq(credits.amountCents, 80_000))).toBe(0);
    expect(await refusal(adam.billing.grantCredit({ id: ACME, amountCents: 5_000_001, origin: 'goodwill', description: 'Too much' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A credit is at most €50,000.00, even with a second approval.',
    });
  });

  it('holds an administrator to €2,000 granted alone a month, even when ten grants arrive at once', async () => {
    const { db, as } = await setup();
    const adam = await as('adam');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => adam.billing.grantCredit({ id: ACME, amountCents: 50_000, origin: 'goodwill', description: `Gesture ${index}` })));
    expect(answers.filter((answer) => answer.status === 'granted')).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 'awaiting_approval').map((answer) => answer.request!.limitReason)).toEqual(
      Array.from({ length: 6 }, () => "It takes Adam Bernard's grants this month above €2,000.00, the most one administrator grants alone in a month."),
    );
    const [alone] = await db.select({ cents: sum(credits.amountCents).mapWith(Number) }).from(credits).where(eq(credits.createdBy, 'usr_demo_adam'));
    expect(alone?.cents).toBe(200_000);
  });
});

describe('billing.plans', () => {
  it('offers the yearly commitment with the section 9 discount and schedules a switch for the next 1st, explained, until cancelled', async () => {
    const { db, as, auditRows, clock } = await setup();
    const alice = await as('alice');
    const plans = await alice.billing.plans();
    expect(plans.current).toEqual({ plan: 'pay_as_you_go', label: 'Pay as you go (monthly)', since: expect.any(Number), periodEndsAt: Date.UTC(2026, 11, 1) });
    expect(plans.scheduled).toBeNull();
    // The seeded tiers cost 12 × monthly × 0.85 a year: round(15.0…) = 15 %.
    expect(plans.yearlyDiscountPercent).toBe(15);
    const yearly = plans.options.find((option) => option.plan === 'yearly_commitment')!;
    expect(yearly).toMatchObject({ current: false, discountPercent: 15, cycle: 'yearly', effectiveAt: Date.UTC(2026, 11, 1) });
    expect(yearly.whatSwitchingMeans).toContain('From 2026-12-01 (UTC)');
    expect(yearly.whatSwitchingMeans).toContain('15 % off');

    const switched = await alice.billing.switchPlan({ plan: 'yearly_commitment' });
    expect(switched.current.plan).toBe('pay_as_you_go');
    expect(switched.scheduled).toEqual({ plan: 'yearly_commitment', label: 'Yearly commitment', startsAt: Date.UTC(2026, 11, 1) });
    // Asking again changes nothing; asking for the current plan is refused with a reason.
    await alice.billing.switchPlan({ plan: 'yearly_commitment' });
    expect(await db.select().from(billingPlans).where(eq(billingPlans.organizationId, ACME))).toHaveLength(2);
    expect(await refusal(alice.billing.switchPlan({ plan: 'pay_as_you_go' }))).toEqual({ code: 'BAD_REQUEST', message: 'You are already on pay as you go (monthly); cancel the scheduled switch instead.' });
    expect(await auditRows('billing.plan_switch_scheduled')).toHaveLength(1);

    const cancelled = await alice.billing.cancelPlanSwitch();
    expect(cancelled.scheduled).toBeNull();
    expect(await auditRows('billing.plan_switch_cancelled')).toHaveLength(1);
    expect(await refusal(alice.billing.cancelPlanSwitch())).toEqual({ code: 'NOT_FOUND', message: 'No plan switch is scheduled.' });

    // Once a yearly commitment has started, leaving it takes effect when its year ends.
    await alice.billing.switchPlan({ plan: 'yearly_commitment' });
    clock.advance(10 * DAY_MS);
    const onYearly = await alice.billing.plans();
    expect(onYearly.current).toMatchObject({ plan: 'yearly_commitment', since: Date.UTC(2026, 11, 1), periodEndsAt: Date.UTC(2027, 11, 1) });
    const back = await alice.billing.switchPlan({ plan: 'pay_as_you_go' });
    expect(back.scheduled).toMatchObject({ plan: 'pay_as_you_go', startsAt: Date.UTC(2027, 11, 1) });
  });
});

describe('billing payment methods', () => {
  it('saves a sandbox card as brand, last four digits and expiry only, and refuses details the sandbox refuses', async () => {
    const { db, as, auditRows } = await setup();
    const bruno = await as('bruno');
    const added = await bruno.billing.addPaymentMethod({ kind: 'card', card: { ...VISA, number: '4000 0027 6000 3184' } });
    expect(added).toMatchObject({ kind: 'card', provider: 'sandbox', brand: 'visa', last4: '3184', expMonth: 4, expYear: 2030, holderName: 'Bruno Petit', isDefault: false, testMode: true });
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, added.id));
    expect(JSON.stringify(row)).not.toContain('4000002760003184');
    expect(JSON.stringify(row)).not.toContain('123"');
    expect(await auditRows('billing.payment_method_added')).toEqual([expect.objectContaining({ targetId: added.id, metadata: { kind: 'card', last4: '3184', isDefault: false } })]);

    expect(await refusal(bruno.billing.addPaymentMethod({ kind: 'card', card: { ...VISA, number: '4242 4242 4242 4241' } }))).toEqual({ code: 'BAD_REQUEST', message: 'Your card number is not valid.' });
    expect(await refusal(bruno.billing.addPaymentMethod({ kind: 'card', card: { ...VISA, number: '5555 5555 5555 4444' } }))).toEqual({ code: 'BAD_REQUEST', message: 'Use a test card: 4242 4242 4242 4242 succeeds.' });
    expect(await refusal(bruno.billing.addPaymentMethod({ kind: 'card', card: { ...VISA, expMonth: 10, expYear: 2026 } }))).toEqual({ code: 'BAD_REQUEST', message: 'Your card has expired.' });
    expect(await refusal(bruno.billing.addPaymentMethod({ kind: 'card', card: { ...VISA, holderName: ' ' } }))).toEqual({ code: 'BAD_REQUEST', message: 'Enter the name on the card.' });
    expect(await refusal(bruno.billing.addPaymentMethod({ kind: 'bank_transfer' }))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Bank transfer is available once our team allows') });
  });

  it('keeps one default: a new default or set-default moves it, removing the default passes it on', async () => {
    const { db, as } = await setup();
    const alice = await as('alice');
    const before = await alice.billing.paymentMethods();
    expect(before).toMatchObject({ bankTransferAllowed: false, cardForm: 'sandbox', testMode: true });
    expect(before.items.map((item) => [item.id, item.isDefault])).toEqual([['pmt_demo_acme_visa', true]]);

    const second = await alice.billing.addPaymentMethod({ kind: 'card', card: VISA, makeDefault: true });
    let listed = await alice.billing.paymentMethods();
    expect(listed.items.map((item) => [item.id, item.isDefault])).toEqual([
      [second.id, true],
      ['pmt_demo_acme_visa', false],
    ]);

    await alice.billing.setDefaultPaymentMethod({ id: 'pmt_demo_acme_visa' });
    listed = await alice.billing.paymentMethods();
    expect(listed.items.map((item) => [item.id, item.isDefault])).toEqual([
      ['pmt_demo_acme_visa', true],
      [second.id, false],
    ]);

    expect(await alice.billing.removePaymentMethod({ id: 'pmt_demo_acme_visa' })).toEqual({ id: 'pmt_demo_acme_visa', removed: true, newDefaultId: second.id });
    listed = await alice.billing.paymentMethods();
    expect(listed.items.map((item) => [item.id, item.isDefault])).toEqual([[second.id, true]]);
    const [removed] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, 'pmt_demo_acme_visa'));
    expect(removed).toMatchObject({ removedAt: NOW, isDefault: false });

    // Another organisation's method, or one removed, is not found.
    expect(await refusal(alice.billing.setDefaultPaymentMethod({ id: 'pmt_demo_globex_bank' }))).toEqual({ code: 'NOT_FOUND', message: 'This payment method does not exist.' });
    expect(await refusal(alice.billing.removePaymentMethod({ id: 'pmt_demo_acme_visa' }))).toEqual({ code: 'NOT_FOUND', message: 'This payment method does not exist.' });
  });

  it('refuses to remove the last method while an invoice is due, and allows it once nothing is owed', async () => {
    const { as, addInvoice, db } = await setup();
    const gabriel = await as('gabriel');
    const listed = await gabriel.billing.paymentMethods();
    expect(listed.bankTransferAllowed).toBe(true);
    expect(listed.items).toEqual([expect.objectContaining({ id: 'pmt_demo_globex_bank', kind: 'bank_transfer', provider: 'bank', isDefault: true, testMode: false })]);
    expect(await refusal(gabriel.billing.addPaymentMethod({ kind: 'bank_transfer' }))).toEqual({ code: 'CONFLICT', message: 'Bank transfer is already one of your payment methods.' });

    const invoice = await addInvoice(GLOBEX, 'overdue', 50_000, Date.UTC(2026, 9, 1));
    expect(await refusal(gabriel.billing.removePaymentMethod({ id: 'pmt_demo_globex_bank' }))).toEqual({
      code: 'PRECONDITION_FAILED',
      message: `This is your only payment method and invoice ${invoice.number} is overdue. Add another payment method first, then remove this one.`,
    });
    await db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, invoice.id));
    expect(await gabriel.billing.removePaymentMethod({ id: 'pmt_demo_globex_bank' })).toEqual({ id: 'pmt_demo_globex_bank', removed: true, newDefaultId: null });
    expect((await gabriel.billing.paymentMethods()).items).toEqual([]);
    // Bank transfer can be added back, and the first method becomes the default.
    expect(await gabriel.billing.addPaymentMethod({ kind: 'bank_transfer' })).toMatchObject({ kind: 'bank_transfer', isDefault: true });
  });
});

describe('billing payment method setups (sandbox)', () => {
  const SEPA = { kind: 'sepa_debit' as const, iban: 'DE89 3704 0044 0532 0130 00', holderName: 'Globex Logistique', email: 'gabriel@globex.example', mandateAccepted: true };

  it('offers SEPA direct debit with its mandate only where staff allowed invoicing', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    expect(await alice.billing.paymentMethods()).toMatchObject({ cardForm: 'sandbox', publishableKey: null, sepaDebitAllowed: false, sepaMandateText: expect.stringContaining('refund from your bank') });
    expect(await refusal(alice.billing.startPaymentMethodSetup({ kind: 'sepa_debit' }))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('SEPA direct debit is available once our team allows') });
    const card = await alice.billing.startPaymentMethodSetup({ kind: 'card' });
    // A SEPA account cannot be slipped into a card setup either.
    expect(await refusal(alice.billing.confirmPaymentMethodSetup({ setupId: card.setupId, details: SEPA }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await (await as('gabriel')).billing.paymentMethods()).sepaDebitAllowed).toBe(true);
  });

  it('saves a SEPA mandate for Globex with its bank code, last four digits and mandate, audited, and never the IBAN', async () => {
    const { db, as, auditRows } = await setup();
    const gabriel = await as('gabriel');
    const start = await gabriel.billing.startPaymentMethodSetup({ kind: 'sepa_debit' });
    expect(start).toEqual({ setupId: expect.stringMatching(/^sbx_seti_/), kind: 'sepa_debit', provider: 'sandbox', clientSecret: null, publishableKey: null, mandateText: expect.stringContaining('you authorise (A) KubeMarket') });

    expect(await refusal(gabriel.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: { ...SEPA, mandateAccepted: false } }))).toEqual({ code: 'BAD_REQUEST', message: 'Accept the direct debit mandate to save the account.' });
    expect(await refusal(gabriel.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: { ...SEPA, iban: 'DE88370400440532013000' } }))).toEqual({ code: 'BAD_REQUEST', message: 'This IBAN is not valid; check it.' });

    const saved = await gabriel.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: SEPA, makeDefault: true });
    expect(saved).toMatchObject({ kind: 'sepa_debit', provider: 'sandbox', last4: '3000', bankCode: '37040044', mandateRef: expect.stringMatching(/^sbx_mandate_/), holderName: 'Globex Logistique', isDefault: true, testMode: true });
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, saved.id));
    expect(JSON.stringify(row)).not.toContain('532013000');
    expect(await auditRows('billing.payment_method_added')).toEqual([expect.objectContaining({ targetId: saved.id, metadata: expect.objectContaining({ kind: 'sepa_debit', last4: '3000', isDefault: true }) })]);
    // Confirming again saves nothing twice.
    expect(await gabriel.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: SEPA })).toMatchObject({ id: saved.id });
    expect((await gabriel.billing.paymentMethods()).items.map((item) => [item.kind, item.isDefault])).toEqual([
      ['sepa_debit', true],
      ['bank_transfer', false],
    ]);
  });

  it("saves a test card through a setup, and refuses another organisation's setup or a missing card", async () => {
    const { as } = await setup();
    const bruno = await as('bruno');
    const start = await bruno.billing.startPaymentMethodSetup({ kind: 'card' });
    expect(await refusal(bruno.billing.confirmPaymentMethodSetup({ setupId: start.setupId }))).toEqual({ code: 'BAD_REQUEST', message: 'Enter the card or bank account to save.' });
    expect(await refusal((await as('gabriel')).billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: { kind: 'card', card: VISA } }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This payment method setup does not exist; start again.',
    });
    expect(await bruno.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: { kind: 'card', card: VISA } })).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: false });
  });
});

describe('billing payment method setups (Stripe)', () => {
  const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripeServer0123456789';
  const PUBLISHABLE_KEY = 'pk_test_51FakeKeyForTheLocalStripeServer0123456789';
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, apiVersion: STRIPE_API_VERSION });
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    expect(fake.violations).toEqual([]);
  });

  async function stripeSetup() {
    const clock = manualClock(NOW);
    const payments = stripePayments({ secretKey: SECRET_KEY, webhookSecret: 'whsec_FakeSigningSecretForTests0123456789', publishableKey: PUBLISHABLE_KEY, clock, endpoint: fake.endpoint });
    const { ctx, db } = await createTestCaller({ ports: { clock, payments, mailer: memoryMailer() } });
    const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
    return { db, as, payments };
  }

  it("shows Stripe's card field and saves the card Stripe.js confirmed, with the organisation's Customer, reused for the next setup", async () => {
    const { db, as } = await stripeSetup();
    const bruno = await as('bruno');
    expect(await bruno.billing.paymentMethods()).toMatchObject({ cardForm: 'stripe', publishableKey: PUBLISHABLE_KEY, testMode: true, testCards: [] });

    const start = await bruno.billing.startPaymentMethodSetup({ kind: 'card' });
    const intent = fake.setupIntents.get(start.setupId)!;
    expect(start).toEqual({ setupId: intent.id, kind: 'card', provider: 'stripe', clientSecret: intent.client_secret, publishableKey: PUBLISHABLE_KEY, mandateText: null });
    expect(intent).toMatchObject({ usage: 'off_session', payment_method_types: ['card'], metadata: { organizationId: ACME } });
    expect(fake.customers.get(intent.customer as string)).toMatchObject({ email: 'bruno@acme.example', metadata: { organizationId: ACME } });

    // Before the browser step there is nothing to save; card details never come through us.
    expect(await refusal(bruno.billing.confirmPaymentMethodSetup({ setupId: start.setupId }))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await refusal(bruno.billing.confirmPaymentMethodSetup({ setupId: start.setupId, details: { kind: 'card', card: VISA } }))).toMatchObject({ code: 'BAD_REQUEST' });

    const pmId = fake.confirmSetup(start.setupId, 'pm_card_visa', 'Bruno Petit')!;
    const saved = await bruno.billing.confirmPaymentMethodSetup({ setupId: start.setupId, makeDefault: true });
    expect(saved).toMatchObject({ kind: 'card', provider: 'stripe', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, holderName: 'Bruno Petit', isDefault: true, testMode: false });
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, saved.id));
    expect(row).toMatchObject({ providerRef: pmId, customerRef: intent.customer });

    const customers = fake.customers.size;
    const next = await bruno.billing.startPaymentMethodSetup({ kind: 'card' });
    expect(fake.customers.size).toBe(customers);
    expect(fake.setupIntents.get(next.setupId)!.customer).toBe(intent.customer);
  });

  it('keeps the card that paid an order at checkout when asked (issue 31): attached to a Customer by Stripe, saved once, and it pays the next order', async () => {
    const { db, as } = await stripeSetup();
    const alice = await as('alice');
    expect((await alice.orders.paymentOptions()).canSaveCards).toBe(true);
    const billing = { companyName: 'Acme Industries', countryCode: 'FR', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris' };
    const first = await alice.orders.create({ idempotencyKey: 'stripe-keep-order-1', lines: [{ kind: 'support', planId: 'support_business' }], billing });
    const paid = await alice.orders.pay({ id: first.id, paymentIdempotencyKey: 'stripe-keep-pay-1', method: { kind: 'stripe', paymentMethodId: 'pm_card_visa', save: true } });
    expect(paid.result).toBe('succeeded');
    const kept = await db.select().from(paymentMethods).where(and(eq(paymentMethods.organizationId, ACME), eq(paymentMethods.provider, 'stripe')));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: 'card', last4: '4242', brand: 'visa', customerRef: expect.stringMatching(/^cus_/), providerRef: expect.stringMatching(/^pm_/) });

    // The saved card pays the next order off-session, nothing entered again.
    const second = await alice.orders.create({ idempotencyKey: 'stripe-keep-order-2', lines: [{ kind: 'support', planId: 'support_enterprise' }], billing });
    const again = await alice.orders.pay({ id: second.id, paymentIdempotencyKey: 'stripe-keep-pay-2', method: { kind: 'saved', paymentMethodId: kept[0]!.id } });
    expect(again.result).toBe('succeeded');
    const intents = [...fake.intents.values()].filter((intent) => (intent.metadata as { orderId: string }).orderId === second.id);
    expect(intents[0]).toMatchObject({ customer: kept[0]!.customerRef, payment_method: kept[0]!.providerRef });
    expect(await db.$count(paymentMethods, and(eq(paymentMethods.organizationId, ACME), eq(paymentMethods.provider, 'stripe')))).toBe(1);
  });

  it('saves a SEPA mandate for Globex, and reads a card Stripe refused as the reason', async () => {
    const { as } = await stripeSetup();
    const gabriel = await as('gabriel');
    const sepa = await gabriel.billing.startPaymentMethodSetup({ kind: 'sepa_debit' });
    expect(sepa.mandateText).toContain('you authorise (A) KubeMarket and Stripe');
    expect(fake.setupIntents.get(sepa.setupId)!.payment_method_types).toEqual(['sepa_debit']);
    fake.confirmSetup(sepa.setupId, 'pm_fake_sepa_debit', 'Globex Logistique');
    expect(await gabriel.billing.confirmPaymentMethodSetup({ setupId: sepa.setupId })).toMatchObject({
      kind: 'sepa_debit',
      provider: 'stripe',
      bankCode: '37040044',
      last4: '3000',
      mandateRef: fake.setupIntents.get(sepa.setupId)!.mandate,
    });

    const card = await gabriel.billing.startPaymentMethodSetup({ kind: 'card' });
    fake.confirmSetup(card.setupId, 'pm_card_visa_chargeDeclined');
    expect(await refusal(gabriel.billing.confirmPaymentMethodSetup({ setupId: card.setupId }))).toEqual({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    // Acme cannot save Globex's setup.
    expect(await refusal((await as('alice')).billing.confirmPaymentMethodSetup({ setupId: sepa.setupId }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
