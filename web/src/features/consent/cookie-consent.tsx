import { lazy, Suspense, useEffect, useState } from 'react';
import { browserConsentStore } from './consent-store';
import { ConsentBanner } from './cookie-banner';
import { OPEN_COOKIE_PREFERENCES_EVENT, takeCookiePreferencesRequest } from './open-cookie-preferences';
import { useCookieConsent } from './use-cookie-consent';

export interface CookieConsentProps {
  /** Show a close button on the banner; closing hides it for this page view without recording a choice. */
  closable?: boolean;
}

/**
 * docs/product/states.md#cookie-consent: the cookie banner and the cookie preferences dialog, on every page. The dialog
 * also opens on the window event 'openCookiePreferences' (see openCookiePreferences()).
 */
export function CookieConsent({ closable = true }: CookieConsentProps) {
  const consent = useCookieConsent();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [bannerClosed, setBannerClosed] = useState(false);
  // The dialog's code (tabs, tables, switches) loads the first time it opens, not with every page.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (dialogOpen && !dialogLoaded) setDialogLoaded(true);

  useEffect(() => {
    // Optional cookies left from an earlier visit go as soon as the page knows they are not allowed.
    browserConsentStore().enforce();
    const open = () => {
      takeCookiePreferencesRequest();
      setDialogOpen(true);
    };
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, open);
    // Asked for while this code was still loading: heard now.
    if (takeCookiePreferencesRequest()) window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES_EVENT));
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, open);
  }, []);

  const done = (action: () => void) => () => {
    action();
    setDialogOpen(false);
    setBannerClosed(false);
  };

  return (
    <>
      {consent.needsConsent && !bannerClosed && !dialogOpen ? (
        <ConsentBanner
          onAcceptAll={done(consent.acceptAll)}
          onRejectAll={done(consent.rejectAll)}
          onCustomize={() => setDialogOpen(true)}
          onClose={closable ? () => setBannerClosed(true) : undefined}
        />
      ) : null}
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <CookiePreferencesDialog
            opened={dialogOpen}
            initial={consent.choices}
            onClose={() => setDialogOpen(false)}
            onSave={(choices) => done(() => consent.save(choices))()}
            onAcceptAll={done(consent.acceptAll)}
            onRejectAll={done(consent.rejectAll)}
            onReset={() => {
              consent.reset();
              setDialogOpen(false);
              setBannerClosed(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const CookiePreferencesDialog = lazy(() => import('./cookie-preferences-dialog').then((module) => ({ default: module.CookiePreferencesDialog })));
