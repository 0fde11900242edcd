import { INVOICE_KINDS, INVOICE_LINE_KINDS, INVOICE_STATUSES } from '@kubemarket/db';
import { z } from 'zod';
import { idempotencyKeySchema, idParam } from '../../platform/contracts';
import { vatCheckSchema } from '../billing';

const epoch = () => z.number().int().describe('UTC epoch milliseconds.');
const cents = (what: string) => z.number().int().describe(`${what}, EUR cents.`);

export const invoiceIdInput = z.object({ id: idParam('Invoice') });

export const invoiceListInput = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  year: z.number().int().min(2000).max(2100).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const invoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().describe('KM-<year>-<6 digits>, one gap-free sequence per year.'),
  periodStart: epoch(),
  periodEnd: epoch(),
  status: z.enum(INVOICE_STATUSES),
  billing: z.object({
    companyName: z.string(),
    billingId: z.string().nullable(),
    vatNumber: z.string().nullable(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable().optional(),
    postalCode: z.string(),
    city: z.string(),
    countryCode: z.string(),
  }),
  subtotalCents: cents('Sum of the usage, subscription and order lines'),
  discountCents: cents('Promotions'),
  creditsCents: cents('Credits applied'),
  taxableCents: cents('Subtotal − discount − credits'),
  vatRateBasisPoints: z.number().int(),
  taxCents: cents('VAT'),
  reverseCharge: z.boolean(),
  totalCents: cents('Taxable + VAT'),
  correctsInvoiceId: z.string().nullable(),
  orderId: z.string().nullable().describe('The order this invoice was issued for when it was paid or confirmed; null for a monthly invoice.'),
  paymentReference: z.string().nullable().describe('ISO 11649 creditor reference (RF…) to quote with a bank transfer.'),
  receivedCents: cents('Received so far (partial transfers); the invoice is paid once it covers the total'),
  vatCheck: vatCheckSchema
    .nullable()
    .describe('The check of the customer VAT number the VAT treatment rests on (VIES consultation for a reverse charge).'),
  issuedAt: epoch(),
  dueAt: epoch(),
  paidAt: epoch().nullable(),
  failedCharges: z.number().int(),
  nextChargeAt: epoch().nullable(),
});

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantityMilli: z.number().int().describe('Quantity in thousandths.'),
  unitPriceMillicents: z.number().int().describe('Unit price in thousandths of a cent.'),
  amountCents: cents('Amount (negative for advances and credits)'),
  clusterId: z.string().nullable(),
  orderId: z.string().nullable(),
});

export const invoicePageSchema = z.object({ items: z.array(invoiceSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const invoiceDetailSchema = invoiceSchema.extend({ lines: z.array(invoiceLineSchema) });
export const invoiceCsvSchema = z.object({ filename: z.string(), csv: z.string() });
export const invoicePdfSchema = z.object({ filename: z.string(), pdf: z.string().describe('The PDF, base64-encoded (REST answers the bytes themselves).') });

const cardSchema = z.object({
  number: z.string().min(12).max(23),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().min(3).max(4),
  holderName: z.string().min(1).max(100),
});

export const payInvoiceInput = z.object({
  id: idParam('Invoice'),
  paymentIdempotencyKey: idempotencyKeySchema('The payment key').describe(
    'One key per payment attempt: a repeated or concurrent request with it answers the same payment and never charges twice; while one payment of the invoice is under way, another key is answered 409.',
  ),
  method: z.discriminatedUnion('kind', [z.object({ kind: z.literal('saved'), paymentMethodId: z.string().min(1).max(100) }), z.object({ kind: z.literal('card'), card: cardSchema })]),
});
export const payInvoiceOutput = z.union([z.object({ status: z.literal('paid') }), z.object({ status: z.literal('declined'), reason: z.string() })]);

export const creditNoteInput = z.object({ id: idParam('Invoice'), reason: z.string().trim().min(3).max(500) });

export const creditNoteRequestSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  organizationId: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  requestedBy: z.string(),
  requesterName: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  createdAt: z.number().int(),
});

export const correctionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('issued'), creditNote: invoiceSchema, request: z.null() }),
  z.object({ status: z.literal('awaiting_approval'), creditNote: z.null(), request: creditNoteRequestSchema.extend({ limitReason: z.string() }) }),
]);

export const decideCreditNoteInput = z.object({
  id: idParam('Credit note request'),
  reason: z.string().trim().min(3, 'A reason is at least 3 characters.').max(300, 'A reason is at most 300 characters.').optional().describe('Required to reject; optional to approve.'),
});
