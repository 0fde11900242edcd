import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { subscribeToLogout } from './auth-broadcast';
import { currentUserQueryKey } from './current-user-query';
import { useSignOutLocally } from './use-sign-out-locally';

/** Follows a sign-out made in another tab: a signed-in tab drops its user and goes to '/'. */
export function AuthSync() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signOutLocally = useSignOutLocally();

  useEffect(
    () =>
      subscribeToLogout(() => {
        // A tab nobody is signed in to (say, halfway through signing in) is left where it is.
        if (!queryClient.getQueryData(currentUserQueryKey(trpc))) return;
        signOutLocally().catch((error: unknown) => {
          console.error('Signing out after another tab did failed', error);
          window.location.assign('/');
        });
      }),
    [queryClient, signOutLocally, trpc],
  );

  return null;
}
