import { auditLog, catalogPrices, clusters, invoices, notifications, orderEvents, orders, organizations, payments } from '@kubemarket/db';
import { DEMO_ORDERS, demoOrderQuote } from '@kubemarket/db/seed';
import type { inferRouterInputs } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentUnavailableError, sandboxPayments, stripePayments, type ChargeRequest, type PaymentsPort } from '../../platform/payments';
import type { AppRouter } from '../../root';
import { backgroundQueue, callerAs, createTestCaller, insertRunningCluster, manualClock, memoryMailer, refusal, sessionUserOf } from '../../testing';
import { loadOrderCatalogue } from '../catalog';
import { createQuote } from '../quotes';

type CreateInput = inferRouterInputs<AppRouter>['orders']['create'];
type ClusterLine = Extract<CreateInput['lines'][number], { kind: 'cluster' }>;

const NOW = Date.UTC(2026, 10, 23, 12);
const GLOBEX_CLUSTER = 'clu_test_globex';
const DAY_MS = 24 * 60 * 60_000;

/**
 * The Economy (Green) cluster of the quotes tests (subtotal 42 700, VAT 8 540, total 51 240 per
 * month; with PARIS: discount 2 135, total 48 678), named and placed for a customer in France.
 */
const CLUSTER = {
  kind: 'cluster',
  name: 'prod-eu',
  tierId: 'tier_economy',
  regionId: 'fr-par-1',
  kubernetesVersion: '1.37',
  highAvailability: true,
  nodePools: [
    { name: 'system', flavorId: 'gp-2-8', count: 3 },
    { name: 'workers', flavorId: 'gp-4-16', count: 2, autoscale: { min: 2, max: 5 }, labels: { tier: 'web' }, taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }] },
  ],
  addonIds: ['addon_monitoring', 'addon_logging', 'addon_cert_manager'],
} as const satisfies ClusterLine;

const BILLING = {
  companyName: 'Globex Logistics',
  countryCode: 'FR',
  vatNumber: 'FR 40 303 265 045',
  addressLine1: '8 quai de la Loire',
  postalCode: '75019',
  city: 'Paris',
} as const;

const card = (number: string) => ({ kind: 'card' as const, card: { number, expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Gabriel Roux' } });
const SUCCEEDS = card('4242 4242 4242 4242');
const DECLINED = card('4000 0000 0000 0002');
const AUTHENTICATES = card('4000 0027 6000 3184');

let keys = 0;
const newKey = (prefix = 'key') => `${prefix}-${(keys += 1).toString().padStart(8, '0')}`;

function order(overrides: Partial<CreateInput> = {}): CreateInput {
  return { idempotencyKey: newKey('order'), lines: [CLUSTER], billing: BILLING, ...overrides };
}

/** A seeded database whose payments port counts the charges it is asked for (the sandbox behind it). */
async function setup(options: { failCharges?: number } = {}) {
  const clock = manualClock(NOW);
  const mailer = memoryMailer();
  const background = backgroundQueue();
  const sandbox = sandboxPayments({ clock });
  const charges: ChargeRequest[] = [];
  let failures = options.failCharges ?? 0;
  const payments: PaymentsPort = {
    ...sandbox,
    async charge(request) {
      charges.push(request);
      if (failures > 0) {
        failures -= 1;
        throw new PaymentUnavailableError();
      }
      return sandbox.charge(request);
    },
  };
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer, background: background.background, payments }, request: { appUrl: 'https://console.example.eu' } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp));
  const mailTo = async (address: string) => {
    await background.settle();
    return mailer.sent.filter((mail) => mail.to === address);
  };
  return { clock, ctx, db, mailer, background, charges, as, notificationsOf, mailTo, gabriel: await as('gabriel') };
}

const eventTypes = (detail: { events: Array<{ type: string }> }) => detail.events.map((event) => event.type);

