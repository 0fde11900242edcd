import { describe, expect, it } from 'vitest';
import { priceLine, quote, QuoteError } from './index';
import { blueCluster, context, DE_BUSINESS, DE_CONSUMER, NOW, PRICE_BOOK, US_BUSINESS } from '../testing';
import type { OrderLine, QuoteContext } from './types';

/** The QuoteError `run` throws (fails the test when it throws nothing or something else). */
function quoteError(run: () => unknown): QuoteError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    return error as QuoteError;
  }
  throw new Error('Expected a QuoteError');
}

function quoteErrorFor(lines: OrderLine[], ctx: QuoteContext = context()): QuoteError {
  return quoteError(() => quote(lines, ctx, PRICE_BOOK));
}

describe('cluster lines', () => {
  it('prices the control plane, HA, each pool by flavour × count and each add-on, monthly', () => {
    const result = quote([blueCluster()], context(), PRICE_BOOK);
    const [line] = result.lines;
    expect(line?.kind).toBe('cluster');
    expect(line?.label).toBe('Standard (Blue) cluster, Kubernetes 1.31.2, fr-par-1');
    expect(line?.components).toEqual([
      { label: 'Control plane', unitCents: 28_900, quantity: 1, amountCents: 28_900 },
      { label: 'High-availability control plane', unitCents: 9_900, quantity: 1, amountCents: 9_900 },
      { label: 'Node pool "web": gp-2-8', unitCents: 3_500, quantity: 3, amountCents: 10_500 },
      {
        label: 'Node pool "batch": gp-4-16, autoscaling 2–5 nodes',
        unitCents: 6_900,
        quantity: 2,
        amountCents: 13_800,
        maxQuantity: 5,
        maxAmountCents: 34_500,
      },
      { label: 'Monitoring add-on', unitCents: 1_500, quantity: 1, amountCents: 1_500 },
      { label: 'Logging add-on', unitCents: 2_000, quantity: 1, amountCents: 2_000 },
    ]);
    expect(line?.amountCents).toBe(66_600);
    expect(line?.monthlyEquivalentCents).toBe(66_600);
    // Autoscaling: priced at the minimum (2 nodes), the maximum (5) shown.
    expect(line?.maxTotalCents).toBe(66_600 + 3 * 6_900);
    expect(result.subtotalCents).toBe(66_600);
    expect(result.tax).toEqual({ countryCode: 'FR', rateBasisPoints: 2000, amountCents: 13_320, reverseCharge: false, label: 'VAT 20%' });
    expect(result.totalCents).toBe(79_920);
    expect(result.discount).toBeNull();
    expect(result.promotion).toBeNull();
  });

  it('prices the yearly cycle from yearly prices, and 12 × monthly where an item has none', () => {
    const result = quote([blueCluster()], context({ cycle: 'yearly' }), PRICE_BOOK);
    const [line] = result.lines;
    expect(line?.components.map((component) => [component.unitCents, component.quantity, component.amountCents])).toEqual([
      [294_780, 1, 294_780],
      [100_980, 1, 100_980],
      [35_700, 3, 107_100],
      [12 * 6_900, 2, 165_600], // gp-4-16 has no yearly price
      [15_300, 1, 15_300],
      [12 * 2_000, 1, 24_000], // nor has logging
    ]);
    expect(line?.amountCents).toBe(707_760);
    expect(line?.monthlyEquivalentCents).toBe(58_980);
    expect(line?.maxTotalCents).toBe(707_760 + 3 * 82_800);
    expect(line?.monthlyPriceCents).toBe(66_600);
    expect(line?.yearlyPriceCents).toBe(707_760);
    // round((799 200 − 707 760) / 799 200 × 100) = round(11.44)
    expect(line?.yearlyDiscountPercent).toBe(11);
    expect(result.cycle).toBe('yearly');
    expect(result.yearlyDiscountPercent).toBe(11);
    expect(result.tax.amountCents).toBe(141_552);
    expect(result.totalCents).toBe(849_312);
  });

  it('includes the HA control plane at no charge when the tier includes it, asked for or not', () => {
    for (const highAvailability of [true, false]) {
      const line = priceLine(
        blueCluster({ tierId: 'red', highAvailability, addonIds: [] }),
        PRICE_BOOK,
        { cycle: 'monthly' },
      );
      expect(line.components[1]).toEqual({
        label: 'High-availability control plane (included)',
        unitCents: 0,
        quantity: 1,
        amountCents: 0,
      });
      expect(line.amountCents).toBe(119_900 + 10_500 + 13_800);
    }
  });

  it('adds the optional HA control plane only when asked for', () => {
    const without = priceLine(blueCluster({ highAvailability: false }), PRICE_BOOK, { cycle: 'monthly' });
    expect(without.components.map((component) => component.label)).not.toContain('High-availability control plane');
    expect(without.amountCents).toBe(66_600 - 9_900);
    // AI/ML has no yearly HA price: 12 × monthly.
    const ai = priceLine(
      {
        kind: 'cluster',
        tierId: 'ai',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.31',
        highAvailability: true,
        nodePools: [{ name: 'gpu', flavorId: 'gpu-l4-1', count: 2 }],
        addonIds: ['gpu-operator'],
      },
      PRICE_BOOK,
      { cycle: 'yearly' },
    );
    expect(ai.components.map((component) => component.amountCents)).toEqual([508_980, 12 * 14_900, 2 * 601_800, 49_980]);
  });

  it('refuses HA where the tier has none, and accepts the same cluster without it', () => {
    const sandbox = blueCluster({
      tierId: 'gray',
      nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 2 }],
      addonIds: ['monitoring'],
    });
    const error = quoteErrorFor([sandbox]);
    expect(error.code).toBe('ha_unavailable');
    expect(error.message).toBe('Sandbox (Gray) clusters do not offer a high-availability control plane.');
    expect(error.lineIndex).toBe(0);
    const line = priceLine({ ...sandbox, highAvailability: false }, PRICE_BOOK, { cycle: 'monthly' });
    expect(line.amountCents).toBe(2_900 + 2 * 3_500 + 1_500);
    expect(line.maxTotalCents).toBeUndefined();
  });

  it('matches add-on Kubernetes versions by minor version', () => {
    const ok = priceLine(blueCluster({ kubernetesVersion: 'v1.30.4', addonIds: ['policy'] }), PRICE_BOOK, { cycle: 'monthly' });
    expect(ok.components.at(-1)).toMatchObject({ label: 'Policy add-on', amountCents: 1_000 });
    const error = quoteErrorFor([blueCluster({ kubernetesVersion: '1.29.8', addonIds: ['policy'] })]);
    expect(error.code).toBe('addon_incompatible');
    expect(error.message).toBe('The Policy add-on does not support Kubernetes 1.29.8.');
  });
});

