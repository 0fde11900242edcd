import { quote } from '@kubemarket/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceInEffect } from './catalog-prices';
import type { Database } from './client';
import {
  addons,
  billingPlans,
  catalogPrices,
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusters,
  clusterTiers,
  credits,
  kubeconfigIssuances,
  nodePools,
  dataCenters,
  exchangeRates,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  orderEvents,
  orders,
  organizations,
  paymentMethods,
  payments,
  promotions,
  supportPlans,
} from './schema';
import { CATALOG_PRICE_SEED, CLUSTER_TIER_SEED, DEMO_CLUSTERS, DEMO_ORDERS, PARIS_ENDS_AT, seed, seedDemoBankTransfers, seedPriceBook } from './seed';
import { createTestDb } from './testing';

const clusterTierNamesInOrder = [
  'Standard (Blue)',
  'Enterprise (Red)',
  'Economy (Green)',
  'Data Analytics',
  'AI/ML (Violet)',
  'Dev/Test (Orange)',
  'Sandbox (Gray)',
];

describe('seed', () => {
  it('inserts the seven tiers of SPEC.md once, however often it runs', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await seed(db, 2_000);
    const rows = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
    expect(rows.map((row) => row.name)).toEqual(clusterTierNamesInOrder);
    expect(rows.every((row) => row.createdAt === 1_000 && row.updatedAt === 2_000)).toBe(true);
    expect(rows.every((row) => row.yearlyPriceCents < row.monthlyPriceCents * 12)).toBe(true);
  });

  it('seeds the regions, the rates and the demo customer\'s clusters and orders', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await seed(db, 2_000);
    expect((await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder))).map((row) => row.city)).toEqual([
      'Paris',
      'Frankfurt am Main',
      'Amsterdam',
      'Milan',
      'Warsaw',
      'Madrid',
    ]);
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_acme'))).toBe(3);
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_acme'))).toBe(DEMO_ORDERS.length);
    const rates = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
    expect(rates.map((row) => [row.currency, row.rate])).toEqual([
      ['CNY', 7.8112],
      ['EUR', 1],
      ['GBP', 0.8527],
      ['USD', 1.0841],
    ]);
  });

  it('never overwrites rates a refresh stored', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await db.update(exchangeRates).set({ rate: 1.1, fetchedAt: 5_000, source: 'ecb', rateDate: '2026-12-01' }).where(eq(exchangeRates.currency, 'USD'));
    await seed(db, 9_000);
    const [usd] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(usd).toEqual({ currency: 'USD', rate: 1.1, fetchedAt: 5_000, source: 'ecb', rateDate: '2026-12-01' });
  });

  it('enforces foreign keys like D1 does', async () => {
    const db = await createTestDb();
    const { users } = await import('./schema');
    await expect(
      db.insert(users).values({
        id: 'usr_x',
        organizationId: 'org_missing',
        username: 'x',
        email: 'x@example.com',
        name: 'X',
        createdAt: 0,
        updatedAt: 0,
      }),
    ).rejects.toThrow();
  });
});

