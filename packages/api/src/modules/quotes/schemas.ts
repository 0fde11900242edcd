import { BILLING_CYCLES, MAX_QUOTE_LINES, ORDER_LINE_KINDS, quoteCustomerSchema, quoteLineSchema } from '@kubemarket/shared';
import { z } from 'zod';

/**
 * POST /api/quotes: zod mirrors of the pricing engine's OrderLine and Quote (packages/shared/src/quote).
 * The lines and the customer are shared with the screens (packages/shared/src/schemas/quote-lines.ts).
 */

export const orderLineSchema = quoteLineSchema;

export const quoteInputSchema = z.object({
  lines: z
    .array(quoteLineSchema, { error: 'lines must be a list of order lines.' })
    .min(1, 'Add at least one line to quote.')
    .max(MAX_QUOTE_LINES, `A quote has at most ${MAX_QUOTE_LINES} lines.`),
  cycle: z.enum(BILLING_CYCLES, { error: 'The billing cycle is monthly or yearly.' }).default('monthly'),
  promotionCode: z
    .string({ error: 'The promotion code must be text.' })
    .trim()
    .toUpperCase()
    .max(32, 'A promotion code is at most 32 characters.')
    .nullish(),
  customer: quoteCustomerSchema.prefault({}).describe('Who buys; defaults to a French customer without a VAT number.'),
});

export type QuoteInput = z.output<typeof quoteInputSchema>;

// ---------------------------------------------------------------------------------------------
// The engine's Quote

const cents = z.number().int();

const componentSchema = z.object({
  label: z.string(),
  unitCents: cents.describe('One unit for the quote cycle.'),
  quantity: z.number().int(),
  amountCents: cents,
  maxQuantity: z.number().int().optional().describe('Autoscaling pools: nodes at the maximum.'),
  maxAmountCents: cents.optional().describe('Autoscaling pools: amount at the maximum.'),
});

const shareOfSpendSchema = z.object({
  monthlySpendCents: cents,
  basisPoints: z.number().int(),
  minimumMonthlyCents: cents,
  monthlyCents: cents,
  minimumApplied: z.boolean(),
});

const lineSchema = z.object({
  index: z.number().int().describe('Position of the order line (0-based).'),
  kind: z.enum(ORDER_LINE_KINDS),
  label: z.string(),
  components: z.array(componentSchema),
  amountCents: cents.describe('What the line costs for the quote cycle.'),
  monthlyEquivalentCents: cents,
  maxTotalCents: cents.optional().describe('With autoscaling pools: the amount with every pool at its maximum.'),
  monthlyPriceCents: cents.describe('Billed monthly.'),
  yearlyPriceCents: cents.describe('Billed yearly.'),
  yearlyDiscountPercent: z.number().int(),
  shareOfSpend: shareOfSpendSchema.optional().describe('Support plans priced as a share of spend.'),
});

export const quoteSchema = z.object({
  cycle: z.enum(BILLING_CYCLES),
  lines: z.array(lineSchema),
  subtotalCents: cents,
  discount: z.object({ code: z.string(), label: z.string(), amountCents: cents }).nullable(),
  promotion: z
    .object({
      code: z.string(),
      applied: z.boolean(),
      reason: z.string().optional().describe('Why it did not apply.'),
      rejection: z.enum(['unknown', 'not_started', 'expired', 'first_purchase_only', 'minimum_not_met', 'not_applicable']).optional(),
    })
    .nullable()
    .describe('null when no code was given.'),
  taxableCents: cents.describe('Subtotal minus the discount.'),
  tax: z.object({
    countryCode: z.string(),
    rateBasisPoints: z.number().int().describe('2000 = 20 %.'),
    amountCents: cents,
    reverseCharge: z.boolean(),
    label: z.string(),
  }),
  totalCents: cents.describe('Taxable amount plus tax, EUR cents.'),
  yearlyDiscountPercent: z.number().int().describe('Whole percent the yearly cycle saves on these lines.'),
});