describe('middleware, add-on and support lines', () => {
  it('prices a middleware plan for each cycle', () => {
    const monthly = quote([{ kind: 'middleware', planId: 'pg-small' }], context(), PRICE_BOOK);
    expect(monthly.lines[0]).toMatchObject({
      kind: 'middleware',
      label: 'PostgreSQL: Small',
      amountCents: 4_900,
      monthlyEquivalentCents: 4_900,
      yearlyDiscountPercent: 15,
    });
    const yearly = quote([{ kind: 'middleware', planId: 'valkey-small' }], context({ cycle: 'yearly' }), PRICE_BOOK);
    expect(yearly.lines[0]).toMatchObject({ amountCents: 22_800, monthlyEquivalentCents: 1_900, yearlyDiscountPercent: 0 });
    expect(yearly.yearlyDiscountPercent).toBe(0);
  });

  it('prices an add-on for an existing cluster when its dependencies already run there', () => {
    const line = priceLine(
      { kind: 'addon', addonId: 'logging', clusterTierId: 'blue', kubernetesVersion: '1.31', existingAddonIds: ['monitoring'] },
      PRICE_BOOK,
      { cycle: 'yearly' },
    );
    expect(line).toMatchObject({
      kind: 'addon',
      label: 'Logging add-on for a Standard (Blue) cluster',
      amountCents: 24_000,
      monthlyEquivalentCents: 2_000,
    });
    expect(line.components).toEqual([{ label: 'Logging add-on', unitCents: 24_000, quantity: 1, amountCents: 24_000 }]);
  });

  it('refuses an add-on for an existing cluster that lacks a dependency, conflicts, or already runs it', () => {
    const base = { kind: 'addon', clusterTierId: 'blue', kubernetesVersion: '1.31' } as const;
    const missing = quoteErrorFor([{ ...base, addonId: 'logging', existingAddonIds: [] }]);
    expect([missing.code, missing.message]).toEqual(['addon_requires', 'The Logging add-on requires the Monitoring add-on.']);
    // The conflict is declared on istio only; it is refused from either side.
    const conflict = quoteErrorFor([{ ...base, addonId: 'linkerd', existingAddonIds: ['istio'] }]);
    expect([conflict.code, conflict.message]).toEqual([
      'addon_conflict',
      'The Linkerd service mesh add-on cannot run alongside the Istio service mesh add-on.',
    ]);
    const installed = quoteErrorFor([{ ...base, addonId: 'monitoring', existingAddonIds: ['monitoring'] }]);
    expect([installed.code, installed.message]).toEqual(['addon_already_installed', 'This cluster already runs the Monitoring add-on.']);
    const tier = quoteErrorFor([{ ...base, addonId: 'gpu-operator', existingAddonIds: [] }]);
    expect([tier.code, tier.message]).toEqual(['addon_incompatible', 'The GPU operator add-on is not available on Standard (Blue) clusters.']);
    const unknownTier = quoteErrorFor([{ ...base, clusterTierId: 'purple', addonId: 'monitoring', existingAddonIds: [] }]);
    expect([unknownTier.code, unknownTier.message]).toEqual(['unknown_tier', 'The cluster tier "purple" does not exist.']);
  });

  it('prices a fixed support plan, including a free one', () => {
    const result = quote(
      [{ kind: 'support', planId: 'business' }],
      context({ cycle: 'yearly' }),
      PRICE_BOOK,
    );
    expect(result.lines[0]).toMatchObject({ kind: 'support', label: 'Support: Business', amountCents: 99_000, monthlyEquivalentCents: 8_250 });
    expect(result.lines[0]?.shareOfSpend).toBeUndefined();
    const basic = quote([{ kind: 'support', planId: 'basic' }], context(), PRICE_BOOK);
    expect(basic.totalCents).toBe(0);
  });

  it('prices a share-of-spend support plan on the other lines plus the existing spend, never under its minimum', () => {
    const lines: OrderLine[] = [{ kind: 'support', planId: 'premium' }, blueCluster(), { kind: 'middleware', planId: 'pg-small' }];
    // 10 % of 71 500 is under the 50 000 minimum.
    const small = quote(lines, context(), PRICE_BOOK);
    expect(small.lines[0]?.amountCents).toBe(50_000);
    expect(small.lines[0]?.shareOfSpend).toEqual({
      monthlySpendCents: 66_600 + 4_900,
      basisPoints: 1_000,
      minimumMonthlyCents: 50_000,
      monthlyCents: 50_000,
      minimumApplied: true,
    });

    const large = quote(lines, context({ existingMonthlySpendCents: 500_000 }), PRICE_BOOK);
    expect(large.lines[0]?.amountCents).toBe(57_150);
    expect(large.lines[0]?.shareOfSpend?.minimumApplied).toBe(false);
    expect(large.subtotalCents).toBe(57_150 + 66_600 + 4_900);

    // Yearly: (707 760 + 49 980) / 12 = 63 145 per month, + 500 000; 10 % = 56 314.5 → 56 315; × 12.
    const yearly = quote(lines, context({ cycle: 'yearly', existingMonthlySpendCents: 500_000 }), PRICE_BOOK);
    expect(yearly.lines[0]?.shareOfSpend?.monthlySpendCents).toBe(563_145);
    expect(yearly.lines[0]?.amountCents).toBe(12 * 56_315);
    expect(yearly.lines[0]?.monthlyPriceCents).toBe(57_150);
  });

  it('does not count support lines in the spend a share-of-spend plan applies to', () => {
    const result = quote(
      [{ kind: 'support', planId: 'premium' }, { kind: 'support', planId: 'business' }],
      context({ existingMonthlySpendCents: 1_000_000 }),
      PRICE_BOOK,
    );
    expect(result.lines[0]?.shareOfSpend?.monthlySpendCents).toBe(1_000_000);
    expect(result.lines[0]?.amountCents).toBe(100_000);
  });

  it('without a spend, priceLine prices a share-of-spend plan at its minimum', () => {
    expect(priceLine({ kind: 'support', planId: 'premium' }, PRICE_BOOK, { cycle: 'yearly' }).amountCents).toBe(600_000);
  });
});