describe('seed: orders', () => {
  async function seeded() {
    const db = await createTestDb();
    await seed(db, 1_000_000_000_000);
    await seed(db, 1_000_000_000_000 + 5_000);
    return db;
  }

  it('gives the demo customer orders of every kind, in the states customers meet, once however often it runs', async () => {
    const db = await seeded();
    const rows = await db.select().from(orders).orderBy(asc(orders.createdAt));
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['cluster', 'addon', 'middleware', 'support']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed', 'failed', 'cancelled', 'pending']));
    expect(rows.every((row) => row.organizationId === 'org_demo_acme' && row.summary !== '' && row.billing?.billingId === 'KM-ACME01')).toBe(true);
    // Created at the first seed: a second run adds nothing and moves nothing.
    expect(rows.find((row) => row.id === 'ord_demo_webshop')?.createdAt).toBe(1_000_000_000_000 - 180 * 24 * 60 * 60_000);
    expect(await db.$count(payments)).toBe(8);
  });

  it('stores each order with its quote: totals, tax and lines agree, in whole cents', async () => {
    const db = await seeded();
    for (const row of await db.select().from(orders)) {
      const quote = row.quote!;
      expect(quote.lines.length, row.id).toBe(row.lines.length);
      expect(quote.subtotalCents, row.id).toBe(quote.lines.reduce((sum, line) => sum + line.amountCents, 0));
      expect([row.subtotalCents, row.discountCents, row.taxCents, row.totalCents], row.id).toEqual([
        quote.subtotalCents,
        0,
        quote.tax.amountCents,
        quote.subtotalCents + quote.tax.amountCents,
      ]);
      expect(quote.tax).toMatchObject({ countryCode: 'FR', rateBasisPoints: 2_000 });
      expect(row.cycle).toBe(quote.cycle);
    }
    const [webshop] = await db.select().from(orders).where(eq(orders.id, 'ord_demo_webshop'));
    // Control plane 28 900 + 3 × gp-4-16 at 5 700 + Prometheus and Grafana 3 900 + cert-manager 0 = 49 900; VAT 9 980.
    expect(webshop).toMatchObject({ subtotalCents: 49_900, taxCents: 9_980, totalCents: 59_880, createdClusterId: 'clu_demo_webshop' });
  });

  it('links completed cluster orders to the seeded clusters and gives each order its timeline and payments', async () => {
    const db = await seeded();
    const clusterOrders = await db.select().from(orders).where(and(eq(orders.kind, 'cluster'), eq(orders.status, 'completed')));
    expect(clusterOrders.map((row) => row.createdClusterId).sort()).toEqual(DEMO_CLUSTERS.map((cluster) => cluster.id).sort());
    for (const row of await db.select().from(orders)) {
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
      expect(events[0]?.type, row.id).toBe('placed');
      // A failed order's payment was refunded in full (issue 31): a row with its amount, not a claim.
      const paid = await db.select().from(payments).where(and(eq(payments.orderId, row.id), inArray(payments.status, ['succeeded', 'refunded'])));
      expect(paid.length, row.id).toBe(['completed', 'failed'].includes(row.status) ? 1 : 0);
      if (paid[0]) expect(paid[0].status, row.id).toBe(row.status === 'failed' ? 'refunded' : 'succeeded');
      if (paid[0]) expect(paid[0].amountCents, row.id).toBe(row.totalCents);
      expect(events.some((event) => event.type === 'paid'), row.id).toBe(paid.length === 1);
    }
    const [pending] = await db.select().from(orders).where(eq(orders.status, 'pending'));
    const [declined] = await db.select().from(payments).where(eq(payments.orderId, pending!.id));
    expect(declined).toMatchObject({ status: 'declined', failureReason: 'Your card was declined.', cardLast4: '0002', userId: 'usr_demo_bruno' });
  });

  it('lets staff-approved Globex pay by bank transfer, and nobody else', async () => {
    const db = await seeded();
    const rows = await db.select({ id: organizations.id, invoicingAllowed: organizations.invoicingAllowed }).from(organizations).orderBy(asc(organizations.id));
    expect(rows).toEqual([
      { id: 'org_demo_acme', invoicingAllowed: false },
      { id: 'org_demo_globex', invoicingAllowed: true },
      { id: 'org_demo_initech', invoicingAllowed: false },
      { id: 'org_demo_staff', invoicingAllowed: false },
    ]);
  });

  it('adds, for the demo only, Globex orders confirmed by bank transfer with their transfers awaited, once', async () => {
    const now = 1_000_000_000_000;
    const day = 24 * 60 * 60_000;
    const db = await createTestDb();
    await seed(db, now);
    // The base seed (the tests' database) leaves Globex without orders.
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_globex'))).toBe(0);
    await seedDemoBankTransfers(db, now);
    await seedDemoBankTransfers(db, now + 5_000);

    const rows = await db.select().from(orders).where(eq(orders.organizationId, 'org_demo_globex')).orderBy(asc(orders.createdAt));
    expect(rows.map((row) => [row.id, row.status, row.paymentMethod, row.paidAt, row.billing?.billingId])).toEqual([
      ['ord_demo_globex_support', 'completed', 'bank_transfer', null, 'KM-GLOBX1'],
      ['ord_demo_globex_valkey', 'completed', 'bank_transfer', null, 'KM-GLOBX1'],
    ]);
    const transfers = await db.select().from(payments).where(eq(payments.organizationId, 'org_demo_globex')).orderBy(asc(payments.createdAt));
    expect(transfers.map((payment) => [payment.id, payment.provider, payment.status, payment.amountCents, payment.dueAt, payment.succeededAt])).toEqual([
      ['pay_demo_globex_support', 'bank_transfer', 'processing', rows[0]!.totalCents, now - 38 * day + 4 * 60_000 + 30 * day, null],
      ['pay_demo_globex_valkey', 'bank_transfer', 'processing', rows[1]!.totalCents, now - 6 * day + 2 * 60_000 + 30 * day, null],
    ]);
    // One overdue, one not yet due.
    expect(transfers.map((payment) => payment.dueAt! < now)).toEqual([true, false]);
    for (const row of rows) {
      expect(row.totalCents, row.id).toBe(row.quote!.totalCents);
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id));
      expect(events.map((event) => event.type), row.id).toEqual(['placed', 'invoiced', 'completed']);
      const payment = transfers.find((candidate) => candidate.orderId === row.id)!;
      expect(events[1], row.id).toMatchObject({
        paymentId: payment.id,
        message: `Order confirmed for payment by bank transfer: an invoice of €${(row.totalCents / 100).toFixed(2)} is due on ${new Date(payment.dueAt!).toISOString().slice(0, 10)}.`,
        data: { amountCents: row.totalCents, dueAt: payment.dueAt },
      });
    }
    // The demo customer's orders are untouched.
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_acme'))).toBe(DEMO_ORDERS.length);
  });

  it('fills in the details of a demo order an older seed wrote without them, and leaves its status alone otherwise', async () => {
    const db = await createTestDb();
    await seed(db, 1_000_000_000_000);
    await db.update(orders).set({ quote: null, lines: [], summary: '', status: 'paid' }).where(eq(orders.id, 'ord_demo_support'));
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, 'ord_demo_ml_pending'));
    await seed(db, 1_000_000_000_000);
    const [support] = await db.select().from(orders).where(eq(orders.id, 'ord_demo_support'));
    expect(support).toMatchObject({ status: 'completed', summary: 'Support: Business', lines: [{ kind: 'support', planId: 'support_business' }] });
    expect((await db.select().from(orders).where(eq(orders.id, 'ord_demo_ml_pending')))[0]?.status).toBe('cancelled');
  });

  it('allows one settling event per order: a second paid or a cancel after payment is refused', async () => {
    const db = await seeded();
    const event = { orderId: 'ord_demo_webshop', message: 'again', createdAt: 0 };
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x1', type: 'paid' })).rejects.toThrow();
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x2', type: 'cancelled' })).rejects.toThrow();
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x3', type: 'payment_failed' })).resolves.toBeDefined();
  });
});

