// `pnpm dev`: migrate and seed the local database, then run one `vite dev`: with
// @cloudflare/vite-plugin it serves the SPA (hot module reload) and runs the Worker in workerd
// (reloads on change) on the same origin, so /trpc, /api/*, /ws and every SPA path are answered
// by the Worker as in production (see web/vite.config.ts).
//
// Beside it, in this process, the local API gateway of simulated clusters (ADR 32) listens on
// https://127.0.0.1:6443 (KUBE_GATEWAY_PORT): kubeconfigs downloaded from the console point there,
// so `kubectl get nodes` lists a simulated cluster's nodes. Its secret is new at every start.
import { randomBytes } from 'node:crypto';
import { DEFAULT_KUBE_GATEWAY_PORT, startKubeGateway } from './lib/kube-gateway.mjs';
import { prepareDatabase, waitForHttp } from './lib/local-worker.mjs';
import { spawnViteDev } from './lib/vite-dev.mjs';

const APP_URL = 'http://localhost:5173';

// The state directory the plugin's miniflare uses by default (`persistState` in web/vite.config.ts).
prepareDatabase('.wrangler/state');

const secret = randomBytes(32).toString('base64url');
const gatewayPort = Number(process.env.KUBE_GATEWAY_PORT ?? DEFAULT_KUBE_GATEWAY_PORT);
const gateway = await startKubeGateway({ port: gatewayPort, upstream: APP_URL, secret, log: (line) => console.error(line) }).catch((error) => {
  // Another `pnpm dev` (or a real API server) holds the port: run without, and say so.
  console.error(`The local Kubernetes API gateway could not listen on 127.0.0.1:${gatewayPort} (${error.code ?? error.message}); simulated clusters' kubeconfigs will not answer. Set KUBE_GATEWAY_PORT to another port.`);
  return null;
});

const vite = spawnViteDev({ port: 5173, kubeGateway: gateway ? { url: gateway.url, secret } : undefined });

// Vite prints its own banner once listening; this line comes when the Worker answers too.
waitForHttp(`${APP_URL}/healthz`, 120_000).then(
  () => console.log(`\n  KubeMarket is running at ${APP_URL}${gateway ? `\n  Simulated clusters' Kubernetes API (kubectl): ${gateway.url}` : ''}\n`),
  (error) => console.error(error.message),
);

process.on('SIGINT', () => vite.kill('SIGINT'));
process.on('SIGTERM', () => vite.kill('SIGTERM'));
vite.on('exit', async (code, signal) => {
  await gateway?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
