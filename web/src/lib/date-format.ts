const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A UTC epoch-ms time as a date, e.g. "20 May 2026". */
export function formatDate(timestamp: number): string {
  return dateFormat.format(timestamp);
}

/** A UTC epoch-ms time as date and time, e.g. "20 May 2026, 14:05". */
export function formatDateTime(timestamp: number): string {
  return dateTimeFormat.format(timestamp);
}
