import { NOTIFICATION_POLL_MS } from '@kubemarket/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';

/** docs/product/calls.md#endpoints: both polled every 10 s, not in the background, only when signed in. */
const POLLING = { refetchInterval: NOTIFICATION_POLL_MS, refetchIntervalInBackground: false } as const;

export function useNotificationList() {
  const trpc = useTRPC();
  const { data: user } = useCurrentUser();
  return useQuery(trpc.notifications.list.queryOptions(undefined, { ...POLLING, enabled: Boolean(user) }));
}

export function useUnreadCount() {
  const trpc = useTRPC();
  const { data: user } = useCurrentUser();
  return useQuery(trpc.notifications.count.queryOptions(undefined, { ...POLLING, enabled: Boolean(user) }));
}

/** Both notification queries, for a refresh after a socket message or a mutation. */
export function useNotificationQueryKeys() {
  const trpc = useTRPC();
  return [trpc.notifications.list.queryKey(), trpc.notifications.count.queryKey()] as const;
}

/** Reads both notification queries again, the list and the unread count: after a socket message or a mutation. */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  const [listKey, countKey] = useNotificationQueryKeys();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: countKey })]);
}
