export { NotificationBell } from './notification-bell';
export { useNotificationList } from './notification-queries';
export { notificationTime } from './notification-time';
