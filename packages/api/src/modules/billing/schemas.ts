import { BILLING_PLANS, CREDIT_ORIGINS, CREDIT_REQUEST_STATUSES, INVOICE_STATUSES, PAYMENT_METHOD_KINDS } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

const epochMs = (what: string) => z.number().int().describe(`${what}, UTC epoch ms.`);
const cents = (what: string) => z.number().int().describe(`${what}, EUR cents.`);

export const summarySchema = z.object({
  currency: z.literal('EUR').describe('Every amount is charged in euros.'),
  periodStart: epochMs('Start of this month'),
  periodEnd: epochMs('Start of next month'),
  monthToDateCents: cents("This month's usage so far"),
  forecastCents: cents('Month to date + the last day’s hourly run rate × the hours left in the month (the forecast /api/usage explains)'),
  checkoutThisMonth: z
    .object({
      paidCents: cents('Paid at checkout this month (orders paid by card or transfer as they were placed)'),
      payments: z.number().int().describe('How many payments that is.'),
      refundedCents: cents('Refunded this month'),
    })
    .describe('Orders are paid when placed: what that came to this month, beside the metered usage.'),
  lastInvoice: z
    .object({ id: z.string(), number: z.string(), status: z.enum(INVOICE_STATUSES), totalCents: cents('Total'), issuedAt: epochMs('Issued'), dueAt: epochMs('Due') })
    .nullable(),
  balanceDueCents: cents('Unpaid invoices (due or overdue)'),
  unpaidInvoices: z.number().int(),
  creditsLeftCents: cents('Credits not spent nor expired'),
  overdue: z.object({ since: epochMs('Marked overdue'), whatToDo: z.string() }).nullable().describe('Set after the last failed charge of an invoice; paying clears it.'),
  bankTransfer: z
    .object({
      creditLimitCents: cents('How much the organisation may owe at once by bank transfer').nullable().describe('null: no limit.'),
      outstandingCents: cents('Owed now: unpaid invoices and bank-transfer orders whose transfer has not arrived'),
    })
    .nullable()
    .describe('Set when staff approved the organisation for payment by bank transfer.'),
});

export const creditSchema = z.object({
  id: z.string(),
  origin: z.enum(CREDIT_ORIGINS),
  description: z.string(),
  amountCents: cents('Granted'),
  remainingCents: cents('Left (0 once expired)'),
  expiresAt: epochMs('Expiry').nullable(),
  createdAt: epochMs('Granted'),
  status: z.enum(['active', 'used', 'expired']),
  applied: z.array(z.object({ invoiceId: z.string(), invoiceNumber: z.string(), amountCents: cents('Applied'), appliedAt: epochMs('Applied') })),
});

export const creditsSchema = z.object({ items: z.array(creditSchema).describe('In the order they are spent: soonest expiring first.'), totalLeftCents: cents('Left over all credits') });

const planEnum = z.enum(BILLING_PLANS, { error: `Plan must be one of: ${BILLING_PLANS.join(', ')}.` });

export const plansSchema = z.object({
  current: z.object({ plan: planEnum, label: z.string(), since: epochMs('Start').nullable(), periodEndsAt: epochMs('When a switch would take effect') }),
  scheduled: z.object({ plan: planEnum, label: z.string(), startsAt: epochMs('Takes effect') }).nullable(),
  yearlyDiscountPercent: z.number().int().describe("The yearly discount: round((12 × monthly − yearly) / (12 × monthly) × 100) over the organisation's clusters."),
  options: z.array(
    z.object({
      plan: planEnum,
      label: z.string(),
      cycle: z.enum(['monthly', 'yearly']),
      discountPercent: z.number().int(),
      exampleYearCents: cents("A year of the organisation's cluster subscriptions on this plan"),
      current: z.boolean(),
      effectiveAt: epochMs('When switching to it takes effect').nullable(),
      whatSwitchingMeans: z.string().nullable(),
    }),
  ),
});

export const switchPlanInput = z.object({ plan: planEnum });

export const paymentMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  provider: z.enum(['sandbox', 'stripe', 'bank']),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  holderName: z.string().nullable(),
  bankCode: z.string().nullable().describe('SEPA direct debit: the bank code from the IBAN, when known.'),
  mandateRef: z.string().nullable().describe('SEPA direct debit: the mandate the account holder accepted.'),
  isDefault: z.boolean(),
  testMode: z.boolean().describe('A sandbox card: no real money moves.'),
  createdAt: epochMs('Added'),
});

export const paymentMethodsSchema = z.object({
  items: z.array(paymentMethodSchema).describe('The default first.'),
  bankTransferAllowed: z.boolean().describe('Staff allowed this organisation to pay by invoice.'),
  cardForm: z.enum(['sandbox', 'stripe', 'unavailable']).describe("How cards are saved: the sandbox's test form, Stripe's card field (Stripe.js with publishableKey), or not at all."),
  publishableKey: z.string().nullable().describe('Stripe: the publishable key Stripe.js loads with. Public by design.'),
  sepaDebitAllowed: z.boolean().describe('SEPA direct debit may be saved: staff allowed this organisation to pay by invoice.'),
  sepaMandateText: z.string().describe('The mandate shown next to the IBAN field, which the account holder accepts.'),
  testMode: z.boolean(),
  testCards: z.array(z.object({ number: z.string(), description: z.string() })),
});

