import { app } from './app';
import type { Env } from './env';
import { runScheduled } from './scheduled';

export { NotificationHub } from './notification-hub';
export { ClusterOperator } from './cluster-operator';
export { WebhookDispatcher } from './webhook-dispatcher';

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
