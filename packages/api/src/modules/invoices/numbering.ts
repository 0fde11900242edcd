import { invoiceSequences, type Database, type DocumentSeries } from '@kubemarket/db';
import { and, eq, sql } from 'drizzle-orm';

/**
 * Document numbers, one gap-free sequence per calendar year (UTC) and series: invoices
 * `KM-<year>-<6 digits>` (monthly and order invoices alike), credit notes `KM-CN-<year>-<6 digits>`
 * (their own series, as article 226(2) of the VAT Directive allows: "one or more series").
 * A number is never read first and written later: the issuing batch itself increments
 * invoice_sequences and the document row takes its number from that row by a sub-select. The batch
 * is one transaction, so a document that fails to insert (the partial unique index on
 * organisation + period when two generations race) rolls the increment back with it: no gap, and
 * no two documents share a number.
 */

export const INVOICE_NUMBER_PATTERN = /^KM-(\d{4})-(\d{6})$/;
export const CREDIT_NOTE_NUMBER_PATTERN = /^KM-CN-(\d{4})-(\d{6})$/;

const PREFIXES: Record<DocumentSeries, string> = { invoice: 'KM-', credit_note: 'KM-CN-' };

export function formatInvoiceNumber(year: number, sequence: number, series: DocumentSeries = 'invoice'): string {
  return `${PREFIXES[series]}${year}-${String(sequence).padStart(6, '0')}`;
}

export function invoiceYear(issuedAt: number): number {
  return new Date(issuedAt).getUTCFullYear();
}

/** The batch statement that takes the next number of `year` in the series (first of the year: 1). */
export function takeNextNumber(db: Database, year: number, series: DocumentSeries = 'invoice') {
  return db
    .insert(invoiceSequences)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceSequences.series, invoiceSequences.year], set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } });
}

/**
 * The value of `invoices.number` in the statement that follows takeNextNumber in the same batch.
 * substr keeps six digits without printf, which not every SQLite build exposes.
 */
export function numberJustTaken(year: number, series: DocumentSeries = 'invoice') {
  return sql<string>`(SELECT ${PREFIXES[series]} || ${invoiceSequences.year} || '-' || substr('000000' || ${invoiceSequences.lastNumber}, -6) FROM ${invoiceSequences} WHERE ${and(eq(invoiceSequences.series, series), eq(invoiceSequences.year, year))})`;
}
