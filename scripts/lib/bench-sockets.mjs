// The client side of `pnpm bench:notifications`: the one client that measures the bare hub
// (scripts/lib/bare-hub) and the product's hub alike. A target is { origin, sessionsFor(count) }:
// a session is { userId, cookie, csrf }, and both Workers answer POST /trpc/dev.notify with
// { id } and POST /trpc/dev.notifyOrganization with { recipients, ids: { userId: id } }.
import WebSocket from 'ws';
import { percentile, sortedNumbers } from './bench-client.mjs';
import { processGroupCpuMs } from './local-worker.mjs';

/** Handshakes in flight at once while opening sockets: what one local workerd accepts quickly. */
const OPEN_BATCH = 50;
/** A handshake that has not completed by then fails the run instead of holding it. */
const OPEN_TIMEOUT_MS = 30_000;
/** Time after the last publish for the deliveries still under way. */
const DRAIN_MS = 5000;

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens one socket per entry of `cookies` (OPEN_BATCH at a time); onMessage gets the socket's
 * index, the raw frame and its arrival time. Frames are parsed after the run so the client's own
 * work does not delay the next arrival. The clients offer permessage-deflate as browsers do (both
 * Workers decline it, ADR 23).
 */
export async function openSockets(origin, cookies, onMessage) {
  const sockets = [];
  for (let start = 0; start < cookies.length; start += OPEN_BATCH) {
    const batch = [];
    for (const [index, cookie] of cookies.slice(start, start + OPEN_BATCH).entries()) {
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { Cookie: cookie, Origin: origin }, handshakeTimeout: OPEN_TIMEOUT_MS });
      socket.on('message', (data) => onMessage(start + index, data, performance.now()));
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        }),
      );
      sockets.push(socket);
    }
    await Promise.all(batch);
  }
  return sockets;
}

/** Closes the sockets and waits until the Worker has seen them go, so the next scenario starts clean. */
async function closeSockets(sockets) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', resolve);
          socket.close();
          setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

async function publish(origin, session, path, body) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': session.csrf, Cookie: session.cookie },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer.result.data;
}

/**
 * One user with socketCount sockets, open until `close()`: `publish(messages, gapMs)` publishes
 * notifications gapMs apart and waits for their deliveries (DRAIN_MS at most), so two targets
 * can be measured in rounds taken in turn and a burst of load from elsewhere on the machine does
 * not fall on one of them only. `close()` returns the delivery latencies' p50 and p99 (from the
 * publishing call's start to the frame's arrival), losses, and the CPU each delivery cost the
 * client and the workerd processes.
 */
export async function oneUser(target, socketCount) {
  const sessions = await target.sessionsFor(socketCount);
  // A message can arrive before the publishing call returns its id: keep arrivals, match after.
  const arrivals = [];
  const sockets = await openSockets(
    target.origin,
    sessions.map((session) => session.cookie),
    (_, data, at) => arrivals.push([data, at]),
  );
  const sentAt = new Map();
  const answered = [];
  const cpu = { clientUs: 0, workerdMs: 0 };
  return {
    async publish(messages, gapMs) {
      const clientBefore = process.cpuUsage();
      const workerdBefore = processGroupCpuMs(target.processGroup);
      for (let index = 0; index < messages; index += 1) {
        const started = performance.now();
        const { id } = await publish(target.origin, sessions[0], '/trpc/dev.notify', { type: 'info', message: `Benchmark notification ${sentAt.size + 1}` });
        answered.push(performance.now() - started);
        sentAt.set(id, started);
        await pause(gapMs);
      }
      const deadline = performance.now() + DRAIN_MS;
      while (arrivals.length < sentAt.size * socketCount && performance.now() < deadline) await pause(20);
      const client = process.cpuUsage(clientBefore);
      cpu.clientUs += client.user + client.system;
      cpu.workerdMs += (processGroupCpuMs(target.processGroup) ?? Number.NaN) - (workerdBefore ?? Number.NaN);
    },
    async close() {
      await closeSockets(sockets);
      const latencies = [];
      for (const [data, at] of arrivals) {
        const id = JSON.parse(String(data)).notificationId;
        if (sentAt.has(id)) latencies.push(at - sentAt.get(id));
      }
      const sorted = sortedNumbers(latencies);
      const expected = socketCount * sentAt.size;
      return {
        sockets: socketCount,
        expected,
        received: sorted.length,
        lost: expected - sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        answeredP50: percentile(sortedNumbers(answered), 50),
        clientCpuPerMessageUs: cpu.clientUs / Math.max(1, sorted.length),
        workerdCpuPerMessageUs: (cpu.workerdMs * 1000) / Math.max(1, sorted.length),
      };
    },
  };
}

/**
 * Every `stride`th member (all by default; and any `others`, who must receive nothing) holds one
 * socket; the first member publishes `notices` organisation-wide notices gapMs apart, with `body`
 * added to each call. Counts losses, duplicates and misdeliveries among the sockets' holders; the
 * first notice (hubs waking from hibernation) is also reported apart.
 */
export async function organizationWide(target, { members, others = [], stride = 1, notices: count, gapMs, body = {} }) {
  const listeners = members.filter((_, index) => index % stride === 0);
  const everyone = [...listeners, ...others];
  const arrivals = [];
  const sockets = await openSockets(
    target.origin,
    everyone.map((session) => session.cookie),
    (index, data, at) => arrivals.push([index, data, at]),
  );
  const notices = [];
  const failures = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    try {
      const answer = await publish(target.origin, members[0], '/trpc/dev.notifyOrganization', { type: 'system', message: `Organisation notice ${index + 1}`, ...body });
      notices.push({ started, answered: performance.now() - started, ...answer });
    } catch (error) {
      failures.push(error.message);
    }
    await pause(gapMs);
  }
  await pause(DRAIN_MS);
  await closeSockets(sockets);
  // Which notice, and for whom, each notification id is.
  const byId = new Map();
  for (const [number, notice] of notices.entries()) {
    for (const [userId, id] of Object.entries(notice.ids)) byId.set(id, { number, userId, started: notice.started });
  }
  const seen = new Set();
  const latencies = [];
  const perNotice = [];
  let duplicates = 0;
  let misdelivered = 0;
  for (const [index, data, at] of arrivals) {
    const message = JSON.parse(String(data));
    const notice = byId.get(message.notificationId);
    const receiver = everyone[index].userId;
    if (!notice) continue;
    if (notice.userId !== receiver || message.userId !== receiver) {
      misdelivered += 1;
      continue;
    }
    if (seen.has(message.notificationId)) {
      duplicates += 1;
      continue;
    }
    seen.add(message.notificationId);
    latencies.push(at - notice.started);
    (perNotice[notice.number] ??= []).push(at - notice.started);
  }
  const [first = [], ...later] = perNotice.map((values) => sortedNumbers(values ?? []));
  const sorted = sortedNumbers(latencies);
  const expected = listeners.length * count;
  return {
    members: members.length,
    listeners: listeners.length,
    written: members.length * count,
    expected,
    recipients: notices.reduce((sum, notice) => sum + notice.recipients, 0),
    received: sorted.length,
    lost: expected - sorted.length,
    duplicates,
    misdelivered,
    failures,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    answeredP50: percentile(sortedNumbers(notices.map((notice) => notice.answered)), 50),
    firstP99: percentile(first, 99),
    laterP99: percentile(sortedNumbers(later.flat()), 99),
  };
}
