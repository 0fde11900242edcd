import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { localStore, removeItems, sessionStore } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useTRPC } from '../../lib/trpc';
import { clearAuthStorage } from './auth-storage';
import { resetSessionCache } from './session-cache';

/**
 * Forgets the session in this tab: go to '/' first, so no signed-in page is still on screen to
 * remember itself as a redirect target when the user disappears, then drop the cache and the
 * storage items (docs/product/states.md#sign-in-and-sign-out).
 */
export function useSignOutLocally() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();

  return useCallback(async () => {
    await router.navigate({ to: '/' });
    await resetSessionCache(queryClient, trpc, null);
    clearAuthStorage([localStore(), sessionStore()]);
    // The next person to sign in here gets their own verification prompt.
    removeItems(sessionStore(), [STORAGE_KEYS.emailVerificationDismissed]);
  }, [queryClient, router, trpc]);
}
