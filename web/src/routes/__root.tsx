import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AuthSync, EmailVerificationPrompt } from '../features/auth';
import { CookieConsent } from '../features/consent';
import { LazyNotFoundPage, LazyRouteError, SiteShell } from '../features/shell';
import { useHydrationSignal } from '../lib/hydration';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: LazyNotFoundPage,
  errorComponent: LazyRouteError,
});

function RootLayout() {
  useHydrationSignal('frame');
  return (
    <SiteShell>
      <Outlet />
      <AuthSync />
      <EmailVerificationPrompt />
      <CookieConsent />
    </SiteShell>
  );
}
