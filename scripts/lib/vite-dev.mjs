// Runs `vite dev` in web/: with @cloudflare/vite-plugin one process serves the SPA and runs the
// Worker in workerd on the same origin (web/vite.config.ts).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { offlineEnv, waitForHttp } from './local-worker.mjs';

/**
 * Starts Vite on localhost:port. `persistTo` is the local state directory (database) the Worker
 * uses, as prepared by prepareDatabase; the default is the one of `pnpm dev`. `kubeGateway`
 * ({ url, secret }) is the local API gateway of simulated clusters, when one runs (ADR 32).
 */
export function spawnViteDev({ port, persistTo, quiet = false, kubeGateway }) {
  // This process's Node binary, not the node_modules/.bin shell wrappers: signals reach Vite itself.
  return spawn(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), '--port', String(port), '--strictPort'], {
    cwd: 'web',
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: {
      ...offlineEnv,
      ...(persistTo ? { KUBEMARKET_DEV_STATE: resolve(persistTo) } : {}),
      // web/vite.config.ts gives them to the Worker (development only).
      ...(kubeGateway ? { KUBE_GATEWAY_URL: kubeGateway.url, KUBE_GATEWAY_SECRET: kubeGateway.secret } : {}),
    },
  });
}

/** Starts Vite and resolves once the Worker answers behind it. The caller must `await stop()`. */
export async function startViteDev({ port, persistTo, quiet = true, kubeGateway }) {
  const child = spawnViteDev({ port, persistTo, quiet, kubeGateway });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const url = `http://localhost:${port}`;
  await Promise.race([
    waitForHttp(`${url}/healthz`, 120_000),
    exited.then((code) => {
      throw new Error(`vite dev exited early with ${code}`);
    }),
  ]);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
