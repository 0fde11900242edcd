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
 * Empties the whole cache and puts `user` in as the current user. The current-user entry is
 * overwritten rather than dropped and rebuilt, so the header and gates watching it switch at once.
 */
export function resetSessionCache(queryClient: QueryClient, trpc: Trpc, user: SessionUser | null): void {
  const isCurrentUser = isCurrentUserQuery(trpc);
  queryClient.removeQueries({ predicate: (query) => !isCurrentUser(query) });
  queryClient.setQueryData(currentUserQueryKey(trpc), user);
}

/** A sign-in keeps public data (catalogue, version) but refetches everything against the new session. */
export function startSessionCache(queryClient: QueryClient, trpc: Trpc, user: SessionUser): void {
  const isCurrentUser = isCurrentUserQuery(trpc);
  queryClient.setQueryData(currentUserQueryKey(trpc), user);
  void queryClient.invalidateQueries({ predicate: (query) => !isCurrentUser(query) });
}
