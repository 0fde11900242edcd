import { useIsMutating, useMutation } from '@tanstack/react-query';
import { csrfHeaders, rememberCsrfToken } from '../../lib/csrf';
import { broadcastLogout } from './auth-broadcast';
import { authToasts } from './auth-toasts';
import { requestLogout } from './logout-request';
import { useSignOutLocally } from './use-sign-out-locally';

const LOGOUT_MUTATION_KEY = ['auth', 'logout'] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * docs/product/states.md, docs/product/calls.md and docs/product/errors.md: ends the server session with retries, then signs out locally and in
 * the other tabs whatever the server said, and lands on '/'. `isPending` is shared by every logout
 * button, so each shows 'Logging out...' while any of them runs.
 */
export function useLogout() {
  const signOutLocally = useSignOutLocally();
  const pendingCount = useIsMutating({ mutationKey: LOGOUT_MUTATION_KEY });

  const mutation = useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: async () => {
      const outcome = await requestLogout({
        fetch: (input, init) => fetch(input, init),
        sleep,
        csrfHeaders,
        onResponse: rememberCsrfToken,
      });
      broadcastLogout();
      await signOutLocally();
      return outcome;
    },
    onSuccess(outcome) {
      if (outcome.ok) {
        authToasts.loggedOut();
      } else {
        console.warn('The server session could not be ended; signed out locally.', outcome.error);
        authToasts.loggedOutOffline();
      }
    },
    onError(error) {
      console.error('Logout failed', error);
      authToasts.logoutFailed(error.message);
      // docs/product/states.md#sign-in-and-sign-out: the user ends up on '/' even when logging out failed.
      window.location.assign('/');
    },
  });

  return { logout: () => mutation.mutate(), isPending: pendingCount > 0 || mutation.isPending };
}
