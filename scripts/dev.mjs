// `pnpm dev`: migrate and seed the local database, then run the Worker (wrangler dev, reloads on
// change) and the Vite dev server (hot module reload, proxies /api, /trpc and /ws to the Worker).
import { spawn } from 'node:child_process';
import { offlineEnv, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const persistTo = '.wrangler/state';
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: 8787, persistTo });
const vite = spawn('pnpm', ['--filter', '@kubemarket/web', 'exec', 'vite', '--port', '5173', '--strictPort'], {
  stdio: 'inherit',
  env: offlineEnv,
});

console.log('\n  KubeMarket is running at http://localhost:5173  (API worker: http://127.0.0.1:8787)\n');

const shutdown = async () => {
  vite.kill('SIGTERM');
  await worker.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
vite.on('exit', shutdown);
