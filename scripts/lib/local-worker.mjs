// Starts the built app (SPA + Worker, as `pnpm deploy` ships it) locally under Miniflare/workerd
// with a migrated, seeded database.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';

/** Wrangler without the network: no metrics, no cf fetch, no update check (the banner asks the registry). */
export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  NO_D1_WARNING: 'true',
};

/** Written by `vite build` (@cloudflare/vite-plugin): points at the generated wrangler.json of the built Worker. */
const DEPLOY_POINTER = 'web/.wrangler/deploy/config.json';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: offlineEnv, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/**
 * The wrangler.json files `vite build` generated for the built Workers, or null: the app's (its
 * assets: web/dist/client) first, then the Workers it binds by script name (the notification hubs',
 * web/dist/kubemarket_hub, ADR 52).
 */
export function builtWorkerConfigs() {
  if (!existsSync(DEPLOY_POINTER)) return null;
  const { configPath, auxiliaryWorkers = [] } = JSON.parse(readFileSync(DEPLOY_POINTER, 'utf8'));
  const configs = [configPath, ...auxiliaryWorkers.map((worker) => worker.configPath)].map((path) => resolvePath(dirname(DEPLOY_POINTER), path));
  return configs.every((config) => existsSync(config)) ? configs.map((config) => relative(process.cwd(), config)) : null;
}

/** Builds the SPA and the Worker (`pnpm build`), with `env` added (`pnpm profile:page`: WEB_SOURCEMAP=1). */
export function buildApp(env = {}) {
  run('pnpm', ['--filter', '@kubemarket/web', 'build'], { env: { ...offlineEnv, ...env } });
}

/**
 * Applies the committed migrations to local D1 in persistTo and runs the idempotent seed
 * (scripts/seed.ts does both, recording the migrations as wrangler does). With
 * KUBEMARKET_SEEDED_STATE set to a directory prepared so, copies that instead: `pnpm test` seeds
 * one database and gives each server that needs one (the dev check, the browser tests) a copy.
 */
export function prepareDatabase(persistTo) {
  const template = process.env.DATABASE_URL ? undefined : process.env.KUBEMARKET_SEEDED_STATE;
  if (template) {
    cpSync(template, persistTo, { recursive: true });
    return;
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
 * Starts the built Worker and SPA with the hubs' Worker it binds (run `buildApp()` first), or the
 * Worker of another wrangler `config` (the bare hub of `pnpm bench:notifications`), on
 * 127.0.0.1:port in development mode,
 * with Miniflare (scripts/lib/serve-worker.mjs: no `wrangler dev` proxy in front), its state in
 * persistTo (its Durable Objects' in memory with `ephemeralDurableObjects`) and `vars` and
 * `secrets` added to its bindings, and with `databasePort` its D1 database open to the browser tests
 * there (serve-worker.mjs), and with `inspectorPort` its isolate open to a CPU profiler there
 * (`pnpm profile:worker`). Resolves once /healthz answers. The caller must `await stop()`.
 */
export async function startLocalWorker({ port, persistTo, vars = {}, secrets = {}, quiet = false, env = {}, config, ephemeralDurableObjects = false, databasePort, inspectorPort }) {
  const configs = config ? [config] : builtWorkerConfigs();
  if (!configs) throw new Error('No built app: run `pnpm build` first (it writes web/dist/client, web/dist/kubemarket and web/dist/kubemarket_hub).');
  const options = { configs, port, persistTo, quiet, ephemeralDurableObjects, databasePort, inspectorPort, vars: { ENVIRONMENT: 'development', ...vars } };
  const child = spawn(process.execPath, [join(import.meta.dirname, 'serve-worker.mjs'), JSON.stringify(options)], {
    // Its first line says where it listens ({ url, databaseUrl }); what Miniflare logs after it is
    // passed on unless quiet.
    stdio: ['ignore', 'pipe', 'inherit'],
    // Secrets go through the environment, not the command line that every local user can list.
    env: { ...offlineEnv, ...env, SERVE_WORKER_SECRETS: JSON.stringify(secrets) },
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const listening = new Promise((resolve) => {
    let found = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!found && line.startsWith('{"url":')) {
        found = true;
        resolve(JSON.parse(line));
      } else if (!quiet) console.log(line);
    });
  });
  const [{ databaseUrl }] = await Promise.race([
    Promise.all([listening, waitForHttp(`${url}/healthz`)]),
    exited.then((code) => {
      throw new Error(`The local Worker (serve-worker.mjs) exited early with ${code}`);
    }),
  ]);
  return {
    url,
    /** With `databasePort`: where the Worker's own database takes statements (serve-worker.mjs). */
    databaseUrl,
    /** The process group of the server and the workerd process it starts (it was started detached). */
    processGroup: child.pid,
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

/**
 * Starts the local API gateway of simulated clusters (scripts/lib/kube-gateway.mjs, ADR 32) in a
 * process of its own, in front of the Worker at `upstream`, with a secret generated for this run.
 * Give the Worker `KUBE_GATEWAY_URL: url` and `KUBE_GATEWAY_SECRET: secret`. The caller must `stop()`.
 */
export async function startKubeGatewayProcess({ upstream, port = 0 }) {
  const secret = randomBytes(32).toString('base64url');
  const child = spawn(process.execPath, [join(import.meta.dirname, 'kube-gateway.mjs'), JSON.stringify({ port, upstream })], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, KUBE_GATEWAY_SECRET: secret },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([first]) => first),
    exited.then((code) => {
      throw new Error(`The kube gateway (kube-gateway.mjs) exited early with ${code}`);
    }),
  ]);
  return {
    url: JSON.parse(line).url,
    secret,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * CPU time (ms, user and system) used so far by the processes of a process group whose command is
 * `name` (Linux /proc; null elsewhere): what the local workerd processes cost a benchmark.
 */
export function processGroupCpuMs(processGroup, name = 'workerd') {
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  // Linux counts in clock ticks of 10 ms (USER_HZ 100).
  const msPerTick = 10;
  let ticks = 0;
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: the command may hold spaces, so fields are read after its ')'.
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (command !== name || Number(fields[2]) !== processGroup) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * msPerTick;
}
