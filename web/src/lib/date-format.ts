/**
 * The time zone dates are shown in: the browser's own (undefined), except while the Worker renders
 * a console page (ADR 0045), where it is the visitor's as the app recorded it (render-cookies.ts), so
 * that the markup the browser hydrates reads as the browser would render it.
 */
let timeZone: string | undefined;

const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsIn(zone: string | undefined) {
  const key = zone ?? '';
  let entry = formats.get(key);
  if (!entry) {
    entry = {
      date: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: zone }),
      dateTime: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
    };
    formats.set(key, entry);
  }
  return entry;
}

/**
 * Runs a synchronous render with dates in `zone` (an IANA name; anything the runtime does not know
 * leaves the runtime's own). Synchronous, so no other request's render can run in between.
 */
export function inTimeZone<T>(zone: string | undefined, render: () => T): T {
  const previous = timeZone;
  try {
    timeZone = zone ? formatsIn(zone) && zone : undefined;
  } catch {
    timeZone = undefined;
  }
  try {
    return render();
  } finally {
    timeZone = previous;
  }
}

/** A UTC epoch-ms time as a date, e.g. "20 May 2026". */
export function formatDate(timestamp: number): string {
  return formatsIn(timeZone).date.format(timestamp);
}

/** A UTC epoch-ms time as date and time, e.g. "20 May 2026, 14:05". */
export function formatDateTime(timestamp: number): string {
  return formatsIn(timeZone).dateTime.format(timestamp);
}
