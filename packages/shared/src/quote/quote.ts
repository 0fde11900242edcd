import { yearlyDiscountPercent } from '../pricing';
import { draftLine, draftPrices, finishLine, indexPriceBook, type SpendBasis } from './lines';
import { applyBasisPointsRounded, assertCents, divideRounded } from './money';
import { evaluatePromotion } from './promotion';
import type { OrderLine, PriceBook, Quote, QuoteContext, QuoteDiscount, QuotePromotion } from './types';
import { vatRateFor } from './vat';

const NO_SPEND: SpendBasis = { monthlyCents: 0, yearlyPerMonthCents: 0 };

/**
 * Prices an order: the one function the screens (live estimate) and the server (the quote that is
 * charged) both run. Pure and deterministic: the date comes from the context, the prices from the
 * price book, and every amount is an integer number of EUR cents.
 *
 * - Each line is the sum of its components (unit price × quantity); autoscaling pools count at their
 *   minimum, and the line shows its price at their maximum as `maxTotalCents`.
 * - Support plans priced as a share of spend apply to the monthly amounts of the quote's other,
 *   non-support lines plus `existingMonthlySpendCents` (yearly: their yearly amounts ÷ 12, rounded,
 *   and 12 × the month's share), rounded half up to the cent, never below the plan's minimum.
 * - The promotion (see evaluatePromotion) gives one discount, rounded down to the cent and capped at
 *   the subtotal of the lines it applies to.
 * - VAT (see vatRateFor) is taxable × rate rounded half up to the cent, on its own line.
 *
 * Throws a QuoteError (code, customer message, line index) when the order cannot be quoted.
 */
export function quote(lines: readonly OrderLine[], context: QuoteContext, priceBook: PriceBook): Quote {
  const { cycle } = context;
  const catalogue = indexPriceBook(priceBook);

  // Every line is validated in order (support lines against no spend for now) ...
  const drafted = lines.map((line, index) => ({ line, draft: draftLine(catalogue, line, index, NO_SPEND) }));
  const vat = vatRateFor(context.customer);

  // ... then support plans priced as a share of spend are priced against the other lines.
  const existing = assertCents(context.existingMonthlySpendCents ?? 0, 'Existing monthly spend');
  let monthlySpend = existing;
  let yearlySpend = 0;
  drafted.forEach(({ draft }) => {
    if (draft.kind === 'support') return;
    const prices = draftPrices(draft);
    monthlySpend += prices.monthlyCents;
    yearlySpend += prices.yearlyCents;
  });
  const spend: SpendBasis = { monthlyCents: monthlySpend, yearlyPerMonthCents: divideRounded(yearlySpend, 12) + existing };
  const quoteLines = drafted.map(({ line, draft }, index) =>
    finishLine(line.kind === 'support' ? draftLine(catalogue, line, index, spend) : draft, index, cycle),
  );

  const subtotalCents = quoteLines.reduce((sum, line) => sum + line.amountCents, 0);

  let promotion: QuotePromotion | null = null;
  let discount: QuoteDiscount | null = null;
  const code = context.promotionCode?.trim() ?? '';
  if (code !== '') {
    const evaluation = evaluatePromotion(code, priceBook.promotions, {
      now: context.now,
      hasPurchased: context.customer.hasPurchased,
      lines: quoteLines,
    });
    if (evaluation.applied) {
      promotion = { code: evaluation.code, applied: true };
      discount = evaluation.discount;
    } else {
      promotion = { code: evaluation.code, applied: false, reason: evaluation.reason, rejection: evaluation.rejection };
    }
  }

  const taxableCents = subtotalCents - (discount?.amountCents ?? 0);
  const taxCents = applyBasisPointsRounded(taxableCents, vat.rateBasisPoints);
  const monthlyList = quoteLines.reduce((sum, line) => sum + line.monthlyPriceCents, 0);
  const yearlyList = quoteLines.reduce((sum, line) => sum + line.yearlyPriceCents, 0);

  return {
    cycle,
    lines: quoteLines,
    subtotalCents,
    discount,
    promotion,
    taxableCents,
    tax: {
      countryCode: vat.countryCode,
      rateBasisPoints: vat.rateBasisPoints,
      amountCents: taxCents,
      reverseCharge: vat.reverseCharge,
      label: vat.label,
    },
    totalCents: taxableCents + taxCents,
    yearlyDiscountPercent: yearlyDiscountPercent(monthlyList, yearlyList),
  };
}
