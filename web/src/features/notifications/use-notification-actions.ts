import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useRefreshNotifications } from './notification-queries';
import { NOTIFICATION_TOAST_TEXT as TEXT, notificationErrorToast, notificationSuccessToast } from './notification-toasts';

export function useNotificationActions() {
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();

  /** A change's outcome: the list and the count read again, then `done` said (if any); a failure says `failed`. */
  const outcome = (done: string | null, failed: string) => ({
    onSuccess: async () => {
      await refresh();
      if (done) notificationSuccessToast(done);
    },
    onError: (error: unknown) => notificationErrorToast(error, failed),
  });

  const markRead = useMutation(trpc.notifications.markRead.mutationOptions(outcome(null, TEXT.markReadFailed)));
  const markAllRead = useMutation(trpc.notifications.markAllRead.mutationOptions(outcome(TEXT.allMarkedRead, TEXT.markAllFailed)));
  const trash = useMutation(trpc.notifications.trash.mutationOptions(outcome(TEXT.movedToTrash, TEXT.trashFailed)));
  return { markRead, markAllRead, trash };
}
