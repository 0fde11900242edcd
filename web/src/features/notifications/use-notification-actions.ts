import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useNotificationQueryKeys } from './notification-queries';
import { NOTIFICATION_TOAST_TEXT as TEXT, notificationErrorToast, notificationSuccessToast } from './notification-toasts';

export function useNotificationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [listKey, countKey] = useNotificationQueryKeys();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: countKey })]);

  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: refresh,
      onError: (error) => notificationErrorToast(error, TEXT.markReadFailed),
    }),
  );
  const markAllRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notificationSuccessToast(TEXT.allMarkedRead);
      },
      onError: (error) => notificationErrorToast(error, TEXT.markAllFailed),
    }),
  );
  const trash = useMutation(
    trpc.notifications.trash.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notificationSuccessToast(TEXT.movedToTrash);
      },
      onError: (error) => notificationErrorToast(error, TEXT.trashFailed),
    }),
  );
  return { markRead, markAllRead, trash };
}
