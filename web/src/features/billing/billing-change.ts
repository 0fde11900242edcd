import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** A billing section's change: every billing answer read again once it is made, and a refusal shown as a notification. */
export function useBillingChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    refresh: () => queryClient.invalidateQueries(trpc.billing.pathFilter()),
    onError: (error: { message: string }) => notifications.show({ title: 'Error', message: error.message, color: 'red' }),
  };
}
