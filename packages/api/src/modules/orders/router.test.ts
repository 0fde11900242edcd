/**
 * The orders router: placing an order, listing and reading orders, and the sidebar's counts. Paying,
 * the payment options and cancelling are in payment.test.ts; what both share is
 * testing/orders-bed.ts.
 */
import { auditLog, catalogPrices, clusters, orderEvents, orders, organizations } from '@kubemarket/db';
import { DEMO_ORDERS, demoOrderQuote } from '@kubemarket/db/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing';
import { loadOrderCatalogue } from '../catalog';
import { createQuote } from '../quotes';
import { BILLING, CLUSTER, type CreateInput, DAY_MS, eventTypes, newKey, NOW, order, ordersTestbed, SUCCEEDS } from '../../testing/orders-bed';

describe('orders.create', () => {
  it('quotes the order on the server and stores its lines, quote, billing and first event in one go', async () => {
    const { gabriel, db, notificationsOf, mailTo } = await ordersTestbed();
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
    const { gabriel, db } = await ordersTestbed();
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
    const { gabriel, as } = await ordersTestbed();
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
    const { gabriel, db } = await ordersTestbed();
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
    const { as } = await ordersTestbed();
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
    const { as } = await ordersTestbed();
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
    const { gabriel } = await ordersTestbed();
    for (const clusterId of ['clu_demo_webshop', 'clu_nope']) {
      expect(await refusal(gabriel.orders.create(order({ lines: [{ kind: 'addon', addonId: 'addon_backup', clusterId }] })))).toEqual({
        code: 'NOT_FOUND',
        message: 'No cluster with this id in your organisation.',
      });
    }
  });

  it('refuses orders it cannot build, with a sentence naming the problem', async () => {
    const { gabriel, as } = await ordersTestbed();
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
    const { gabriel, charges } = await ordersTestbed();
    const placed = await gabriel.orders.create(order({ lines: [{ kind: 'support', planId: 'support_basic' }] }));
    expect(placed).toMatchObject({ kind: 'support', status: 'completed', totalCents: 0, paymentMethod: 'none', summary: 'Support: Basic', payments: [] });
    expect(eventTypes(placed)).toEqual(['placed', 'paid', 'completed']);
    expect(placed.events[1]).toMatchObject({ message: 'Nothing to pay: the order is confirmed without a charge.', amountCents: 0 });
    expect(charges).toHaveLength(0);
  });
});


describe('orders.list, orders.counts and orders.get', () => {
  it('filters, searches, sorts and pages on the server', async () => {
    const { as } = await ordersTestbed();
    const vera = await as('vera');
    const all = await vera.orders.list();
    expect(all).toMatchObject({ total: 9, page: 1, pageSize: 20, pageCount: 1 });
    expect(all.items.map((item) => item.id).slice(0, 2)).toEqual(['ord_demo_ml_pending', 'ord_demo_postgres']);
    const clustersPage = await vera.orders.list({ kind: 'cluster', sort: 'total_desc', pageSize: 2 });
    expect(clustersPage).toMatchObject({ total: 5, pageCount: 3 });
    expect(clustersPage.items[0]!.totalCents).toBeGreaterThanOrEqual(clustersPage.items[1]!.totalCents);
    const lastPage = await vera.orders.list({ kind: 'cluster', sort: 'total_desc', pageSize: 2, page: 3 });
    expect(lastPage.items).toHaveLength(1);
    // Past the last page the filtered total is still counted (the prepared count of that shape).
    expect(await vera.orders.list({ kind: 'cluster', pageSize: 2, page: 9 })).toMatchObject({ items: [], total: 5, pageCount: 3 });
    expect((await vera.orders.list({ status: 'pending' })).items.map((item) => item.id)).toEqual(['ord_demo_ml_pending']);
    // orders-db runs in webshop-prod: its order names it (issue 31).
    expect((await vera.orders.list({ q: 'webshop' })).items.map((item) => item.id).sort()).toEqual(['ord_demo_backup', 'ord_demo_postgres', 'ord_demo_webshop']);
    expect((await vera.orders.list({ q: '100%_' })).total).toBe(0);
    expect((await vera.orders.list({ q: 'ml_pend', status: 'pending' })).items.map((item) => item.id)).toEqual(['ord_demo_ml_pending']);
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
    const { as } = await ordersTestbed();
    const detail = await (await as('vera')).orders.get({ id: 'ord_demo_ml_pending' });
    expect(detail).toMatchObject({ kind: 'cluster', status: 'pending', summary: 'AI/ML (Violet) cluster ml-inference in fr-par-1', placedBy: { name: 'Marc Dubois' } });
    expect(eventTypes(detail)).toEqual(['placed', 'payment_started', 'payment_failed']);
    expect(detail.payments).toEqual([expect.objectContaining({ status: 'declined', cardLast4: '0002', paidBy: { id: 'usr_demo_bruno', name: 'Bruno Petit' } })]);
  });

  it('keeps the prices an order was placed at when the catalogue changes later', async () => {
    const { gabriel, db, clock } = await ordersTestbed();
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
    const { ctx, db } = await ordersTestbed();
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
    const { gabriel } = await ordersTestbed();
    await expect(gabriel.dashboard.sidebarCounts()).resolves.toEqual({ clusters: 0, orders: { total: 0 } });
    const placed = await gabriel.orders.create(order());
    await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    await expect(gabriel.dashboard.sidebarCounts()).resolves.toEqual({ clusters: 1, orders: { total: 1 } });
  });
});
