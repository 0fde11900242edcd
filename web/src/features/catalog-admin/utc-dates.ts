/**
 * Dates of the catalogue are UTC epoch milliseconds. The forms take them as the browser's date
 * and datetime-local fields give them ("2027-03-01", "2027-03-01T09:30"), read as UTC, so that
 * what staff type is what the server stores whatever their time zone; labels say "UTC".
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** "2027-03-01" → 00:00 UTC that day; null when it is not a date. */
export function utcDateToEpoch(value: string): number | null {
  if (!DATE.test(value)) return null;
  const epoch = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(epoch) ? null : epoch;
}

/** "2027-03-01T09:30" → that minute in UTC; null when it is not one. */
export function utcDateTimeToEpoch(value: string): number | null {
  if (!DATE_TIME.test(value)) return null;
  const epoch = Date.parse(`${value}:00Z`);
  return Number.isNaN(epoch) ? null : epoch;
}

/** The value of a date field for this time: its UTC day. */
export function epochToUtcDate(epoch: number): string {
  return new Date(epoch).toISOString().slice(0, 10);
}

/** The value of a datetime-local field for this time, in UTC, to the minute. */
export function epochToUtcDateTime(epoch: number): string {
  return new Date(epoch).toISOString().slice(0, 16);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "1 Mar 2027" (UTC). */
export function formatUtcDate(epoch: number): string {
  return dateFormat.format(epoch);
}

/** "1 Mar 2027, 09:30 UTC". */
export function formatUtcDateTime(epoch: number): string {
  return `${dateTimeFormat.format(epoch)} UTC`;
}
