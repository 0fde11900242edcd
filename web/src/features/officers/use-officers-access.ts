import { OFFICERS_ACCESS_CACHE_MS } from '@kubemarket/shared';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';

/**
 * docs/product/roles.md and docs/product/calls.md: whether to offer the Officers Panel. Asked only when signed in, never
 * retried, cached 5 minutes; anything but a plain `true` hides the entry.
 */
export function useOfficersAccess(): boolean {
  const trpc = useTRPC();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const access = useQuery(
    trpc.officers.checkAccess.queryOptions(undefined, {
      enabled: signedIn,
      staleTime: OFFICERS_ACCESS_CACHE_MS,
      retry: false,
    }),
  );
  return signedIn && access.data === true;
}