describe('seed: catalogue', () => {
  async function seeded() {
    const db = await createTestDb();
    await seed(db, 1_000);
    await seed(db, 2_000);
    return db;
  }

  it('seeds each catalogue once, however often it runs', async () => {
    const db = await seeded();
    const counts = {
      kubernetesVersions: await db.$count(kubernetesVersions),
      nodeFlavors: await db.$count(nodeFlavors),
      gpuFlavors: await db.$count(nodeFlavors, eq(nodeFlavors.category, 'gpu')),
      addons: await db.$count(addons),
      middlewares: await db.$count(middlewares),
      middlewarePlans: await db.$count(middlewarePlans),
      supportPlans: await db.$count(supportPlans),
      promotions: await db.$count(promotions),
      catalogPrices: await db.$count(catalogPrices),
    };
    expect(counts).toEqual({
      kubernetesVersions: 4,
      nodeFlavors: 14,
      gpuFlavors: 4,
      addons: 15,
      middlewares: 8,
      middlewarePlans: 24,
      supportPlans: 4,
      promotions: 1,
      catalogPrices: CATALOG_PRICE_SEED.length,
    });
    for (const table of [kubernetesVersions, nodeFlavors, addons, middlewares, middlewarePlans, supportPlans, promotions]) {
      const rows = await db.select({ createdAt: table.createdAt, updatedAt: table.updatedAt }).from(table);
      expect(rows.every((row) => row.createdAt === 1_000 && row.updatedAt === 2_000)).toBe(true);
    }
  });

  it('gives every region its zones, and audited certifications only to sites that are open', async () => {
    const db = await seeded();
    const regions = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
    expect(regions[0]).toMatchObject({ id: 'fr-par-1', zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'] });
    expect(regions.every((region) => region.zones.length > 0 && region.zones.every((zone) => zone.startsWith(region.id)))).toBe(true);
    expect(regions.filter((region) => region.certifications.includes('SecNumCloud')).map((region) => region.id)).toEqual(['fr-par-1']);
    const planned = regions.filter((region) => region.status === 'planned');
    expect(planned.flatMap((region) => region.certifications).filter((name) => name !== 'GDPR' && name !== 'CISPE')).toEqual([]);
  });

  it('describes the tiers with limits, flavours and regions that exist and agree', async () => {
    const db = await seeded();
    const tiers = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
    const flavors = new Map((await db.select().from(nodeFlavors)).map((flavor) => [flavor.id, flavor]));
    const regions = new Map((await db.select().from(dataCenters)).map((region) => [region.id, region]));
    for (const tier of tiers) {
      expect(tier.purpose).not.toBe('');
      expect(tier.nodes).toBeLessThanOrEqual(tier.maxNodes);
      expect(tier.allowedRegionIds.every((id) => regions.get(id)?.status !== 'planned' && regions.has(id))).toBe(true);
      for (const id of tier.allowedFlavorIds) {
        const flavor = flavors.get(id);
        expect(flavor, `${tier.id} offers ${id}`).toBeDefined();
        expect(flavor!.regionIds.some((region) => tier.allowedRegionIds.includes(region)), `${id} in a region of ${tier.id}`).toBe(true);
      }
      // The baseline the tier price includes is one of its own flavours.
      expect(
        tier.allowedFlavorIds.some((id) => flavors.get(id)?.vcpu === tier.vcpuPerNode && flavors.get(id)?.memoryGb === tier.memoryGbPerNode),
        `${tier.id} baseline`,
      ).toBe(true);
      expect(tier.haControlPlane === 'optional').toBe(tier.haMonthlyPriceCents !== null && tier.haYearlyPriceCents !== null);
    }
    const byId = new Map(tiers.map((tier) => [tier.id, tier]));
    expect(tiers.filter((tier) => tier.allowedFlavorIds.some((id) => flavors.get(id)?.category === 'gpu')).map((tier) => tier.id)).toEqual(['tier_ai']);
    expect(byId.get('tier_sandbox')).toMatchObject({ haControlPlane: 'unavailable', slaBasisPoints: null, maxNodes: 1, maxPools: 1 });
    expect(byId.get('tier_devtest')).toMatchObject({ haControlPlane: 'unavailable' });
    expect(byId.get('tier_enterprise')).toMatchObject({ haControlPlane: 'included', slaBasisPoints: 9_999 });
  });

  it('prices node flavours by the month and by the hour, in whole thousandths of a cent', async () => {
    const db = await seeded();
    const [small] = await db.select().from(nodeFlavors).where(eq(nodeFlavors.id, 'gp-2-8'));
    expect(small).toMatchObject({ vcpu: 2, memoryGb: 8, monthlyPriceCents: 2_900, hourlyPriceMillicents: 3_973, gpuModel: null, gpuCount: 0 });
    const gpus = await db.select().from(nodeFlavors).where(eq(nodeFlavors.category, 'gpu'));
    expect(new Set(gpus.map((flavor) => flavor.gpuModel))).toEqual(new Set(['NVIDIA L4', 'NVIDIA L40S', 'NVIDIA H100 SXM']));
    expect(gpus.every((flavor) => flavor.gpuCount > 0 && flavor.monthlyPriceCents > small!.monthlyPriceCents)).toBe(true);
  });

  it('has one default Kubernetes version and keeps the demo clusters on offered versions, tiers and regions', async () => {
    const db = await seeded();
    const versions = await db.select().from(kubernetesVersions).orderBy(asc(kubernetesVersions.sortOrder));
    expect(versions.map((version) => [version.version, version.classification, version.isDefault])).toEqual([
      ['1.38', 'preview', false],
      ['1.37', 'supported', true],
      ['1.36', 'supported', false],
      ['1.35', 'deprecated', false],
    ]);
    expect(versions.every((version) => version.endOfSupportAt !== null)).toBe(true);
    const tiers = new Map((await db.select().from(clusterTiers)).map((tier) => [tier.id, tier]));
    for (const cluster of DEMO_CLUSTERS) {
      expect(versions.some((version) => `${version.version}.${version.patch}` === cluster.kubernetesVersion), cluster.name).toBe(true);
      const tier = tiers.get(cluster.tierId)!;
      expect(tier.allowedRegionIds).toContain(cluster.region);
      expect(cluster.nodeCount).toBeLessThanOrEqual(tier.maxNodes);
    }
  });

  it('keeps add-on dependencies and conflicts consistent', async () => {
    const db = await seeded();
    const rows = await db.select().from(addons);
    const byId = new Map(rows.map((addon) => [addon.id, addon]));
    const tierIds = new Set((await db.select({ id: clusterTiers.id }).from(clusterTiers)).map((tier) => tier.id));
    for (const addon of rows) {
      expect(addon.compatibleTierIds.length).toBeGreaterThan(0);
      expect(addon.compatibleTierIds.every((id) => tierIds.has(id))).toBe(true);
      for (const id of addon.conflicts) expect(byId.get(id)?.conflicts, `${id} conflicts with ${addon.id}`).toContain(addon.id);
      for (const id of addon.requires) {
        const required = byId.get(id);
        expect(required, `${addon.id} requires ${id}`).toBeDefined();
        expect(addon.conflicts).not.toContain(id);
        expect(addon.compatibleTierIds.every((tier) => required!.compatibleTierIds.includes(tier))).toBe(true);
      }
    }
    expect(byId.get('addon_istio')?.conflicts).toEqual(['addon_linkerd']);
    expect(byId.get('addon_gpu_operator')?.compatibleTierIds).toEqual(['tier_ai']);
    expect(byId.get('addon_kserve')?.requires).toEqual(['addon_gpu_operator', 'addon_cert_manager']);
  });

  it('gives each middleware two to four plans and prices support plans by their kind', async () => {
    const db = await seeded();
    const plans = await db.select().from(middlewarePlans);
    for (const middleware of await db.select().from(middlewares)) {
      const own = plans.filter((item) => item.middlewareId === middleware.id);
      expect(own.length, middleware.name).toBeGreaterThanOrEqual(2);
      expect(own.length, middleware.name).toBeLessThanOrEqual(4);
      expect(own.some((item) => item.highAvailability), middleware.name).toBe(true);
    }
    expect(plans.every((item) => item.yearlyPriceCents! < item.monthlyPriceCents * 12)).toBe(true);
    const support = await db.select().from(supportPlans).orderBy(asc(supportPlans.sortOrder));
    expect(support.map((item) => [item.name, item.pricingKind, item.monthlyPriceCents, item.percentOfSpendBasisPoints, item.minimumMonthlyCents])).toEqual([
      ['Basic', 'fixed', 0, null, null],
      ['Business', 'fixed', 19_900, null, null],
      ['Enterprise', 'share', null, 700, 99_000],
      ['Mission-critical', 'share', null, 1_000, 490_000],
    ]);
    expect(support.filter((item) => item.namedEngineer).map((item) => item.name)).toEqual(['Mission-critical']);
  });

  it('seeds PARIS: 5 % off a first purchase, from the first seed until the end of March 2027', async () => {
    const db = await seeded();
    const [paris] = await db.select().from(promotions).where(eq(promotions.code, 'PARIS'));
    expect(paris).toEqual({
      code: 'PARIS',
      description: '5 % off the first order of your organisation, for a limited time.',
      kind: 'percent',
      value: 500,
      validFrom: 1_000,
      validUntil: PARIS_ENDS_AT,
      firstPurchaseOnly: true,
      minimumSubtotalCents: 0,
      appliesTo: null,
      featured: true,
      maxRedemptions: null,
      maxRedemptionsPerOrganization: null,
      archivedAt: null,
      createdAt: 1_000,
      updatedAt: 2_000,
    });
    await expect(db.insert(promotions).values({ ...paris!, code: 'paris2' })).rejects.toThrow();
  });

  it('gives a database seeded after the launch window 90 days of PARIS', async () => {
    const db = await createTestDb();
    const later = Date.UTC(2027, 5, 1);
    await seed(db, later);
    const [paris] = await db.select().from(promotions).where(eq(promotions.code, 'PARIS'));
    expect(paris).toMatchObject({ validFrom: later, validUntil: later + 90 * 24 * 60 * 60_000 });
  });

  it('records the list prices as in effect since the epoch, and a scheduled change only from its date', async () => {
    const db = await seeded();
    const where = and(eq(catalogPrices.itemKind, 'node_flavor'), eq(catalogPrices.itemId, 'gp-2-8'));
    const july = Date.UTC(2027, 6, 1);
    await db.insert(catalogPrices).values({ itemKind: 'node_flavor', itemId: 'gp-2-8', effectiveFrom: july, monthlyPriceCents: 3_100, hourlyPriceMillicents: 4_247, createdAt: 3_000, createdBy: 'usr_demo_olivia' });
    await seed(db, 4_000);
    const rows = await db.select().from(catalogPrices).where(where);
    expect(rows).toHaveLength(2);
    expect(priceInEffect(rows, july - 1)).toMatchObject({ monthlyPriceCents: 2_900, hourlyPriceMillicents: 3_973, createdAt: 1_000, createdBy: null });
    expect(priceInEffect(rows, july)).toMatchObject({ monthlyPriceCents: 3_100, createdBy: 'usr_demo_olivia' });
    const [ha] = await db.select().from(catalogPrices).where(eq(catalogPrices.itemKind, 'cluster_tier_ha'));
    expect(ha).toMatchObject({ itemId: 'tier_economy', monthlyPriceCents: 4_900 });
  });

  it('keeps what staff changed outside the seeded values: archiving, another default version', async () => {
    const db = await seeded();
    await db.update(addons).set({ archivedAt: 2_500 }).where(eq(addons.id, 'addon_gatekeeper'));
    await db.update(clusterTiers).set({ archivedAt: 2_500, active: false }).where(eq(clusterTiers.id, 'tier_sandbox'));
    await db.batch([
      db.update(kubernetesVersions).set({ isDefault: false }).where(eq(kubernetesVersions.version, '1.37')),
      db.update(kubernetesVersions).set({ isDefault: true }).where(eq(kubernetesVersions.version, '1.38')),
    ]);
    await seed(db, 3_000);
    expect((await db.select().from(addons).where(eq(addons.id, 'addon_gatekeeper')))[0]?.archivedAt).toBe(2_500);
    expect((await db.select().from(clusterTiers).where(eq(clusterTiers.id, 'tier_sandbox')))[0]).toMatchObject({ archivedAt: 2_500, active: false });
    // The seed's default wins again, without ever holding two defaults.
    expect((await db.select().from(kubernetesVersions).where(eq(kubernetesVersions.isDefault, true))).map((row) => row.version)).toEqual(['1.37']);
  });

  it('never lets a catalogue item with dependants be deleted', async () => {
    const db = await seeded();
    await expect(db.delete(middlewares).where(eq(middlewares.id, 'mw_postgresql'))).rejects.toThrow();
    await expect(db.delete(clusterTiers).where(eq(clusterTiers.id, 'tier_standard'))).rejects.toThrow();
    await expect(
      db.update(kubernetesVersions).set({ isDefault: true }).where(eq(kubernetesVersions.version, '1.36')),
    ).rejects.toThrow();
  });
});

describe('seed: clusters', () => {
  // A Tuesday, 16:30 in Paris: staging's schedule has it awake, so its owner put it to sleep by hand.
  const NOW = Date.UTC(2026, 10, 24, 15, 30);
  const MINUTE = 60_000;
  const SEEDED = DEMO_CLUSTERS.map((cluster) => ({ ...cluster, organizationId: 'org_demo_acme' }));

  async function seeded(now = NOW) {
    const db = await createTestDb();
    await seed(db, now);
    await seed(db, now + 5_000);
    return db;
  }

  async function stateOf(db: Database, clusterId: string) {
    const [cluster] = await db.select().from(clusters).where(eq(clusters.id, clusterId));
    return {
      cluster: cluster!,
      pools: await db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name)),
      nodes: await db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt), asc(clusterNodes.name)),
      operations: await db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, clusterId)).orderBy(asc(clusterOperations.createdAt)),
      events: await db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId)).orderBy(asc(clusterEvents.createdAt), asc(clusterEvents.id)),
      addons: await db.select().from(clusterAddons).where(eq(clusterAddons.clusterId, clusterId)).orderBy(asc(clusterAddons.addonId)),
      hibernations: await db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, clusterId)).orderBy(asc(clusterHibernations.startedAt)),
    };
  }

  function creatingOrder(clusterId: string) {
    const order = DEMO_ORDERS.find((candidate) => candidate.createdClusterId === clusterId)!;
    const line = order.lines[0]!;
    if (line.kind !== 'cluster') throw new Error(`${order.id} is not a cluster order`);
    return { order, line };
  }

  const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' });
  /** "Tue 20:00" in Paris. */
  const parisTime = (instant: number) => {
    const parts = Object.fromEntries(paris.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return `${parts.weekday} ${parts.hour}:${parts.minute}`;
  };

  it('gives each cluster its node pools and as many nodes as they ask for, named, placed and sized as the simulator does', async () => {
    const db = await seeded();
    const flavors = new Map((await db.select().from(nodeFlavors)).map((flavor) => [flavor.id, flavor]));
    const regions = new Map((await db.select().from(dataCenters)).map((region) => [region.id, region]));
    const tiers = new Map((await db.select().from(clusterTiers)).map((tier) => [tier.id, tier]));
    const shapes: Record<string, string[]> = {};
    for (const expected of SEEDED) {
      const { cluster, pools, nodes } = await stateOf(db, expected.id);
      const { ageMs: _ageMs, ...facts } = expected;
      expect(cluster, expected.id).toMatchObject(facts);
      shapes[cluster.name] = pools.map((pool) => `${pool.name}: ${pool.count} × ${pool.flavorId}`);
      expect(cluster.nodeCount, cluster.name).toBe(pools.reduce((sum, pool) => sum + pool.count, 0));
      expect(nodes, cluster.name).toHaveLength(cluster.nodeCount);
      const regionZones = regions.get(cluster.region)!.zones;
      expect(cluster.zones.length, cluster.name).toBeGreaterThan(0);
      expect(cluster.zones.every((zone) => regionZones.includes(zone)), cluster.name).toBe(true);
      const tier = tiers.get(cluster.tierId)!;
      expect(pools.length, cluster.name).toBeLessThanOrEqual(tier.maxPools);
      expect(cluster.nodeCount, cluster.name).toBeLessThanOrEqual(tier.maxNodes);
      for (const pool of pools) {
        const flavor = flavors.get(pool.flavorId)!;
        expect(tier.allowedFlavorIds, `${cluster.name}/${pool.name}`).toContain(pool.flavorId);
        expect(flavor.regionIds, `${cluster.name}/${pool.name}`).toContain(cluster.region);
        expect(pool.kubernetesVersion).toBe(cluster.kubernetesVersion);
        const own = nodes.filter((node) => node.poolId === pool.id);
        expect(own, `${cluster.name}/${pool.name}`).toHaveLength(pool.count);
        for (const node of own) {
          expect(node.name).toMatch(new RegExp(`^${cluster.name}-${pool.name}-[0-9a-z]{5}$`));
          expect(node).toMatchObject({ kubeletVersion: pool.kubernetesVersion, cpuMillicores: flavor.vcpu * 1000, memoryMib: flavor.memoryGb * 1024 });
          expect(cluster.zones).toContain(node.zone);
          expect(node.status).toBe(cluster.status === 'hibernated' ? 'hibernated' : 'ready');
        }
        // Spread over the zones as the simulator spreads them: one after the other.
        expect(new Set(own.map((node) => node.zone)).size).toBe(Math.min(pool.count, cluster.zones.length));
      }
      expect(new Set(nodes.map((node) => node.name)).size).toBe(nodes.length);
    }
    expect(shapes).toEqual({
      'webshop-prod': ['default: 3 × gp-4-16'],
      'analytics-eu': ['memory: 5 × m-8-64', 'system: 2 × gp-4-16'],
      staging: ['default: 2 × gp-2-8'],
    });
  });

  it('prices each cluster with the pricing engine, links it to the order that created it and gives it its endpoint, but no CA', async () => {
    const db = await seeded();
    const prices: Record<string, number> = {};
    for (const expected of SEEDED) {
      const { cluster, pools, addons } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const priced = quote(
        [
          {
            kind: 'cluster',
            tierId: cluster.tierId,
            regionId: cluster.region,
            kubernetesVersion: cluster.kubernetesVersion,
            highAvailability: cluster.highAvailability,
            nodePools: pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscaling })),
            addonIds: addons.map((addon) => addon.addonId),
          },
        ],
        { cycle: 'monthly', now: NOW, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } },
        seedPriceBook(),
      );
      prices[cluster.name] = cluster.monthlyCents;
      expect(cluster.monthlyCents, cluster.name).toBe(priced.lines[0]!.monthlyPriceCents);
      expect(cluster).toMatchObject({
        orderId: order.id,
        highAvailability: line.highAvailability,
        zones: line.settings.zones,
        networking: { cni: line.settings.cni, podCidr: line.settings.podCidr, serviceCidr: line.settings.serviceCidr, apiAllowList: line.settings.apiAllowList },
        maintenance: { day: line.settings.maintenanceWindow.day, startHour: line.settings.maintenanceWindow.startHour, autoUpgrade: line.settings.autoUpgrade },
        caCertificate: null,
        caPrivateKey: null,
        deletedAt: null,
      });
      expect(cluster.endpoint).toMatch(new RegExp(`^https://${cluster.name}\\.[0-9a-z]{8}\\.${cluster.region}\\.k8s\\.kubemarket\\.eu:6443$`));
    }
    // webshop-prod: control plane 28 900 + 3 × gp-4-16 at 5 700 + Prometheus and Grafana 3 900 + cert-manager 0 + Velero 2 900.
    expect(prices['webshop-prod']).toBe(52_800);
    // analytics-eu: 36 900 + 5 × m-8-64 at 16 500 + 2 × gp-4-16 at 5 700 + monitoring 3 900 + Loki 4 900.
    expect(prices['analytics-eu']).toBe(CLUSTER_TIER_SEED.find((tier) => tier.id === 'tier_data')!.monthlyPriceCents + 5 * 16_500 + 2 * 5_700 + 3_900 + 4_900);
  });

  it('installs the add-ons of the orders, each from the order that brought it', async () => {
    const db = await seeded();
    for (const expected of SEEDED) {
      const { cluster, addons, operations } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const provisioned = line.addonIds.map((addonId) => [addonId, order.id]);
      const later = DEMO_ORDERS.filter((other) => other.targetClusterId === expected.id && other.status === 'completed').flatMap((other) =>
        other.lines.flatMap((addonLine) => (addonLine.kind === 'addon' ? [[addonLine.addonId, other.id]] : [])),
      );
      expect(addons.map((addon) => [addon.addonId, addon.orderId]).sort(), cluster.name).toEqual([...provisioned, ...later].sort());
      // Installed when provisioning's add-on step finished.
      const step = operations[0]!.steps.find((candidate) => candidate.key === 'addons');
      for (const addon of addons.filter((row) => row.orderId === order.id)) expect(addon.installedAt).toBe(step!.finishedAt);
    }
    const [backup] = await db.select().from(clusterAddons).where(eq(clusterAddons.addonId, 'addon_backup'));
    const [completed] = await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, 'ord_demo_backup'), eq(orderEvents.type, 'completed')));
    expect(backup).toMatchObject({ clusterId: 'clu_demo_webshop', installedAt: completed!.createdAt });
  });

  it("records each provisioning: its steps back to back within its order's timeline, and the activity they wrote", async () => {
    const db = await seeded();
    for (const expected of SEEDED) {
      const { cluster, pools, operations, events } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const provision = operations[0]!;
      const timeline = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      const started = timeline.find((event) => event.type === 'provisioning_started')!.createdAt;
      const ended = timeline.find((event) => event.type === 'completed')!.createdAt;
      expect(provision).toMatchObject({ type: 'provision', orderId: order.id, requestedBy: order.userId, organizationId: expected.organizationId, createdAt: started, finishedAt: ended, nextRunAt: null, params: { addonIds: line.addonIds } });
      expect(cluster.createdAt).toBeLessThanOrEqual(started);
      expect(provision.steps.map((step) => step.key)).toEqual([
        'validate',
        'network',
        'control_plane',
        'etcd',
        'api_endpoint',
        ...pools.filter((pool) => line.nodePools.some((ordered) => ordered.name === pool.name)).map((pool) => `pool:${pool.id}`),
        'cni',
        ...(line.addonIds.length > 0 ? ['addons'] : []),
        'health',
        'ready',
      ]);
      const steps = provision.steps;
      expect(steps[0]!.startedAt).toBe(started);
      steps.slice(1).forEach((step, index) => expect(step.startedAt, step.key).toBe(steps[index]!.finishedAt));
      expect(steps.at(-1)!.finishedAt).toBe(ended);
      expect(steps.find((step) => step.key === 'api_endpoint')?.detail).toBe(cluster.endpoint);
      expect(provision.status).toBe('succeeded');
      expect(steps.every((step) => step.status === 'succeeded' && step.attempts === 0 && step.error === null)).toBe(true);
      expect(provision.currentStep).toBe(steps.length - 1);
      const own = events.filter((event) => event.operationId === provision.id);
      expect(own[0]).toMatchObject({ type: 'operation_started', actorUserId: order.userId, createdAt: started });
      expect(own.filter((event) => event.type === 'step_succeeded')).toHaveLength(provision.steps.filter((step) => step.status === 'succeeded').length);
      expect(own.every((event) => event.createdAt >= started && event.createdAt <= ended)).toBe(true);
      // The activity reads in time order by id too (steps share their instants).
      expect(events.map((event) => event.id)).toEqual([...events].sort((a, b) => a.id.localeCompare(b.id)).map((event) => event.id));
      expect(operations.every((operation) => operation.status !== 'running')).toBe(true);
    }
  });

  it('gives analytics-eu a second pool, a scaled pool and an upgrade from 1.35.8 to 1.36.4, done by alice', async () => {
    const db = await seeded();
    const { operations, events, pools } = await stateOf(db, 'clu_demo_analytics');
    expect(operations.map((operation) => [operation.type, operation.status, operation.requestedBy])).toEqual([
      ['provision', 'succeeded', 'usr_demo_alice'],
      ['add_pool', 'succeeded', 'usr_demo_alice'],
      ['scale_pool', 'succeeded', 'usr_demo_alice'],
      ['upgrade', 'succeeded', 'usr_demo_alice'],
    ]);
    expect(creatingOrder('clu_demo_analytics').line.kubernetesVersion).toBe('1.35.8');
    const memory = pools.find((pool) => pool.name === 'memory')!;
    expect(operations[2]!.params).toMatchObject({ poolId: memory.id, count: 5 });
    expect(operations[3]!.params).toEqual({ fromVersion: '1.35.8', toVersion: '1.36.4' });
    expect(operations[3]!.steps.map((step) => step.key)).toEqual(['control_plane_upgrade', ...pools.map((pool) => `upgrade:${pool.id}`), 'health']);
    const started = events.filter((event) => event.type === 'operation_started').map((event) => event.message);
    expect(started).toEqual([
      'Provisioning of analytics-eu started for order ord_demo_analytics.',
      'Alice Martin added the node pool system (2 × General purpose 4 vCPU, 16 GB).',
      'Alice Martin scaled memory from 4 to 5 nodes.',
      'Alice Martin started the upgrade from 1.35.8 to 1.36.4.',
    ]);
    // Both versions are offered, and 1.36 is the next minor: an upgrade the service allows.
    const offered = (await db.select().from(kubernetesVersions)).map((version) => `${version.version}.${version.patch}`);
    expect(offered).toEqual(expect.arrayContaining(['1.35.8', '1.36.4']));
  });

  it('records alice downloading a kubeconfig of webshop-prod, since expired', async () => {
    const db = await seeded();
    const { events } = await stateOf(db, 'clu_demo_webshop');
    const downloads = events.filter((event) => event.type === 'kubeconfig_issued');
    expect(downloads).toHaveLength(1);
    const [issued] = await db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, 'clu_demo_webshop'));
    expect(downloads[0]).toMatchObject({ actorUserId: 'usr_demo_alice', createdAt: issued!.createdAt, data: { serialNumber: issued!.serialNumber, notAfter: issued!.notAfter } });
    expect(downloads[0]!.message).toBe(`Alice Martin downloaded a kubeconfig valid until ${new Date(issued!.notAfter).toISOString().replace('.000Z', 'Z')}.`);
    expect(issued).toMatchObject({ userId: 'usr_demo_alice', revokedAt: null, notAfter: issued!.createdAt + 7 * 24 * 60 * MINUTE });
    expect(issued!.notAfter).toBeLessThan(NOW);
  });

  it('keeps staging asleep on weeknights: hibernated now, after the nights its schedule slept through', async () => {
    const db = await seeded();
    const { cluster, nodes, operations, hibernations, events } = await stateOf(db, 'clu_demo_staging');
    expect(cluster).toMatchObject({ status: 'hibernated', hibernation: { schedules: [{ start: '00 20 * * 1,2,3,4,5', end: '00 07 * * 1,2,3,4,5' }], timezone: 'Europe/Paris' } });
    expect(nodes.every((node) => node.status === 'hibernated')).toBe(true);
    expect(events.filter((event) => event.type === 'settings_changed').map((event) => [event.actorUserId, event.message])).toEqual([
      ['usr_demo_marc', 'Marc Dubois set the hibernation schedule: asleep from 20:00 to 07:00, Monday to Friday (Europe/Paris).'],
    ]);
    const open = hibernations.filter((period) => period.endedAt === null);
    expect(open).toEqual([hibernations.at(-1)]);
    const closed = hibernations.slice(0, -1);
    expect(closed.length).toBeGreaterThanOrEqual(10);
    for (const period of closed) {
      // Asleep once the schedule's 20:00 hibernation finished, awake once its 07:00 wake-up did.
      expect(parisTime(period.startedAt)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 20:00$/);
      expect(parisTime(period.endedAt!)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 07:0[01]$/);
      expect(period.endedAt! - period.startedAt).toBeLessThanOrEqual(59 * 60 * MINUTE + 2 * MINUTE);
    }
    const monthStart = Date.UTC(2026, 10, 1);
    const hoursThisMonth = hibernations.reduce((sum, period) => sum + Math.max(0, (period.endedAt ?? NOW) - Math.max(period.startedAt, monthStart)), 0) / (60 * MINUTE);
    expect(hoursThisMonth).toBeGreaterThan(24);
    expect(hoursThisMonth).toBeLessThan(24 * 24);
    // On a Tuesday afternoon the schedule has it awake: Marc put it to sleep after the morning's wake-up.
    const hibernate = operations.at(-1)!;
    expect(hibernate).toMatchObject({ type: 'hibernate', status: 'succeeded', requestedBy: 'usr_demo_marc', params: {} });
    expect(hibernate.finishedAt).toBe(open[0]!.startedAt);
    expect(hibernate.createdAt).toBeGreaterThan(closed.at(-1)!.endedAt!);
    expect(hibernate.finishedAt!).toBeLessThan(NOW);
  });

  it('finds staging asleep by its schedule when the seed runs on a weeknight', async () => {
    // A Wednesday, 22:00 in Paris.
    const night = Date.UTC(2026, 10, 25, 21, 0);
    const db = await seeded(night);
    const { operations, hibernations } = await stateOf(db, 'clu_demo_staging');
    const hibernate = operations.at(-1)!;
    expect(hibernate).toMatchObject({ type: 'hibernate', status: 'succeeded', requestedBy: null, params: { scheduled: true } });
    expect(parisTime(hibernate.createdAt)).toBe('Wed 20:00');
    expect(hibernations.at(-1)).toMatchObject({ endedAt: null, startedAt: hibernate.finishedAt });
  });

  it('writes the histories once: seeding again adds nothing and leaves what changed through the app', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    const tables = { nodePools, clusterNodes, clusterOperations, clusterEvents, clusterAddons, clusterHibernations, kubeconfigIssuances };
    const count = async () => Object.fromEntries(await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, await db.$count(table)] as const)));
    const first = await count();
    expect(first).toMatchObject({ nodePools: 4, clusterNodes: 12, clusterOperations: 7, clusterAddons: 5, kubeconfigIssuances: 1 });
    // A day later, after the customer removed analytics-eu's system pool.
    await db.delete(nodePools).where(eq(nodePools.id, 'npl_demo_analytics_system'));
    await seed(db, NOW + 24 * 60 * MINUTE);
    expect(await count()).toEqual({ ...first, nodePools: 3, clusterNodes: 10 });
    expect((await stateOf(db, 'clu_demo_staging')).cluster.updatedAt).toBeLessThan(NOW);
  });

  it('fills in a cluster an older seed wrote without its history', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    const before = await stateOf(db, 'clu_demo_staging');
    // What the seed wrote before clusters had pools, operations and settings.
    await db.delete(clusterOperations).where(eq(clusterOperations.clusterId, 'clu_demo_staging'));
    await db.delete(clusterEvents).where(eq(clusterEvents.clusterId, 'clu_demo_staging'));
    await db.delete(clusterHibernations).where(eq(clusterHibernations.clusterId, 'clu_demo_staging'));
    await db.delete(nodePools).where(eq(nodePools.clusterId, 'clu_demo_staging'));
    await db
      .update(clusters)
      .set({ status: 'running', zones: [], networking: null, maintenance: null, hibernation: null, endpoint: null, monthlyCents: 0, orderId: null })
      .where(eq(clusters.id, 'clu_demo_staging'));
    await seed(db, NOW);
    const after = await stateOf(db, 'clu_demo_staging');
    expect(after).toEqual(before);
  });
});

