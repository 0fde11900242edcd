/** Window event that opens the cookie preferences dialog, e.g. from the footer's "Cookie preferences" link. */
export const OPEN_COOKIE_PREFERENCES_EVENT = 'openCookiePreferences';

export function openCookiePreferences(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES_EVENT));
}