describe('quote totals', () => {
  it('sums the rounded lines, then discount and VAT', () => {
    const result = quote(
      [blueCluster(), { kind: 'middleware', planId: 'pg-small' }, { kind: 'support', planId: 'business' }],
      context({ promotionCode: 'PARIS' }),
      PRICE_BOOK,
    );
    expect(result.subtotalCents).toBe(66_600 + 4_900 + 9_900);
    expect(result.discount).toEqual({ code: 'PARIS', label: 'Promotion PARIS (5% off)', amountCents: 4_070 });
    expect(result.taxableCents).toBe(81_400 - 4_070);
    expect(result.tax.amountCents).toBe(15_466);
    expect(result.totalCents).toBe(77_330 + 15_466);
  });

  it('quotes an empty order as zero', () => {
    const result = quote([], context({ cycle: 'yearly' }), PRICE_BOOK);
    expect([result.subtotalCents, result.taxableCents, result.tax.amountCents, result.totalCents]).toEqual([0, 0, 0, 0]);
    expect(result.yearlyDiscountPercent).toBe(0);
  });

  it('shows the yearly saving of the whole order whatever the cycle', () => {
    const lines: OrderLine[] = [blueCluster(), { kind: 'middleware', planId: 'valkey-small' }];
    const monthly = quote(lines, context(), PRICE_BOOK);
    // (12 × 68 500 − (707 760 + 22 800)) / (12 × 68 500) = 11.13 %
    expect(monthly.yearlyDiscountPercent).toBe(11);
    expect(quote(lines, context({ cycle: 'yearly' }), PRICE_BOOK).yearlyDiscountPercent).toBe(11);
  });

  it('rounds the yearly monthly equivalent of each line to the cent', () => {
    const line = priceLine({ kind: 'middleware', planId: 'pg-small' }, PRICE_BOOK, { cycle: 'yearly' });
    // 49 980 / 12 = 4 165
    expect(line.monthlyEquivalentCents).toBe(4_165);
    const odd = priceLine(
      { kind: 'addon', addonId: 'monitoring', clusterTierId: 'blue', kubernetesVersion: '1.31', existingAddonIds: [] },
      { ...PRICE_BOOK, addons: [{ ...PRICE_BOOK.addons[0]!, yearlyCents: 15_305 }] },
      { cycle: 'yearly' },
    );
    // 15 305 / 12 = 1 275.42
    expect(odd.monthlyEquivalentCents).toBe(1_275);
  });

  it('rounds VAT once per invoice, so a yearly invoice without discount can differ from 12 monthly ones by cents', () => {
    const book = { ...PRICE_BOOK, middlewarePlans: [{ id: 'x', middlewareId: 'x', name: 'X', monthlyCents: 1_002 }] };
    const monthly = quote([{ kind: 'middleware', planId: 'x' }], context(), book);
    const yearly = quote([{ kind: 'middleware', planId: 'x' }], context({ cycle: 'yearly' }), book);
    // Before VAT yearly is exactly 12 × monthly; VAT: 200.4 → 200 a month, 2 404.8 → 2 405 a year.
    expect(yearly.taxableCents).toBe(12 * monthly.taxableCents);
    expect([monthly.tax.amountCents, yearly.tax.amountCents]).toEqual([200, 2_405]);
    expect(yearly.totalCents - 12 * monthly.totalCents).toBe(5);
  });

  it('caps a yearly catalogue price above 12 × monthly at 12 × monthly', () => {
    const book = { ...PRICE_BOOK, middlewarePlans: [{ id: 'odd', middlewareId: 'x', name: 'Odd', monthlyCents: 1_000, yearlyCents: 13_000 }] };
    expect(priceLine({ kind: 'middleware', planId: 'odd' }, book, { cycle: 'yearly' }).amountCents).toBe(12_000);
  });

  it('refuses a price book with amounts that are not whole cents (a server error, not a QuoteError)', () => {
    const book = { ...PRICE_BOOK, middlewarePlans: [{ id: 'odd', middlewareId: 'x', name: 'Odd', monthlyCents: 10.5 }] };
    expect(() => quote([{ kind: 'middleware', planId: 'odd' }], context(), book)).toThrow(RangeError);
  });
});

