import { OFFICERS_ACCESS_CACHE_MS } from '@kubemarket/shared';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

export type StaffAccess =
  | { status: 'checking' }
  | { status: 'granted' }
  | { status: 'denied' }
  | { status: 'failed'; error: { message: string }; retrying: boolean; retry: () => void };

/**
 * Whether the signed-in user may use the staff screens: the officers access check of the header's
 * Officers Panel entry (same query and cache as useOfficersAccess), with its loading and failure
 * told apart from a refusal so the page neither flashes a refusal nor hides an outage. The server
 * refuses every staff call to a customer anyway.
 */
export function useStaffAccess(): StaffAccess {
  const trpc = useTRPC();
  const access = useQuery(trpc.officers.checkAccess.queryOptions(undefined, { staleTime: OFFICERS_ACCESS_CACHE_MS, retry: false }));
  if (access.isPending) return { status: 'checking' };
  if (access.error) return { status: 'failed', error: access.error, retrying: access.isFetching, retry: () => void access.refetch() };
  return { status: access.data === true ? 'granted' : 'denied' };
}
