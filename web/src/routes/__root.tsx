import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AuthSync, EmailVerificationPrompt } from '../features/auth';
import { CookieConsent } from '../features/consent';
import { NotFoundPage, SiteShell, RouteError } from '../features/shell';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

function RootLayout() {
  return (
    <SiteShell>
      <Outlet />
      <AuthSync />
      <EmailVerificationPrompt />
      <CookieConsent />
    </SiteShell>
  );
}
