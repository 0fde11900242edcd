import type { Invoice, InvoiceLine } from '@kubemarket/db';

/**
 * An invoice's lines as CSV (RFC 4180, CRLF): one row per line, then the VAT row, so the `amount`
 * column sums to the invoice total. Amounts are EUR with two decimals and a dot, which spreadsheets
 * in every locale import as numbers.
 */

const HEADER = ['invoice', 'position', 'kind', 'description', 'quantity', 'unit_price_eur', 'amount_eur', 'cluster_id', 'order_id'];

function field(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: quote it with a leading apostrophe.
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const centsText = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const milliText = (milli: number) => String(milli / 1000);
const millicentsText = (millicents: number) => String(millicents / 100_000);

export function invoiceCsv(invoice: Invoice, lines: InvoiceLine[]): string {
  const rows = [HEADER];
  for (const line of lines) {
    rows.push([
      invoice.number,
      String(line.position + 1),
      line.kind,
      line.description,
      milliText(line.quantityMilli),
      millicentsText(line.unitPriceMillicents),
      centsText(line.amountCents),
      line.clusterId ?? '',
      line.orderId ?? '',
    ]);
  }
  const vatLabel = invoice.reverseCharge ? 'VAT reverse-charged (0%)' : `VAT ${invoice.vatRateBasisPoints / 100}%`;
  rows.push([invoice.number, String(lines.length + 1), 'vat', vatLabel, '1', centsText(invoice.taxCents), centsText(invoice.taxCents), '', '']);
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