describe('promotions in a quote', () => {
  const lines: OrderLine[] = [blueCluster(), { kind: 'middleware', planId: 'pg-small' }];

  it('applies PARIS (5 %, first purchase only), whatever the case and spaces of the code', () => {
    const result = quote(lines, context({ promotionCode: '  paris ' }), PRICE_BOOK);
    expect(result.promotion).toEqual({ code: 'PARIS', applied: true });
    expect(result.discount?.amountCents).toBe(3_575); // 5 % of 71 500
    expect(result.totalCents).toBe(Math.round((71_500 - 3_575) * 1.2));
  });

  it('applies PARIS on a yearly order to the yearly amounts', () => {
    const result = quote(lines, context({ cycle: 'yearly', promotionCode: 'PARIS' }), PRICE_BOOK);
    // 5 % of 757 740 = 37 887
    expect(result.discount?.amountCents).toBe(37_887);
    expect(result.taxableCents).toBe(757_740 - 37_887);
  });

  it('refuses PARIS to an organisation that has purchased before, and still quotes the order', () => {
    const result = quote(
      lines,
      context({ promotionCode: 'PARIS', customer: { ...DE_CONSUMER, hasPurchased: true } }),
      PRICE_BOOK,
    );
    expect(result.promotion).toEqual({
      code: 'PARIS',
      applied: false,
      rejection: 'first_purchase_only',
      reason: 'This code is only for an organisation’s first purchase.',
    });
    expect(result.discount).toBeNull();
    expect(result.taxableCents).toBe(71_500);
  });

  it('explains expired, not yet valid and unknown codes', () => {
    const reason = (promotionCode: string, now = NOW) => quote(lines, context({ promotionCode, now }), PRICE_BOOK).promotion;
    expect(reason('SUMMER25')).toMatchObject({ applied: false, rejection: 'expired', reason: 'This code has expired.' });
    expect(reason('PARIS', Date.UTC(2026, 8, 1))).toMatchObject({ applied: false, reason: 'This code has expired.' });
    expect(reason('PARIS', Date.UTC(2026, 8, 1) - 1)).toMatchObject({ applied: true });
    expect(reason('AUTUMN')).toMatchObject({ applied: false, rejection: 'not_started', reason: 'This code is not valid yet.' });
    expect(reason('PARIS', Date.UTC(2025, 11, 31))).toMatchObject({ rejection: 'not_started' });
    expect(reason('NOPE')).toEqual({ code: 'NOPE', applied: false, rejection: 'unknown', reason: 'Unknown promotion code.' });
  });

  it('treats an empty code as no code', () => {
    expect(quote(lines, context({ promotionCode: '  ' }), PRICE_BOOK).promotion).toBeNull();
    expect(quote(lines, context({ promotionCode: null }), PRICE_BOOK).promotion).toBeNull();
  });

  it('applies an amount off to the kinds it names, once per order, above its minimum', () => {
    const result = quote(lines, context({ promotionCode: 'WELCOME20' }), PRICE_BOOK);
    expect(result.discount).toEqual({ code: 'WELCOME20', label: 'Promotion WELCOME20', amountCents: 2_000 });
    const yearly = quote(lines, context({ cycle: 'yearly', promotionCode: 'WELCOME20' }), PRICE_BOOK);
    expect(yearly.discount?.amountCents).toBe(2_000);

    const small = quote([{ kind: 'middleware', planId: 'valkey-small' }], context({ promotionCode: 'WELCOME20' }), PRICE_BOOK);
    expect(small.promotion).toMatchObject({
      applied: false,
      rejection: 'minimum_not_met',
      reason: 'Orders under €100.00 do not qualify for this code.',
    });
    const noCluster = quote(
      [{ kind: 'middleware', planId: 'pg-small' }],
      context({ cycle: 'yearly', promotionCode: 'WELCOME20' }),
      PRICE_BOOK,
    );
    expect(noCluster.promotion).toMatchObject({
      applied: false,
      rejection: 'not_applicable',
      reason: 'This code applies only to clusters, and this order has none.',
    });
  });

  it('applies a percentage to the kinds it names only', () => {
    const result = quote([...lines, { kind: 'support', planId: 'business' }], context({ promotionCode: 'SUPPORT10' }), PRICE_BOOK);
    expect(result.discount?.amountCents).toBe(990);
  });

  it('caps a discount at the subtotal of the lines it applies to, so totals stay positive', () => {
    const result = quote(lines, context({ promotionCode: 'BIGCLUSTER' }), PRICE_BOOK);
    expect(result.discount?.amountCents).toBe(66_600);
    expect(result.taxableCents).toBe(4_900);
    expect(result.totalCents).toBe(5_880);
    const clusterOnly = quote([blueCluster()], context({ promotionCode: 'BIGCLUSTER' }), PRICE_BOOK);
    expect([clusterOnly.taxableCents, clusterOnly.tax.amountCents, clusterOnly.totalCents]).toEqual([0, 0, 0]);
  });
});

