import { notifications } from '@mantine/notifications';

/** docs/product/errors.md#notifications, word for word. */
export const NOTIFICATION_TOAST_TEXT = {
  errorTitle: 'Error',
  markReadFailed: 'Failed to mark notification as read',
  markAllFailed: 'Failed to mark all notifications as read',
  trashFailed: 'Failed to move notification to trash',
  allMarkedRead: 'All notifications marked as read',
  movedToTrash: 'Notification moved to trash',
} as const;

const SUCCESS_MS = 3000;

export function notificationErrorToast(error: unknown, fallback: string) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  notifications.show({ title: NOTIFICATION_TOAST_TEXT.errorTitle, message, color: 'red' });
}

export function notificationSuccessToast(message: string) {
  notifications.show({ message, color: 'green', autoClose: SUCCESS_MS });
}
