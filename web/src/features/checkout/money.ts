import type { Quote } from '@kubemarket/shared';
import type { CheckoutOrder } from './checkout-types';

/**
 * The money lines of an order as its checkout and status page show them: the lines at the prices
 * stored with the order (never today's catalogue), the promotion or why it did not apply, the
 * VAT and the total, all in EUR cents (converted to the display currency on screen only).
 */
export interface MoneyComponent {
  label: string;
  /** "3 × €57.00" when there is more than one. */
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface MoneyLine {
  label: string;
  amountCents: number;
  components: MoneyComponent[];
}

export interface OrderMoney {
  lines: MoneyLine[];
  subtotalCents: number;
  /** The discount taken off, when a promotion applied. */
  discount: { label: string; amountCents: number } | null;
  /** A promotion code given that did not apply, and why. */
  promotionNotApplied: { code: string; reason: string } | null;
  tax: { label: string; amountCents: number };
  totalCents: number;
}

type MoneyOrder = Pick<CheckoutOrder, 'quote' | 'summary' | 'subtotalCents' | 'discountCents' | 'taxCents' | 'totalCents' | 'promotion'>;

const NOT_APPLIED = 'it does not apply to this order.';

/** The lines of a quote, as priced by the engine. */
export function quoteMoney(quote: Quote): OrderMoney {
  const promotion = quote.promotion;
  return {
    lines: quote.lines.map((line) => ({
      label: line.label,
      amountCents: line.amountCents,
      components: line.components.map((component) => ({
        label: component.label,
        quantity: component.quantity,
        unitCents: component.unitCents,
        amountCents: component.amountCents,
      })),
    })),
    subtotalCents: quote.subtotalCents,
    discount: quote.discount ? { label: quote.discount.label, amountCents: quote.discount.amountCents } : null,
    promotionNotApplied: promotion && !promotion.applied ? { code: promotion.code, reason: promotion.reason ?? NOT_APPLIED } : null,
    tax: { label: quote.tax.label, amountCents: quote.tax.amountCents },
    totalCents: quote.totalCents,
  };
}

/** An order's money: its stored quote, or (for an order kept without one) its stored totals. */
export function orderMoney(order: MoneyOrder): OrderMoney {
  if (order.quote) return { ...quoteMoney(order.quote), totalCents: order.totalCents };
  const promotion = order.promotion;
  return {
    lines: [{ label: order.summary, amountCents: order.subtotalCents, components: [] }],
    subtotalCents: order.subtotalCents,
    discount: order.discountCents > 0 ? { label: promotion ? `Promotion ${promotion.code}` : 'Discount', amountCents: order.discountCents } : null,
    promotionNotApplied: promotion && !promotion.applied ? { code: promotion.code, reason: NOT_APPLIED } : null,
    tax: { label: 'VAT', amountCents: order.taxCents },
    totalCents: order.totalCents,
  };
}

/** EUR cents as charged: "€1,234.50", whatever the display currency (the one formatter, @kubemarket/shared). */
export { euros } from '@kubemarket/shared';
