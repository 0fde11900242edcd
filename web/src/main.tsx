// First: no schema may be built before zod is told not to compile parsers with eval (CSP).
import './lib/zod-without-eval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { onlineManager } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { rememberTimeZone } from './lib/render-cookies';
import { whenHydrated } from './lib/hydration';
import { forgetFirstAnswers, primeFirstQueries } from './lib/first-queries';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, createTrpcOptionsProxy } from './lib/trpc';
import { primeCurrentUser } from './features/auth';
import { loadCookieConsent, renderedWithoutConsentRecord } from './features/consent';
import { themeColorSchemeManager } from './features/preferences';
import { exchangeRatesQueryOptions } from './features/currency';
import { preloadSiteShell } from './features/shell';
import { createAppRouter } from './router';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('The #root element is missing from index.html');
}

// The Worker renders the next console page this browser opens with its dates in this zone (ADR 0045).
// In a task of its own: the first Intl.DateTimeFormat loads the time-zone data (~150 ms on a phone's
// CPU), which made the entry's evaluation one long task (ADR 0046); only the next page needs it.
setTimeout(rememberTimeZone);

const prerendered = rootElement.hasAttribute('data-prerendered');
if (prerendered) {
  // A public page prerendered at build (ADR 0017) showed every query still loading. Nothing is
  // fetched until the browser has hydrated it, so that its first render is that same markup; the
  // queries (the startup rates and the loaders') start the moment it is.
  onlineManager.setOnline(false);
  // A console page the Worker rendered for a visitor whose cookies record no cookie choice shows the banner (ADR 0045).
  if (rootElement.hasAttribute('data-no-consent')) renderedWithoutConsentRecord();
}

const queryClient = createQueryClient();
// docs/product/states.md#exchange-rates-and-billing-cycle: the currency rates are loaded at startup.
void queryClient.prefetchQuery(exchangeRatesQueryOptions());
const colorSchemeManager = themeColorSchemeManager();
const trpcClient = createTrpcClient();
const trpc = createTrpcOptionsProxy(trpcClient, queryClient);
// Who is signed in, as the Worker wrote it into the page: the first route loads without asking.
primeCurrentUser(queryClient, trpc);
// And the answers to the console page's first queries (ADR 0042): it renders its content at once.
primeFirstQueries(queryClient);
const router = createAppRouter({ queryClient, trpc });
// Those answers are the first page's reads: once the visitor goes elsewhere, or loses the network,
// they are answers like any other, asked for again as a page mounts (ADR 54).
router.subscribe('onBeforeNavigate', ({ fromLocation, hrefChanged }) => {
  if (fromLocation && hrefChanged) forgetFirstAnswers();
});
onlineManager.subscribe((online) => {
  if (!online && !rootElement.hasAttribute('data-prerendered')) forgetFirstAnswers();
});

/** The prerendered page is hydrated: its queries may fetch, and #root no longer says it is waiting. */
const hydrated = () => {
  onlineManager.setOnline(navigator.onLine !== false);
  rootElement.removeAttribute('data-prerendered');
};
// A console page the Worker rendered (ADR 0045) or a prerendered one is whole once its page is hydrated too (router.ts).
if (prerendered) whenHydrated(hydrated);
const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} colorSchemeManager={colorSchemeManager} />;

if (prerendered) {
  // The route's code (and the footer's and the cookie banner's) is loaded first, so the browser's first render is the markup already on screen
  // and hydrates it in place. Lazy parts keep their markup until their code arrives. Where this
  // visitor's page differs all the same, React renders that part again: logged, not an error.
  // As a transition, hydration yields to the browser every few milliseconds (a click or a key is
  // answered meanwhile) instead of holding the main thread until the whole page is hydrated.
  void Promise.all([router.load(), preloadSiteShell(), loadCookieConsent()]).then(() =>
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        onRecoverableError: (error, { componentStack }) => console.warn('The prerendered page was rendered again in the browser:', error, componentStack),
      });
    }),
  );
} else {
  createRoot(rootElement).render(app);
}
