export { COOKIE_CATEGORIES, type CookieCategory } from './consent-categories';
export { CategoryExamples, CookieConsent } from './cookie-consent';
export { openCookiePreferences } from './open-cookie-preferences';
export { useCookieConsent } from './use-cookie-consent';
