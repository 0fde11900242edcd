import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kubemarket/api';

export type InvoicePage = inferRouterOutputs<AppRouter>['invoices']['list'];
export type InvoiceSummary = InvoicePage['items'][number];
export type InvoiceDetail = inferRouterOutputs<AppRouter>['invoices']['get'];
export type InvoiceStatus = InvoiceSummary['status'];

export const INVOICE_STATUS_BADGES: Record<InvoiceStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  due: { label: 'Due', color: 'blue' },
  overdue: { label: 'Overdue', color: 'red' },
  void: { label: 'Void', color: 'gray' },
};

export const INVOICE_STATUS_FILTERS: Array<{ value: InvoiceStatus; label: string }> = (Object.keys(INVOICE_STATUS_BADGES) as InvoiceStatus[]).map((value) => ({
  value,
  label: INVOICE_STATUS_BADGES[value].label,
}));

/** The REST download of an invoice: same origin, so the session cookie authenticates the link. */
export function invoiceDownloadUrl(id: string, format: 'csv' | 'pdf'): string {
  return `/api/billing/invoices/${encodeURIComponent(id)}/${format}`;
}

/** Years an invoice may have been issued in, newest first: from the first invoice year to `now`'s. */
export function invoiceYears(now: number, firstYear = 2026): number[] {
  const current = new Date(now).getUTCFullYear();
  return Array.from({ length: Math.max(1, current - firstYear + 1) }, (_, index) => current - index);
}

/** Thousandths as a person reads a quantity: 3 000 000 → "3,000", 12 345 → "12.345". */
export function quantityText(quantityMilli: number): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }).format(quantityMilli / 1000);
}

/** "1–31 October 2026": the billed month ([start, end), UTC). */
export function periodText(start: number, end: number): string {
  const format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${format.format(start)} – ${format.format(end - 1)}`;
}

