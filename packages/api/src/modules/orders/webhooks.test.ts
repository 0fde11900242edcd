import { clusters, invoices, orderEvents, orders, payments, webhookEvents } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripePayments, STRIPE_API_VERSION } from '../../platform/payments';
import { backgroundQueue, callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { handlePaymentWebhook } from './webhooks';

const NOW = Date.UTC(2026, 10, 23, 12);
const WEBHOOK_SECRET = 'whsec_orders_test_secret';

/** Globex with a pending cluster order whose Stripe payment awaits the customer's 3-D Secure step in the browser. */
async function setup(paymentStatus: 'requires_action' | 'pending' = 'requires_action') {
  const clock = manualClock(NOW);
  const mailer = memoryMailer();
  const background = backgroundQueue();
  // Webhooks are verified locally: no request ever reaches Stripe here.
  const stripe = stripePayments({ secretKey: 'sk_test_51OrdersTest', webhookSecret: WEBHOOK_SECRET, clock });
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer, background: background.background, payments: stripe } });
  const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
  const placed = await gabriel.orders.create({
    idempotencyKey: 'webhook-order-1',
    lines: [{ kind: 'cluster', name: 'edge', tierId: 'tier_devtest', regionId: 'nl-ams-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-2-4', count: 2 }] }],
    // Globex's billing profile (the seed's): orders are taxed by it.
    billing: { companyName: 'Globex Logistics', countryCode: 'FR', vatNumber: null, addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
  });
  await db.insert(payments).values({
    id: 'pay_webhook_test',
    orderId: placed.id,
    organizationId: 'org_demo_globex',
    userId: 'usr_demo_gabriel',
    provider: 'stripe',
    providerPaymentId: paymentStatus === 'pending' ? null : 'pi_3WebhookTest',
    idempotencyKey: `order:${placed.id}:pay-1`,
    amountCents: placed.totalCents,
    status: paymentStatus,
    createdAt: NOW,
    updatedAt: NOW,
  });
  return { ctx, db, gabriel, placed, mailer, background };
}

function eventBody(id: string, type: string, intent: Record<string, unknown>) {
  return JSON.stringify({ id, object: 'event', api_version: STRIPE_API_VERSION, created: Math.floor(NOW / 1000), type, livemode: false, data: { object: intent } });
}

function intent(orderId: string, overrides: Record<string, unknown> = {}) {
  return { id: 'pi_3WebhookTest', object: 'payment_intent', amount: 5_880, amount_received: 5_880, currency: 'eur', metadata: { orderId, organizationId: 'org_demo_globex' }, last_payment_error: null, status: 'succeeded', ...overrides };
}

const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(NOW / 1000) });

