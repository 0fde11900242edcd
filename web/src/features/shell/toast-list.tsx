import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT } from '@kubemarket/shared';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/** The toasts themselves (SPEC.md sections 4 and 9), rendered inside ToastRegion. */
export function ToastList() {
  return (
    <Notifications
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DEFAULT_DURATION_MS}
      allowDragDismiss={false}
      allowScrollDismiss={false}
      withinPortal={false}
      classNames={{ root: classes.root, notification: classes.notification }}
    />
  );
}
