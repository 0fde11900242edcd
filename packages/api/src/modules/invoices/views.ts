/** The invoice as the API answers it, and its lines; reading one by id. No PDF code here (scripts import it). */
import { invoiceLines, invoices, type Database, type Invoice, type InvoiceLine } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';

export function invoiceView(invoice: Invoice) {
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    status: invoice.status,
    billing: invoice.billing,
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    creditsCents: invoice.creditsCents,
    taxableCents: invoice.taxableCents,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    taxCents: invoice.taxCents,
    reverseCharge: invoice.reverseCharge,
    totalCents: invoice.totalCents,
    correctsInvoiceId: invoice.correctsInvoiceId,
    orderId: invoice.orderId,
    paymentReference: invoice.paymentReference,
    receivedCents: invoice.receivedCents,
    vatCheck: invoice.vatCheck,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    paidAt: invoice.paidAt,
    failedCharges: invoice.failedCharges,
    nextChargeAt: invoice.nextChargeAt,
  };
}

export function lineView(line: InvoiceLine) {
  return {
    position: line.position,
    kind: line.kind,
    description: line.description,
    quantityMilli: line.quantityMilli,
    unitPriceMillicents: line.unitPriceMillicents,
    amountCents: line.amountCents,
    clusterId: line.clusterId,
    orderId: line.orderId,
  };
}

/** The organisation's invoice with its lines; another organisation's is NOT_FOUND, never FORBIDDEN. */
export async function getInvoice(db: Database, organizationId: string | null, id: string) {
  const [invoice] = await db.select().from(invoices).where(organizationId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.organizationId, organizationId))).limit(1);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: 'No invoice has this id.' });
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position));
  return { invoice, lines };
}

