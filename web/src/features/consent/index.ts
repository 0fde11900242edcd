export { COOKIE_CATEGORIES, type CookieCategory } from './consent-categories';
export { CookieConsent } from './lazy-cookie-consent';
export { CategoryExamples } from './cookie-preferences-dialog';
export { openCookiePreferences } from './open-cookie-preferences';
export { useCookieConsent } from './use-cookie-consent';
