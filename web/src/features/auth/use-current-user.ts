import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { currentUserQueryOptions } from './current-user-query';

export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery(currentUserQueryOptions(trpc));
}
