import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLine, quote, QuoteError } from './index';
import { NOW, PRICE_BOOK } from '../testing';
import type {
  HaControlPlaneMode,
  OrderLine,
  OrderLineKind,
  PriceBook,
  PriceBookAddon,
  Promotion,
  Quote,
  QuoteContext,
  SupportPricing,
} from './types';

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const KINDS: OrderLineKind[] = ['cluster', 'middleware', 'addon', 'support'];
const cents = (max: number) => fc.integer({ min: 0, max });
const MONTHLY_MAX = 2_000_000;

/**
 * A yearly price for a monthly one. Realistic: none (12 × monthly) or between 6 and 12 × monthly.
 * Otherwise anything, including prices above 12 × monthly (capped by the engine) or under monthly.
 */
function yearlyArb(monthly: number, realistic: boolean): fc.Arbitrary<number | null> {
  const sensible = fc.oneof(fc.constant(null), fc.integer({ min: 500, max: 1_000 }).map((perMille) => Math.floor((12 * monthly * perMille) / 1_000)));
  return realistic ? sensible : fc.oneof(sensible, cents(30 * MONTHLY_MAX));
}

function pricedArb(realistic: boolean): fc.Arbitrary<{ monthlyCents: number; yearlyCents: number | null }> {
  return cents(MONTHLY_MAX).chain((monthlyCents) => yearlyArb(monthlyCents, realistic).map((yearlyCents) => ({ monthlyCents, yearlyCents })));
}

const promotionArb: fc.Arbitrary<Promotion> = fc.record({
  code: fc.constant('PROMO'),
  kind: fc.constantFrom('percent' as const, 'amount' as const),
  value: fc.oneof(fc.integer({ min: 0, max: 10_000 }), cents(1_000_000)),
  // Mostly open-ended, so that the code often applies.
  validFrom: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, fc.integer({ min: NOW - 1_000, max: NOW + 1_000 })),
  validUntil: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, fc.integer({ min: NOW - 1_000, max: NOW + 1_000 })),
  firstPurchaseOnly: fc.boolean(),
  minimumSubtotalCents: fc.oneof(fc.constant(0), cents(500_000)),
  appliesTo: fc.option(fc.subarray(KINDS), { nil: null }),
});

function priceBookArb(realistic: boolean): fc.Arbitrary<PriceBook> {
  const priced = pricedArb(realistic);
  const tier = fc.record({
    price: priced,
    haMode: fc.constantFrom<HaControlPlaneMode>('included', 'optional', 'unavailable'),
    ha: priced,
  });
  const support: fc.Arbitrary<SupportPricing> = fc.oneof(
    priced.map(({ monthlyCents, yearlyCents }) => ({ kind: 'fixed' as const, monthlyCents, yearlyCents })),
    fc.record({
      kind: fc.constant('share' as const),
      percentOfSpendBasisPoints: fc.integer({ min: 0, max: 3_000 }),
      minimumMonthlyCents: cents(200_000),
    }),
  );
  return fc
    .record({
      tiers: fc.array(tier, { minLength: 1, maxLength: 3 }),
      flavors: fc.array(priced, { minLength: 1, maxLength: 4 }),
      addons: fc.array(priced, { maxLength: 4 }),
      middlewarePlans: fc.array(priced, { minLength: 1, maxLength: 3 }),
      supportPlans: fc.array(support, { minLength: 1, maxLength: 3 }),
      promotion: promotionArb,
    })
    .map((raw) => {
      const flavorIds = raw.flavors.map((_, i) => `f${i}`);
      const tierIds = raw.tiers.map((_, i) => `t${i}`);
      return {
        tiers: raw.tiers.map((t, i) => ({
          id: `t${i}`,
          name: `Tier ${i}`,
          monthlyCents: t.price.monthlyCents,
          yearlyCents: t.price.yearlyCents ?? 12 * t.price.monthlyCents,
          haControlPlane: { mode: t.haMode, monthlyCents: t.ha.monthlyCents, yearlyCents: t.ha.yearlyCents },
          maxNodes: null,
          maxPools: null,
          flavorIds,
          regionIds: ['r1'],
        })),
        flavors: raw.flavors.map((f, i) => ({ id: `f${i}`, name: `f${i}`, hourlyCents: 1, ...f })),
        addons: raw.addons.map(
          (a, i): PriceBookAddon => ({
            id: `a${i}`,
            name: `A${i}`,
            ...a,
            tierIds,
            kubernetesVersions: null,
            requires: [],
            conflicts: [],
          }),
        ),
        middlewarePlans: raw.middlewarePlans.map((m, i) => ({ id: `m${i}`, middlewareId: 'mw', name: `M${i}`, ...m })),
        supportPlans: raw.supportPlans.map((pricing, i) => ({ id: `s${i}`, name: `S${i}`, pricing })),
        promotions: [raw.promotion],
      };
    });
}

