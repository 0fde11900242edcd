import type { Quote } from '@kubemarket/shared';

/** amount × basisPoints / 10 000 rounded half up to the cent, exactly as the pricing engine taxes. */
function taxOf(amountCents: number, basisPoints: number): number {
  return Number((2n * BigInt(amountCents) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

/**
 * The order's own quote without its discount: the same lines at the prices quoted then, taxed
 * again at the same rate. A first-purchase promotion that no longer applies at payment comes off
 * this way, without re-reading the catalogue (whose prices may have changed since).
 */
export function withoutDiscount(quote: Quote, reason: string): Quote {
  const taxableCents = quote.subtotalCents;
  const amountCents = taxOf(taxableCents, quote.tax.rateBasisPoints);
  return {
    ...quote,
    discount: null,
    promotion: quote.promotion ? { code: quote.promotion.code, applied: false, reason, rejection: 'first_purchase_only' } : null,
    taxableCents,
    tax: { ...quote.tax, amountCents },
    totalCents: taxableCents + amountCents,
  };
}
