import { applyBasisPointsFloor, assertCents, BASIS_POINTS, eur, percentLabel } from './money';
import type { OrderLineKind, Promotion, PromotionRejection, QuoteDiscount } from './types';

export interface PromotionInput {
  /** Epoch ms of the quote. */
  now: number;
  /** Whether the organisation has purchased before. */
  hasPurchased: boolean;
  /** The priced lines of the order, for the quote's cycle. */
  lines: ReadonlyArray<{ kind: OrderLineKind; amountCents: number }>;
}

export type PromotionEvaluation =
  | { applied: true; code: string; promotion: Promotion; discount: QuoteDiscount }
  | { applied: false; code: string; rejection: PromotionRejection; reason: string };

const KIND_NAMES: Record<OrderLineKind, string> = {
  cluster: 'clusters',
  middleware: 'middlewares',
  addon: 'add-ons',
  support: 'support plans',
};

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function normalizePromotionCode(code: string): string {
  return code.trim().toUpperCase();
}

export function findPromotion(code: string, promotions: readonly Promotion[]): Promotion | undefined {
  const wanted = normalizePromotionCode(code);
  return promotions.find((promotion) => normalizePromotionCode(promotion.code) === wanted);
}

/**
 * Whether a promotion code applies to an order and, when it does, the discount; when it does not,
 * why, in a sentence a customer understands. Rules are checked in this order: known code, validity
 * window (from inclusive, until exclusive), first purchase only, minimum subtotal, applicable kinds.
 *
 * The discount applies to the lines of the kinds the promotion names (all when null): a percentage
 * (basis points) of their subtotal rounded down to the cent, or a fixed amount once per order;
 * either way never more than that subtotal.
 */
export function evaluatePromotion(
  code: string,
  promotions: readonly Promotion[],
  input: PromotionInput,
): PromotionEvaluation {
  const promotion = findPromotion(code, promotions);
  if (!promotion) {
    return { applied: false, code: code.trim(), rejection: 'unknown', reason: 'Unknown promotion code.' };
  }
  const reject = (rejection: PromotionRejection, reason: string): PromotionEvaluation => ({
    applied: false,
    code: promotion.code,
    rejection,
    reason,
  });

  if (promotion.validFrom !== null && input.now < promotion.validFrom) {
    return reject('not_started', 'This code is not valid yet.');
  }
  if (promotion.validUntil !== null && input.now >= promotion.validUntil) {
    return reject('expired', 'This code has expired.');
  }
  if (promotion.firstPurchaseOnly && input.hasPurchased) {
    return reject('first_purchase_only', 'This code is only for an organisation’s first purchase.');
  }
  const subtotal = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const minimum = assertCents(promotion.minimumSubtotalCents, `Promotion ${promotion.code} minimum subtotal`);
  if (subtotal < minimum) {
    return reject('minimum_not_met', `Orders under ${eur(minimum)} do not qualify for this code.`);
  }
  const appliesTo = promotion.appliesTo;
  const eligible = appliesTo === null ? input.lines : input.lines.filter((line) => appliesTo.includes(line.kind));
  if (eligible.length === 0) {
    const kinds = listOf((appliesTo ?? []).map((kind) => KIND_NAMES[kind]));
    return reject(
      'not_applicable',
      kinds === '' ? 'This code does not apply to anything in this order.' : `This code applies only to ${kinds}, and this order has none.`,
    );
  }

  const eligibleSubtotal = eligible.reduce((sum, line) => sum + line.amountCents, 0);
  const value = assertCents(promotion.value, `Promotion ${promotion.code} value`);
  const amountCents =
    promotion.kind === 'percent'
      ? applyBasisPointsFloor(eligibleSubtotal, Math.min(value, BASIS_POINTS))
      : Math.min(value, eligibleSubtotal);
  const label =
    promotion.kind === 'percent' ? `Promotion ${promotion.code} (${percentLabel(value)} off)` : `Promotion ${promotion.code}`;
  return { applied: true, code: promotion.code, promotion, discount: { code: promotion.code, label, amountCents } };
}
