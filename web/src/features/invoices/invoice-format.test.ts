import { describe, expect, it } from 'vitest';
import { INVOICE_STATUS_FILTERS, invoiceDownloadUrl, invoiceYears, periodText, quantityText } from './invoice-format';

describe('invoice formatting', () => {
  it('offers the four statuses as filters', () => {
    expect(INVOICE_STATUS_FILTERS.map((filter) => filter.value)).toEqual(['paid', 'due', 'overdue', 'void']);
  });

  it('links the CSV download to the REST path, escaping the id', () => {
    expect(invoiceDownloadUrl('inv_abc', 'csv')).toBe('/api/billing/invoices/inv_abc/csv');
    expect(invoiceDownloadUrl('a/b', 'csv')).toBe('/api/billing/invoices/a%2Fb/csv');
  });

  it('lists the years newest first, at least the current one', () => {
    expect(invoiceYears(Date.UTC(2028, 2, 1))).toEqual([2028, 2027, 2026]);
    expect(invoiceYears(Date.UTC(2026, 0, 1))).toEqual([2026]);
  });

  it('reads quantities, periods and page counts', () => {
    expect(quantityText(3_000_000)).toBe('3,000');
    expect(quantityText(12_345)).toBe('12.345');
    expect(periodText(Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1))).toBe('1 October 2026 – 31 October 2026');
  });
});
