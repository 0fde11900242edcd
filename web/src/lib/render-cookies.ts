import { TIME_ZONE_COOKIE } from '@kubemarket/shared';

/**
 * A cookie the app writes only for the Worker's renders of console pages (ADR 0045), so that the
 * markup it sends reads as the browser will render it: display settings, not identifiers, sent to
 * our own origin only. `null` deletes it.
 */
export function setRenderCookie(name: string, value: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** Records the browser's time zone for a year; main.tsx calls it at every start, so a move follows. */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) setRenderCookie(TIME_ZONE_COOKIE, zone);
}
