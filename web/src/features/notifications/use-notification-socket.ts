import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../auth';
import { useRefreshNotifications } from './notification-queries';
import { emitClusterProgress, emitReconnect } from './realtime-events';

/** Connects /ws while signed in; a message for this user refreshes both notification queries. */
export function useNotificationSocket(): void {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const refresh = useRefreshNotifications();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    // The socket's code (and zod, which checks its messages) loads once the page is up, in a task
    // of its own, instead of with the header on every console page's first load.
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    import('./notification-socket').then(({ connectNotificationSocket, socketUrl }) => {
      if (cancelled) return;
      disconnect = connectNotificationSocket({
        url: socketUrl(window.location),
        userId,
        onNotification: () => {
          void refresh();
        },
        onClusterProgress: emitClusterProgress,
        onReconnect: () => {
          // Notifications that arrived while the socket was down are read again, like cluster steps.
          void refresh();
          emitReconnect();
        },
      });
    }, () => {
      // Its chunk did not load (offline, or a deploy replaced the tab's assets): no live updates in
      // this tab, but both notification queries still poll every 10 s, so nothing is missed.
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
    // The keys are stable for the life of the tRPC client; reconnect only when the user changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, queryClient]);
}
