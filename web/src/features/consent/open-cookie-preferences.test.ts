import { describe, expect, it, vi } from 'vitest';
import { OPEN_COOKIE_PREFERENCES_EVENT, openCookiePreferences, takeCookiePreferencesRequest } from './open-cookie-preferences';

describe('openCookiePreferences', () => {
  it('tells a dialog owner already listening, and keeps the request for one that loads afterwards', () => {
    // The window's events are all this needs of a browser.
    vi.stubGlobal('window', new EventTarget());
    const heard = vi.fn();
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, heard);
    openCookiePreferences();
    window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
    // The owner that mounts later (its code loads after the first paint) still opens the dialog, once.
    expect(takeCookiePreferencesRequest()).toBe(true);
    expect(takeCookiePreferencesRequest()).toBe(false);
    vi.unstubAllGlobals();
  });
});
