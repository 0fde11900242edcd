const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
];
const MINUTE_MS = 60 * 1000;

const JUST_NOW_MS = MINUTE_MS;
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatter(locale: string): Intl.RelativeTimeFormat {
  let value = formatters.get(locale);
  if (!value) {
    value = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(locale, value);
  }
  return value;
}

/** "just now", "5 minutes ago", "yesterday", "in 2 hours"... for a UTC epoch-ms time. */
export function formatRelativeTime(timestamp: number, now: number = Date.now(), locale = 'en'): string {
  const elapsed = timestamp - now;
  if (Math.abs(elapsed) < JUST_NOW_MS) return 'just now';
  const unit = UNITS.find(([, size]) => Math.abs(elapsed) >= size);
  if (unit) return formatter(locale).format(Math.round(elapsed / unit[1]), unit[0]);
  return formatter(locale).format(Math.round(elapsed / MINUTE_MS), 'minute');
}
