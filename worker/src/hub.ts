// The notification hub's own Worker script, `kubemarket-hub` (wrangler.hub.toml, ADR 52): it
// exports the NotificationHub Durable Object class and nothing else, and the app's Worker binds
// it by script name. A Durable Object runs in an isolate of its own script, so a hub's isolate
// loads these few KB, not the app's 2 MB bundle, and collects the garbage of its sends in a heap of
// a few MB instead of the app's 40 MB; a hub woken from hibernation starts as quickly.
import type { Env } from './env';

export { NotificationHub } from './notification-hub';

export default {
  /** Nothing is served on the script's own URL: the app reaches its hubs through the Durable Object binding only. */
  fetch() {
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