const cardSchema = z.object({
  number: z.string({ error: 'Enter the card number.' }).trim().min(1, 'Enter the card number.').max(32, 'This card number is too long.'),
  expMonth: z.number({ error: 'Expiry month must be a number.' }).int('Expiry month must be a whole number.'),
  expYear: z.number({ error: 'Expiry year must be a number.' }).int('Expiry year must be a whole number.'),
  cvc: z.string({ error: 'Enter the security code.' }).trim().max(4, 'The security code has 3 or 4 digits.'),
  holderName: z.string({ error: 'Enter the name on the card.' }).trim().max(100, 'The name is at most 100 characters.'),
});

export const addPaymentMethodInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('card'), card: cardSchema, makeDefault: z.boolean().optional() }),
    z.object({ kind: z.literal('bank_transfer'), makeDefault: z.boolean().optional() }),
  ],
  { error: 'Kind must be card or bank_transfer.' },
);

const setupKindEnum = z.enum(['card', 'sepa_debit'], { error: 'Kind must be card or sepa_debit.' });

export const startPaymentMethodSetupInput = z.object({ kind: setupKindEnum });

export const paymentMethodSetupSchema = z.object({
  setupId: z.string().describe("Stripe's SetupIntent (seti_…) or the sandbox's setup id."),
  kind: setupKindEnum,
  provider: z.enum(['sandbox', 'stripe']),
  clientSecret: z.string().nullable().describe('Stripe: what Stripe.js confirms the setup with (confirmCardSetup, confirmSepaDebitSetup). Null on the sandbox.'),
  publishableKey: z.string().nullable(),
  mandateText: z.string().nullable().describe('SEPA direct debit: the mandate to show and have accepted.'),
});

const sepaSchema = z.object({
  iban: z.string({ error: 'Enter the IBAN.' }).trim().min(1, 'Enter the IBAN.').max(42, 'This IBAN is too long.'),
  holderName: z.string({ error: 'Enter the account holder’s name.' }).trim().max(100, 'The name is at most 100 characters.'),
  email: z.email('Enter a valid email address.').max(254),
  mandateAccepted: z.boolean({ error: 'Say whether the mandate is accepted.' }),
});

export const confirmPaymentMethodSetupInput = z.object({
  setupId: z.string({ error: 'The setup id is required.' }).trim().min(1, 'The setup id is required.').max(255),
  makeDefault: z.boolean().optional(),
  details: z
    .discriminatedUnion('kind', [z.object({ kind: z.literal('card'), card: cardSchema }), z.object({ kind: z.literal('sepa_debit'), ...sepaSchema.shape })], {
      error: 'Kind must be card or sepa_debit.',
    })
    .optional()
    .describe('Sandbox only: the test card or IBAN. With Stripe they go to Stripe.js in the browser and this is left out.'),
});

export const paymentMethodIdInput = z.object({ id: idParam('Payment method') });

export const grantCreditInput = z.object({
  id: idParam('Organisation'),
  amountCents: z.number({ error: 'Amount must be a number of cents.' }).int('Amount must be whole cents.').min(1, 'Amount must be at least 1 cent.').max(10_000_000, 'Amount must be at most €100,000.'),
  origin: z.enum(CREDIT_ORIGINS, { error: `Origin must be one of: ${CREDIT_ORIGINS.join(', ')}.` }),
  description: z.string({ error: 'Description is required.' }).trim().min(1, 'Say why the credit is granted.').max(200, 'Description is at most 200 characters.'),
  expiresAt: z.number({ error: 'Expiry must be epoch ms.' }).int().nullable().optional().describe('UTC epoch ms; none for a credit that never expires.'),
});

export const grantedCreditRowSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  origin: z.enum(CREDIT_ORIGINS),
  description: z.string(),
  amountCents: z.number().int(),
  remainingCents: z.number().int(),
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});

export const creditRequestSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string().nullable(),
  origin: z.enum(CREDIT_ORIGINS),
  description: z.string(),
  amountCents: z.number().int(),
  expiresAt: z.number().int().nullable(),
  limitReason: z.string().describe('Why it needs a second administrator.'),
  requestedBy: z.string(),
  requesterName: z.string().nullable(),
  status: z.enum(CREDIT_REQUEST_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.number().int(),
});

/** Granted now (within the administrator's own limits), or waiting for another administrator. */
export const grantedCreditSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('granted'), credit: grantedCreditRowSchema, request: z.null() }),
  z.object({ status: z.literal('awaiting_approval'), credit: z.null(), request: creditRequestSchema }),
]);

export const creditRequestListInput = z.object({ status: z.enum(CREDIT_REQUEST_STATUSES).optional() });

export const decideCreditRequestInput = z.object({
  id: idParam('Credit request'),
  reason: z.string().trim().min(3, 'A reason is at least 3 characters.').max(300, 'A reason is at most 300 characters.').optional().describe('Required to reject; optional to approve.'),
});

/** The billing profile's fields (organizations.billing_profile), as every answer states them. */
export const billingProfileFieldsSchema = z.object({
  companyName: z.string(),
  countryCode: z.string(),
  vatNumber: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
});

/** A VAT number's check by the VAT-validation port (VIES, or the embedded check). */
export const vatCheckSchema = z.object({
  vatNumber: z.string(),
  valid: z.boolean(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  consultationNumber: z.string().nullable(),
  checkedAt: z.number().int().describe('UTC epoch milliseconds.'),
  source: z.enum(['vies', 'embedded']),
});

export const billingProfileSchema = z.object({
  profile: billingProfileFieldsSchema.nullable().describe('Null until the organisation gives its billing details (its first order sets them).'),
  vatCheck: vatCheckSchema.nullable().describe('The latest check of the VAT number (VIES in production).'),
  treatment: z.string().nullable().describe('How invoices are taxed, in a sentence.'),
});