describe('the Stripe webhook', () => {
  it('marks the order paid and starts its cluster once; a replayed event changes nothing', async () => {
    const { ctx, db, gabriel, placed } = await setup();
    const body = eventBody('evt_1Succeeded', 'payment_intent.succeeded', intent(placed.id));
    expect(await handlePaymentWebhook(ctx, body, sign(body))).toEqual({ status: 200, body: { received: true } });
    const paid = await gabriel.orders.get({ id: placed.id });
    expect(paid).toMatchObject({ status: 'provisioning', paymentMethod: 'stripe', paidAt: NOW });
    expect(paid.payments).toEqual([expect.objectContaining({ id: 'pay_webhook_test', status: 'succeeded' })]);
    expect(paid.events.map((event) => event.type)).toEqual(['placed', 'paid', 'provisioning_started']);
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_globex'))).toBe(1);

    expect(await handlePaymentWebhook(ctx, body, sign(body))).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // Another event about the same payment (Stripe sends charge and intent events) has no second effect either.
    const other = eventBody('evt_2SucceededAgain', 'payment_intent.succeeded', intent(placed.id));
    expect(await handlePaymentWebhook(ctx, other, sign(other))).toEqual({ status: 200, body: { received: true } });
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_globex'))).toBe(1);
    expect(await db.$count(orderEvents, eq(orderEvents.orderId, placed.id))).toBe(3);
    expect(await db.$count(webhookEvents)).toBe(2);
  });

  it('refuses a webhook whose signature does not hold, and changes nothing', async () => {
    const { ctx, db, placed } = await setup();
    const body = eventBody('evt_1Forged', 'payment_intent.succeeded', intent(placed.id));
    for (const signature of [sign(body, 'whsec_somebody_else'), null, 'garbage']) {
      expect(await handlePaymentWebhook(ctx, body, signature)).toMatchObject({ status: 400 });
    }
    expect(await handlePaymentWebhook(ctx, `${body} `, sign(body))).toMatchObject({ status: 400 });
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0]?.status).toBe('pending');
    expect(await db.$count(webhookEvents)).toBe(0);
  });

  it('records a failed payment with its reason and leaves the order awaiting payment', async () => {
    const { ctx, gabriel, placed } = await setup();
    const body = eventBody(
      'evt_1Failed',
      'payment_intent.payment_failed',
      intent(placed.id, { status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } }),
    );
    expect(await handlePaymentWebhook(ctx, body, sign(body))).toEqual({ status: 200, body: { received: true } });
    const detail = await gabriel.orders.get({ id: placed.id });
    expect(detail.status).toBe('pending');
    expect(detail.payments[0]).toMatchObject({ status: 'declined', failureReason: 'Your card has insufficient funds.' });
    expect(detail.events.at(-1)).toMatchObject({ type: 'payment_failed', reason: 'Your card has insufficient funds.' });
  });

  it('finds the attempt whose answer was never recorded by its order, and acknowledges events about payments that are not ours', async () => {
    const { ctx, db, placed } = await setup('pending');
    const body = eventBody('evt_1Recovered', 'payment_intent.succeeded', intent(placed.id, { id: 'pi_3Recovered' }));
    expect(await handlePaymentWebhook(ctx, body, sign(body))).toEqual({ status: 200, body: { received: true } });
    expect((await db.select().from(payments).where(eq(payments.id, 'pay_webhook_test')))[0]).toMatchObject({ status: 'succeeded', providerPaymentId: 'pi_3Recovered' });
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0]?.status).toBe('provisioning');

    const stranger = eventBody('evt_1Stranger', 'payment_intent.succeeded', intent('ord_unknown', { id: 'pi_3Stranger' }));
    expect(await handlePaymentWebhook(ctx, stranger, sign(stranger))).toEqual({ status: 200, body: { received: true } });
    const ignored = eventBody('evt_1Other', 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(await handlePaymentWebhook(ctx, ignored, sign(ignored))).toEqual({ status: 200, body: { received: true } });
    expect((await db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_1Stranger')))[0]).toMatchObject({ provider: 'stripe', paymentId: null });
  });

  it("settles an invoice's SEPA debit when the bank confirms it, and schedules a retry when the bank refuses it", async () => {
    const { ctx, db } = await setup();
    const DAY = 24 * 60 * 60_000;
    const invoiceRow = (id: string, number: string, month: number) => ({
      id,
      organizationId: 'org_demo_globex',
      number,
      periodStart: Date.UTC(2026, month, 1),
      periodEnd: Date.UTC(2026, month + 1, 1),
      status: 'due' as const,
      billing: { companyName: 'Globex Logistique SAS', billingId: 'KM-GLBX01', vatNumber: null, countryCode: 'FR', addressLine1: '8 quai de la Loire', addressLine2: null, postalCode: '75019', city: 'Paris' },
      subtotalCents: 10_000,
      taxableCents: 10_000,
      vatRateBasisPoints: 2000,
      taxCents: 2_000,
      totalCents: 12_000,
      issuedAt: NOW - 3 * DAY,
      dueAt: NOW + 27 * DAY,
      createdAt: NOW - 3 * DAY,
      updatedAt: NOW - 3 * DAY,
    });
    await db.insert(invoices).values([invoiceRow('inv_webhook_settled', 'KM-2026-000901', 8), invoiceRow('inv_webhook_refused', 'KM-2026-000902', 9)]);

    const settled = eventBody('evt_1InvoiceSettled', 'payment_intent.succeeded', intent('inv_webhook_settled', { id: 'pi_3InvoiceSepa', amount: 12_000, amount_received: 12_000 }));
    expect(await handlePaymentWebhook(ctx, settled, sign(settled))).toEqual({ status: 200, body: { received: true } });
    expect((await db.select().from(invoices).where(eq(invoices.id, 'inv_webhook_settled')))[0]).toMatchObject({ status: 'paid', paidAt: NOW });
    expect((await db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_1InvoiceSettled')))[0]).toMatchObject({ paymentId: null });

    const refused = eventBody(
      'evt_1InvoiceRefused',
      'payment_intent.payment_failed',
      intent('inv_webhook_refused', { id: 'pi_3InvoiceRefused', status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'insufficient_funds' } }),
    );
    expect(await handlePaymentWebhook(ctx, refused, sign(refused))).toEqual({ status: 200, body: { received: true } });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, 'inv_webhook_refused'));
    // The first failure: retried on day 3 after issue, which is today.
    expect(row).toMatchObject({ status: 'due', failedCharges: 1, nextChargeAt: NOW, paidAt: null });
    // A paid invoice is not reopened by a late failure.
    const late = eventBody('evt_1InvoiceLate', 'payment_intent.payment_failed', intent('inv_webhook_settled', { id: 'pi_3InvoiceSepa', status: 'requires_payment_method', amount_received: 0 }));
    expect(await handlePaymentWebhook(ctx, late, sign(late))).toEqual({ status: 200, body: { received: true } });
    expect((await db.select().from(invoices).where(eq(invoices.id, 'inv_webhook_settled')))[0]?.status).toBe('paid');
  });
});
