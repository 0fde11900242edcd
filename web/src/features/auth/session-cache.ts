import { hashKey } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { currentUserQueryKey } from './current-user-query';

function isCurrentUserQuery(trpc: Trpc) {
  const currentUserHash = hashKey(currentUserQueryKey(trpc));
  return (query: { queryHash: string }) => query.queryHash === currentUserHash;
}

/**
 * Puts `user` in as the current user once any check of the session still in flight is cancelled:
 * asked under the previous session (a sign-in page refreshing "nobody"), its answer would
 * otherwise arrive after the sign-in and put the previous user back.
 */
async function setCurrentUser(queryClient: QueryClient, trpc: Trpc, user: SessionUser | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey(trpc), exact: true });
  queryClient.setQueryData(currentUserQueryKey(trpc), user);
}

/**
 * Empties the whole cache and puts `user` in as the current user. The current-user entry is
 * overwritten rather than dropped and rebuilt, so the header and gates watching it switch at once.
 */
export async function resetSessionCache(queryClient: QueryClient, trpc: Trpc, user: SessionUser | null): Promise<void> {
  const isCurrentUser = isCurrentUserQuery(trpc);
  queryClient.removeQueries({ predicate: (query) => !isCurrentUser(query) });
  await setCurrentUser(queryClient, trpc, user);
}

/** A sign-in keeps public data (catalogue, version) but refetches everything against the new session. */
export async function startSessionCache(queryClient: QueryClient, trpc: Trpc, user: SessionUser): Promise<void> {
  const isCurrentUser = isCurrentUserQuery(trpc);
  await setCurrentUser(queryClient, trpc, user);
  void queryClient.invalidateQueries({ predicate: (query) => !isCurrentUser(query) });
}
