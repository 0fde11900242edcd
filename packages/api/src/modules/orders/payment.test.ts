/**
 * Paying an order (card, declines, the bank's authentication step, bank transfer, outages, retries),
 * the options a checkout offers, and cancelling an unpaid order.
 */
import { auditLog, clusters, invoices, orders, organizations, payments } from '@kubemarket/db';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripePayments } from '../../platform/payments';
import { callerAs, createTestCaller, insertRunningCluster, manualClock, refusal, sessionUserOf } from '../../testing';
import { AUTHENTICATES, BILLING, card, CLUSTER, DAY_MS, DECLINED, eventTypes, GLOBEX_CLUSTER, insertGlobexDueInvoice, newKey, NOW, order, ordersTestbed, SUCCEEDS } from '../../testing/orders-bed';

describe('orders.pay', () => {
  it('keeps the card that paid when asked, once, and a saved card pays the next order without being entered again (issue 31)', async () => {
    const { gabriel, charges, as, db } = await ordersTestbed();
    // Middlewares run in a cluster of their organisation (issue 31): Globex gets one.
    await insertRunningCluster(db, 'org_demo_globex', { id: GLOBEX_CLUSTER, name: 'apps', now: NOW });
    const before = (await gabriel.billing.paymentMethods()).items.length;
    const first = await gabriel.orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_business', name: 'db-1', clusterId: GLOBEX_CLUSTER }] }));
    expect((await gabriel.orders.pay({ id: first.id, paymentIdempotencyKey: newKey('pay'), method: { ...SUCCEEDS, save: true } })).result).toBe('succeeded');
    const kept = (await gabriel.billing.paymentMethods()).items.filter((method) => method.kind === 'card' && method.last4 === '4242');
    expect(kept).toHaveLength(1);
    expect((await gabriel.billing.paymentMethods()).items).toHaveLength(before + 1);

    const second = await gabriel.orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_essential', name: 'db-2', clusterId: GLOBEX_CLUSTER }] }));
    const paid = await gabriel.orders.pay({ id: second.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'saved', paymentMethodId: kept[0]!.id } });
    // Paid, the middleware is being created in Globex's cluster (issue 31).
    expect(paid).toMatchObject({ result: 'succeeded', order: { status: 'provisioning', paymentMethod: 'card' } });
    expect(paid.order.payments.at(-1)).toMatchObject({ status: 'succeeded', amountCents: second.totalCents, cardLast4: '4242' });
    expect(charges.at(-1)).toMatchObject({ orderId: second.id, amountCents: second.totalCents });
    // Saving the same card again keeps one.
    const third = await gabriel.orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_essential', name: 'db-3', clusterId: GLOBEX_CLUSTER }], idempotencyKey: newKey('order') }));
    await gabriel.orders.pay({ id: third.id, paymentIdempotencyKey: newKey('pay'), method: { ...SUCCEEDS, save: true } });
    expect((await gabriel.billing.paymentMethods()).items.filter((method) => method.last4 === '4242')).toHaveLength(1);

    // Another organisation's saved method is not found; nothing is charged.
    const alice = await as('alice');
    const theirs = await alice.orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_essential', name: 'db-4', clusterId: 'clu_demo_webshop' }], billing: { ...BILLING, companyName: 'Acme Industries' } }));
    const charged = charges.length;
    expect(await refusal(alice.orders.pay({ id: theirs.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'saved', paymentMethodId: kept[0]!.id } }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No saved payment method with this id in your organisation.',
    });
    expect(charges).toHaveLength(charged);
  });

  it('charges the quoted total once, creates the cluster and starts its provisioning', async () => {
    const { gabriel, db, charges, notificationsOf, mailTo } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ orderId: placed.id, organizationId: 'org_demo_globex', amountCents: placed.quote!.totalCents, currency: 'EUR', customerEmail: 'gabriel@globex.example' });
    expect(paid).toMatchObject({ result: 'succeeded', action: null, reason: null, order: { status: 'provisioning', paymentMethod: 'card', paidAt: NOW } });
    const clusterId = paid.order.createdClusterId!;
    const [cluster] = await db.select().from(clusters).where(eq(clusters.id, clusterId));
    expect(cluster).toMatchObject({ organizationId: 'org_demo_globex', name: 'prod-eu', tierId: 'tier_economy', region: 'fr-par-1', status: 'provisioning', kubernetesVersion: '1.37.1', nodeCount: 5 });
    expect(eventTypes(paid.order)).toEqual(['placed', 'payment_started', 'paid', 'provisioning_started']);
    expect(paid.order.events[2]).toMatchObject({ message: 'Payment received by card (Visa ending in 4242).', amountCents: 51_240, paymentId: paid.paymentId });
    expect(paid.order.payments).toEqual([
      expect.objectContaining({ id: paid.paymentId, provider: 'sandbox', status: 'succeeded', amountCents: 51_240, cardBrand: 'visa', cardLast4: '4242', paidBy: { id: 'usr_demo_gabriel', name: 'Gabriel Roux' } }),
    ]);
    expect(JSON.stringify(paid)).not.toContain('4242424242424242');
    // The provider's verdict is audited in Globex's log: no actor (the provider decided), the payer named, the payment as target, never the card.
    const outcomes = await db.select().from(auditLog).where(eq(auditLog.action, 'order.payment_succeeded'));
    expect(outcomes.map(({ actorUserId, organizationId, targetType, targetId, metadata }) => ({ actorUserId, organizationId, targetType, targetId, metadata }))).toEqual([
      {
        actorUserId: null,
        organizationId: 'org_demo_globex',
        targetType: 'payment',
        targetId: paid.paymentId,
        metadata: { orderId: placed.id, amountCents: 51_240, payerUserId: 'usr_demo_gabriel', declineCode: null },
      },
    ]);
    const attempted = await db.select().from(auditLog).where(eq(auditLog.action, 'order.payment_attempted'));
    expect(attempted).toEqual([expect.objectContaining({ actorUserId: 'usr_demo_gabriel', organizationId: 'org_demo_globex', targetType: 'payment', targetId: paid.paymentId })]);
    expect(JSON.stringify([...outcomes, ...attempted])).not.toMatch(/4242 ?4242 ?4242 ?4242|"cvc"|"123"/);
    expect((await notificationsOf('usr_demo_gabriel')).at(-1)?.message).toBe(
      'Payment of €512.40 received: Economy (Green) cluster prod-eu in fr-par-1. Your cluster prod-eu is being provisioned in fr-par-1; this takes a few minutes, and we tell you when it is running.',
    );
    expect((await mailTo('gabriel@globex.example')).map((mail) => mail.subject)).toEqual([
      'Order placed: Economy (Green) cluster prod-eu in fr-par-1 — KubeMarket',
      'Order confirmed: Economy (Green) cluster prod-eu in fr-par-1 — KubeMarket',
    ]);
    // Paid is paid.
    expect(await refusal(gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This order is already paid and its cluster is being provisioned, so it cannot be paid.',
    });
    expect(charges).toHaveLength(1);
  });

  it('charges once for a double click or a retried request with the same payment key', async () => {
    const { gabriel, db, charges } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const key = newKey('pay');
    const [first, second] = await Promise.all([
      gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: SUCCEEDS }),
      gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: SUCCEEDS }),
    ]);
    const third = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: SUCCEEDS });
    expect(charges).toHaveLength(1);
    expect(new Set([first.paymentId, second.paymentId, third.paymentId]).size).toBe(1);
    expect(third).toMatchObject({ result: 'succeeded', order: { status: 'provisioning' } });
    expect(await db.$count(payments, eq(payments.orderId, placed.id))).toBe(1);
    expect(await db.$count(auditLog, eq(auditLog.action, 'order.payment_attempted'))).toBe(1);
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_globex'))).toBe(1);
  });

  it('leaves a declined order awaiting payment, with the reason, an event, a notification and a mail', async () => {
    const { as, db, notificationsOf, mailTo } = await ordersTestbed();
    // Marc (member) orders; Bruno (billing) pays.
    const placed = await (await as('marc')).orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_business', name: 'db-5', clusterId: 'clu_demo_webshop' }], billing: { ...BILLING, companyName: 'Acme Industries' } }));
    const bruno = await as('bruno');
    const declined = await bruno.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: DECLINED });
    expect(declined).toMatchObject({ result: 'declined', reason: 'Your card was declined.', action: null, order: { status: 'pending', paidAt: null } });
    expect(declined.order.events.slice(1)).toEqual([
      expect.objectContaining({ type: 'payment_started' }),
      expect.objectContaining({ type: 'payment_failed', reason: 'Your card was declined.', paymentId: declined.paymentId }),
    ]);
    expect(declined.order.payments[0]).toMatchObject({ status: 'declined', declineCode: 'card_declined', failureReason: 'Your card was declined.', cardLast4: '0002' });
    const message = 'Payment failed for PostgreSQL: Business HA db-5 in webshop-prod: Your card was declined. Nothing was charged; the order still awaits payment.';
    expect((await notificationsOf('usr_demo_bruno')).at(-1)).toMatchObject({ type: 'error', message });
    expect((await notificationsOf('usr_demo_marc')).at(-1)).toMatchObject({ type: 'error', message });
    expect((await mailTo('bruno@acme.example')).map((mail) => mail.subject)).toEqual(['Payment failed: PostgreSQL: Business HA db-5 in webshop-prod — KubeMarket']);
    // Audited in Acme's log with the decline code, the payer and the payment; never the card number.
    const declinedEntries = await db.select().from(auditLog).where(eq(auditLog.action, 'order.payment_declined'));
    expect(declinedEntries.map(({ actorUserId, organizationId, targetType, targetId, metadata }) => ({ actorUserId, organizationId, targetType, targetId, metadata }))).toEqual([
      {
        actorUserId: null,
        organizationId: 'org_demo_acme',
        targetType: 'payment',
        targetId: declined.paymentId,
        metadata: { orderId: placed.id, amountCents: placed.totalCents, payerUserId: 'usr_demo_bruno', declineCode: 'card_declined' },
      },
    ]);
    expect(JSON.stringify(declinedEntries)).not.toMatch(/4000 ?0000 ?0000 ?0002/);
    // A retry with another card goes through.
    const retried = await bruno.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    // Paid, the PostgreSQL is being created in webshop-prod by its operator (issue 31).
    expect(retried).toMatchObject({ result: 'succeeded', order: { status: 'provisioning' } });
    expect(eventTypes(retried.order)).toEqual(['placed', 'payment_started', 'payment_failed', 'payment_started', 'paid', 'provisioning_started']);
    // Still Acme's three live clusters (legacy-shop, deleted, keeps its row).
    expect(await db.$count(clusters, and(eq(clusters.organizationId, 'org_demo_acme'), isNull(clusters.deletedAt)))).toBe(3);
  });

  it('answers a mistyped card with its reason and no mail (nothing was attempted)', async () => {
    const { gabriel, mailTo } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const answered = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: card('4242 4242 4242 4241') });
    expect(answered).toMatchObject({ result: 'declined', reason: 'Your card number is not valid.', order: { status: 'pending' } });
    expect(eventTypes(answered.order)).toEqual(['placed']);
    expect((await mailTo('gabriel@globex.example')).map((mail) => mail.subject)).toEqual(['Order placed: Economy (Green) cluster prod-eu in fr-par-1 — KubeMarket']);
  });

  it('asks for the authentication step, then completes the payment, once however often it is confirmed', async () => {
    const { gabriel, charges } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const key = newKey('pay');
    const asked = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: AUTHENTICATES });
    expect(asked).toMatchObject({ result: 'requires_action', action: { kind: 'sandbox_authentication' }, order: { status: 'pending' } });
    expect(eventTypes(asked.order)).toEqual(['placed', 'payment_started', 'authentication_required']);
    // Reloading the checkout (the same key) asks again rather than charging again.
    await expect(gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: AUTHENTICATES })).resolves.toMatchObject({ result: 'requires_action', paymentId: asked.paymentId });
    const done = await gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: true });
    expect(done).toMatchObject({ result: 'succeeded', order: { status: 'provisioning' } });
    const twice = await gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: true });
    expect(twice).toMatchObject({ result: 'succeeded' });
    expect(eventTypes(twice.order)).toEqual(['placed', 'payment_started', 'authentication_required', 'paid', 'provisioning_started']);
    expect(twice.order.payments).toEqual([expect.objectContaining({ status: 'succeeded', cardLast4: '3184' })]);
    expect(charges).toHaveLength(1);
  });

  it('keeps the order awaiting payment when the customer cancels the authentication step', async () => {
    const { gabriel } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const asked = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: AUTHENTICATES });
    const cancelled = await gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: false });
    expect(cancelled).toMatchObject({ result: 'declined', reason: 'You cancelled the authentication, so the payment was not taken.', order: { status: 'pending' } });
    expect(eventTypes(cancelled.order)).toEqual(['placed', 'payment_started', 'authentication_required', 'payment_failed']);
    // Approving afterwards changes nothing: that payment is over.
    await expect(gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: true })).resolves.toMatchObject({ result: 'declined' });
    expect(await refusal(gabriel.orders.completeAuthentication({ id: placed.id, paymentId: 'pay_someone_else', approved: true }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No payment with this id for this order.',
    });
  });

  it('re-prices a second order placed with PARIS once the first purchase is made, and says so', async () => {
    const { gabriel, charges } = await ordersTestbed();
    const first = await gabriel.orders.create(order({ promotionCode: 'paris' }));
    const second = await gabriel.orders.create(order({ lines: [{ ...CLUSTER, name: 'prod-eu-2' }], promotionCode: 'PARIS' }));
    expect([first, second].map((placed) => [placed.promotion, placed.discountCents, placed.totalCents])).toEqual([
      [{ code: 'PARIS', applied: true }, 2_135, 48_678],
      [{ code: 'PARIS', applied: true }, 2_135, 48_678],
    ]);
    await gabriel.orders.pay({ id: first.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    expect(charges.map((charge) => charge.amountCents)).toEqual([48_678]);
    expect(await refusal(gabriel.orders.pay({ id: second.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS }))).toEqual({
      code: 'BAD_REQUEST',
      message: "PARIS applies only to your organisation's first purchase, which has now been made. The order was re-priced to €512.40; review it and pay again.",
    });
    const repriced = await gabriel.orders.get({ id: second.id });
    expect(repriced).toMatchObject({ status: 'pending', promotion: { code: 'PARIS', applied: false }, subtotalCents: 42_700, discountCents: 0, taxCents: 8_540, totalCents: 51_240 });
    expect(repriced.quote).toMatchObject({ discount: null, totalCents: 51_240, promotion: { applied: false, rejection: 'first_purchase_only' } });
    expect(repriced.events.at(-1)).toMatchObject({ type: 'promotion_removed', amountCents: 51_240 });
    await gabriel.orders.pay({ id: second.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    expect(charges.map((charge) => charge.amountCents)).toEqual([48_678, 51_240]);
    // A third order no longer gets PARIS at all.
    expect((await refusal(gabriel.orders.create(order({ lines: [{ ...CLUSTER, name: 'prod-eu-3' }], promotionCode: 'PARIS' })))).message).toBe(
      'Promotion code PARIS: This code is only for an organisation’s first purchase.',
    );
  });

  it('confirms orders by bank transfer for organisations staff approved, with the invoice due in 30 days', async () => {
    const { gabriel, as, charges, mailTo } = await ordersTestbed();
    const placed = await gabriel.orders.create(order({ lines: [{ kind: 'support', planId: 'support_business' }] }));
    const invoiced = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'bank_transfer' } });
    expect(invoiced).toMatchObject({ result: 'invoiced', order: { status: 'completed', paymentMethod: 'bank_transfer', paidAt: null } });
    expect(invoiced.order.payments).toEqual([expect.objectContaining({ provider: 'bank_transfer', status: 'processing', dueAt: NOW + 30 * DAY_MS, amountCents: 23_880 })]);
    expect(invoiced.order.events.map((event) => [event.type, event.message])).toEqual([
      ['placed', 'Order placed by Gabriel Roux: Support: Business.'],
      ['invoiced', 'Order confirmed for payment by bank transfer: an invoice of €238.80 is due on 2026-12-23.'],
      ['completed', 'The Business support plan is active.'],
    ]);
    expect(charges).toHaveLength(0);
    expect((await mailTo('gabriel@globex.example')).at(-1)?.subject).toBe('Order confirmed, invoice to follow: Support: Business — KubeMarket');
    const alice = await as('alice');
    const acme = await alice.orders.create(order({ lines: [{ kind: 'support', planId: 'support_business' }] }));
    expect(await refusal(alice.orders.pay({ id: acme.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'bank_transfer' } }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Paying by bank transfer needs our approval; contact billing support.',
    });
    await expect(alice.orders.paymentOptions()).resolves.toMatchObject({ provider: 'sandbox', testMode: true, methods: ['card'], publishableKey: null });
    await expect(gabriel.orders.paymentOptions()).resolves.toMatchObject({ methods: ['card', 'bank_transfer'], invoiceDueDays: 30 });
  });

  it('refuses a bank transfer that would take the organisation over its credit limit, and leaves the order awaiting payment', async () => {
    const { gabriel, as, db, charges } = await ordersTestbed();
    const SUPPORT = 23_880;
    const support = () => gabriel.orders.create(order({ lines: [{ kind: 'support', planId: 'support_business' }] }));
    const byTransfer = (id: string) => gabriel.orders.pay({ id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'bank_transfer' } });
    // Globex owes €100 on an issued invoice; staff allow it €100 plus two support plans on credit.
    const limit = 10_000 + 2 * SUPPORT;
    await db.update(organizations).set({ creditLimitCents: limit }).where(eq(organizations.id, 'org_demo_globex'));
    await insertGlobexDueInvoice(db, { id: 'inv_globex_oct', number: 'KM-2026-000301' });

    const first = await support();
    expect((await byTransfer(first.id)).result).toBe('invoiced');
    // Exactly at the limit: €100 + 2 × €238.80 owed, accepted.
    const second = await support();
    expect((await byTransfer(second.id)).result).toBe('invoiced');
    expect((await (await as('adam')).staffOrganizations.get({ id: 'org_demo_globex' })).outstandingCents).toBe(limit);

    // One cent over: refused before anything is written, the order still awaits payment.
    const third = await support();
    const attemptsBefore = await db.$count(auditLog, eq(auditLog.action, 'order.payment_attempted'));
    expect(await refusal(byTransfer(third.id))).toEqual({
      code: 'BAD_REQUEST',
      message:
        'This order (€238.80) would take your organisation over its credit limit of €577.60 for payment by bank transfer: €577.60 is outstanding in unpaid invoices and bank-transfer orders. ' +
        'Pay your outstanding invoices first, or pay this order by card. The order still awaits payment.',
    });
    const refused = await gabriel.orders.get({ id: third.id });
    expect(refused).toMatchObject({ status: 'pending', paymentMethod: null, paidAt: null });
    expect(refused.payments).toEqual([]);
    expect(eventTypes(refused)).toEqual(['placed']);
    expect(await db.$count(payments, eq(payments.orderId, third.id))).toBe(0);
    expect(await db.$count(auditLog, eq(auditLog.action, 'order.payment_attempted'))).toBe(attemptsBefore);

    // Paying the invoice frees €100, not enough for another €238.80: the message says what is left.
    await db.update(invoices).set({ status: 'paid', paidAt: NOW }).where(eq(invoices.id, 'inv_globex_oct'));
    expect((await refusal(byTransfer(third.id))).message).toBe(
      'This order (€238.80) would take your organisation over its credit limit of €577.60 for payment by bank transfer: €477.60 is outstanding in unpaid invoices and bank-transfer orders, leaving €100.00. ' +
        'Pay your outstanding invoices first, or pay this order by card. The order still awaits payment.',
    );
    // A card payment is never limited, and is paid, not owed.
    await expect(gabriel.orders.pay({ id: third.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })).resolves.toMatchObject({ result: 'succeeded', order: { status: 'completed', paymentMethod: 'card' } });
    expect(charges.map((charge) => charge.amountCents)).toEqual([SUPPORT]);
    // A bank-transfer order that failed is not billed, so not owed either.
    await db.update(orders).set({ status: 'failed' }).where(eq(orders.id, second.id));
    expect((await (await as('adam')).staffOrganizations.get({ id: 'org_demo_globex' })).outstandingCents).toBe(SUPPORT);

    // No limit at all once staff remove it.
    await db.update(organizations).set({ creditLimitCents: null }).where(eq(organizations.id, 'org_demo_globex'));
    const fourth = await support();
    expect((await byTransfer(fourth.id)).result).toBe('invoiced');
  });

  it('answers 503 when the provider is unavailable, and a new attempt with a new key goes through', async () => {
    const { gabriel, charges } = await ordersTestbed({ failCharges: 1 });
    const placed = await gabriel.orders.create(order());
    const key = newKey('pay');
    expect(await refusal(gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: SUCCEEDS }))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Payments are unavailable right now; nothing was charged. Try again in a few minutes.',
    });
    // The same key answers the same outcome; a new key pays.
    expect((await refusal(gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: key, method: SUCCEEDS }))).code).toBe('SERVICE_UNAVAILABLE');
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    expect(paid).toMatchObject({ result: 'succeeded', order: { status: 'provisioning' } });
    expect(paid.order.payments.map((payment) => payment.status)).toEqual(['failed', 'succeeded']);
    expect(charges).toHaveLength(2);
  });

  it('answers 404 for an order of another organisation, whatever the caller may do in their own', async () => {
    const { gabriel, as } = await ordersTestbed();
    const alice = await as('alice');
    const pay = { id: 'ord_demo_ml_pending', paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS };
    for (const call of [gabriel.orders.get({ id: 'ord_demo_ml_pending' }), gabriel.orders.pay(pay), gabriel.orders.cancel({ id: 'ord_demo_ml_pending' })]) {
      expect(await refusal(call)).toEqual({ code: 'NOT_FOUND', message: 'No order with this id in your organisation.' });
    }
    await expect(alice.orders.get({ id: 'ord_demo_ml_pending' })).resolves.toMatchObject({ status: 'pending' });
  });
});


