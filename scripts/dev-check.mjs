// `pnpm test:dev` (part of `pnpm test`): starts `vite dev` the way `pnpm dev` does, on a throwaway
// seeded database and port 5174, and runs web/e2e/*.dev.test.ts against it: the Worker answers
// every SPA path with the csrf-token filled in, the API and /ws sit beside it, and pages render
// in Chromium under the development CSP. Then stops it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { offlineEnv, prepareDatabase } from './lib/local-worker.mjs';
import { startViteDev } from './lib/vite-dev.mjs';

ensureChromium();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-dev-check-'));
prepareDatabase(persistTo);
const vite = await startViteDev({ port: Number(process.env.DEV_CHECK_PORT ?? 5174), persistTo });
let status;
try {
  const result = spawnSync('vitest', ['run', '--config', 'web/e2e/vitest.dev.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...offlineEnv, E2E_BASE_URL: vite.url },
  });
  status = result.status ?? 1;
} finally {
  await vite.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);
