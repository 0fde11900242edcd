import type { Quote } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { euros, orderMoney, quoteMoney } from './money';

const QUOTE: Quote = {
  cycle: 'monthly',
  lines: [
    {
      index: 0,
      kind: 'middleware',
      label: 'PostgreSQL: Business HA',
      components: [{ label: 'PostgreSQL: Business HA', quantity: 1, unitCents: 39_900, amountCents: 39_900 }],
      amountCents: 39_900,
      monthlyEquivalentCents: 39_900,
      monthlyPriceCents: 39_900,
      yearlyPriceCents: 430_900,
      yearlyDiscountPercent: 10,
    },
  ],
  subtotalCents: 39_900,
  discount: { code: 'PARIS', label: 'PARIS: 5% off your first purchase', amountCents: 1_995 },
  promotion: { code: 'PARIS', applied: true },
  taxableCents: 37_905,
  tax: { label: 'VAT 20% (France)', rateBasisPoints: 2_000, amountCents: 7_581 },
  totalCents: 45_486,
  yearlyDiscountPercent: 10,
} as Quote;

describe('order money', () => {
  it('shows the lines, the promotion, the VAT and the total as quoted', () => {
    const money = quoteMoney(QUOTE);
    expect(money.lines).toEqual([
      { label: 'PostgreSQL: Business HA', amountCents: 39_900, components: [{ label: 'PostgreSQL: Business HA', quantity: 1, unitCents: 39_900, amountCents: 39_900 }] },
    ]);
    expect(money.subtotalCents).toBe(39_900);
    expect(money.discount).toEqual({ label: 'PARIS: 5% off your first purchase', amountCents: 1_995 });
    expect(money.promotionNotApplied).toBeNull();
    expect(money.tax).toEqual({ label: 'VAT 20% (France)', amountCents: 7_581 });
    expect(money.subtotalCents - (money.discount?.amountCents ?? 0) + money.tax.amountCents).toBe(money.totalCents);
  });

  it('says why a promotion code did not apply', () => {
    const refused = quoteMoney({
      ...QUOTE,
      discount: null,
      promotion: { code: 'PARIS', applied: false, reason: 'This code is only for an organisation’s first purchase.', rejection: 'first_purchase_only' },
    });
    expect(refused.discount).toBeNull();
    expect(refused.promotionNotApplied).toEqual({ code: 'PARIS', reason: 'This code is only for an organisation’s first purchase.' });
    expect(quoteMoney({ ...QUOTE, discount: null, promotion: { code: 'SPRING', applied: false } }).promotionNotApplied?.reason).toBe('it does not apply to this order.');
  });

  it("charges the order's stored total, and falls back on its stored totals without a quote", () => {
    const order = { quote: QUOTE, summary: 'PostgreSQL: Business HA', subtotalCents: 39_900, discountCents: 1_995, taxCents: 7_581, totalCents: 45_486, promotion: { code: 'PARIS', applied: true } };
    expect(orderMoney(order).totalCents).toBe(45_486);
    const stored = orderMoney({ ...order, quote: null });
    expect(stored.lines).toEqual([{ label: 'PostgreSQL: Business HA', amountCents: 39_900, components: [] }]);
    expect(stored.discount).toEqual({ label: 'Promotion PARIS', amountCents: 1_995 });
    expect(stored.tax).toEqual({ label: 'VAT', amountCents: 7_581 });
    expect(orderMoney({ ...order, quote: null, discountCents: 0, promotion: { code: 'PARIS', applied: false } }).promotionNotApplied?.code).toBe('PARIS');
  });

  it('writes euros as charged', () => {
    expect(euros(45_486)).toBe('€454.86');
    expect(euros(123_456_789)).toBe('€1,234,567.89');
  });
});
