import { useEffect, useState } from 'react';
import type * as CookieConsentCode from './cookie-consent';
import type { CookieConsentProps } from './cookie-consent';

type CookieConsentModule = typeof CookieConsentCode;

// The banner and the consent store (reading the choice, deleting refused cookies) are not in the
// first load (issue 17), but their code is asked for as the app starts (and preloaded with every page
// from route-preloads.json's shell), not once the frame has rendered: on a first visit the banner is
// the largest thing on the screen. The preferences dialog loads when it first opens. A "Cookie
// preferences" press before the code is in is kept (openCookiePreferences).
let loaded: CookieConsentModule | null = null;
let loading: Promise<CookieConsentModule | null> | null = null;

/**
 * The banner's code, loaded once. A page rendered ahead of the browser (prerender.tsx, the Worker's
 * console pages) waits for it, and so does its hydration (main.tsx), so that both render the banner
 * where one is shown.
 */
export function loadCookieConsent(): Promise<CookieConsentModule | null> {
  loading ??= import('./cookie-consent').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // No banner on this page view rather than no page: the next page asks again.
      console.error('The cookie consent code could not be loaded', error);
      return null;
    },
  );
  return loading;
}
if (typeof window !== 'undefined') void loadCookieConsent();

/**
 * The cookie banner and preferences dialog (docs/product/states.md#cookie-consent), on every page (see ./cookie-consent).
 * Rendered once its code is in, by a state change rather than React.lazy: a Suspense boundary that
 * resolves just after the page's first commit is held back up to 300 ms by React, and the banner
 * would show that much later than the page around it.
 */
export function CookieConsent(props: CookieConsentProps) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let mounted = true;
    void loadCookieConsent().then((value) => {
      if (mounted && value) setModule(value);
    });
    return () => {
      mounted = false;
    };
  }, [module]);
  return module ? <module.CookieConsent {...props} /> : null;
}
