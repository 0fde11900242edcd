const integerFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a count or size for display with thousands separators, e.g. 1000 -> "1,000". */
export function formatInteger(value: number): string {
  return integerFormatter.format(value);
}