describe('orders.create', () => {
  it('quotes the order on the server and stores its lines, quote, billing and first event in one go', async () => {
    const { gabriel, db, notificationsOf, mailTo } = await setup();
    const placed = await gabriel.orders.create(order());
    expect(placed).toMatchObject({
      id: expect.stringMatching(/^ord_[a-z0-9]{20}$/),
      kind: 'cluster',
      status: 'pending',
      summary: 'Economy (Green) cluster prod-eu in fr-par-1',
      cycle: 'monthly',
      subtotalCents: 42_700,
      discountCents: 0,
      taxCents: 8_540,
      totalCents: 51_240,
      promotion: null,
      paymentMethod: null,
      placedBy: { id: 'usr_demo_gabriel', name: 'Gabriel Roux' },
      billing: { companyName: 'Globex Logistics', billingId: 'KM-GLOBX1', vatNumber: 'FR40303265045', countryCode: 'FR', addressLine2: null },
      payments: [],
    });
    expect(placed.quote).toMatchObject({ subtotalCents: 42_700, totalCents: 51_240, tax: { label: 'VAT 20%' } });
    expect(placed.lines[0]).toMatchObject({
      kind: 'cluster',
      name: 'prod-eu',
      // The minor the customer chose, with the patch new clusters get.
      kubernetesVersion: '1.37.1',
      nodePools: [
        { name: 'system', labels: {}, taints: [] },
        { name: 'workers', labels: { tier: 'web' }, taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }] },
      ],
      settings: {
        zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
        cni: 'cilium',
        podCidr: '10.244.0.0/16',
        serviceCidr: '10.96.0.0/12',
        apiAllowList: [],
        maintenanceWindow: { day: 'sunday', startHour: 3 },
        autoUpgrade: true,
      },
    });
    expect(placed.events).toEqual([expect.objectContaining({ type: 'placed', message: 'Order placed by Gabriel Roux: Economy (Green) cluster prod-eu in fr-par-1.', amountCents: 51_240 })]);
    expect((await notificationsOf('usr_demo_gabriel')).map((row) => row.message)).toEqual(['Order placed: Economy (Green) cluster prod-eu in fr-par-1, €512.40. It awaits payment.']);
    const [mail] = await mailTo('gabriel@globex.example');
    expect(mail?.subject).toBe('Order placed: Economy (Green) cluster prod-eu in fr-par-1 — KubeMarket');
    expect(mail?.text).toContain(`https://console.example.eu/order-status/${placed.id}`);
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_globex'))).toBe(0);
    expect(await db.select({ actor: auditLog.actorUserId, target: auditLog.targetId }).from(auditLog).where(eq(auditLog.action, 'order.placed'))).toEqual([
      { actor: 'usr_demo_gabriel', target: placed.id },
    ]);
  });

  it('answers a repeated request with the same key with the same order, and never writes a second one', async () => {
    const { gabriel, db } = await setup();
    const input = order();
    const first = await gabriel.orders.create(input);
    const again = await gabriel.orders.create(input);
    const raced = { ...input, lines: [{ ...CLUSTER, name: 'raced' }], idempotencyKey: 'raced-key-1' };
    const [raced1, raced2] = await Promise.all([gabriel.orders.create(raced), gabriel.orders.create(raced)]);
    expect(again.id).toBe(first.id);
    expect(raced2.id).toBe(raced1.id);
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_globex'))).toBe(2);
    expect(await db.$count(orderEvents, eq(orderEvents.orderId, first.id))).toBe(1);
  });

  it('refuses the same key with another order, and keeps keys of different organisations apart', async () => {
    const { gabriel, as } = await setup();
    const input = order();
    await gabriel.orders.create(input);
    expect(await refusal(gabriel.orders.create({ ...input, cycle: 'yearly' }))).toEqual({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different order.' });
    // Acme using Globex's key places its own order and learns nothing of Globex's.
    const alice = await as('alice');
    const acme = await alice.orders.create({ ...input, lines: [{ ...CLUSTER, name: 'acme-prod' }], billing: { ...BILLING, companyName: 'Acme Industries' } });
    expect(acme.summary).toBe('Economy (Green) cluster acme-prod in fr-par-1');
    expect(acme.billing?.billingId).toBe('KM-ACME01');
  });

  it('refuses an organisation that awaits approval, or is suspended, saying why and what to do', async () => {
    const { gabriel, db } = await setup();
    await db.update(organizations).set({ status: 'pending' }).where(eq(organizations.id, 'org_demo_globex'));
    expect(await refusal(gabriel.orders.create(order()))).toEqual({
      code: 'FORBIDDEN',
      message:
        'Your organisation is waiting for approval by our team, so it cannot order yet. You can browse and build estimates meanwhile; we email the owner as soon as it is approved.',
    });
    // Estimates stay open to it.
    await expect(gabriel.quotes.create({ lines: [{ ...CLUSTER, nodePools: [{ name: 'a', flavorId: 'gp-2-8', count: 2 }] }] })).resolves.toMatchObject({ cycle: 'monthly' });
    await db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, 'org_demo_globex'));
    expect(await refusal(gabriel.orders.create(order()))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your organisation is suspended, so it cannot order or pay. Contact our support team to find out why and to restore it.',
    });
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_globex'))).toBe(0);
  });

  it('lets viewers and billing managers read orders but not place them', async () => {
    const { as } = await setup();
    for (const username of ['vera', 'bruno']) {
      const caller = await as(username);
      expect(await refusal(caller.orders.create(order({ lines: [{ kind: 'support', planId: 'support_business' }] })))).toEqual({
        code: 'FORBIDDEN',
        message: 'Your role in Acme Industries does not allow this (orders:write).',
      });
      await expect(caller.orders.list()).resolves.toMatchObject({ total: 9 });
    }
  });

  it('orders add-ons for a cluster of the organisation, from its tier, version and running add-ons', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    // webshop-prod runs Prometheus and Grafana and cert-manager (its order) and Velero (an add-on order).
    const placed = await alice.orders.create(
      order({ lines: [{ kind: 'addon', addonId: 'addon_logging', clusterId: 'clu_demo_webshop' }, { kind: 'addon', addonId: 'addon_argocd', clusterId: 'clu_demo_webshop' }], billing: { ...BILLING, companyName: 'Acme Industries' } }),
    );
    expect(placed).toMatchObject({ kind: 'addon', targetClusterId: 'clu_demo_webshop', summary: 'Grafana Loki and Argo CD add-ons for webshop-prod' });
    expect(placed.lines[0]).toEqual({
      kind: 'addon',
      addonId: 'addon_logging',
      clusterId: 'clu_demo_webshop',
      clusterName: 'webshop-prod',
      clusterTierId: 'tier_standard',
      kubernetesVersion: '1.36.4',
      existingAddonIds: ['addon_monitoring', 'addon_cert_manager', 'addon_backup'],
    });
    expect(placed.lines[1]).toMatchObject({ existingAddonIds: ['addon_monitoring', 'addon_cert_manager', 'addon_backup', 'addon_logging'] });
    const again = (addonId: string) => refusal(alice.orders.create(order({ lines: [{ kind: 'addon', addonId, clusterId: 'clu_demo_webshop' }] })));
    expect(await again('addon_backup')).toEqual({ code: 'BAD_REQUEST', message: 'Order line 1: This cluster already runs the Velero backups add-on.' });
    expect(await again('addon_logging')).toEqual({ code: 'BAD_REQUEST', message: `Order ${placed.id}, awaiting payment, already adds "addon_logging" to webshop-prod; pay or cancel it instead.` });
  });

  it("answers 404 for another organisation's cluster or one that does not exist", async () => {
    const { gabriel } = await setup();
    for (const clusterId of ['clu_demo_webshop', 'clu_nope']) {
      expect(await refusal(gabriel.orders.create(order({ lines: [{ kind: 'addon', addonId: 'addon_backup', clusterId }] })))).toEqual({
        code: 'NOT_FOUND',
        message: 'No cluster with this id in your organisation.',
      });
    }
  });

  it('refuses orders it cannot build, with a sentence naming the problem', async () => {
    const { gabriel, as } = await setup();
    const send = (input: unknown) => refusal(gabriel.orders.create(input as CreateInput));
    expect(await send(order({ lines: [CLUSTER, { kind: 'support', planId: 'support_business' }] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'An order holds one kind of item; this one mixes a cluster and a support plan. Place a separate order for each.',
    });
    expect((await send(order({ lines: [CLUSTER, { ...CLUSTER, name: 'other' }] }))).message).toBe('An order creates one cluster; place a separate order for each cluster.');
    expect((await send(order({ lines: [{ ...CLUSTER, zones: ['de-fra-1a'] }] }))).message).toBe('The zone "de-fra-1a" is not in fr-par-1; its zones are fr-par-1a, fr-par-1b and fr-par-1c.');
    expect((await send(order({ lines: [{ ...CLUSTER, networking: { podCidr: '10.96.0.0/16' } }] }))).message).toBe(
      'lines.0.networking.serviceCidr: The service network 10.96.0.0/12 overlaps the pod network 10.96.0.0/16; choose ranges that do not overlap.',
    );
    expect((await send(order({ lines: [{ ...CLUSTER, networking: { podCidr: '8.8.0.0/16', apiAllowList: ['not a network'] } }] }))).message).toBe(
      'lines.0.networking.podCidr: The pod network must be a private range (inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16).; lines.0.networking.apiAllowList.0: Each allowed source is an IPv4 or IPv6 network in CIDR notation, e.g. 203.0.113.0/24.',
    );
    expect((await send(order({ lines: [{ ...CLUSTER, name: 'Prod_EU' }] }))).message).toBe(
      'lines.0.name: The cluster name uses lower-case letters, digits and hyphens, starts with a letter and does not end with a hyphen.',
    );
    expect((await send(order({ lines: [{ ...CLUSTER, nodePools: [{ name: 'a', flavorId: 'gp-2-8', count: 1, labels: { 'kubernetes.io/role': 'x' } }] }] }))).message).toBe(
      'lines.0.nodePools.0.labels.kubernetes.io/role: "kubernetes.io/role" uses a prefix Kubernetes reserves for itself.',
    );
    expect((await send(order({ billing: { ...BILLING, countryCode: 'DE', vatNumber: 'FR40303265045' } }))).message).toBe('billing.vatNumber: A VAT number of DE starts with DE.');
    expect((await send({ ...order(), idempotencyKey: 'short' })).message).toBe('idempotencyKey: The Idempotency-Key is 8 to 128 visible ASCII characters without spaces, e.g. a UUID.');
    // The catalogue's own rules, as quotes words them.
    expect((await send(order({ lines: [{ ...CLUSTER, tierId: 'tier_devtest' }] }))).message).toBe('Order line 1: Dev/Test (Orange) clusters do not offer a high-availability control plane.');
    // A cluster name is the organisation's once.
    const alice = await as('alice');
    expect(await refusal(alice.orders.create(order({ lines: [{ ...CLUSTER, name: 'webshop-prod' }] })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Your organisation already has a cluster named "webshop-prod"; choose another name.',
    });
    const pending = await gabriel.orders.create(order());
    expect((await send(order())).message).toBe(`Order ${pending.id}, awaiting payment, already creates a cluster named "prod-eu"; pay or cancel it, or choose another name.`);
  });

  it('confirms an order with nothing to pay (the Basic support plan) at once, without a charge', async () => {
    const { gabriel, charges } = await setup();
    const placed = await gabriel.orders.create(order({ lines: [{ kind: 'support', planId: 'support_basic' }] }));
    expect(placed).toMatchObject({ kind: 'support', status: 'completed', totalCents: 0, paymentMethod: 'none', summary: 'Support: Basic', payments: [] });
    expect(eventTypes(placed)).toEqual(['placed', 'paid', 'completed']);
    expect(placed.events[1]).toMatchObject({ message: 'Nothing to pay: the order is confirmed without a charge.', amountCents: 0 });
    expect(charges).toHaveLength(0);
  });
});

describe('orders.pay', () => {
  it('keeps the card that paid when asked, once, and a saved card pays the next order without being entered again (issue 31)', async () => {
    const { gabriel, charges, as, db } = await setup();
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
    const { gabriel, db, charges, notificationsOf, mailTo } = await setup();
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
    const { gabriel, db, charges } = await setup();
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
    const { as, db, notificationsOf, mailTo } = await setup();
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
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_acme'))).toBe(3);
  });

  it('answers a mistyped card with its reason and no mail (nothing was attempted)', async () => {
    const { gabriel, mailTo } = await setup();
    const placed = await gabriel.orders.create(order());
    const answered = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: card('4242 4242 4242 4241') });
    expect(answered).toMatchObject({ result: 'declined', reason: 'Your card number is not valid.', order: { status: 'pending' } });
    expect(eventTypes(answered.order)).toEqual(['placed']);
    expect((await mailTo('gabriel@globex.example')).map((mail) => mail.subject)).toEqual(['Order placed: Economy (Green) cluster prod-eu in fr-par-1 — KubeMarket']);
  });

  it('asks for the authentication step, then completes the payment, once however often it is confirmed', async () => {
    const { gabriel, charges } = await setup();
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
    const { gabriel } = await setup();
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
    const { gabriel, charges } = await setup();
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
    const { gabriel, as, charges, mailTo } = await setup();
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
    const { gabriel, as, db, charges } = await setup();
    const SUPPORT = 23_880;
    const support = () => gabriel.orders.create(order({ lines: [{ kind: 'support', planId: 'support_business' }] }));
    const byTransfer = (id: string) => gabriel.orders.pay({ id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'bank_transfer' } });
    // Globex owes €100 on an issued invoice; staff allow it €100 plus two support plans on credit.
    const limit = 10_000 + 2 * SUPPORT;
    await db.update(organizations).set({ creditLimitCents: limit }).where(eq(organizations.id, 'org_demo_globex'));
    await db.insert(invoices).values({
      id: 'inv_globex_oct',
      organizationId: 'org_demo_globex',
      number: 'KM-2026-000301',
      periodStart: Date.UTC(2026, 9, 1),
      periodEnd: Date.UTC(2026, 10, 1),
      status: 'due',
      billing: { companyName: 'Globex Logistics', billingId: 'KM-GLOBX1', vatNumber: null, addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris', countryCode: 'FR' },
      subtotalCents: 10_000,
      taxableCents: 10_000,
      vatRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 10_000,
      issuedAt: Date.UTC(2026, 10, 1),
      dueAt: Date.UTC(2026, 10, 15),
      createdAt: Date.UTC(2026, 10, 1),
      updatedAt: Date.UTC(2026, 10, 1),
    });

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
    const { gabriel, charges } = await setup({ failCharges: 1 });
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
    const { gabriel, as } = await setup();
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
    const { gabriel, as } = await setup();
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
    const { as, notificationsOf } = await setup();
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
    const { gabriel } = await setup();
    const placed = await gabriel.orders.create(order());
    const asked = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: AUTHENTICATES });
    await gabriel.orders.cancel({ id: placed.id });
    const late = await gabriel.orders.completeAuthentication({ id: placed.id, paymentId: asked.paymentId, approved: true });
    expect(late).toMatchObject({ result: 'declined', order: { status: 'cancelled', createdClusterId: null } });
  });
});

