import { z } from 'zod';
import { choicesOf, ORDER_KIND_LABELS, PROMOTION_KIND_LABELS } from './catalog-admin-options';
import type { AdminPromotion, OrderKind, PromotionCreateInput, PromotionKind, PromotionUpdateInput } from './catalog-admin-types';
import { changedFields, euros, optionalUtcDateTime, optionalWhole, requiredText, type NumberValue } from './form-fields';
import { basisPointsToPercent, centsToEuros, eurosToCents, hasAtMostDecimals, percentToBasisPoints } from './money';
import { fieldMap } from './server-errors';
import { epochToUtcDateTime, utcDateTimeToEpoch } from './utc-dates';

/** The promotion form: a percentage or an amount in euros, a validity window in UTC, and its rules. */
export type PromotionFormValues = {
  code: string;
  description: string;
  kind: PromotionKind;
  /** Percent for a percentage (5 = 5 %), euros for an amount. */
  value: NumberValue;
  /** YYYY-MM-DDTHH:mm (UTC); empty: from now. */
  validFrom: string;
  /** Exclusive; empty: open-ended. */
  validUntil: string;
  firstPurchaseOnly: boolean;
  minimumSubtotal: NumberValue;
  /** Empty: every kind of order. */
  appliesTo: OrderKind[];
  featured: boolean;
  /** Orders that may use the code in all; empty: no limit. */
  maxRedemptions: NumberValue;
  /** Orders of one organisation that may use it; empty: no limit. */
  maxRedemptionsPerOrganization: NumberValue;
};


function discountValue(kind: PromotionKind, value: NumberValue): { value: number } | { problem: string } {
  const number = typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.replace(',', '.'));
  if (number === null) return { problem: 'Value is required.' };
  if (!Number.isFinite(number)) return { problem: 'Value must be a number.' };
  if (kind === 'percent') {
    if (!hasAtMostDecimals(number, 2)) return { problem: 'A percentage has at most 2 decimals.' };
    if (number < 0.01 || number > 100) return { problem: 'A percentage is between 0.01 % and 100 %.' };
    return { value: percentToBasisPoints(number) };
  }
  if (!hasAtMostDecimals(number, 2)) return { problem: 'An amount has at most 2 decimals (whole cents).' };
  if (number < 0.01) return { problem: 'An amount is at least €0.01.' };
  if (number > 10_000_000) return { problem: 'An amount is at most €10,000,000.' };
  return { value: eurosToCents(number) };
}

export const promotionFormSchema = z
  .object({
    code: z.string().trim().toUpperCase(),
    description: requiredText('Description'),
    kind: z.enum(choicesOf(PROMOTION_KIND_LABELS)),
    value: z.union([z.number(), z.string()]),
    validFrom: optionalUtcDateTime('Start'),
    validUntil: optionalUtcDateTime('End'),
    firstPurchaseOnly: z.boolean(),
    minimumSubtotal: euros('Minimum subtotal'),
    appliesTo: z.array(z.enum(choicesOf(ORDER_KIND_LABELS))),
    featured: z.boolean(),
    maxRedemptions: optionalWhole('Redemption limit', 1, 1_000_000),
    maxRedemptionsPerOrganization: optionalWhole('Limit per organisation', 1, 1_000_000),
  })
  .superRefine((promotion, ctx) => {
    if (promotion.validFrom !== null && promotion.validUntil !== null && promotion.validUntil <= promotion.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The promotion must end after it starts.' });
    }
  })
  .transform((promotion, ctx) => {
    const value = discountValue(promotion.kind, promotion.value);
    if ('problem' in value) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: value.problem });
      return z.NEVER;
    }
    return { ...promotion, value: value.value };
  });

type ParsedPromotion = z.output<typeof promotionFormSchema>;
type PromotionFields = Omit<PromotionCreateInput, 'code'>;

function promotionFields(promotion: ParsedPromotion): PromotionFields {
  return {
    description: promotion.description,
    kind: promotion.kind,
    value: promotion.value,
    // Left out: from now on a new promotion, unchanged on an edit.
    validFrom: promotion.validFrom ?? undefined,
    validUntil: promotion.validUntil,
    firstPurchaseOnly: promotion.firstPurchaseOnly,
    minimumSubtotalCents: promotion.minimumSubtotal,
    // None chosen: every kind of order. In the catalogue's order, as the server stores them.
    appliesTo: promotion.appliesTo.length ? choicesOf(ORDER_KIND_LABELS).filter((kind) => promotion.appliesTo.includes(kind)) : null,
    featured: promotion.featured,
    maxRedemptions: promotion.maxRedemptions,
    maxRedemptionsPerOrganization: promotion.maxRedemptionsPerOrganization,
  };
}

export function emptyPromotionValues(): PromotionFormValues {
  return {
    code: '',
    description: '',
    kind: 'percent',
    value: '',
    validFrom: '',
    validUntil: '',
    firstPurchaseOnly: false,
    minimumSubtotal: 0,
    appliesTo: [],
    featured: false,
    maxRedemptions: '',
    maxRedemptionsPerOrganization: '',
  };
}

export function promotionValuesOf(promotion: AdminPromotion): PromotionFormValues {
  return {
    code: promotion.code,
    description: promotion.description,
    kind: promotion.kind,
    value: promotion.kind === 'percent' ? basisPointsToPercent(promotion.value) : centsToEuros(promotion.value),
    validFrom: epochToUtcDateTime(promotion.validFrom),
    validUntil: promotion.validUntil === null ? '' : epochToUtcDateTime(promotion.validUntil),
    firstPurchaseOnly: promotion.firstPurchaseOnly,
    minimumSubtotal: centsToEuros(promotion.minimumSubtotalCents),
    appliesTo: [...(promotion.appliesTo ?? [])],
    featured: promotion.featured,
    maxRedemptions: promotion.maxRedemptions ?? '',
    maxRedemptionsPerOrganization: promotion.maxRedemptionsPerOrganization ?? '',
  };
}

export function promotionCreateInput(promotion: ParsedPromotion): PromotionCreateInput {
  return { code: promotion.code, ...promotionFields(promotion) };
}

/** The form shows times to the minute: a stored time with seconds is unchanged when its minute is. */
const toMinute = (epoch: number) => utcDateTimeToEpoch(epochToUtcDateTime(epoch));

export function promotionUpdateInput(stored: AdminPromotion, promotion: ParsedPromotion): PromotionUpdateInput {
  const before: PromotionFields = {
    description: stored.description,
    kind: stored.kind,
    value: stored.value,
    validFrom: toMinute(stored.validFrom) ?? stored.validFrom,
    validUntil: stored.validUntil === null ? null : (toMinute(stored.validUntil) ?? stored.validUntil),
    firstPurchaseOnly: stored.firstPurchaseOnly,
    minimumSubtotalCents: stored.minimumSubtotalCents,
    appliesTo: stored.appliesTo,
    featured: stored.featured,
    maxRedemptions: stored.maxRedemptions,
    maxRedemptionsPerOrganization: stored.maxRedemptionsPerOrganization,
  };
  return { code: stored.code, ...changedFields(before, promotionFields(promotion)) };
}

export const promotionFieldOf = fieldMap(Object.keys(emptyPromotionValues()), {
  minimumSubtotalCents: 'minimumSubtotal',
});
