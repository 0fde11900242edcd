// `pnpm dev`: migrate and seed the local database, then run one `vite dev`: with
// @cloudflare/vite-plugin it serves the SPA (hot module reload) and runs the Worker in workerd
// (reloads on change) on the same origin, so /trpc, /api/*, /ws and every SPA path are answered
// by the Worker as in production (see web/vite.config.ts).
import { prepareDatabase, waitForHttp } from './lib/local-worker.mjs';
import { spawnViteDev } from './lib/vite-dev.mjs';

const APP_URL = 'http://localhost:5173';

// The state directory the plugin's miniflare uses by default (`persistState` in web/vite.config.ts).
prepareDatabase('.wrangler/state');

const vite = spawnViteDev({ port: 5173 });

// Vite prints its own banner once listening; this line comes when the Worker answers too.
waitForHttp(`${APP_URL}/healthz`, 120_000).then(
  () => console.log(`\n  KubeMarket is running at ${APP_URL}\n`),
  (error) => console.error(error.message),
);

process.on('SIGINT', () => vite.kill('SIGINT'));
process.on('SIGTERM', () => vite.kill('SIGTERM'));
vite.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
