import { app } from './app';
import type { Env } from './env';

export { NotificationHub } from './notification-hub';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
