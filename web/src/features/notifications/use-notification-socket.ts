import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../auth';
import { connectNotificationSocket, socketUrl } from './notification-socket';
import { useNotificationQueryKeys } from './notification-queries';
import { emitClusterProgress, emitReconnect } from './realtime-events';

/** Connects /ws while signed in; a message for this user refreshes both notification queries. */
export function useNotificationSocket(): void {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [listKey, countKey] = useNotificationQueryKeys();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    return connectNotificationSocket({
      url: socketUrl(window.location),
      userId,
      onNotification: () => {
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: countKey });
      },
      onClusterProgress: emitClusterProgress,
      onReconnect: () => {
        // Notifications that arrived while the socket was down are read again, like cluster steps.
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: countKey });
        emitReconnect();
      },
    });
    // The keys are stable for the life of the tRPC client; reconnect only when the user changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, queryClient]);
}
