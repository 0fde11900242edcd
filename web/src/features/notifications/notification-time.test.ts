import { describe, expect, it } from 'vitest';
import { badgeLabel, notificationKind, notificationTime } from './notification-time';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => now - ms;

describe('notificationTime', () => {
  // docs/product/screens.md#notifications-dropdown: Just now, minutes, hours, days up to 6, then a date.
  it.each<[number, string, string?]>([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [6 * 86_400_000 + 3_600_000, '6 days ago'],
    [7 * 86_400_000, '14/11/2026', 'en-GB'],
  ])('says a notification of %i ms ago: %s', (age, said, locale) => {
    expect(notificationTime(ago(age), now, locale)).toBe(said);
  });

  it('treats a time slightly in the future as just now', () => {
    expect(notificationTime(now + 5_000, now)).toBe('Just now');
  });
});

describe('badgeLabel', () => {
  // Capped at 99+.
  it.each([
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('labels %i unread as %s', (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });
});

describe('notificationKind', () => {
  // The known types are kept; anything else shows as info.
  it.each([
    ['success', 'success'],
    ['warning', 'warning'],
    ['error', 'error'],
    ['system', 'system'],
    ['info', 'info'],
    ['billing', 'info'],
    ['', 'info'],
  ])('shows type %j as %s', (type, kind) => {
    expect(notificationKind(type)).toBe(kind);
  });
});
