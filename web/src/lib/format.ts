const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats an integer amount of cents as a currency string with 2 decimals, e.g. 12900 -> "€129.00". */
export function formatCents(cents: number, currency = 'EUR', locale = 'en-US'): string {
  if (!Number.isFinite(cents)) {
    throw new RangeError(`Cannot format a non-finite amount of cents: ${cents}`);
  }
  return currencyFormatter(currency, locale).format(cents / 100);
}

const integerFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a count or size for display with thousands separators, e.g. 1000 -> "1,000". */
export function formatInteger(value: number): string {
  return integerFormatter.format(value);
}
