import { NOTIFICATION_BADGE_CAP } from '@kubemarket/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * docs/product/screens.md#notifications-dropdown: under 60 s 'Just now', then minutes, hours, and days up to 6 days, then a
 * locale date.
 */
export function notificationTime(timestamp: number, now: number = Date.now(), locale?: string): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= 6) return relative.format(-days, 'day');
  return new Date(timestamp).toLocaleDateString(locale);
}

/** The unread badge: the count, capped at '99+'. */
export function badgeLabel(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

export const NOTIFICATION_KINDS = ['success', 'warning', 'error', 'system', 'info'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Anything other than success, warning, error and system is shown as info. */
export function notificationKind(type: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : 'info';
}
