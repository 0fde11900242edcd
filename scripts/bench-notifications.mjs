// `pnpm bench:notifications`: opens SOCKETS WebSockets for one user on the local Worker
// (127.0.0.1 only), publishes MESSAGES notifications, and prints delivery latency p50/p99 and
// lost messages, against a baseline of one socket measured in the same run. Not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const DRAIN_MS = 5000;

// The Worker as it ships: the `vite build` output.
buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-bench-ws-'));
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo, quiet: true });
const origin = worker.url;

/** Signs in as the demo customer through the real API and returns cookie + CSRF token. */
async function signIn() {
  return signInWith('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026' });
}

/**
 * One more session of the same user (development sign-in, no password hashing): the Worker allows
 * at most 10 sockets per session, so the load opens one session per 10 sockets.
 */
async function extraSession() {
  return signInWith('/trpc/dev.login', { username: 'alice' });
}

async function signInWith(path, body) {
  const cookies = new Map();
  const keep = (res) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return res.headers.get('X-CSRF-Token');
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let csrf = keep(await fetch(`${origin}/api/user`));
  const login = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': csrf, Cookie: cookieHeader() },
    body: JSON.stringify(body),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  csrf = keep(login);
  return { cookie: cookieHeader(), csrf };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const SOCKETS_PER_SESSION = 10;

async function run(auth, socketCount) {
  const sessionsFor = [auth];
  while (sessionsFor.length * SOCKETS_PER_SESSION < socketCount) sessionsFor.push(await extraSession());
  const sentAt = new Map();
  // A message can arrive before the publishing call returns its id: keep arrivals, match after.
  const arrivals = [];
  const sockets = [];
  // Open in batches so the handshake burst stays within what one local workerd accepts quickly.
  for (let i = 0; i < socketCount; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(socketCount, i + 50); j += 1) {
      const session = sessionsFor[Math.floor(j / SOCKETS_PER_SESSION)];
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { Cookie: session.cookie, Origin: origin } });
      socket.on('message', (data) => {
        const now = performance.now();
        arrivals.push([JSON.parse(String(data)).notificationId, now]);
      });
      batch.push(new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      }));
      sockets.push(socket);
    }
    await Promise.all(batch);
  }
  for (let i = 0; i < MESSAGES; i += 1) {
    const started = performance.now();
    const res = await fetch(`${origin}/trpc/dev.notify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': auth.csrf, Cookie: auth.cookie },
      body: JSON.stringify({ type: 'info', message: `Benchmark notification ${i + 1}` }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`publish failed: ${res.status} ${JSON.stringify(body)}`);
    sentAt.set(body.result.data.id, started);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  for (const socket of sockets) socket.close();
  const latencies = arrivals.filter(([id]) => sentAt.has(id)).map(([id, at]) => at - sentAt.get(id));
  const received = latencies.length;
  latencies.sort((a, b) => a - b);
  return { sockets: socketCount, expected: socketCount * MESSAGES, received, lost: socketCount * MESSAGES - received, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

try {
  const auth = await signIn();
  const baseline = await run(auth, 1);
  const load = await run(auth, SOCKETS);
  console.log(`\n${MESSAGES} notifications published ${GAP_MS} ms apart, one user, wrangler dev on ${origin}\n`);
  console.log('sockets   delivered / expected   lost   p50 ms   p99 ms   p50 vs 1 socket   p99 vs 1 socket');
  for (const row of [baseline, load]) {
    console.log(
      `${String(row.sockets).padStart(7)}   ${String(row.received).padStart(9)} / ${String(row.expected).padEnd(8)}   ${String(row.lost).padStart(4)}` +
        `   ${row.p50.toFixed(1).padStart(6)}   ${row.p99.toFixed(1).padStart(6)}   ${(row.p50 / baseline.p50).toFixed(2).padStart(14)}x   ${(row.p99 / baseline.p99).toFixed(2).padStart(14)}x`,
    );
  }
  if (load.lost > 0 || baseline.lost > 0) process.exitCode = 1;
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
