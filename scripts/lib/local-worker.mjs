// Starts the Worker locally under wrangler/workerd with a migrated, seeded database.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_D1_WARNING: 'true',
};

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: offlineEnv, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Applies the committed migrations to local D1 in persistTo and runs the idempotent seed. */
export function prepareDatabase(persistTo) {
  if (!process.env.DATABASE_URL) {
    run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
  }
  run('tsx', ['scripts/seed.ts', '--persist-to', persistTo]);
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts `wrangler dev` on 127.0.0.1:port in development mode. Resolves once /healthz answers.
 * The caller must `await stop()`.
 */
export async function startLocalWorker({ port, persistTo, extraArgs = [], quiet = false }) {
  mkdirSync('web/dist', { recursive: true });
  const child = spawn(
    'wrangler',
    [
      'dev',
      '--ip', '127.0.0.1',
      '--port', String(port),
      '--persist-to', persistTo,
      '--var', 'ENVIRONMENT:development',
      '--show-interactive-dev-session=false',
      ...extraArgs,
    ],
    { stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit', env: offlineEnv, detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHttp(`${url}/healthz`),
    exited.then((code) => {
      throw new Error(`wrangler dev exited early with ${code}`);
    }),
  ]);
  return {
    url,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