/** Random choices, turned into valid lines for a given price book by buildLines. */
const rawLineArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  pick: fc.nat(),
  highAvailability: fc.boolean(),
  pools: fc.array(
    fc.record({
      flavor: fc.nat(),
      count: fc.integer({ min: 1, max: 30 }),
      autoscale: fc.option(fc.record({ min: fc.integer({ min: 1, max: 10 }), extra: fc.integer({ min: 0, max: 20 }) }), { nil: null }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  addons: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
});
type RawLine = typeof rawLineArb extends fc.Arbitrary<infer T> ? T : never;

function at<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function buildLines(book: PriceBook, raws: readonly RawLine[]): OrderLine[] {
  return raws.map((raw): OrderLine => {
    const addonIds = book.addons.filter((_, i) => raw.addons[i]).map((addon) => addon.id);
    switch (raw.kind) {
      case 'cluster': {
        const tier = at(book.tiers, raw.pick);
        return {
          kind: 'cluster',
          tierId: tier.id,
          regionId: 'r1',
          kubernetesVersion: '1.31',
          highAvailability: raw.highAvailability && tier.haControlPlane.mode !== 'unavailable',
          nodePools: raw.pools.map((pool, i) => ({
            name: `p${i}`,
            flavorId: at(book.flavors, pool.flavor).id,
            count: pool.autoscale ? pool.autoscale.min : pool.count,
            autoscale: pool.autoscale ? { min: pool.autoscale.min, max: pool.autoscale.min + pool.autoscale.extra } : null,
          })),
          addonIds,
        };
      }
      case 'middleware':
        return { kind: 'middleware', planId: at(book.middlewarePlans, raw.pick).id };
      case 'addon': {
        if (book.addons.length === 0) return { kind: 'middleware', planId: at(book.middlewarePlans, raw.pick).id };
        const addon = at(book.addons, raw.pick);
        return {
          kind: 'addon',
          addonId: addon.id,
          clusterTierId: at(book.tiers, raw.pick).id,
          kubernetesVersion: '1.31',
          existingAddonIds: addonIds.filter((id) => id !== addon.id),
        };
      }
      case 'support':
        return { kind: 'support', planId: at(book.supportPlans, raw.pick).id };
    }
  });
}

const contextArb: fc.Arbitrary<QuoteContext> = fc.record({
  cycle: fc.constantFrom('monthly' as const, 'yearly' as const),
  now: fc.constant(NOW),
  promotionCode: fc.oneof(
    { arbitrary: fc.constantFrom('PROMO', ' promo '), weight: 4 },
    { arbitrary: fc.constantFrom(undefined, null, 'NOPE'), weight: 1 },
  ),
  customer: fc.record({
    countryCode: fc.constantFrom('FR', 'DE', 'FI', 'HU', 'LU', 'IE', 'US', 'CH', 'JP'),
    vatNumber: fc.option(fc.constantFrom('FR40303265045', 'DE129273398'), { nil: null }),
    isBusiness: fc.boolean(),
    hasPurchased: fc.boolean(),
  }),
  existingMonthlySpendCents: fc.option(cents(10_000_000), { nil: undefined }),
});

function orderArb(realistic: boolean) {
  return fc.record({
    book: priceBookArb(realistic),
    raws: fc.array(rawLineArb, { maxLength: 6 }),
    context: contextArb,
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every number anywhere in the quote, with its path. */
function numbersOf(value: unknown, path = 'quote'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => numbersOf(child, `${path}.${key}`));
}

const halfUp = (amount: number, basisPoints: number) => Math.floor((2 * amount * basisPoints + 10_000) / 20_000);

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('quote properties', () => {
  it('totals are never negative and every amount is a whole number of cents', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const result = quote(buildLines(book, raws), context, book);
        for (const [path, value] of numbersOf(result)) {
          expect(Number.isSafeInteger(value), path).toBe(true);
          expect(value, path).toBeGreaterThanOrEqual(0);
        }
        expect(result.totalCents).toBeGreaterThanOrEqual(0);
        expect(result.taxableCents).toBeGreaterThanOrEqual(0);
        expect(result.discount?.amountCents ?? 0).toBeLessThanOrEqual(result.subtotalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('no currency enters: no input names one and the quote holds EUR cents only', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const result = quote(buildLines(book, raws), context, book);
        const keys = JSON.stringify(result).match(/"[A-Za-z]+":/g) ?? [];
        expect(keys.filter((key) => /currency|exchange|rate"/i.test(key))).toEqual([]);
        for (const [path, value] of numbersOf(result)) {
          if (path.endsWith('Cents')) expect(Number.isInteger(value), path).toBe(true);
        }
      }),
    );
  });

  it('the total is the sum of the rounded lines, minus the discount, plus VAT rounded once', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const result = quote(buildLines(book, raws), context, book);
        for (const line of result.lines) {
          for (const component of line.components) {
            expect(component.amountCents).toBe(component.unitCents * component.quantity);
          }
          expect(line.amountCents).toBe(line.components.reduce((sum, component) => sum + component.amountCents, 0));
          expect(line.monthlyEquivalentCents).toBe(context.cycle === 'monthly' ? line.amountCents : Math.round(line.amountCents / 12));
          expect(line.amountCents).toBe(context.cycle === 'monthly' ? line.monthlyPriceCents : line.yearlyPriceCents);
          if (line.maxTotalCents !== undefined) expect(line.maxTotalCents).toBeGreaterThanOrEqual(line.amountCents);
        }
        const sumOfLines = result.lines.reduce((sum, line) => sum + line.amountCents, 0);
        const discount = result.discount?.amountCents ?? 0;
        expect(result.subtotalCents).toBe(sumOfLines);
        expect(result.taxableCents).toBe(sumOfLines - discount);
        expect(result.tax.amountCents).toBe(halfUp(result.taxableCents, result.tax.rateBasisPoints));
        expect(result.totalCents).toBe(sumOfLines - discount + result.tax.amountCents);
        expect(result.discount === null).toBe(result.promotion?.applied !== true);
      }),
      { numRuns: 300 },
    );
  });

  it('priceLine prices each line as quote does (support plans priced on spend aside)', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const lines = buildLines(book, raws);
        const result = quote(lines, context, book);
        lines.forEach((line, index) => {
          if (line.kind === 'support') return;
          expect(priceLine(line, book, { cycle: context.cycle, index })).toEqual(result.lines[index]);
        });
      }),
    );
  });

  it('a yearly line and subtotal never cost more than 12 × monthly, whatever the catalogue says', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const lines = buildLines(book, raws);
        const monthly = quote(lines, { ...context, cycle: 'monthly' }, book);
        const yearly = quote(lines, { ...context, cycle: 'yearly' }, book);
        yearly.lines.forEach((line, i) => {
          expect(line.amountCents).toBeLessThanOrEqual(12 * (monthly.lines[i]?.amountCents ?? 0));
          expect(line.yearlyDiscountPercent).toBeGreaterThanOrEqual(0);
        });
        expect(yearly.subtotalCents).toBeLessThanOrEqual(12 * monthly.subtotalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('a yearly total never costs more than 12 × monthly, but for the VAT rounding of one invoice against twelve', () => {
    // Realistic catalogue (yearly between 6 and 12 × monthly) and no fixed-amount promotion: an
    // amount off is once per order, so one monthly order can be free while a yearly one is not.
    const noAmountOff = orderArb(true).filter(({ book }) => book.promotions.every((promotion) => promotion.kind === 'percent'));
    fc.assert(
      fc.property(noAmountOff, ({ book, raws, context }) => {
        const lines = buildLines(book, raws);
        const monthly = quote(lines, { ...context, cycle: 'monthly' }, book);
        const yearly = quote(lines, { ...context, cycle: 'yearly' }, book);
        expect(yearly.taxableCents).toBeLessThanOrEqual(12 * monthly.taxableCents);
        if (yearly.tax.rateBasisPoints === 0) {
          expect(yearly.totalCents).toBeLessThanOrEqual(12 * monthly.totalCents);
        } else {
          // round(12x) can exceed 12 × round(x) by up to 6 cents (12 × half a cent).
          expect(yearly.totalCents).toBeLessThanOrEqual(12 * monthly.totalCents + 6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and leaves its inputs untouched', () => {
    fc.assert(
      fc.property(orderArb(false), ({ book, raws, context }) => {
        const lines = buildLines(book, raws);
        const first: Quote = quote(deepFreeze(lines), deepFreeze(context), deepFreeze(book));
        const again = quote(structuredClone(lines), structuredClone(context), structuredClone(book));
        expect(again).toEqual(first);
        expect(quote(lines, context, book)).toEqual(first);
      }),
    );
  });

  it('refuses bad input with a QuoteError, never another error (a 400, never a 500)', () => {
    const id = (ids: string[]) => fc.constantFrom(...ids, 'unknown', '');
    const count = fc.oneof(fc.integer({ min: -2, max: 40 }), fc.double({ min: -1, max: 40, noNaN: true }));
    const pool = fc.record({
      name: fc.constantFrom('web', 'db', '', ' '),
      flavorId: id(PRICE_BOOK.flavors.map((flavor) => flavor.id)),
      count,
      autoscale: fc.option(fc.record({ min: count, max: count }), { nil: undefined }),
    });
    const addonIds = fc.array(id(PRICE_BOOK.addons.map((addon) => addon.id)), { maxLength: 4 });
    const line: fc.Arbitrary<OrderLine> = fc.oneof(
      fc.record({
        kind: fc.constant('cluster' as const),
        tierId: id(PRICE_BOOK.tiers.map((tier) => tier.id)),
        regionId: fc.constantFrom('fr-par-1', 'de-fra-1', 'pl-waw-1', 'nowhere'),
        kubernetesVersion: fc.constantFrom('1.29', '1.30.1', '1.31', 'v1.31.2'),
        highAvailability: fc.boolean(),
        nodePools: fc.array(pool, { maxLength: 5 }),
        addonIds,
      }),
      fc.record({ kind: fc.constant('middleware' as const), planId: id(PRICE_BOOK.middlewarePlans.map((plan) => plan.id)) }),
      fc.record({
        kind: fc.constant('addon' as const),
        addonId: id(PRICE_BOOK.addons.map((addon) => addon.id)),
        clusterTierId: id(PRICE_BOOK.tiers.map((tier) => tier.id)),
        kubernetesVersion: fc.constantFrom('1.29', '1.31'),
        existingAddonIds: addonIds,
      }),
      fc.record({ kind: fc.constant('support' as const), planId: id(PRICE_BOOK.supportPlans.map((plan) => plan.id)) }),
    );
    const badContext = contextArb.map((context) => ({ ...context, promotionCode: 'PARIS' }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), badContext, (lines, context) => {
        try {
          const result = quote(lines, context, PRICE_BOOK);
          expect(result.totalCents).toBeGreaterThanOrEqual(0);
        } catch (error) {
          expect(error).toBeInstanceOf(QuoteError);
          const quoteError = error as QuoteError;
          expect(quoteError.message.length).toBeGreaterThan(0);
          expect(quoteError.lineIndex === null || (quoteError.lineIndex >= 0 && quoteError.lineIndex < lines.length)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
