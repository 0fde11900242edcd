// First, before anything imports the cluster PKI: @peculiar/x509 resolves its algorithms through
// tsyringe, which throws as its module is evaluated unless the Reflect metadata polyfill is
// installed. The PKI and the kubeconfig readers are imported on first use (ADR 50), and the build
// puts the library in a chunk of its own that is evaluated before the importing module's own
// `import 'reflect-metadata'` runs: every kubeconfig and provisioning failed so, in the built
// Worker only (the browser tests caught it). Installed here, it is there before any chunk loads.
import 'reflect-metadata';
import { app } from './app';
import type { Env } from './env';
import { runScheduled } from './scheduled';

export { ClusterOperator } from './cluster-operator';
export { WebhookDispatcher } from './webhook-dispatcher';

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
