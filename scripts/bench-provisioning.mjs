// `pnpm bench:provisioning`: orders and pays BENCH_CLUSTERS (50) small clusters at once on the
// local Worker (127.0.0.1 only) with the simulator at BENCH_SPEED (200), watches their
// provisioning over one WebSocket, and prints the time until all are running and the
// `cluster_progress` messages lost, against one cluster provisioned alone in the same run.
// Not a test: it exits non-zero on a lost message, a failed cluster or the global timeout.
// BENCH_SKIP_BUILD=1 reuses the last build.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@kubemarket/sdk';
import WebSocket from 'ws';
import { devSession, percentile, sortedNumbers } from './lib/bench-client.mjs';
import { buildApp, offlineEnv, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? 50);
const SPEED = Number(process.env.BENCH_SPEED ?? 200);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
const PAYMENT = process.env.BENCH_PAYMENT ?? 'card';
const PORT = Number(process.env.BENCH_PORT ?? 8798);
/** A file to write every socket message to, with its arrival time, for looking into a result. */
const DUMP = process.env.BENCH_DUMP;
/** How long a cluster the API reports running may still wait for its last socket message. */
const SOCKET_GRACE_MS = 5_000;
const POLL_MS = 2_000;

const ORGANIZATION = 'org_demo_globex';
const BILLING = { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' };
const CARD = { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Gabriel Roux' } };

if (!Number.isInteger(CLUSTERS) || CLUSTERS < 1 || CLUSTERS > 99) throw new Error('BENCH_CLUSTERS is 1 to 99 (with the baseline, one page of GET /api/clusters).');
if (!(SPEED > 0)) throw new Error('BENCH_SPEED must be a positive number.');
if (PAYMENT !== 'card' && PAYMENT !== 'bank_transfer') throw new Error('BENCH_PAYMENT is card or bank_transfer.');
// The quota and rate-limit changes below are for a throwaway database only.
if (process.env.DATABASE_URL) throw new Error('bench:provisioning runs on a throwaway local D1: unset DATABASE_URL.');

/** SQL on the throwaway local D1, before the Worker opens it. */
function executeSql(persistTo, sql) {
  const result = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql], { stdio: ['ignore', 'ignore', 'inherit'], env: offlineEnv });
  if (result.status !== 0) throw new Error(`wrangler d1 execute exited with ${result.status}`);
}

if (!process.env.BENCH_SKIP_BUILD) buildApp();
const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-bench-provisioning-'));
let worker = null;
let socket = null;
let timedOut = false;
let timer = null;

/** What the run has measured so far: printed at the end, or when the global timeout strikes. */
const state = {
  phase: 'starting',
  /** Every socket message: parsed body, arrival (wall clock, comparable with server times) and performance.now(). */
  messages: [],
  socketClosed: null,
  /** Batches in the order they ran: { label, started, clusters: Map<clusterId, { name, orderId, readyAt, failed }> }. */
  batches: [],
};

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : 'n/a');

