import { ORDER_EVENT_TYPES, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@kubemarket/db';
import { BILLING_CYCLES, billingInputSchema, clusterOrderLineSchema, CNI_PLUGINS, MAX_QUOTE_LINES, middlewarePlacementSchema, requiredText, TAINT_EFFECTS, WEEKDAYS } from '@kubemarket/shared';
import { z } from 'zod';
import { idempotencyKeySchema, idParam, pageInputFields } from '../../platform/contracts';
import { billingProfileFieldsSchema } from '../billing';
import { orderLineSchema, quoteInputSchema, quoteSchema } from '../quotes';

/**
 * Orders (POST /api/orders and the rest): the lines are those of POST /api/quotes, except that a
 * cluster line also names the cluster and says how to build it, and an add-on line names a
 * cluster of the organisation instead of describing one.
 */

// The cluster line (names, labels and taints, networks, maintenance) and billing details are shared
// with the screens: packages/shared/src/schemas/cluster-spec.ts and billing.ts.
const [, quoteMiddlewareLine, , quoteSupportLine] = orderLineSchema.options;

const addonOrderLine = z.object({
  kind: z.literal('addon'),
  addonId: requiredText('The add-on', 64).describe('The add-on to install.'),
  clusterId: idParam('Cluster').describe("A cluster of your organisation; its tier, version and add-ons are read from it."),
});

/** A middleware is ordered with its name and the cluster it runs in (issue 31). */
const middlewareOrderLine = quoteMiddlewareLine.extend(middlewarePlacementSchema.shape);

export const orderLineInputSchema = z.discriminatedUnion('kind', [clusterOrderLineSchema, middlewareOrderLine, addonOrderLine, quoteSupportLine], {
  error: `Each line needs a kind: ${ORDER_KINDS.join(', ')}.`,
});

export type OrderLineInput = z.output<typeof orderLineInputSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout


export const createOrderInputSchema = z.object({
  idempotencyKey: idempotencyKeySchema('The Idempotency-Key').describe(
    'REST: send it as the Idempotency-Key header. The same key with the same order answers the order already placed; with another order, 409.',
  ),
  lines: z
    .array(orderLineInputSchema, { error: 'lines must be a list of order lines.' })
    .min(1, 'Add at least one line to order.')
    .max(MAX_QUOTE_LINES, `An order has at most ${MAX_QUOTE_LINES} lines.`),
  cycle: quoteInputSchema.shape.cycle,
  promotionCode: quoteInputSchema.shape.promotionCode,
  billing: billingInputSchema.describe('Who is billed; the VAT follows the country and VAT number.'),
});

export type CreateOrderInput = z.output<typeof createOrderInputSchema>;

const cardSchema = z.object({
  number: z.string({ error: 'The card number is required.' }).trim().min(1, 'The card number is required.').max(32, 'The card number is too long.'),
  expMonth: z.number({ error: 'The expiry month must be a number.' }).int('The expiry month is a whole number.'),
  expYear: z.number({ error: 'The expiry year must be a number.' }).int('The expiry year is a whole number.'),
  cvc: z.string({ error: 'The security code is required.' }).trim().max(8, 'The security code is too long.'),
  holderName: z.string({ error: 'The name on the card is required.' }).trim().max(100, 'The name on the card is at most 100 characters.'),
});

export const paymentMethodInputSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('card'),
        card: cardSchema,
        save: z.boolean({ error: 'save must be true or false.' }).optional().describe('Keep the card, once it paid, for later payments (issue 31).'),
      })
      .describe('Test mode (the payments sandbox): a test card, e.g. 4242 4242 4242 4242.'),
    z
      .object({ kind: z.literal('saved'), paymentMethodId: idParam('Payment method').describe('A payment method your organisation saved (GET /api/billing/payment-methods).') })
      .describe('A card or mandate your organisation saved: charged without entering it again.'),
    z
      .object({
        kind: z.literal('stripe'),
        paymentMethodId: z.string({ error: 'paymentMethodId must be text.' }).trim().max(255, 'paymentMethodId is too long.').optional(),
        save: z.boolean({ error: 'save must be true or false.' }).optional().describe("Keep the card for later payments once it paid: Stripe attaches it to your organisation's Customer (issue 31)."),
      })
      .describe('Stripe: a PaymentMethod created with Stripe.js, or none to confirm in the browser with the client secret.'),
    z.object({ kind: z.literal('bank_transfer') }).describe('Against an invoice due in 30 days; for organisations our billing team approved.'),
  ],
  { error: 'The payment method kind is card, saved, stripe or bank_transfer.' },
);

