/** The invoice as the API answers it, and its lines; reading one by id. No PDF code here (scripts import it). */
import { invoiceLines, invoices, type Database, type Invoice, type InvoiceLine } from '@kubemarket/db';
import { pick } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';

export function invoiceView(invoice: Invoice) {
  return pick(invoice, ['id', 'kind', 'number', 'periodStart', 'periodEnd', 'status', 'billing', 'subtotalCents', 'discountCents', 'creditsCents', 'taxableCents', 'vatRateBasisPoints', 'taxCents', 'reverseCharge', 'totalCents', 'correctsInvoiceId', 'orderId', 'paymentReference', 'receivedCents', 'vatCheck', 'issuedAt', 'dueAt', 'paidAt', 'failedCharges', 'nextChargeAt']);
}

export function lineView(line: InvoiceLine) {
  return pick(line, ['position', 'kind', 'description', 'quantityMilli', 'unitPriceMillicents', 'amountCents', 'clusterId', 'orderId']);
}

/** The organisation's invoice with its lines; another organisation's is NOT_FOUND, never FORBIDDEN. */
export async function getInvoice(db: Database, organizationId: string | null, id: string) {
  const [invoice] = await db.select().from(invoices).where(organizationId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.organizationId, organizationId))).limit(1);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: 'No invoice has this id.' });
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position));
  return { invoice, lines };
}

