// `pnpm profile:worker <path>…`: where the built Worker's isolate spends its time on a route under
// load (127.0.0.1 only, bounded in time). For each path: autocannon for a few seconds while V8's
// CPU profiler samples the Worker's isolate over the workerd inspector, then the functions with the
// most time of their own, in µs per request, and the .cpuprofile file (open it in Chrome DevTools,
// Performance tab). How ADR 44 and ADR 48 found what a list and a catalogue read cost. Not a test.
//
// Paths are the Worker's (`/api/clusters`, `/trpc/catalog.clusterTiers`); prefix one with `alice:`
// to send it as the signed-in demo customer. The profile counts wall-clock samples of the isolate's
// thread: on a busy machine every figure grows, so compare paths from the same run.
//
// Env: PROFILE_SECONDS (default 6), PROFILE_CONNECTIONS (default 10), PROFILE_INTERVAL_US (V8's
// sampling interval, default 100), PROFILE_PORT (default 8796;
// its inspector on the next port), BENCH_SKIP_BUILD=1 (profile the web/dist already built).
/* global WebSocket -- Node 22+ has it (the repo runs Node 24) */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { devSession } from './lib/bench-client.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 100);
const port = Number(process.env.PROFILE_PORT ?? 8796);
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('Usage: pnpm profile:worker <path> [alice:<path>]…');
  process.exit(2);
}

/** A CPU profile's own time per function, in µs per request, busiest first. */
function selfTimes(profile, requests) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map();
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}${lineNumber >= 0 ? `:${lineNumber + 1}` : ''}`;
    own.set(key, (own.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...own].map(([name, micros]) => [name, micros / requests]).sort((a, b) => b[1] - a[1]);
}

/** One inspector session on the isolate of the Worker named `name`. */
async function inspect(inspectorPort, name) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((candidate) => candidate.title.endsWith(`core:user:${name}`));
  if (!target) throw new Error(`No inspector target for the Worker ${name}: ${targets.map((candidate) => candidate.title).join(', ')}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const pending = new Map();
  let nextId = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        nextId += 1;
        pending.set(nextId, resolve);
        socket.send(JSON.stringify({ id: nextId, method, params }));
      }),
    close: () => socket.close(),
  };
}

if (!process.env.BENCH_SKIP_BUILD) buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-profile-'));
const out = mkdtempSync(join(tmpdir(), 'kubemarket-profiles-'));
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port, persistTo, quiet: true, inspectorPort: port + 1 });
try {
  const alice = await devSession(worker.url, 'alice');
  const load = (path, headers, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `${worker.url}${path}`, headers, connections: CONNECTIONS, duration }, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const inspector = await inspect(port + 1, 'kubemarket');
  await inspector.send('Profiler.enable');
  // V8 samples every 1,000 µs by default: coarser than one request. A sample every INTERVAL_US
  // attributes a request's time to its functions rather than to whichever one a tick landed on.
  await inspector.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  for (const spec of paths) {
    const signedIn = spec.startsWith('alice:');
    const path = signedIn ? spec.slice('alice:'.length) : spec;
    const headers = signedIn ? { Cookie: alice.cookie } : {};
    await load(path, headers, 2);
    await inspector.send('Profiler.start');
    const result = await load(path, headers, SECONDS);
    const { profile } = await inspector.send('Profiler.stop');
    if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const file = join(out, `${spec.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const times = selfTimes(profile, result.requests.total);
    const busy = times.reduce((sum, [, micros]) => sum + micros, 0);
    console.log(`\n${spec}: ${(result.requests.total / result.duration).toFixed(0)} req/s, p99 ${result.latency.p99} ms, isolate busy ${busy.toFixed(0)} µs a request (${file})`);
    for (const [name, micros] of times.slice(0, 15)) console.log(`${micros.toFixed(0).padStart(7)} µs  ${name}`);
  }
  inspector.close();
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
