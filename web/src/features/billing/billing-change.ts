import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** A billing section's change: every billing answer read again once it is made, what changed and a refusal shown as notifications. */
export function useBillingChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(trpc.billing.pathFilter());
  return {
    refresh,
    onError: (error: { message: string }) => notifications.show({ title: 'Error', message: error.message, color: 'red' }),
    /** A change made: the billing answers read again, and what changed said in a green notification (none when null). */
    done: (message: string | null) => {
      void refresh();
      if (message) notifications.show({ message, color: 'green' });
    },
  };
}
