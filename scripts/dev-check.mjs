// `pnpm test:dev` (part of `pnpm test`): starts `vite dev` the way `pnpm dev` does, on a throwaway
// seeded database and port 5174, and runs web/e2e/*.dev.test.ts against it: the Worker answers
// every SPA path with the csrf-token filled in, the API and /ws sit beside it, and pages render
// in Chromium under the development CSP, and a simulated cluster's kubeconfig answers through the
// local API gateway. Then stops it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { offlineEnv, prepareDatabase, startKubeGatewayProcess } from './lib/local-worker.mjs';
import { startViteDev } from './lib/vite-dev.mjs';

ensureChromium();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-dev-check-'));
prepareDatabase(persistTo);
const port = Number(process.env.DEV_CHECK_PORT ?? 5174);
// As `pnpm dev` starts it, on a free port here (a running `pnpm dev` may hold 6443): its own process,
// since spawnSync below blocks this one.
const kubeGateway = await startKubeGatewayProcess({ upstream: `http://localhost:${port}` });
const vite = await startViteDev({ port, persistTo, kubeGateway });
let status;
try {
  const result = spawnSync('vitest', ['run', '--config', 'web/e2e/vitest.dev.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...offlineEnv, E2E_BASE_URL: vite.url },
  });
  status = result.status ?? 1;
} finally {
  await vite.stop();
  await kubeGateway.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);
