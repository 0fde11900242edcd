import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { sessionStore } from '../../lib/browser-storage';
import { useTRPC } from '../../lib/trpc';
import { clearMfaChallenge } from './auth-storage';
import { authToasts } from './auth-toasts';
import type { SessionUser } from './auth-types';
import { DEFAULT_SIGNED_IN_PATH, takeRedirectAfterLogin } from './redirect-after-login';
import { resetSessionCache, startSessionCache } from './session-cache';

export type SignInKind = 'login' | 'registration';

export function displayName(user: Pick<SessionUser, 'name' | 'username' | 'email'>): string {
  return user.name.trim() || user.username || user.email;
}

/**
 * What every way of signing in ends with: the session in the cache, the toast (docs/product/errors.md#toasts),
 * and the page that sent the user to sign in (or the dashboard).
 */
export function useCompleteSignIn() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();

  return useCallback(
    async (user: SessionUser, kind: SignInKind) => {
      const storage = sessionStore();
      clearMfaChallenge(storage);
      if (kind === 'registration') {
        // docs/product/calls.md#endpoints: a registration clears the whole cache.
        await resetSessionCache(queryClient, trpc, user);
        authToasts.registrationSucceeded(displayName(user));
      } else {
        await startSessionCache(queryClient, trpc, user);
        authToasts.loginSucceeded(displayName(user));
      }
      const target = takeRedirectAfterLogin(storage) ?? DEFAULT_SIGNED_IN_PATH;
      void router.navigate({ href: target, replace: true });
    },
    [queryClient, router, trpc],
  );
}