describe('VAT in a quote', () => {
  const lines: OrderLine[] = [{ kind: 'middleware', planId: 'pg-small' }];

  it('charges 20 % in France, business or not', () => {
    expect(quote(lines, context(), PRICE_BOOK).tax).toMatchObject({ rateBasisPoints: 2000, amountCents: 980, reverseCharge: false });
  });

  it("charges a German consumer Germany's 19 %", () => {
    const result = quote(lines, context({ customer: DE_CONSUMER }), PRICE_BOOK);
    expect(result.tax).toEqual({ countryCode: 'DE', rateBasisPoints: 1900, amountCents: 931, reverseCharge: false, label: 'VAT 19%' });
    expect(result.totalCents).toBe(5_831);
  });

  it('reverse-charges a German business with a VAT number', () => {
    const result = quote(lines, context({ customer: DE_BUSINESS }), PRICE_BOOK);
    expect(result.tax).toEqual({
      countryCode: 'DE',
      rateBasisPoints: 0,
      amountCents: 0,
      reverseCharge: true,
      label: 'VAT reverse-charged (0%)',
    });
    expect(result.totalCents).toBe(4_900);
  });

  it('charges no VAT outside the EU', () => {
    const result = quote(lines, context({ customer: US_BUSINESS }), PRICE_BOOK);
    expect(result.tax).toEqual({ countryCode: 'US', rateBasisPoints: 0, amountCents: 0, reverseCharge: false, label: 'No VAT (outside the EU)' });
  });

  it('rounds VAT half up to the cent, on the discounted amount', () => {
    // Finland 25.5 %: (4 900 − 245) × 25.5 % = 1 187.025 → 1 187
    const result = quote(lines, context({ promotionCode: 'PARIS', customer: { ...DE_CONSUMER, countryCode: 'FI' } }), PRICE_BOOK);
    expect(result.taxableCents).toBe(4_655);
    expect(result.tax.amountCents).toBe(1_187);
    expect(result.tax.label).toBe('VAT 25.5%');
  });

  it('refuses a country code that is not two letters', () => {
    const error = quoteErrorFor(lines, context({ customer: { ...DE_CONSUMER, countryCode: 'DEU' } }));
    expect(error.code).toBe('invalid_country');
    expect(error.lineIndex).toBeNull();
  });
});

