export { COOKIE_CATEGORIES, type CookieCategory } from './consent-categories';
export { CookieConsent, loadCookieConsent } from './lazy-cookie-consent';
export { CategoryExamples } from './cookie-preferences-dialog';
export { openCookiePreferences } from './open-cookie-preferences';
export { inConsentScope, renderedWithoutConsentRecord } from './consent-snapshot';
export { useCookieConsent } from './use-cookie-consent';