export type PaymentMethodChoice = z.output<typeof paymentMethodInputSchema>;

export const payOrderInputSchema = z.object({
  id: idParam('Order'),
  paymentIdempotencyKey: idempotencyKeySchema('The payment key').describe(
    'One key per payment attempt: a repeated or concurrent request with it answers the same payment and never charges twice.',
  ),
  method: paymentMethodInputSchema,
});

export const completeAuthenticationInputSchema = z.object({
  id: idParam('Order'),
  paymentId: idParam('Payment'),
  approved: z.boolean({ error: 'approved must be true or false.' }).default(true).describe('Test mode: whether the customer completed (true) or cancelled (false) the step.'),
});

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

export const listOrdersInputSchema = z
  .object({
    kind: z.enum(ORDER_KINDS, { error: `The kind is one of ${ORDER_KINDS.join(', ')}.` }).optional(),
    status: z.enum(ORDER_STATUSES, { error: `The status is one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    q: z.string({ error: 'Search must be text.' }).trim().max(100, 'Search for at most 100 characters.').optional().describe('Words in the summary or the order id.'),
    sort: z.enum(ORDER_SORTS, { error: `Sort by ${ORDER_SORTS.join(', ')}.` }).default('newest'),
    ...pageInputFields(20),
  })
  .prefault({});

export type ListOrdersInput = z.output<typeof listOrdersInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const cents = z.number().int();
const epochMs = z.number().int().describe('UTC epoch ms.');
const person = z.object({ id: z.string(), name: z.string() });

export const orderSummarySchema = z.object({
  id: z.string().describe('ord_…'),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  summary: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  subtotalCents: cents,
  discountCents: cents,
  taxCents: cents,
  totalCents: cents.describe('What is charged, VAT included, EUR cents.'),
  currency: z.literal('EUR'),
  promotion: z.object({ code: z.string(), applied: z.boolean() }).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  targetClusterId: z.string().nullable().describe('Add-on orders: the cluster they are for.'),
  createdClusterId: z.string().nullable().describe('Cluster orders: the cluster created once paid.'),
  failureReason: z.string().nullable(),
  placedBy: person.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  paidAt: epochMs.nullable(),
  cancelledAt: epochMs.nullable(),
});

const nodePoolOutput = z.object({
  name: z.string(),
  flavorId: z.string(),
  count: z.number().int(),
  autoscale: z.object({ min: z.number().int(), max: z.number().int() }).nullish(),
  labels: z.record(z.string(), z.string()),
  taints: z.array(z.object({ key: z.string(), value: z.string(), effect: z.enum(TAINT_EFFECTS) })),
});

const lineOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cluster'),
    name: z.string(),
    tierId: z.string(),
    regionId: z.string(),
    kubernetesVersion: z.string(),
    highAvailability: z.boolean(),
    nodePools: z.array(nodePoolOutput),
    addonIds: z.array(z.string()),
    settings: z.object({
      zones: z.array(z.string()),
      cni: z.enum(CNI_PLUGINS),
      podCidr: z.string(),
      serviceCidr: z.string(),
      apiAllowList: z.array(z.string()),
      maintenanceWindow: z.object({ day: z.enum(WEEKDAYS), startHour: z.number().int() }),
      autoUpgrade: z.boolean(),
    }),
  }),
  z.object({ kind: z.literal('middleware'), planId: z.string() }),
  z.object({
    kind: z.literal('addon'),
    addonId: z.string(),
    clusterId: z.string(),
    clusterName: z.string(),
    clusterTierId: z.string(),
    kubernetesVersion: z.string(),
    existingAddonIds: z.array(z.string()),
  }),
  z.object({ kind: z.literal('support'), planId: z.string() }),
]);

export const orderEventSchema = z.object({
  id: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  message: z.string(),
  reason: z.string().nullable(),
  paymentId: z.string().nullable(),
  amountCents: cents.nullable(),
  dueAt: epochMs.nullable(),
  createdAt: epochMs,
});

export const paymentSchema = z.object({
  id: z.string().describe('pay_…'),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: cents,
  currency: z.literal('EUR'),
  declineCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable().describe('Card numbers are never stored.'),
  dueAt: epochMs.nullable().describe('Bank transfer: when the invoice is due.'),
  succeededAt: epochMs.nullable().describe('When it succeeded; a bank transfer: the day it was received.'),
  transferReference: z.string().nullable().describe('Bank transfer: the bank reference it was received with.'),
  paidBy: person.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});

const billingOutput = z.object({
  companyName: z.string(),
  billingId: z.string(),
  vatNumber: z.string().nullable(),
  countryCode: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(lineOutput).describe('The lines as ordered.'),
  quote: quoteSchema.nullable().describe('Prices as quoted when the order was placed; later catalogue changes do not touch them.'),
  billing: billingOutput.nullable(),
  events: z.array(orderEventSchema).describe('The timeline, oldest first.'),
  payments: z.array(paymentSchema).describe('Payment attempts, oldest first.'),
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      status: z.enum(['due', 'paid', 'overdue', 'void']),
      totalCents: cents,
      receivedCents: cents,
      dueAt: z.number().int(),
      paymentReference: z.string().nullable().describe('ISO 11649 RF reference to quote with a bank transfer.'),
    })
    .nullable()
    .describe("The order's invoice, issued when it was paid or confirmed for a bank transfer; null before."),
});

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int().describe('Orders matching, over every page.'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});

export const orderCountsSchema = z.object({
  total: z.number().int(),
  byKind: z.record(z.enum(ORDER_KINDS), z.number().int()),
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});

export const authenticationActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox_authentication') }).describe('Test mode: show the authentication step, then call the authentication endpoint.'),
  z.object({ kind: z.literal('stripe_client_secret'), clientSecret: z.string() }).describe('Confirm with Stripe.js, then call the authentication endpoint.'),
]);

export const PAY_RESULTS = ['succeeded', 'requires_action', 'processing', 'declined', 'invoiced'] as const;

export const payResultSchema = z.object({
  result: z.enum(PAY_RESULTS).describe('declined: nothing was charged, the order still awaits payment; read reason.'),
  paymentId: z.string(),
  action: authenticationActionSchema.nullable().describe('requires_action: what the customer must do.'),
  reason: z.string().nullable().describe('Why the payment was declined, for the customer.'),
  order: orderDetailSchema,
});

export const paymentOptionsSchema = z.object({
  savedMethods: z
    .array(z.object({ id: z.string(), kind: z.enum(['card', 'sepa_debit']), label: z.string().describe('e.g. "Visa ending in 4242".'), isDefault: z.boolean() }))
    .describe('Saved methods orders.pay takes as { kind: "saved", paymentMethodId }, the default first.'),
  canSaveCards: z.boolean().describe('Whether a card that pays may be kept (method.save) here: the sandbox; with Stripe, save cards from /billing.'),
  provider: z.enum(['sandbox', 'stripe']),
  testMode: z.boolean().describe('No real money moves: say "test mode" wherever money is taken.'),
  methods: z.array(z.enum(['card', 'stripe', 'bank_transfer'])).describe('The kinds orders.pay accepts for your organisation.'),
  testCards: z.array(z.object({ number: z.string(), description: z.string() })).describe('Sandbox only.'),
  publishableKey: z
    .string()
    .nullable()
    .describe('Stripe: the publishable key (pk_…) to load Stripe.js with and create the PaymentMethod orders.pay takes. Null with the sandbox.'),
  minimumCardChargeCents: cents,
  invoiceDueDays: z.number().int(),
  billingProfile: billingProfileFieldsSchema
    .nullable()
    .describe('What orders are billed to and taxed by: an order must carry its country and VAT number. Null before the first order, which sets it.'),
  transferAccount: z
    .object({ beneficiary: z.string(), iban: z.string(), bic: z.string() })
    .describe('Where bank transfers go; each invoice gives the RF reference to quote.'),
});