describe('validation errors', () => {
  const cases: Array<[string, OrderLine, string, string]> = [
    ['an unknown tier', blueCluster({ tierId: 'purple' }), 'unknown_tier', 'The cluster tier "purple" does not exist.'],
    [
      'a region the tier does not serve',
      blueCluster({ regionId: 'pl-waw-1' }),
      'region_not_offered',
      'The Standard (Blue) tier is not offered in the pl-waw-1 region.',
    ],
    [
      'an unknown flavour',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-64-512', count: 1 }] }),
      'unknown_flavor',
      'The node flavour "gp-64-512" does not exist.',
    ],
    [
      'a flavour the tier does not offer',
      blueCluster({ nodePools: [{ name: 'ml', flavorId: 'gpu-l4-1', count: 1 }] }),
      'flavor_not_offered',
      'The Standard (Blue) tier does not offer the gpu-l4-1 flavour.',
    ],
    [
      'more nodes than the tier allows',
      blueCluster({
        nodePools: [
          { name: 'web', flavorId: 'gp-2-8', count: 8 },
          { name: 'db', flavorId: 'mem-4-32', count: 4 },
        ],
      }),
      'too_many_nodes',
      'Standard (Blue) clusters have at most 10 nodes; this configuration has 12.',
    ],
    [
      'an autoscaling maximum above the tier limit',
      blueCluster({
        nodePools: [
          { name: 'web', flavorId: 'gp-2-8', count: 3 },
          { name: 'batch', flavorId: 'gp-4-16', count: 2, autoscale: { min: 2, max: 9 } },
        ],
      }),
      'too_many_nodes',
      'Standard (Blue) clusters have at most 10 nodes; this configuration can grow to 12.',
    ],
    [
      'more pools than the tier allows',
      blueCluster({
        nodePools: ['a', 'b', 'c', 'd'].map((name) => ({ name, flavorId: 'gp-2-8', count: 1 })),
      }),
      'too_many_pools',
      'Standard (Blue) clusters have at most 3 node pools; this configuration has 4.',
    ],
    ['no node pool', blueCluster({ nodePools: [] }), 'no_node_pools', 'A cluster needs at least one node pool.'],
    [
      'a pool without a name',
      blueCluster({ nodePools: [{ name: ' ', flavorId: 'gp-2-8', count: 1 }] }),
      'invalid_pool_name',
      'Every node pool needs a name.',
    ],
    [
      'two pools with one name',
      blueCluster({
        nodePools: [
          { name: 'web', flavorId: 'gp-2-8', count: 1 },
          { name: 'web', flavorId: 'gp-4-16', count: 1 },
        ],
      }),
      'duplicate_pool_name',
      'Two node pools are named "web"; give each pool its own name.',
    ],
    [
      'a pool of zero nodes',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 0 }] }),
      'invalid_count',
      'Node pool "web" needs a whole number of nodes, at least 1.',
    ],
    [
      'a fractional node count',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 2.5 }] }),
      'invalid_count',
      'Node pool "web" needs a whole number of nodes, at least 1.',
    ],
    [
      'a count outside the autoscaling range',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 7, autoscale: { min: 2, max: 5 } }] }),
      'invalid_count',
      'Node pool "web" starts with 7 nodes, outside its autoscaling range of 2 to 5.',
    ],
    [
      'an autoscaling maximum under the minimum',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 3, autoscale: { min: 3, max: 2 } }] }),
      'invalid_autoscale',
      'Node pool "web" autoscales between a minimum of at least 1 node and a maximum no lower than the minimum.',
    ],
    [
      'an autoscaling minimum of zero',
      blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 1, autoscale: { min: 0, max: 2 } }] }),
      'invalid_autoscale',
      'Node pool "web" autoscales between a minimum of at least 1 node and a maximum no lower than the minimum.',
    ],
    ['an unknown add-on', blueCluster({ addonIds: ['chaos'] }), 'unknown_addon', 'The add-on "chaos" does not exist.'],
    [
      'an add-on listed twice',
      blueCluster({ addonIds: ['monitoring', 'monitoring'] }),
      'duplicate_addon',
      'The Monitoring add-on is listed twice.',
    ],
    [
      'an add-on the tier cannot run',
      blueCluster({ addonIds: ['gpu-operator'] }),
      'addon_incompatible',
      'The GPU operator add-on is not available on Standard (Blue) clusters.',
    ],
    [
      'an add-on without its dependency',
      blueCluster({ addonIds: ['logging'] }),
      'addon_requires',
      'The Logging add-on requires the Monitoring add-on.',
    ],
    [
      'two conflicting add-ons',
      blueCluster({ addonIds: ['istio', 'linkerd'] }),
      'addon_conflict',
      'The Istio service mesh add-on cannot run alongside the Linkerd service mesh add-on.',
    ],
    ['an unknown middleware plan', { kind: 'middleware', planId: 'oracle-xl' }, 'unknown_plan', 'The middleware plan "oracle-xl" does not exist.'],
    ['an unknown support plan', { kind: 'support', planId: 'platinum' }, 'unknown_plan', 'The support plan "platinum" does not exist.'],
    [
      'an unknown line kind',
      { kind: 'vm' } as unknown as OrderLine,
      'invalid_line',
      'Order line 1 is not a cluster, middleware, add-on or support plan.',
    ],
  ];

  it.each(cases)('refuses %s', (_name, line, code, message) => {
    const error = quoteErrorFor([line]);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.lineIndex).toBe(0);
    expect(error.name).toBe('QuoteError');
    expect(error).toBeInstanceOf(Error);
  });

  it('accepts add-ons listed before their dependency, and an add-on whose version list matches', () => {
    expect(() => quote([blueCluster({ addonIds: ['logging', 'monitoring', 'policy'] })], context(), PRICE_BOOK)).not.toThrow();
  });

  it('reports the first offending line, in order', () => {
    const error = quoteErrorFor([
      { kind: 'middleware', planId: 'pg-small' },
      { kind: 'support', planId: 'platinum' },
      blueCluster({ tierId: 'purple' }),
    ]);
    expect([error.code, error.lineIndex]).toEqual(['unknown_plan', 1]);
    const later = quoteErrorFor([{ kind: 'middleware', planId: 'pg-small' }, blueCluster({ regionId: 'nowhere' })]);
    expect([later.code, later.lineIndex]).toEqual(['region_not_offered', 1]);
  });

  it('accepts a pool at exactly the node limit', () => {
    const line = blueCluster({ nodePools: [{ name: 'web', flavorId: 'gp-2-8', count: 10 }], highAvailability: false, addonIds: [] });
    expect(quote([line], context(), PRICE_BOOK).subtotalCents).toBe(28_900 + 35_000);
  });
});
