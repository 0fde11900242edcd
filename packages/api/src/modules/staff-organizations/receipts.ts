/**
 * Transfers matched to invoices by their RF reference (issue 30): staff record what the bank
 * statement shows, whole or partial, and the invoice's ledger (received_cents) moves by it in one
 * batch. The invoice is "paid" only once what was received covers its total; what goes beyond it
 * comes back to the organisation as a credit. An order's invoice paid in full also pays the
 * order's bank-transfer payment and says so on the order's timeline. Every write is arbitrated by
 * SQLite (D1): increments in SQL, the same transfer refused twice by a unique index, the excess
 * computed after this receipt's own increment, so receipts recorded at once add up exactly.
 */
import { credits, invoiceReceipts, invoices, newId, orderEvents, orders, payments, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { notify } from '../../platform/notify';
import { emitEvent } from '../../platform/webhook-events';
import { isCreditorReference, printedReference } from '../invoices';
import { clearOverdueUnlessAny } from '../invoices';
import { euros } from '@kubemarket/shared';
import { outstandingCents } from '../billing';
import type { SignedInContext } from '../../trpc';

type Staff = SignedInContext;

export interface InvoiceTransferInput {
  reference: string;
  amountCents: number;
  bankReference: string;
  receivedOn?: string | undefined;
}

/** A day up to 14 hours ahead of UTC is already today somewhere (UTC+14): not "the future" for staff there. */
export const AHEAD_OF_UTC_MS = 14 * 60 * 60_000;
/** The UTC calendar day of an instant, YYYY-MM-DD: how transfers' days are written. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

async function invoiceByReference(db: Database, reference: string) {
  const [invoice] = await db.select().from(invoices).where(and(eq(invoices.paymentReference, reference), eq(invoices.kind, 'invoice'))).limit(1);
  return invoice;
}

export async function recordInvoiceTransfer(ctx: Staff, input: InvoiceTransferInput, members: (db: Database, organizationId: string) => Promise<Array<{ id: string }>>) {
  const reference = input.reference.replace(/\s/g, '').toUpperCase();
  if (!isCreditorReference(reference)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `reference: ${input.reference.trim()} is not a valid RF reference (its check digits do not match). Copy it from the bank statement: RF, two digits, then letters and digits.` });
  }
  const invoice = await invoiceByReference(ctx.db, reference);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: `No invoice has the reference ${printedReference(reference)}.` });
  if (invoice.status === 'void') throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} was cancelled by a credit note: refund this transfer instead of recording it.` });

  const now = ctx.ports.clock.now();
  let receivedAt = now;
  if (input.receivedOn !== undefined) {
    if (input.receivedOn > utcDay(now + AHEAD_OF_UTC_MS)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'receivedOn: The date received cannot be in the future.' });
    if (input.receivedOn < utcDay(invoice.issuedAt)) throw new TRPCError({ code: 'BAD_REQUEST', message: `receivedOn: The date received cannot be before the invoice was issued, on ${utcDay(invoice.issuedAt)}.` });
    receivedAt = Math.min(Date.parse(`${input.receivedOn}T00:00:00Z`), now);
  }
  const receiptId = newId('invoiceReceipt');
  const creditId = newId('credit');
  const amount = input.amountCents;
  const coversIt = sql`${invoices.receivedCents} + ${amount} >= ${invoices.totalCents}`;
  const paidNow = sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${invoice.id} AND ${invoices.status} = 'paid')`;
  const statements: BatchItem<'sqlite'>[] = [
    // First: the same transfer recorded twice (a double click, two staff) is refused whole here.
    ctx.db.insert(invoiceReceipts).values({ id: receiptId, invoiceId: invoice.id, organizationId: invoice.organizationId, amountCents: amount, bankReference: input.bankReference, receivedAt, recordedBy: ctx.user.id, createdAt: now }),
    ctx.db
      .update(invoices)
      .set({
        status: sql`CASE WHEN ${coversIt} THEN 'paid' ELSE ${invoices.status} END`,
        paidAt: sql`CASE WHEN ${invoices.status} <> 'paid' AND ${coversIt} THEN ${receivedAt} ELSE ${invoices.paidAt} END`,
        nextChargeAt: sql`CASE WHEN ${coversIt} THEN NULL ELSE ${invoices.nextChargeAt} END`,
        receivedCents: sql`${invoices.receivedCents} + ${amount}`,
        updatedAt: now,
      })
      .where(and(eq(invoices.id, invoice.id), inArray(invoices.status, ['due', 'overdue', 'paid']))),
    // What went beyond the total with this receipt (after its own increment): a credit for the organisation.
    ctx.db
      .update(invoiceReceipts)
      .set({ excessCents: sql`max(0, min(${amount}, (SELECT ${invoices.receivedCents} - ${invoices.totalCents} FROM ${invoices} WHERE ${invoices.id} = ${invoice.id})))` })
      .where(eq(invoiceReceipts.id, receiptId)),
    // INSERT … SELECT with every column of credits, in its order (drizzle's rule for a raw SELECT).
    ctx.db.insert(credits).select(
      sql`SELECT ${creditId}, ${invoice.organizationId}, 'refund', ${`Over-payment of invoice ${invoice.number} (transfer ${input.bankReference})`}, excess_cents, excess_cents, NULL, ${ctx.user.id}, ${now}
      FROM ${invoiceReceipts} WHERE id = ${receiptId} AND excess_cents > 0`,
    ),
    clearOverdueUnlessAny(ctx.db, invoice.organizationId, now),
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        organizationId: invoice.organizationId,
        action: 'staff.invoice_transfer_recorded',
        targetType: 'invoice',
        targetId: invoice.id,
        ipAddress: ctx.request.ipAddress,
        metadata: { number: invoice.number, reference, amountCents: amount, bankReference: input.bankReference, receivedOn: utcDay(receivedAt) },
      },
      now,
    ),
  ];
  if (invoice.orderId) {
    // The order's own invoice paid in full: its bank-transfer payment succeeds, once, and its timeline says so.
    const orderPayment = and(eq(payments.orderId, invoice.orderId), eq(payments.provider, 'bank_transfer'), eq(payments.status, 'processing'), sql`${paidNow}`);
    statements.push(
      // Columns of order_events in order: id, order_id, type, message, payment_id, reason, data, created_at.
      ctx.db
        .insert(orderEvents)
        .select(
          sql`SELECT ${newId('orderEvent')}, ${invoice.orderId}, 'transfer_received', ${`Bank transfer received on ${utcDay(receivedAt)} (reference ${input.bankReference}); invoice ${invoice.number} is paid.`}, ${payments.id}, NULL, json_object('amountCents', ${payments.amountCents}), ${now}
          FROM ${payments} WHERE ${orderPayment}`,
        )
        .onConflictDoNothing(),
      ctx.db.update(payments).set({ status: 'succeeded', succeededAt: receivedAt, transferReference: input.bankReference, updatedAt: now }).where(orderPayment),
    );
  }
  try {
    await ctx.db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new TRPCError({ code: 'CONFLICT', message: `The transfer ${input.bankReference} was already recorded for invoice ${invoice.number}. Nothing was changed.` });
  }

  const [after] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id)).limit(1);
  if (invoice.orderId && after?.status === 'paid') {
    // The order's invoice is paid: order.paid (ADR 36). Its id is the order's, so an order already
    // told paid (by card, or by an earlier transfer) is not told again.
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, invoice.orderId)).limit(1);
    if (order) {
      await emitEvent(ctx, invoice.organizationId, {
        type: 'order.paid',
        key: order.id,
        data: { orderId: order.id, summary: order.summary, totalCents: order.totalCents, currency: order.currency, paymentMethod: 'bank_transfer', clusterId: order.createdClusterId },
      });
    }
  }
  const [receipt] = await ctx.db.select().from(invoiceReceipts).where(eq(invoiceReceipts.id, receiptId)).limit(1);
  const excessCents = receipt?.excessCents ?? 0;
  const left = Math.max(0, after!.totalCents - after!.receivedCents);
  const message =
    `We received your bank transfer of ${euros(amount)} for invoice ${invoice.number} (${utcDay(receivedAt)}). ` +
    (left > 0 ? `${euros(left)} of it is still due.` : excessCents > 0 ? `It is paid in full; the ${euros(excessCents)} beyond it is a credit on your next invoices.` : 'It is paid in full, thank you.');
  for (const member of await members(ctx.db, invoice.organizationId).catch(() => [])) {
    await notify(ctx, member.id, { type: 'success', message }).catch((error: unknown) => logError('Notifying a transfer received failed', error));
  }
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    organizationId: invoice.organizationId,
    status: after!.status,
    totalCents: after!.totalCents,
    receivedCents: after!.receivedCents,
    dueCents: left,
    excessCents,
    receivedAt,
    outstandingCents: await outstandingCents(ctx.db, invoice.organizationId),
  };
}
