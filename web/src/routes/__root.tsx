import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AuthSync } from '../features/auth/auth-sync';
import { EmailVerificationPrompt } from '../features/auth/email-verification-prompt';
import { CookieConsent } from '../features/consent/cookie-consent';
import { NotFoundPage } from '../features/shell/not-found-page';
import { SiteShell } from '../features/shell/app-shell';
import { RouteError } from '../features/shell/route-error';
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
