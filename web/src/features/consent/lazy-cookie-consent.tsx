import { lazy, Suspense } from 'react';
import type { CookieConsentProps } from './cookie-consent';

// The banner, the dialog and the consent store (reading the choice, deleting refused cookies) are
// not needed to paint a page: they load with the page instead of in the first load (issue 17).
// A "Cookie preferences" press before they are in is kept (openCookiePreferences).
const LoadedCookieConsent = lazy(() => import('./cookie-consent').then((module) => ({ default: module.CookieConsent })));

/** SPEC.md section 4's cookie banner and preferences dialog, on every page (see ./cookie-consent). */
export function CookieConsent(props: CookieConsentProps) {
  return (
    <Suspense fallback={null}>
      <LoadedCookieConsent {...props} />
    </Suspense>
  );
}