describe('orders.list, orders.counts and orders.get', () => {
  it('filters, searches, sorts and pages on the server', async () => {
    const { as } = await setup();
    const vera = await as('vera');
    const all = await vera.orders.list();
    expect(all).toMatchObject({ total: 9, page: 1, pageSize: 20, pageCount: 1 });
    expect(all.items.map((item) => item.id).slice(0, 2)).toEqual(['ord_demo_ml_pending', 'ord_demo_postgres']);
    const clustersPage = await vera.orders.list({ kind: 'cluster', sort: 'total_desc', pageSize: 2 });
    expect(clustersPage).toMatchObject({ total: 5, pageCount: 3 });
    expect(clustersPage.items[0]!.totalCents).toBeGreaterThanOrEqual(clustersPage.items[1]!.totalCents);
    const lastPage = await vera.orders.list({ kind: 'cluster', sort: 'total_desc', pageSize: 2, page: 3 });
    expect(lastPage.items).toHaveLength(1);
    expect((await vera.orders.list({ status: 'pending' })).items.map((item) => item.id)).toEqual(['ord_demo_ml_pending']);
    // orders-db runs in webshop-prod: its order names it (issue 31).
    expect((await vera.orders.list({ q: 'webshop' })).items.map((item) => item.id).sort()).toEqual(['ord_demo_backup', 'ord_demo_postgres', 'ord_demo_webshop']);
    expect((await vera.orders.list({ q: '100%_' })).total).toBe(0);
    expect((await vera.orders.list({ sort: 'oldest', pageSize: 1 })).items[0]!.id).toBe('ord_demo_webshop');
    expect(await vera.orders.counts()).toEqual({
      total: 9,
      byKind: { cluster: 5, addon: 1, middleware: 2, support: 1 },
      byStatus: { pending: 1, paid: 0, provisioning: 0, completed: 6, cancelled: 1, failed: 1 },
    });
    const globex = await (await as('gabriel')).orders.list();
    expect(globex.total).toBe(0);
  });

  it('shows an order with its lines, quote, timeline and payments, card numbers never', async () => {
    const { as } = await setup();
    const detail = await (await as('vera')).orders.get({ id: 'ord_demo_ml_pending' });
    expect(detail).toMatchObject({ kind: 'cluster', status: 'pending', summary: 'AI/ML (Violet) cluster ml-inference in fr-par-1', placedBy: { name: 'Marc Dubois' } });
    expect(eventTypes(detail)).toEqual(['placed', 'payment_started', 'payment_failed']);
    expect(detail.payments).toEqual([expect.objectContaining({ status: 'declined', cardLast4: '0002', paidBy: { id: 'usr_demo_bruno', name: 'Bruno Petit' } })]);
  });

  it('keeps the prices an order was placed at when the catalogue changes later', async () => {
    const { gabriel, db, clock } = await setup();
    const placed = await gabriel.orders.create(order());
    await db.insert(catalogPrices).values({ itemKind: 'cluster_tier', itemId: 'tier_economy', effectiveFrom: NOW + DAY_MS, monthlyPriceCents: 12_900, yearlyPriceCents: 131_580, createdAt: NOW });
    clock.advance(2 * DAY_MS);
    const later = await gabriel.orders.get({ id: placed.id });
    expect([later.totalCents, later.quote]).toEqual([placed.totalCents, placed.quote]);
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    expect(paid.order.payments[0]!.amountCents).toBe(51_240);
    // A new order pays the new price.
    expect((await gabriel.orders.create(order({ lines: [{ ...CLUSTER, name: 'next' }] }))).subtotalCents).toBe(42_700 + 4_000);
  });

  it('stores each seeded order with the quote the engine gives it from the catalogue in the database', async () => {
    const { ctx, db } = await setup();
    for (const seeded of DEMO_ORDERS) {
      const [row] = await db.select().from(orders).where(eq(orders.id, seeded.id));
      const catalogue = await loadOrderCatalogue(db, row!.createdAt);
      expect(row!.quote, seeded.id).toEqual(demoOrderQuote(seeded, row!.createdAt, catalogue.priceBook));
    }
    // The same as quotes.create answers for those lines today (nothing changed since).
    const webshop = DEMO_ORDERS[0]!.lines[0]!;
    if (webshop.kind !== 'cluster') throw new Error('The first demo order is a cluster');
    const { name: _name, settings: _settings, ...line } = webshop;
    const quoted = await createQuote(ctx, { lines: [line], cycle: 'monthly', promotionCode: null, customer: { countryCode: 'FR', vatNumber: 'FR40303265045', isBusiness: true } });
    const [stored] = await db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, 'ord_demo_webshop'));
    expect(quoted).toEqual(stored!.quote);
  });
});

describe('the sidebar', () => {
  it('counts real orders, the ones placed just now included', async () => {
    const { gabriel } = await setup();
    await expect(gabriel.dashboard.sidebarCounts()).resolves.toEqual({ clusters: 0, orders: { total: 0 } });
    const placed = await gabriel.orders.create(order());
    await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    await expect(gabriel.dashboard.sidebarCounts()).resolves.toEqual({ clusters: 1, orders: { total: 1 } });
  });
});

