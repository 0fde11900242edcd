import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The options of a change to accounts: once it is made, every staff-users answer is read again. */
export function useStaffUsersChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staffUsers.pathKey() }) };
}
