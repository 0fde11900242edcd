import { addons, catalogPrices, clusterTiers, orders, promotions } from '@kubemarket/db';
import { PARIS_ENDS_AT } from '@kubemarket/db/seed';
import type { inferRouterInputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../root';
import { badRequestMessage, testCallerAt } from '../../testing';
import { ECONOMY_QUOTE_LINE } from '../../testing/orders-bed';

type QuoteRequest = inferRouterInputs<AppRouter>['quotes']['create'];

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 60 * 60_000;

/**
 * An Economy (Green) cluster in Paris with the optional HA control plane, a fixed system pool, an
 * autoscaling worker pool and three add-ons. Prices of the seeded catalogue (EUR cents):
 *
 *                                       monthly    yearly
 *   control plane                         8 900    90 780   (yearly = 12 × 85 %)
 *   HA control plane                      4 900    49 980
 *   "system": 3 × gp-2-8 at 2 900         8 700   104 400   (flavours: no yearly price, 12 months)
 *   "workers": 2 × gp-4-16 at 5 700      11 400   136 800   (autoscaling 2–5, priced at 2)
 *   Prometheus and Grafana                3 900    39 780
 *   Grafana Loki                          4 900    49 980
 *   cert-manager                              0         0
 *   subtotal                             42 700   471 720
 *   VAT 20 % (France)                     8 540    94 344
 *   total                                51 240   566 064
 *
 * At the workers' maximum (5 nodes, 28 500) the monthly line is 42 700 − 11 400 + 28 500 = 59 800.
 */
const CLUSTER = ECONOMY_QUOTE_LINE;

async function callerFor(username: string, now = NOW) {
  const setup = await testCallerAt(now);
  return { ...setup, caller: await setup.as(username) };
}

describe('quotes.create', () => {
  it('prices a realistic cluster to the hand-computed monthly total, line by line', async () => {
    const { caller } = await testCallerAt(NOW);
    const result = await caller.quotes.create({ lines: [CLUSTER] });
    expect(result).toMatchObject({
      cycle: 'monthly',
      subtotalCents: 42_700,
      discount: null,
      promotion: null,
      taxableCents: 42_700,
      tax: { countryCode: 'FR', rateBasisPoints: 2_000, amountCents: 8_540, reverseCharge: false, label: 'VAT 20%' },
      totalCents: 51_240,
    });
    const [line] = result.lines;
    expect(line).toMatchObject({ index: 0, kind: 'cluster', label: 'Economy (Green) cluster, Kubernetes 1.37, fr-par-1', amountCents: 42_700, maxTotalCents: 59_800 });
    expect(line!.components.map((component) => [component.label, component.quantity, component.amountCents])).toEqual([
      ['Control plane', 1, 8_900],
      ['High-availability control plane', 1, 4_900],
      ['Node pool "system": General purpose 2 vCPU, 8 GB', 3, 8_700],
      ['Node pool "workers": General purpose 4 vCPU, 16 GB, autoscaling 2–5 nodes', 2, 11_400],
      ['Prometheus and Grafana add-on', 1, 3_900],
      ['Grafana Loki add-on', 1, 4_900],
      ['cert-manager add-on', 1, 0],
    ]);
    expect(line!.components[3]).toMatchObject({ maxQuantity: 5, maxAmountCents: 28_500 });
  });

  it('prices the yearly cycle with the yearly prices, never more than 12 months', async () => {
    const { caller } = await testCallerAt(NOW);
    const monthly = await caller.quotes.create({ lines: [CLUSTER], cycle: 'monthly' });
    const yearly = await caller.quotes.create({ lines: [CLUSTER], cycle: 'yearly' });
    expect(yearly).toMatchObject({ cycle: 'yearly', subtotalCents: 471_720, tax: { amountCents: 94_344 }, totalCents: 566_064, yearlyDiscountPercent: 8 });
    expect(yearly.lines[0]).toMatchObject({ monthlyPriceCents: 42_700, yearlyPriceCents: 471_720, monthlyEquivalentCents: 39_310 });
    expect(yearly.subtotalCents).toBeLessThanOrEqual(12 * monthly.subtotalCents);
  });

  it('prices middlewares and support plans, a share-of-spend plan at its minimum', async () => {
    const { caller } = await testCallerAt(NOW);
    const result = await caller.quotes.create({
      lines: [
        { kind: 'middleware', planId: 'mwp_postgresql_business' },
        { kind: 'support', planId: 'support_enterprise' },
        { kind: 'addon', addonId: 'addon_backup', clusterTierId: 'tier_standard', kubernetesVersion: '1.36.4', existingAddonIds: ['addon_monitoring'] },
      ],
    });
    expect(result.lines.map((line) => [line.label, line.amountCents])).toEqual([
      ['PostgreSQL: Business HA', 24_900],
      ['Support: Enterprise', 99_000],
      ['Velero backups add-on for a Standard (Blue) cluster', 2_900],
    ]);
    expect(result.lines[1]!.shareOfSpend).toEqual({ monthlySpendCents: 27_800, basisPoints: 700, minimumMonthlyCents: 99_000, monthlyCents: 99_000, minimumApplied: true });
    expect(result.subtotalCents).toBe(126_800);
  });

  it('applies PARIS to a new organisation, case and spaces aside', async () => {
    const { caller } = await callerFor('gabriel');
    const result = await caller.quotes.create({ lines: [CLUSTER], promotionCode: '  paris ' });
    expect(result).toMatchObject({
      subtotalCents: 42_700,
      promotion: { code: 'PARIS', applied: true },
      discount: { code: 'PARIS', label: 'Promotion PARIS (5% off)', amountCents: 2_135 },
      taxableCents: 40_565,
      tax: { amountCents: 8_113 },
      totalCents: 48_678,
    });
  });

  it('applies PARIS to an anonymous visitor (no organisation has purchased yet)', async () => {
    const { caller } = await testCallerAt(NOW);
    await expect(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'PARIS' })).resolves.toMatchObject({ totalCents: 48_678 });
  });

  it('refuses PARIS, with the reason, to an organisation that already purchased (seeded Acme)', async () => {
    const { caller } = await callerFor('alice');
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'PARIS' }))).toBe(
      'Promotion code PARIS: This code is only for an organisation’s first purchase.',
    );
    // The same order without the code is quoted as usual.
    await expect(caller.quotes.create({ lines: [CLUSTER] })).resolves.toMatchObject({ totalCents: 51_240 });
  });

  it('counts paid, provisioning and completed orders as purchases; pending, cancelled and failed ones not', async () => {
    const { caller, db } = await callerFor('gabriel');
    const order = (status: 'pending' | 'cancelled' | 'failed' | 'provisioning') => ({
      id: `ord_test_${status}`,
      organizationId: 'org_demo_globex',
      userId: 'usr_demo_gabriel',
      kind: 'cluster' as const,
      status,
      totalCents: 8_900,
      idempotencyKey: `test:${status}`,
      createdAt: NOW - DAY_MS,
    });
    await db.insert(orders).values([order('pending'), order('cancelled'), order('failed')]);
    await expect(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'PARIS' })).resolves.toMatchObject({ promotion: { applied: true } });
    await db.insert(orders).values(order('provisioning'));
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'PARIS' }))).toMatch(/first purchase/);
  });

  it('refuses an unknown, expired or not yet valid promotion code', async () => {
    const { caller, db } = await testCallerAt(NOW);
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'nope' }))).toBe('Unknown promotion code "NOPE".');
    await db.insert(promotions).values({ code: 'SPRING', description: 'Spring', kind: 'amount', value: 1_000, validFrom: NOW + DAY_MS, createdAt: NOW, updatedAt: NOW });
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER], promotionCode: 'spring' }))).toBe('Promotion code SPRING: This code is not valid yet.');
    const later = await testCallerAt(PARIS_ENDS_AT);
    expect(await badRequestMessage(later.caller.quotes.create({ lines: [CLUSTER], promotionCode: 'PARIS' }))).toBe('Promotion code PARIS: This code has expired.');
  });

  it('answers, rather than refuses, a code the order does not qualify for yet', async () => {
    const { caller, db } = await testCallerAt(NOW);
    await db.insert(promotions).values({ code: 'BIG', description: 'Big orders', kind: 'amount', value: 5_000, validFrom: 0, minimumSubtotalCents: 100_000, createdAt: NOW, updatedAt: NOW });
    const result = await caller.quotes.create({ lines: [CLUSTER], promotionCode: 'BIG' });
    expect(result).toMatchObject({ discount: null, promotion: { code: 'BIG', applied: false, rejection: 'minimum_not_met', reason: 'Orders under €1,000.00 do not qualify for this code.' }, totalCents: 51_240 });
  });

  it('refuses an unknown flavour, a flavour the tier does not offer and too many nodes, naming the line', async () => {
    const { caller } = await testCallerAt(NOW);
    const withPools = (nodePools: Extract<QuoteRequest['lines'][number], { kind: 'cluster' }>['nodePools']) =>
      caller.quotes.create({ lines: [{ kind: 'middleware', planId: 'mwp_valkey_small' }, { ...CLUSTER, nodePools }] });
    expect(await badRequestMessage(withPools([{ name: 'a', flavorId: 'gp-99-999', count: 1 }]))).toBe('Order line 2: The node flavour "gp-99-999" does not exist.');
    expect(await badRequestMessage(withPools([{ name: 'a', flavorId: 'm-4-32', count: 1 }]))).toBe(
      'Order line 2: The Economy (Green) tier does not offer the Memory optimised 4 vCPU, 32 GB flavour.',
    );
    expect(await badRequestMessage(withPools([{ name: 'a', flavorId: 'gp-2-8', count: 11 }]))).toBe(
      'Order line 2: Economy (Green) clusters have at most 10 nodes; this configuration has 11.',
    );
    expect(await badRequestMessage(withPools([{ name: 'a', flavorId: 'gp-2-8', count: 2, autoscale: { min: 2, max: 12 } }]))).toBe(
      'Order line 2: Economy (Green) clusters have at most 10 nodes; this configuration can grow to 12.',
    );
  });

  it('refuses what the catalogue does not sell: a version not offered, a flavour outside its regions, an archived add-on', async () => {
    const { caller, db } = await testCallerAt(NOW);
    expect(await badRequestMessage(caller.quotes.create({ lines: [{ ...CLUSTER, kubernetesVersion: '1.20' }] }))).toBe(
      'Order line 1: Kubernetes 1.20 is not offered for new clusters; choose 1.38, 1.37, 1.36 or 1.35.',
    );
    expect(await badRequestMessage(caller.quotes.create({ lines: [{ ...CLUSTER, kubernetesVersion: '1.37.9' }] }))).toBe(
      'Order line 1: Kubernetes 1.37.9 is not available yet; the latest 1.37 patch is 1.37.1.',
    );
    const gpu = { ...CLUSTER, tierId: 'tier_ai', regionId: 'nl-ams-1', highAvailability: false, addonIds: [], nodePools: [{ name: 'gpu', flavorId: 'gpu-h100-2', count: 1 }] };
    expect(await badRequestMessage(caller.quotes.create({ lines: [gpu] }))).toBe('Order line 1: The GPU 2 × NVIDIA H100 flavour is not available in the nl-ams-1 region.');
    await expect(caller.quotes.create({ lines: [{ ...gpu, regionId: 'fr-par-1' }] })).resolves.toMatchObject({ subtotalCents: 249_900 + 394_900 });
    await db.update(addons).set({ archivedAt: NOW }).where(eq(addons.id, 'addon_logging'));
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER] }))).toBe('Order line 1: The add-on "addon_logging" does not exist.');
  });

  it('sells an optional HA control plane only with a price, and never on a tier without one', async () => {
    const { caller, db } = await testCallerAt(NOW);
    expect(await badRequestMessage(caller.quotes.create({ lines: [{ ...CLUSTER, tierId: 'tier_devtest', addonIds: [] }] }))).toBe(
      'Order line 1: Dev/Test (Orange) clusters do not offer a high-availability control plane.',
    );
    await db.update(clusterTiers).set({ haMonthlyPriceCents: null, haYearlyPriceCents: null }).where(eq(clusterTiers.id, 'tier_economy'));
    await db.delete(catalogPrices).where(and(eq(catalogPrices.itemKind, 'cluster_tier_ha'), eq(catalogPrices.itemId, 'tier_economy')));
    expect(await badRequestMessage(caller.quotes.create({ lines: [CLUSTER] }))).toBe('Order line 1: Economy (Green) clusters do not offer a high-availability control plane.');
    const economy = (await caller.catalog.clusterTiers()).find((tier) => tier.id === 'tier_economy')!;
    expect(economy.haControlPlane).toEqual({ mode: 'unavailable', monthlyPriceCents: null, yearlyPriceCents: null });
  });

  it('refuses malformed orders with messages that name the field', async () => {
    const { caller } = await testCallerAt(NOW);
    const send = (input: unknown) => badRequestMessage(caller.quotes.create(input as QuoteRequest));
    expect(await send({ lines: [] })).toBe('lines: Add at least one line to quote.');
    expect(await send({ lines: Array.from({ length: 21 }, () => ({ kind: 'support', planId: 'support_basic' })) })).toBe('lines: A quote has at most 20 lines.');
    expect(await send({ lines: [{ kind: 'rocket' }] })).toBe('lines.0.kind: Each line needs a kind: cluster, middleware, addon, support.');
    expect(await send({ lines: [{ ...CLUSTER, nodePools: [{ name: 'a', flavorId: 'gp-2-8', count: 1001 }] }] })).toBe(
      'lines.0.nodePools.0.count: The node count must be at most 1000.',
    );
    expect(await send({ lines: [{ ...CLUSTER, nodePools: Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, flavorId: 'gp-2-8', count: 1 })) }] })).toBe(
      'lines.0.nodePools: A cluster has at most 10 node pools.',
    );
    expect(await send({ lines: [{ kind: 'middleware', planId: 'x'.repeat(65) }] })).toBe('lines.0.planId: The middleware plan is at most 64 characters.');
    expect(await send({ lines: [CLUSTER], cycle: 'weekly' })).toBe('cycle: The billing cycle is monthly or yearly.');
    expect(await send({ lines: [CLUSTER], promotionCode: 'X'.repeat(33) })).toBe('promotionCode: A promotion code is at most 32 characters.');
  });

  it('charges the VAT of the customer country, reverse-charged for an EU business with a VAT number', async () => {
    const { caller } = await testCallerAt(NOW);
    const taxOf = async (customer: QuoteRequest['customer']) => (await caller.quotes.create({ lines: [CLUSTER], customer })).tax;
    await expect(taxOf({ countryCode: 'de' })).resolves.toMatchObject({ countryCode: 'DE', rateBasisPoints: 1_900, amountCents: 8_113 });
    await expect(taxOf({ countryCode: 'DE', vatNumber: 'DE 123.456.789' })).resolves.toMatchObject({ reverseCharge: true, amountCents: 0 });
    await expect(taxOf({ countryCode: 'DE', vatNumber: 'DE123456789', isBusiness: false })).resolves.toMatchObject({ reverseCharge: false, amountCents: 8_113 });
    await expect(taxOf({ countryCode: 'FR', vatNumber: 'FR12345678901' })).resolves.toMatchObject({ reverseCharge: false, amountCents: 8_540 });
    await expect(taxOf({ countryCode: 'US' })).resolves.toMatchObject({ rateBasisPoints: 0, amountCents: 0, label: 'No VAT (outside the EU)' });
    await expect(taxOf({ countryCode: 'GR', vatNumber: 'EL123456789' })).resolves.toMatchObject({ countryCode: 'GR', reverseCharge: true });
  });

  it('refuses a country that does not exist, or a VAT number of another country', async () => {
    const { caller } = await testCallerAt(NOW);
    const send = (customer: unknown) => badRequestMessage(caller.quotes.create({ lines: [CLUSTER], customer } as QuoteRequest));
    const badCountry = 'customer.countryCode: Use the two-letter ISO code of a country, e.g. FR, DE or US.';
    expect(await send({ countryCode: 'XX' })).toBe(badCountry);
    expect(await send({ countryCode: 'FRA' })).toBe(badCountry);
    expect(await send({ countryCode: '' })).toBe(badCountry);
    expect(await send({ countryCode: 'DE', vatNumber: 'FR12345678901' })).toBe('customer.vatNumber: A VAT number of DE starts with DE.');
    expect(await send({ countryCode: 'DE', vatNumber: 'not a vat number!' })).toBe(
      'customer.vatNumber: A VAT number is its two-letter country prefix and 2 to 13 letters or digits, e.g. DE123456789.',
    );
  });

  it('uses the prices in effect now: a future-dated price only from its date', async () => {
    const { caller, db, clock } = await testCallerAt(NOW);
    await db.insert(catalogPrices).values([
      { itemKind: 'cluster_tier', itemId: 'tier_economy', effectiveFrom: NOW + DAY_MS, monthlyPriceCents: 9_900, yearlyPriceCents: 100_980, createdAt: NOW },
      { itemKind: 'node_flavor', itemId: 'gp-2-8', effectiveFrom: NOW + DAY_MS, monthlyPriceCents: 3_100, createdAt: NOW },
    ]);
    await expect(caller.quotes.create({ lines: [CLUSTER] })).resolves.toMatchObject({ subtotalCents: 42_700 });
    clock.advance(DAY_MS - 1);
    await expect(caller.quotes.create({ lines: [CLUSTER] })).resolves.toMatchObject({ subtotalCents: 42_700 });
    clock.advance(1);
    // + 1 000 on the control plane, + 3 × 200 on the system pool.
    await expect(caller.quotes.create({ lines: [CLUSTER] })).resolves.toMatchObject({ subtotalCents: 44_300 });
  });
});
