/** Window event that opens the cookie preferences dialog, e.g. from the footer's "Cookie preferences" link. */
export const OPEN_COOKIE_PREFERENCES_EVENT = 'openCookiePreferences';

/** A request made before the dialog's owner was loaded to hear it (it loads after the first paint). */
let requested = false;

export function openCookiePreferences(): void {
  requested = true;
  window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES_EVENT));
}

/** Whether the dialog was asked for and not opened yet; answering true clears the request. */
export function takeCookiePreferencesRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
