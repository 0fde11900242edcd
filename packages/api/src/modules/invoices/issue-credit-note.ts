import { credits, invoices, newId, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { insertInvoiceLines } from './generate';
import { numberJustTaken, takeNextNumber, invoiceYear } from './numbering';
import { getInvoice, invoiceView } from './views';

/**
 * Issues the credit note that corrects an invoice (once per invoice: a unique index on
 * corrects_invoice_id). `id` fixes the note's id, so a caller that may have to try again (an
 * approval interrupted after its claim) can tell its own note from another.
 */
export async function issueCreditNote(db: Database, input: { invoiceId: string; reason: string; staffUserId: string; now: number; ipAddress?: string | null; approvedBy?: string; id?: string }) {
  const { invoice, lines } = await getInvoice(db, null, input.invoiceId);
  if (invoice.kind !== 'invoice') throw new TRPCError({ code: 'BAD_REQUEST', message: 'A credit note cannot be corrected by another.' });
  if (invoice.status === 'void') throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} is already void.` });
  const [existing] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.correctsInvoiceId, invoice.id)).limit(1);
  if (existing) throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} already has a credit note.` });
  const id = input.id ?? newId('invoice');
  const year = invoiceYear(input.now);
  const wasPaid = invoice.status === 'paid';
  const audited = auditInsert(
    db,
    {
      actorUserId: input.approvedBy ?? input.staffUserId,
      action: 'invoice.credit_note_issued',
      organizationId: invoice.organizationId,
      targetType: 'invoice',
      targetId: invoice.id,
      ipAddress: input.ipAddress ?? null,
      metadata: { creditNoteId: id, number: invoice.number, amountCents: invoice.totalCents, refundCents: invoice.status === 'paid' ? invoice.taxableCents : 0, reason: input.reason, requestedBy: input.staffUserId, approvedBy: input.approvedBy ?? null },
    },
    input.now,
  );
  try {
    await db.batch([
    audited,
    takeNextNumber(db, year, 'credit_note'),
    db.insert(invoices).values({
      id,
      organizationId: invoice.organizationId,
      kind: 'credit_note',
      number: numberJustTaken(year, 'credit_note'),
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      status: 'paid',
      billing: invoice.billing,
      subtotalCents: -invoice.subtotalCents,
      discountCents: -invoice.discountCents,
      creditsCents: -invoice.creditsCents,
      taxableCents: -invoice.taxableCents,
      vatRateBasisPoints: invoice.vatRateBasisPoints,
      taxCents: -invoice.taxCents,
      reverseCharge: invoice.reverseCharge,
      totalCents: -invoice.totalCents,
      correctsInvoiceId: invoice.id,
      issuedAt: input.now,
      dueAt: input.now,
      paidAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    }),
    ...insertInvoiceLines(
      db,
      lines.map((line) => ({
        id: newId('invoiceLine'),
        invoiceId: id,
        position: line.position,
        kind: line.kind,
        description: `Correction of ${invoice.number}: ${line.description}`,
        quantityMilli: line.quantityMilli,
        unitPriceMillicents: -line.unitPriceMillicents,
        amountCents: -line.amountCents,
        clusterId: line.clusterId,
        orderId: line.orderId,
      })),
    ),
    wasPaid
      ? db.insert(credits).values({
          id: newId('credit'),
          organizationId: invoice.organizationId,
          origin: 'refund',
          description: `Refund of ${invoice.number}: ${input.reason}`,
          amountCents: invoice.taxableCents,
          remainingCents: invoice.taxableCents,
          expiresAt: null,
          createdBy: input.staffUserId,
          createdAt: input.now,
        })
      : db.update(invoices).set({ status: 'void', nextChargeAt: null, updatedAt: input.now }).where(eq(invoices.id, invoice.id)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} already has a credit note.` });
    throw error;
  }
  const [note] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return invoiceView(note!);
}
