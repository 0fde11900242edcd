export { NotificationBell } from './notification-bell';
export { useNotificationList } from './notification-queries';
export { notificationTime } from './notification-time';
export { subscribeClusterProgress, subscribeReconnect } from './realtime-events';
export type { ClusterProgressMessage } from './notification-socket';
