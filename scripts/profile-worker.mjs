// `pnpm profile:worker <path>…`: where the built Worker's isolate spends its time on a route under
// load (127.0.0.1 only, bounded in time). For each path: autocannon for a few seconds while V8's
// CPU profiler samples the Worker's isolate over the workerd inspector, then the functions with the
// most time of their own, in µs per request, and the .cpuprofile file (open it in Chrome DevTools,
// Performance tab). How ADR 44 and ADR 48 found what a list and a catalogue read cost. Not a test.
//
// Paths are the Worker's (`/api/clusters`, `/trpc/catalog.clusterTiers`); prefix one with `alice:`
// to send it as the signed-in demo customer, and `POST:` after that to POST the JSON after `=` with
// her CSRF token (`'alice:POST:/trpc/dev.notify={"message":"Profiled"}'`, the socket bench's publish).
// The isolate's heap, collected, is printed once the Worker answers and after each path (ADR 50).
// The profile counts wall-clock samples of the isolate's thread: on a busy machine every figure grows, so compare paths from the same run.
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

/** The isolate's V8 heap in use, after a full collection (what it keeps, not what it has yet to collect). */
async function heapMiB(inspector, origin) {
  const collected = inspector.send('HeapProfiler.collectGarbage');
  // workerd runs an inspector's collection when the isolate is next entered: a request enters it.
  await fetch(`${origin}/healthz`);
  await collected;
  const { usedSize, totalSize } = await inspector.send('Runtime.getHeapUsage');
  return `${(usedSize / 2 ** 20).toFixed(1)} MiB used of ${(totalSize / 2 ** 20).toFixed(1)} MiB`;
}

/** `text` split at the first `separator`: [before, after], after undefined when there is none. */
function splitOnce(text, separator) {
  const index = text.indexOf(separator);
  return index < 0 ? [text, undefined] : [text.slice(0, index), text.slice(index + 1)];
}

if (!process.env.BENCH_SKIP_BUILD) buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-profile-'));
const out = mkdtempSync(join(tmpdir(), 'kubemarket-profiles-'));
prepareDatabase(persistTo);
const started = performance.now();
const worker = await startLocalWorker({ port, persistTo, quiet: true, inspectorPort: port + 1 });
const startMs = performance.now() - started;
try {
  const alice = await devSession(worker.url, 'alice');
  const load = (path, options, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `${worker.url}${path}`, ...options, connections: CONNECTIONS, duration }, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const inspector = await inspect(port + 1, 'kubemarket');
  await inspector.send('Profiler.enable');
  // V8 samples every 1,000 µs by default: coarser than one request. A sample every INTERVAL_US
  // attributes a request's time to its functions rather than to whichever one a tick landed on.
  await inspector.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await inspector.send('HeapProfiler.enable');
  console.log(`Worker answering after ${startMs.toFixed(0)} ms; isolate heap after one sign-in: ${await heapMiB(inspector, worker.url)}`);
  for (const spec of paths) {
    const signedIn = spec.startsWith('alice:');
    const request = signedIn ? spec.slice('alice:'.length) : spec;
    const post = request.startsWith('POST:');
    const [path, body] = post ? splitOnce(request.slice('POST:'.length), '=') : [request, undefined];
    const headers = {
      ...(signedIn ? { Cookie: alice.cookie } : {}),
      ...(post ? { 'Content-Type': 'application/json', Origin: worker.url, 'X-CSRF-Token': alice.csrf } : {}),
    };
    const options = { headers, method: post ? 'POST' : 'GET', body };
    await load(path, options, 2);
    await inspector.send('Profiler.start');
    const result = await load(path, options, SECONDS);
    const { profile } = await inspector.send('Profiler.stop');
    if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const file = join(out, `${spec.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const times = selfTimes(profile, result.requests.total);
    const busy = times.reduce((sum, [, micros]) => sum + micros, 0);
    console.log(`\n${spec}: ${(result.requests.total / result.duration).toFixed(0)} req/s, p99 ${result.latency.p99} ms, isolate busy ${busy.toFixed(0)} µs a request (${file})`);
    for (const [name, micros] of times.slice(0, 15)) console.log(`${micros.toFixed(0).padStart(7)} µs  ${name}`);
    console.log(`isolate heap after ${spec}: ${await heapMiB(inspector, worker.url)}`);
  }
  inspector.close();
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
