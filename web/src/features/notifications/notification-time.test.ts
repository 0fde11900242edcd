import { describe, expect, it } from 'vitest';
import { badgeLabel, notificationKind, notificationTime } from './notification-time';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => now - ms;

describe('notificationTime', () => {
  it('follows docs/product/screens.md#notifications-dropdown: Just now, minutes, hours, days up to 6, then a date', () => {
    expect(notificationTime(ago(0), now)).toBe('Just now');
    expect(notificationTime(ago(59_999), now)).toBe('Just now');
    expect(notificationTime(ago(60_000), now)).toBe('1 minute ago');
    expect(notificationTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(notificationTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(notificationTime(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(notificationTime(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(notificationTime(ago(6 * 86_400_000 + 3_600_000), now)).toBe('6 days ago');
    expect(notificationTime(ago(7 * 86_400_000), now, 'en-GB')).toBe('14/11/2026');
  });

  it('treats a time slightly in the future as just now', () => {
    expect(notificationTime(now + 5_000, now)).toBe('Just now');
  });
});

describe('badgeLabel', () => {
  it('caps at 99+', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});

describe('notificationKind', () => {
  it('keeps the four known types and shows anything else as info', () => {
    expect(notificationKind('success')).toBe('success');
    expect(notificationKind('system')).toBe('system');
    expect(notificationKind('billing')).toBe('info');
    expect(notificationKind('')).toBe('info');
  });
});
