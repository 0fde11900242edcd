import { invoiceSequences, type Database } from '@kubemarket/db';
import { sql } from 'drizzle-orm';

/**
 * Invoice numbers: `KM-<year>-<6 digits>`, one gap-free sequence per calendar year (UTC) shared by
 * invoices and credit notes. A number is never read first and written later: the issuing batch
 * itself increments invoice_sequences and the invoice row takes its number from that row by a
 * sub-select. The batch is one transaction, so an invoice that fails to insert (the partial unique
 * index on organisation + period when two generations race) rolls the increment back with it: no
 * gap, and no two invoices share a number.
 */

export const INVOICE_NUMBER_PATTERN = /^KM-(\d{4})-(\d{6})$/;

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `KM-${year}-${String(sequence).padStart(6, '0')}`;
}

export function invoiceYear(issuedAt: number): number {
  return new Date(issuedAt).getUTCFullYear();
}

/** The batch statement that takes the next number of `year` (first of the year: 1). */
export function takeNextNumber(db: Database, year: number) {
  return db
    .insert(invoiceSequences)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.year, set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } });
}

/**
 * The value of `invoices.number` in the statement that follows takeNextNumber in the same batch.
 * substr keeps six digits without printf, which not every SQLite build exposes.
 */
export function numberJustTaken(year: number) {
  return sql<string>`(SELECT 'KM-' || ${invoiceSequences.year} || '-' || substr('000000' || ${invoiceSequences.lastNumber}, -6) FROM ${invoiceSequences} WHERE ${invoiceSequences.year} = ${year})`;
}