try {
  prepareDatabase(persistTo);
  // One organisation may run 20 clusters and 200 nodes, place 60 orders and pay 30 per hour, and
  // Globex may owe €20,000 by bank transfer. The bench needs more of each: the quota is raised, the
  // credit limit lifted, and the current hourly windows of the two rate limits start CLUSTERS + 1
  // below zero (a window's count only goes up until it restarts).
  const now = Date.now();
  const credit = -(CLUSTERS + 1);
  executeSql(
    persistTo,
    `UPDATE organizations SET max_clusters = 1000, max_nodes = 10000, credit_limit_cents = NULL WHERE id = '${ORGANIZATION}'; ` +
      `INSERT INTO rate_limits (key, window_start, count) VALUES ('orders:create:org:${ORGANIZATION}', ${now}, ${credit}), ('orders:pay:org:${ORGANIZATION}', ${now}, ${credit}) ` +
      'ON CONFLICT(key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count;',
  );
  console.log(
    `\nThrowaway database ${persistTo}: Globex quota raised to 1000 clusters and 10000 nodes (seeded: 20 and 200), its credit limit lifted; ` +
      `its hourly order (60) and payment (30) rate limits credited with ${CLUSTERS + 1} more.`,
  );

  worker = await startLocalWorker({ port: PORT, persistTo, quiet: true, vars: { PROVISIONER_SPEED: String(SPEED) } });
  const origin = worker.url;

  // The clock starts once the Worker is up: the build and the database setup are not measured.
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`global timeout of ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
  });
  await Promise.race([measure(origin), timeout]);
} catch (error) {
  process.exitCode = 1;
  console.error(`\nbench:provisioning stopped during "${state.phase}": ${error instanceof Error ? error.message : String(error)}`);
  report(null);
} finally {
  clearTimeout(timer);
  socket?.terminate();
  await worker?.stop();
  rmSync(persistTo, { recursive: true, force: true });
  if (DUMP) writeFileSync(DUMP, JSON.stringify({ batches: state.batches.map((batch) => ({ ...batch, clusters: Object.fromEntries(batch.clusters) })), messages: state.messages }));
}
// Requests still in flight when the timeout struck would keep the process alive.
if (timedOut) process.exit(1);

async function measure(origin) {
  state.phase = 'signing in';
  // The development sign-in: no password hashing in the way of the measurement.
  const auth = await devSession(origin, 'gabriel');
  // The typed SDK with the session's cookie and CSRF token (a non-2xx answer throws its code and request id).
  const api = createClient({ baseUrl: origin, headers: { Cookie: auth.cookie, 'X-CSRF-Token': auth.csrf, Origin: origin } });

  state.phase = 'opening the socket';
  socket = await openSocket(origin, auth);

  const versions = await api.GET('/api/catalog/kubernetes-versions');
  const version = versions.find((entry) => entry.isDefault)?.version ?? '1.37';

  state.phase = 'baseline: one cluster';
  await provision(api, 'alone', ['bench-alone']);
  state.phase = `${CLUSTERS} clusters at once`;
  await provision(
    api,
    'at once',
    Array.from({ length: CLUSTERS }, (_, index) => `bench-${String(index + 1).padStart(3, '0')}`),
  );

  state.phase = 'confirming over REST';
  const running = await api.GET('/api/clusters', { params: { query: { status: 'running', pageSize: 100 } } });
  const details = new Map();
  const ids = state.batches.flatMap((batch) => [...batch.clusters.keys()]);
  await Promise.all(ids.map(async (id) => details.set(id, await api.GET('/api/clusters/{id}', { params: { path: { id } } }))));
  await pause(500); // a message published after the last poll still has time to land
  report({ running, details });

  async function provision(client, label, names) {
    const batch = { label, started: NaN, clusters: new Map() };
    state.batches.push(batch);
    const orders = await Promise.all(
      names.map(async (name) => {
        const order = await client.POST('/api/orders', {
          params: { header: { 'Idempotency-Key': randomUUID() } },
          body: {
            lines: [{ kind: 'cluster', name, tierId: 'tier_devtest', regionId: 'fr-par-1', kubernetesVersion: version, nodePools: [{ name: 'default', flavorId: 'gp-2-4', count: 2 }] }],
            billing: BILLING,
          },
        });
        return { name, orderId: order.id };
      }),
    );
    batch.started = performance.now();
    await Promise.all(
      orders.map(async ({ name, orderId }) => {
        const paid = await client.POST('/api/orders/{id}/pay', {
          params: { path: { id: orderId }, header: { 'Idempotency-Key': randomUUID() } },
          body: { method: PAYMENT === 'card' ? CARD : { kind: 'bank_transfer' } },
        });
        const clusterId = paid.order?.createdClusterId;
        if (!['succeeded', 'invoiced'].includes(paid.result) || !clusterId) throw new Error(`paying ${name}: ${paid.result} ${paid.reason ?? ''}`);
        batch.clusters.set(clusterId, { name, orderId, readyAt: null, failed: null });
        settleFromMessages(batch);
      }),
    );
    // The socket says when each cluster is ready; the API is polled only to notice a message
    // that never comes (then the cluster is running but the wait would never end).
    let lastPoll = 0;
    const terminalSince = new Map();
    for (;;) {
      settleFromMessages(batch);
      const pending = [...batch.clusters].filter(([, cluster]) => cluster.readyAt === null && cluster.failed === null);
      if (pending.length === 0) return;
      if (performance.now() - lastPoll >= POLL_MS) {
        lastPoll = performance.now();
        const page = await client.GET('/api/clusters', { params: { query: { q: 'bench-', pageSize: 100 } } });
        for (const item of page.items) {
          if (!batch.clusters.has(item.id) || !['running', 'failed'].includes(item.status)) continue;
          if (!terminalSince.has(item.id)) terminalSince.set(item.id, performance.now());
        }
      }
      if (pending.every(([id]) => terminalSince.has(id) && performance.now() - terminalSince.get(id) > SOCKET_GRACE_MS)) return;
      await pause(20);
    }
  }
}

/** Marks the batch's clusters whose operation the socket reported ended. */
function settleFromMessages(batch) {
  for (const { body, perf } of state.messages) {
    if (body.type !== 'cluster_progress') continue;
    const cluster = batch.clusters.get(body.clusterId);
    if (!cluster || body.operation.type !== 'provision') continue;
    if (body.operation.status === 'succeeded' && cluster.readyAt === null) cluster.readyAt = perf;
    if (body.operation.status === 'failed' && cluster.failed === null) cluster.failed = body.operation.error ?? 'failed';
  }
}

function openSocket(origin, auth) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { Cookie: auth.cookie, Origin: origin } });
    ws.on('message', (data) => {
      const arrived = Date.now();
      const perf = performance.now();
      state.messages.push({ body: JSON.parse(String(data)), arrived, perf });
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    // A socket that closes mid-run would lose every later message: say so rather than reconnect.
    ws.on('close', (code, reason) => {
      state.socketClosed ??= `${code} ${String(reason)}`;
    });
  });
}

/** Prints the figures; `confirmed` is null when the run stopped early (timeout, error). */
function report(confirmed) {
  const progress = state.messages.filter(({ body }) => body.type === 'cluster_progress');
  const notifications = state.messages.filter(({ body }) => body.type === 'notification').length;
  const byOperation = new Map();
  for (const message of progress) {
    const { operation } = message.body;
    if (!byOperation.has(operation.id)) byOperation.set(operation.id, []);
    byOperation.get(operation.id).push(message);
  }

  console.log(`\nProvisioning benchmark: simulator at speed ${SPEED}, one WebSocket of gabriel (Globex), Miniflare (the built Worker) on 127.0.0.1:${PORT}`);
  console.log(`Each cluster: Dev/Test, fr-par-1, one pool of 2 × gp-2-4; paid by ${PAYMENT === 'card' ? 'sandbox card 4242' : 'bank transfer'}.\n`);

  const rows = [];
  let lost = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let expectedTotal = 0;
  let stuck = 0;
  let failed = 0;
  const stepLags = [];
  const changeLags = [];
  let estimateSum = NaN;
  for (const batch of state.batches) {
    const readyTimes = [];
    let batchLost = 0;
    let batchExpected = 0;
    for (const [clusterId, cluster] of batch.clusters) {
      if (cluster.readyAt !== null) readyTimes.push(cluster.readyAt - batch.started);
      const detail = confirmed?.details.get(clusterId);
      const operation = detail?.lastOperation ?? null;
      if (detail && detail.status !== 'running') stuck += 1;
      if (cluster.failed !== null || operation?.status === 'failed') failed += 1;
      // Without the REST answer (timeout), the highest revision seen stands in for the final one.
      const received = operation ? (byOperation.get(operation.id) ?? []) : progress.filter(({ body }) => body.clusterId === clusterId);
      const finalRevision = operation?.revision ?? Math.max(0, ...received.map(({ body }) => body.operation.revision));
      if (operation && Number.isNaN(estimateSum)) estimateSum = operation.steps.reduce((sum, step) => sum + step.estimateMs, 0);
      const distinct = new Set(received.map(({ body }) => body.operation.revision).filter((revision) => revision >= 1 && revision <= finalRevision));
      batchLost += finalRevision - distinct.size;
      batchExpected += finalRevision;
      duplicates += received.length - new Set(received.map(({ body }) => body.operation.revision)).size;
      let highest = 0;
      const seenSucceeded = new Set();
      for (const { body, arrived } of received) {
        if (body.operation.revision < highest) outOfOrder += 1;
        highest = Math.max(highest, body.operation.revision);
        changeLags.push(arrived - body.operation.updatedAt);
        for (const step of body.operation.steps) {
          if (step.status !== 'succeeded' || step.finishedAt === null || seenSucceeded.has(step.key)) continue;
          seenSucceeded.add(step.key);
          stepLags.push(arrived - step.finishedAt);
        }
      }
    }
    lost += batchLost;
    expectedTotal += batchExpected;
    const ready = sortedNumbers(readyTimes);
    const all = ready.length === batch.clusters.size && batch.clusters.size > 0 ? ready.at(-1) : NaN;
    rows.push({ label: batch.label, clusters: batch.clusters.size, ready: ready.length, all, p50: percentile(ready, 50), lost: batchLost, expected: batchExpected });
  }

  console.log('batch      clusters   ready   time to all ready   per cluster p50   messages expected   lost');
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(9)}  ${String(row.clusters).padStart(8)}   ${String(row.ready).padStart(5)}   ${ms(row.all).padStart(17)}   ${ms(row.p50).padStart(15)}   ${String(row.expected).padStart(17)}   ${String(row.lost).padStart(4)}`,
    );
  }
  const [alone, atOnce] = rows;
  if (alone && atOnce && Number.isFinite(alone.all) && Number.isFinite(atOnce.all)) {
    console.log(`\n${atOnce.clusters} at once vs 1 alone: ${(atOnce.all / alone.all).toFixed(2)}x the time to ready`);
  }
  if (Number.isFinite(estimateSum)) {
    console.log(`Sum of the step estimates at speed ${SPEED}: ${ms(estimateSum)} (${Math.round((estimateSum * SPEED) / 1000)} s at speed 1)`);
  }
  const steps = sortedNumbers(stepLags);
  const changes = sortedNumbers(changeLags);
  console.log(`\ncluster_progress messages: ${progress.length} received, ${expectedTotal} revisions expected, lost ${lost}, duplicates ${duplicates}, out of order ${outOfOrder}`);
  console.log(`notification messages: ${notifications}`);
  console.log(`lag step finishedAt → arrival: p50 ${ms(percentile(steps, 50))}, p99 ${ms(percentile(steps, 99))} (${steps.length} steps)`);
  console.log(`lag change (updatedAt) → arrival: p50 ${ms(percentile(changes, 50))}, p99 ${ms(percentile(changes, 99))} (${changes.length} messages)`);
  if (confirmed) {
    const ours = new Set(state.batches.flatMap((batch) => [...batch.clusters.keys()]));
    const runningOurs = confirmed.running.items.filter((item) => ours.has(item.id)).length;
    console.log(`GET /api/clusters?status=running: ${runningOurs} of ${ours.size} clusters running (total ${confirmed.running.total})`);
  } else {
    for (const batch of state.batches) {
      const waiting = [...batch.clusters.values()].filter((cluster) => cluster.readyAt === null && cluster.failed === null).map((cluster) => cluster.name);
      if (waiting.length > 0) console.log(`${batch.label}: not ready over the socket: ${waiting.slice(0, 10).join(', ')}${waiting.length > 10 ? ` and ${waiting.length - 10} more` : ''}`);
    }
  }
  if (state.socketClosed) console.log(`The socket closed during the run: ${state.socketClosed}`);
  if (failed > 0) console.log(`${failed} provisioning operations failed`);
  if (stuck > 0) console.log(`${stuck} clusters were not running at the end`);
  if (lost > 0 || failed > 0 || stuck > 0 || state.socketClosed || !confirmed) process.exitCode = 1;
}
