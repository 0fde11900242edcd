import { z } from 'zod';
import { choicesOf, ORDER_KIND_LABELS, PROMOTION_KIND_LABELS } from './catalog-admin-options';
import type { AdminPromotion, OrderKind, PromotionCreateInput, PromotionKind, PromotionUpdateInput } from './catalog-admin-types';
import { catalogCodec, cents, field, optionalField, utcMinute } from './form-codec';
import { euros, optionalUtcDateTime, optionalWhole, requiredText, type NumberValue } from './form-fields';
import { basisPointsToPercent, centsToEuros, eurosToCents, hasAtMostDecimals, percentToBasisPoints } from './money';

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

/** The promotion form: a percentage or an amount in euros, a validity window in UTC, and its rules. */
export const promotionCodec = catalogCodec<AdminPromotion, PromotionCreateInput, PromotionUpdateInput>()({
  key: 'code',
  fields: {
    code: field(z.string().trim().toUpperCase(), ''),
    description: field(requiredText('Description'), ''),
    kind: field(z.enum(choicesOf(PROMOTION_KIND_LABELS)), 'percent'),
    /** Percent for a percentage (5 = 5 %), euros for an amount; checked with the kind, below. */
    value: {
      ...field(z.union([z.number(), z.string()]), '' as NumberValue),
      fromApi: (value: number, promotion: AdminPromotion) => (promotion.kind === 'percent' ? basisPointsToPercent(value) : centsToEuros(value)),
    },
    /** YYYY-MM-DDTHH:mm (UTC); empty: from now on a new promotion, unchanged on an edit (left out). */
    validFrom: { ...utcMinute(optionalUtcDateTime('Start')), toApi: (value: number | null) => value ?? undefined },
    /** Exclusive; empty: open-ended. */
    validUntil: utcMinute(optionalUtcDateTime('End')),
    firstPurchaseOnly: field(z.boolean(), false),
    minimumSubtotal: cents(euros('Minimum subtotal'), 'minimumSubtotalCents', 0),
    /** Empty: every kind of order. */
    appliesTo: {
      ...field(z.array(z.enum(choicesOf(ORDER_KIND_LABELS))), [] as OrderKind[]),
      fromApi: (value: OrderKind[] | null) => [...(value ?? [])],
      // None chosen: every kind of order. In the catalogue's order, as the server stores them.
      toApi: (kinds: OrderKind[]) => (kinds.length ? choicesOf(ORDER_KIND_LABELS).filter((kind) => kinds.includes(kind)) : null),
    },
    featured: field(z.boolean(), false),
    /** Orders that may use the code in all; empty: no limit. */
    maxRedemptions: optionalField(optionalWhole('Redemption limit', 1, 1_000_000)),
    /** Orders of one organisation that may use it; empty: no limit. */
    maxRedemptionsPerOrganization: optionalField(optionalWhole('Limit per organisation', 1, 1_000_000)),
  },
  refine: (schema) =>
    schema
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
      }),
  saving: {
    noun: 'Promotion',
    procedures: (client) => client.catalogAdmin.promotions,
    nameOf: (saved) => saved.code,
    approval: { update: 'catalogAdmin.promotions.update', create: 'catalogAdmin.promotions.create' },
  },
});

export type PromotionFormValues = ReturnType<typeof promotionCodec.empty>;