describe('seed: billing', () => {
  const NOW = Date.UTC(2026, 10, 23, 12);

  it('gives Acme a default test-mode Visa ending in 4242 (never a full number), a €50 welcome credit for three months and pay as you go; Globex pays by bank transfer', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    // A second run, later, writes nothing twice and changes nothing.
    await seed(db, NOW + 60 * 24 * 3_600_000);

    const methods = await db.select().from(paymentMethods).orderBy(asc(paymentMethods.organizationId));
    expect(methods.map(({ organizationId, kind, provider, brand, last4, expMonth, expYear, isDefault, removedAt }) => ({ organizationId, kind, provider, brand, last4, expMonth, expYear, isDefault, removedAt }))).toEqual([
      { organizationId: 'org_demo_acme', kind: 'card', provider: 'sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true, removedAt: null },
      { organizationId: 'org_demo_globex', kind: 'bank_transfer', provider: 'bank', brand: null, last4: null, expMonth: null, expYear: null, isDefault: true, removedAt: null },
    ]);
    expect(JSON.stringify(methods)).not.toContain('4242424242424242');

    const granted = await db.select().from(credits);
    expect(granted).toEqual([
      expect.objectContaining({ organizationId: 'org_demo_acme', origin: 'promotion', amountCents: 5_000, remainingCents: 5_000, expiresAt: NOW + 90 * 24 * 3_600_000 }),
    ]);

    const plans = await db.select().from(billingPlans);
    expect(plans).toEqual([expect.objectContaining({ organizationId: 'org_demo_acme', plan: 'pay_as_you_go', startsAt: Date.UTC(2026, 10, 1) })]);
  });
});
