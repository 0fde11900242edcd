// Browser tests: build the app (SPA + Worker), serve the build with Miniflare on a fresh seeded
// database, run web/e2e in Debian's chromium through playwright-core (files in parallel, see
// web/e2e/vitest.config.ts), stop the Worker.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { buildApp, offlineEnv, prepareDatabase, startKubeGatewayProcess, startLocalWorker } from './lib/local-worker.mjs';

ensureChromium();

const passthrough = process.argv.slice(2);
if (!process.env.E2E_SKIP_BUILD) buildApp();

const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-e2e-'));
prepareDatabase(persistTo);
const port = Number(process.env.E2E_PORT ?? 8799);
// The simulator builds clusters 30 times faster than real (two to three minutes become a few seconds),
// so a browser test watches a whole provisioning; the steps and their order stay the real ones.
// The fake cloud providers (issue 16) run in a process of their own (spawnSync below blocks this
// one); the Worker reaches them through CLOUD_BASE_URLS, the tests get their credentials in E2E_FAKE_CLOUDS.
// CLOUD_TIMEOUT_MS (development only) makes a provider that never answers time out in 3 s, not 10.
const fakeClouds = spawn(process.execPath, ['scripts/lib/fake-clouds.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [fakeCloudsLine] = await once(createInterface({ input: fakeClouds.stdout }), 'line');
process.on('exit', () => fakeClouds.kill('SIGTERM'));
// The local API gateway of simulated clusters (ADR 32), in a process of its own too, on a free port:
// kubeconfigs the tests download point at it, and kubectl (or Node) reads the cluster through it.
const kubeGateway = await startKubeGatewayProcess({ upstream: `http://127.0.0.1:${port}`, port: Number(process.env.E2E_KUBE_GATEWAY_PORT ?? 0) });
process.on('exit', () => kubeGateway.stop());
const worker = await startLocalWorker({
  port,
  persistTo,
  quiet: true,
  // PASSWORD_HASH_COST=test: scrypt at its cheap test cost (development only), as in the workerd tests.
  vars: {
    PROVISIONER_SPEED: '15',
    PASSWORD_HASH_COST: 'test',
    CLOUD_BASE_URLS: JSON.stringify(JSON.parse(fakeCloudsLine).baseUrls),
    CLOUD_TIMEOUT_MS: '3000',
    KUBE_GATEWAY_URL: kubeGateway.url,
  },
  secrets: { KUBE_GATEWAY_SECRET: kubeGateway.secret },
  // The tests' door to the Worker's own database, on a free port (web/e2e/database.ts).
  databasePort: 0,
});
// `pnpm test` starts this script while the unit tier still runs, so the database, the fake clouds
// and the Worker are ready when it ends; it creates E2E_START_WHEN's file to let the tests begin.
if (process.env.E2E_START_WHEN) {
  const parent = process.ppid;
  while (!existsSync(process.env.E2E_START_WHEN)) {
    // `pnpm test` died without letting the tests go: stop the Worker rather than wait forever.
    if (process.ppid !== parent) {
      await worker.stop();
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
let status;
try {
  const result = spawnSync('vitest', ['run', '--config', 'web/e2e/vitest.config.ts', ...passthrough], {
    stdio: 'inherit',
    env: { ...offlineEnv, E2E_BASE_URL: worker.url, E2E_FAKE_CLOUDS: fakeCloudsLine, E2E_DATABASE_URL: worker.databaseUrl },
  });
  status = result.status ?? 1;
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(status);