describe('orders.paymentOptions', () => {
  it("gives the checkout Stripe's publishable key when Stripe takes the cards, and no test cards", async () => {
    const clock = manualClock(NOW);
    const payments = stripePayments({ secretKey: 'sk_live_51OrdersOptions', webhookSecret: 'whsec_OrdersOptions', publishableKey: 'pk_live_51OrdersOptions', clock });
    const { ctx, db } = await createTestCaller({ ports: { clock, payments }, request: { appUrl: 'https://console.example.eu' } });
    const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
    expect(await gabriel.orders.paymentOptions()).toEqual({
      // Globex saved a bank transfer only, which is not charged; Stripe keeps a card that pays when asked (issue 31).
      savedMethods: [],
      canSaveCards: true,
      provider: 'stripe',
      testMode: false,
      methods: ['stripe', 'bank_transfer'],
      testCards: [],
      publishableKey: 'pk_live_51OrdersOptions',
      minimumCardChargeCents: 50,
      invoiceDueDays: 30,
      // What orders are taxed by: Globex's billing profile (issue 30).
      billingProfile: { companyName: 'Globex Logistics', countryCode: 'FR', vatNumber: null, addressLine1: '8 quai de la Loire', addressLine2: null, postalCode: '75019', city: 'Paris' },
      // Where transfers go: the seller's account (the demo seller in development).
      transferAccount: { beneficiary: 'KubeMarket Demo SAS', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
    });
    const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
    // Acme's saved card is a sandbox one: Stripe cannot charge it.
    await expect(alice.orders.paymentOptions()).resolves.toMatchObject({ methods: ['stripe'], publishableKey: 'pk_live_51OrdersOptions', savedMethods: [] });
  });

  it('answers no publishable key with the sandbox, whose test cards the checkout lists instead', async () => {
    const { gabriel, as } = await ordersTestbed();
    const options = await gabriel.orders.paymentOptions();
    expect(options).toMatchObject({ provider: 'sandbox', methods: ['card', 'bank_transfer'], publishableKey: null });
    expect(options.testCards.map((testCard) => testCard.number)).toContain('4242 4242 4242 4242');
    // Acme's saved Visa pays without being entered again (issue 31); a new card may be kept.
    expect(await (await as('alice')).orders.paymentOptions()).toMatchObject({
      savedMethods: [{ id: 'pmt_demo_acme_visa', kind: 'card', label: 'Visa ending in 4242', isDefault: true }],
      canSaveCards: true,
    });
  });
});


describe('orders.cancel', () => {
  it('cancels an order before payment only, and tells its placer', async () => {
    const { as, notificationsOf } = await ordersTestbed();
    const marc = await as('marc');
    const alice = await as('alice');
    const placed = await marc.orders.create(order({ lines: [{ kind: 'middleware', planId: 'mwp_valkey_small', name: 'db-6', clusterId: 'clu_demo_webshop' }] }));
    const cancelled = await alice.orders.cancel({ id: placed.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: NOW });
    expect(cancelled.events.at(-1)).toMatchObject({ type: 'cancelled', message: 'Order cancelled by Alice Martin.' });
    expect((await notificationsOf('usr_demo_marc')).at(-1)?.message).toBe('Order cancelled by Alice Martin: Valkey: Cache S db-6 in webshop-prod.');
    expect(await refusal(alice.orders.cancel({ id: placed.id }))).toEqual({ code: 'BAD_REQUEST', message: 'This order is already cancelled.' });
    expect(await refusal(alice.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This order was cancelled, so it cannot be paid; place a new order instead.',
    });
    expect(await refusal(alice.orders.cancel({ id: 'ord_demo_webshop' }))).toEqual({ code: 'BAD_REQUEST', message: 'This order is already paid and completed, so it cannot be cancelled.' });
    expect(await refusal((await as('bruno')).orders.cancel({ id: 'ord_demo_ml_pending' }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('closes a payment left at its authentication step, which then cannot complete the order', async () => {
    const { gabriel } = await ordersTestbed();
    const placed = await gabriel.orders.create(order());
    const asked = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: AUTHENTICATES });
    await gabriel.orders.cancel({ id: placed.id });
    const late = await gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: true });
    expect(late).toMatchObject({ result: 'declined', order: { status: 'cancelled', createdClusterId: null } });
  });
});
