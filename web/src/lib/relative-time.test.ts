import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.UTC(2026, 4, 20, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says just now under a minute, either way', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('just now');
    expect(formatRelativeTime(NOW - 59_000, NOW)).toBe('just now');
    expect(formatRelativeTime(NOW + 5_000, NOW)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW - 3 * HOUR, NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(NOW - DAY, NOW)).toBe('yesterday');
    expect(formatRelativeTime(NOW - 3 * DAY, NOW)).toBe('3 days ago');
    expect(formatRelativeTime(NOW - 14 * DAY, NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(NOW - 400 * DAY, NOW)).toBe('last year');
  });

  it('handles future times and other locales', () => {
    expect(formatRelativeTime(NOW + 2 * HOUR, NOW)).toBe('in 2 hours');
    expect(formatRelativeTime(NOW - 2 * DAY, NOW, 'fr')).toBe('avant-hier');
  });
});
