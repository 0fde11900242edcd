// Serves the built app (the Worker and its SPA assets, as `pnpm deploy` ships them) on one port
// with Miniflare, in a process of its own: `startLocalWorker` (local-worker.mjs) starts it.
//
// Why not `wrangler dev`: wrangler puts a proxy Worker (in a second workerd) and Node hops in front
// of the Worker, for live reload and the interactive session a person uses. A test or benchmark
// needs none of that, and paid for it on every request (about 5 ms of CPU each, measured in ADR 24);
// worse, the proxy failed the requests the Worker answers before reading their body (an anonymous
// upload refused with 401 came back as 500 "Network connection lost", issue 29). Here the requests
// go straight to the Worker's own workerd. The Worker's options (bindings, Durable Objects, assets,
// compatibility) are read from the built wrangler.json by wrangler itself, as `wrangler dev` does.
//
// Usage: node serve-worker.mjs '<json>' with { configs, port, persistTo, vars, ephemeralDurableObjects,
// databasePort }: configs is the Worker's built wrangler.json, then those of the Workers it binds by
// script name, which run beside it as deployed (the notification hubs', ADR 52);
// ephemeralDurableObjects keeps Durable Objects' storage in memory, not in SQLite files under persistTo
// (a file descriptor or three per live object, which 10,000 hubs at once would exhaust). Secret
// bindings come as JSON in SERVE_WORKER_SECRETS. It prints one JSON line { url, databaseUrl } once the
// Worker answers, and stops on SIGTERM or SIGINT.
//
// databasePort: the served Worker's own D1 database for the browser tests (web/e2e/database.ts), on
// 127.0.0.1 only: POST { query, values, method: 'first' | 'run' } runs one statement through
// Miniflare's binding, in this workerd, one statement at a time beside the Worker's. A second
// process opening the same SQLite file instead (wrangler's platform proxy, as the tests did) took
// its lock while the Worker wrote, and the Worker's own statement then failed with SQLITE_BUSY: a
// 500 in the middle of another test (three browser tests failed so, one at a time, in CI).
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const { configs = [], port, persistTo, vars = {}, quiet = false, ephemeralDurableObjects = false, databasePort, inspectorPort } = JSON.parse(process.argv[2] ?? '{}');
if (configs.length === 0 || !port || !persistTo) throw new Error('serve-worker.mjs needs { configs, port, persistTo }');

/** wrangler's default module rules, for the files `vite build` wrote beside the entry (lazy chunks, imported text). */
const MODULE_TYPES = { '.js': 'ESModule', '.mjs': 'ESModule', '.cjs': 'CommonJS', '.txt': 'Text', '.html': 'Text', '.sql': 'Text', '.bin': 'Data', '.wasm': 'CompiledWasm' };

/** Every module of the built Worker, the entry first. */
function builtModules(entry) {
  const root = resolve(entry, '..');
  const files = readdirSync(root, { recursive: true }).map((file) => join(root, String(file)));
  const others = files.filter((file) => MODULE_TYPES[extname(file)] && file !== resolve(entry));
  return [resolve(entry), ...others].map((path) => ({ type: MODULE_TYPES[extname(path)], path }));
}

/** One built Worker's Miniflare options: its own, read from its wrangler.json, and its modules. */
function workerOf(config) {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config);
  const { modulesRules: _rules, ...options } = workerOptions;
  return {
    ...options,
    // The name a binding's script_name refers to (wrangler leaves it out of the options).
    name: options.name ?? JSON.parse(readFileSync(config, 'utf8')).name,
    modules: builtModules(main),
    modulesRoot: resolve(main, '..'),
    unsafeEphemeralDurableObjects: ephemeralDurableObjects,
  };
}
const [app, ...bound] = configs.map(workerOf);

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port,
    // No request to Cloudflare for a real `request.cf`: placeholder values, as `wrangler dev` offline.
    cf: false,
    // With inspectorPort: the Worker's isolate takes Chrome DevTools (and a CPU profiler) there.
    ...(inspectorPort === undefined ? {} : { inspectorPort }),
    // GET /cdn-cgi/local/scheduled?cron=<cron> runs the Worker's scheduled handler with that cron
    // (Miniflare's trigger endpoint, local only): browser tests run a cron for real, e.g. the hourly
    // metering and the budgets it alerts (web/e2e/budgets.e2e.test.ts).
    unsafeTriggerHandlers: true,
    // The same layout as `wrangler dev --persist-to`: a database prepared for one serves the other.
    resourcePersistencePath: resolve(persistTo, 'v3'),
    log: new Log(quiet ? LogLevel.WARN : LogLevel.INFO),
    workers: [
      {
        ...app,
        // Secrets (the kube gateway's) come through the environment, kept off the command line.
        bindings: { ...app.bindings, ...vars, ...JSON.parse(process.env.SERVE_WORKER_SECRETS || '{}') },
      },
      // The Workers the first binds by script name, as deployed: each in an isolate of its own.
      ...bound,
    ],
  }),
);
const url = await miniflare.ready;
const databaseUrl = databasePort === undefined ? undefined : await serveDatabase(databasePort);
console.log(JSON.stringify({ url: url.origin, databaseUrl }));

/** The database door of `databasePort` (see the header); resolves to its URL once it listens. */
async function serveDatabase(listenOn) {
  const db = await miniflare.getD1Database('DB');
  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'POST') throw new Error('POST { query, values, method } only');
      let body = '';
      for await (const chunk of request) body += chunk;
      const { query, values = [], method } = JSON.parse(body);
      if (method !== 'first' && method !== 'run') throw new Error(`method must be first or run, not ${method}`);
      const result = await db.prepare(query).bind(...values)[method]();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: result ?? null }));
    } catch (error) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error?.stack ?? error) }));
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(listenOn, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

async function stop() {
  await miniflare.dispose().catch(() => {});
  process.exit(0);
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
