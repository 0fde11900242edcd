// `pnpm profile:page <path>…`: what a page's first load spends the browser's main thread on, as
// the Lighthouse runs of `pnpm lighthouse` see it (a phone's screen, Chromium's CPU throttled 4×).
// For each path, the demo customer opens it as Lighthouse's warm run does (the sign-in page's code
// cached, then her session's cookies set; PROFILE_COLD=1: nothing cached; PROFILE_SIGNED_OUT=1: a
// visitor, nothing cached and no session, as Lighthouse opens the public pages) while Chromium records a
// trace and V8's CPU profiler samples the page. Prints the main thread's long tasks (Chromium's own
// tasks over 50 ms: what Total Blocking Time counts after the first paint), each with the trace
// events in it (style, layout, a script's evaluation), the sources its samples spent most on and how
// the task was entered (the outermost frames: React's scheduler, a timer), then the page's busiest
// sources and our own functions with what they call, mapped to their source files through the
// build's source maps. PROFILE_COMMITS=1 adds React's commits: how many components each rendered,
// and whose state changed (what set it off). Writes each .cpuprofile (Chrome DevTools opens it).
// Not a test: a tool to see where the time goes, as `pnpm profile:worker` is for the Worker, and
// how ADR 54 found its causes. 127.0.0.1 only.
//
// Builds with source maps (WEB_SOURCEMAP=1: hidden maps, the code unchanged) unless
// BENCH_SKIP_BUILD=1, which profiles the web/dist already built (mapped when it has its maps).
// Env: PROFILE_PORT (default 8795), PROFILE_CPU_SLOWDOWN (default 4), PROFILE_SECONDS (how long
// after the load event the profile keeps running, default 5), PROFILE_DIR (where the .cpuprofile
// files go, default a temporary directory), PROFILE_ENTRY_FRAMES (default 4).
/* global window -- watchCommits and a page.evaluate run in the page */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { browserCookies, devSession } from './lib/bench-client.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.mjs';
import { buildApp, prepareDatabase, startLocalWorker } from './lib/local-worker.mjs';

const SLOWDOWN = Number(process.env.PROFILE_CPU_SLOWDOWN ?? 4);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const SIGNED_OUT = process.env.PROFILE_SIGNED_OUT === '1';
const COLD = SIGNED_OUT || process.env.PROFILE_COLD === '1';
const COMMITS = process.env.PROFILE_COMMITS === '1';
const LONG_TASK_MS = 50;
/** How many of a sample's outermost frames name the way into a task. */
const ENTRY_FRAMES = Number(process.env.PROFILE_ENTRY_FRAMES ?? 4);
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('Usage: pnpm profile:page <path>… (e.g. /settings /clusters/clu_demo_staging)');
  process.exit(2);
}

const ASSETS = join(import.meta.dirname, '../web/dist/client/assets');

if (!process.env.BENCH_SKIP_BUILD) buildApp({ WEB_SOURCEMAP: '1' });

/** Each built script's source map, read once (null when the build has none). */
const maps = new Map();
function mapOf(file) {
  if (!maps.has(file)) {
    const path = join(ASSETS, `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** Where a source file comes from, short: a package (`@mantine/core/…/Box.mjs`) or our `web/src/…`. */
function shortSource(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules + 'node_modules/'.length);
  const ours = source.search(/(web|packages)\/src\//);
  if (ours >= 0) return source.slice(ours);
  const packageSource = source.search(/packages\/[a-z]+\/src\//);
  return packageSource >= 0 ? source.slice(packageSource) : source;
}

/** A profile frame's function and source file after the source maps: { name, source, ours }. */
const frames = new Map();
function frameOf(callFrame) {
  const key = `${callFrame.url}:${callFrame.lineNumber}:${callFrame.columnNumber}:${callFrame.functionName}`;
  if (frames.has(key)) return frames.get(key);
  let frame = { name: callFrame.functionName || '(anonymous)', source: callFrame.url ? callFrame.url.replace(/^https?:\/\/[^/]+/, '') : '(native)', ours: false };
  const asset = callFrame.url.match(/\/assets\/([^/?#]+\.js)/);
  const map = asset && mapOf(asset[1]);
  if (map) {
    const entry = map.findEntry(callFrame.lineNumber, callFrame.columnNumber);
    if (entry?.originalSource) {
      const source = shortSource(entry.originalSource);
      frame = { name: entry.name ?? frame.name, source: `${source}:${entry.originalLine + 1}`, file: source, ours: !source.includes('/') || !entry.originalSource.includes('node_modules') };
    }
  }
  frame.file ??= frame.source;
  frames.set(key, frame);
  return frame;
}

/** The profile read as its samples in order: each one's duration (ms) and stack of frames, innermost first. */
function samplesOf(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stackOf = new Map();
  const stack = (id) => {
    if (!stackOf.has(id)) {
      const result = [];
      for (let at = id; at !== undefined; at = parents.get(at)) {
        const { callFrame } = nodes.get(at);
        if (callFrame.functionName !== '(root)') result.push({ raw: callFrame.functionName, frame: frameOf(callFrame) });
      }
      stackOf.set(id, result);
    }
    return stackOf.get(id);
  };
  let time = profile.startTime;
  return profile.samples.map((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frameStack = stack(id);
    return { at: time / 1000, ms: delta, stack: frameStack, idle: frameStack.length === 1 && frameStack[0].raw === '(idle)' };
  });
}

/** Adds ms to key's total in the map. */
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const ms = (value) => `${Math.round(value)} ms`.padStart(7);

/** What a sample was spending its time on: the innermost frame's source, or V8's/Blink's own label. */
const ownSource = (sample) => {
  const inner = sample.stack[0];
  if (!inner) return '(program)';
  return inner.frame.file === '(native)' ? `${inner.raw || '(native)'} (native)` : inner.frame.file;
};

/** Our functions (web/src, packages/*\/src) on the samples' stacks, each with every sample it was on. */
function ourFunctions(samples) {
  const totals = new Map();
  for (const sample of samples) {
    const seen = new Set();
    for (const { frame } of sample.stack) {
      if (!frame.ours || seen.has(frame.source)) continue;
      seen.add(frame.source);
      add(totals, `${frame.name} ${frame.source}`, sample.ms);
    }
  }
  return totals;
}

/**
 * The renderer's main-thread tasks from the trace (Chromium's RunTask events: what Lighthouse's
 * Total Blocking Time counts, each one's time beyond 50 ms), with the trace events directly inside
 * each (style, layout, parsing, script), on the main thread that ran the most.
 */
function tasksOf(traceEvents) {
  const mains = new Set(traceEvents.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const busy = new Map();
  for (const event of traceEvents) if (event.ph === 'X' && event.name === 'RunTask' && mains.has(`${event.pid}:${event.tid}`)) add(busy, `${event.pid}:${event.tid}`, event.dur);
  const [main] = top(busy, 1)[0] ?? [];
  const onMain = traceEvents.filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === 'RunTask').map((event) => ({ start: event.ts / 1000, ms: event.dur / 1000, end: (event.ts + event.dur) / 1000, inside: new Map() }));
  // Each task's trace events, by name, the outermost ones only (a FunctionCall's own children are in the profile).
  let at = 0;
  for (const task of tasks) {
    let coveredUntil = -Infinity;
    while (at < onMain.length && onMain[at].ts / 1000 < task.end) {
      const event = onMain[at];
      at += 1;
      if (event.name === 'RunTask' || event.ts / 1000 < task.start || event.ts / 1000 < coveredUntil) continue;
      add(task.inside, event.name, event.dur / 1000);
      coveredUntil = (event.ts + event.dur) / 1000;
    }
  }
  return tasks;
}

function report(profile, traceEvents) {
  const samples = samplesOf(profile).filter((sample) => !sample.idle);
  const tasks = tasksOf(traceEvents);
  const navigation = traceEvents.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame);
  const origin = navigation ? navigation.ts / 1000 : (tasks[0]?.start ?? 0);
  const firstPaint = traceEvents.find((event) => event.name === 'firstContentfulPaint' && event.ts / 1000 >= origin);
  const paintAt = firstPaint ? firstPaint.ts / 1000 : origin;
  const long = tasks.filter((task) => task.ms > LONG_TASK_MS && task.end > origin);
  const blocking = long.filter((task) => task.start >= paintAt).reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
  console.log(`  first contentful paint at ${Math.round(paintAt - origin)} ms; ${long.length} long task(s); blocking time after it ${Math.round(blocking)} ms (CPU ${SLOWDOWN}× slower, not Lighthouse's simulation: compare runs, not its figures)`);
  let next = 0;
  for (const task of long) {
    while (next < samples.length && samples[next].at < task.start) next += 1;
    const inTask = [];
    for (let index = next; index < samples.length && samples[index].at < task.end; index += 1) inTask.push(samples[index]);
    const bySource = new Map();
    for (const sample of inTask) add(bySource, ownSource(sample), sample.ms);
    console.log(`  at ${ms(task.start - origin)}: ${ms(task.ms)}  ${top(task.inside, 4).map(([name, time]) => `${name} ${Math.round(time)}`).join(', ')}`);
    for (const [source, time] of top(bySource, 5)) console.log(`      own ${ms(time)}  ${source}`);
    for (const [name, time] of top(ourFunctions(inTask), 6)) console.log(`      in  ${ms(time)}  ${name}`);
    // How the task's work was entered: the outermost frames of its samples (a timer, a message, a fetch's answer).
    const entries = new Map();
    for (const sample of inTask) {
      const outer = sample.stack.slice(-ENTRY_FRAMES).reverse().map(({ frame }) => `${frame.name} ${frame.source.split('/').pop()}`);
      add(entries, outer.join(' > '), sample.ms);
    }
    for (const [entry, time] of top(entries, 3)) console.log(`      via ${ms(time)}  ${entry}`);
  }
  const bySource = new Map();
  for (const sample of samples) add(bySource, ownSource(sample), sample.ms);
  console.log('  busiest sources (time of their own):');
  for (const [source, time] of top(bySource, 20)) console.log(`    ${ms(time)}  ${source}`);
  console.log('  our functions, with what they call:');
  for (const [name, time] of top(ourFunctions(samples), 25)) console.log(`    ${ms(time)}  ${name}`);
}

/**
 * PROFILE_COMMITS=1: React's commits, seen through the hook React DevTools uses (React calls it on
 * every commit, production builds included): when each came, how many components rendered in it,
 * and those whose own state changed (a setState, a store's new snapshot): what set it off. Runs
 * in the page; names are the functions' (a build with WEB_MINIFY=0 keeps ours readable).
 */
function watchCommits() {
  const commits = [];
  window.__commits = commits;
  const seen = new WeakMap();
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return null;
    if (typeof type === 'string') return null;
    if (typeof type === 'symbol') return type.description ?? null;
    return type.displayName || type.name || type.render?.displayName || type.render?.name || type.type?.displayName || type.type?.name || '(anonymous)';
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const causes = new Map();
      const roots = new Set();
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
        const name = nameOf(fiber);
        if (!name) continue;
        // Rendered in this commit: its props or state are not those it had when last seen (a
        // bailed-out fiber keeps them, whichever of its two copies the tree holds now).
        const last = seen.get(fiber) ?? (fiber.alternate && seen.get(fiber.alternate));
        seen.set(fiber, [fiber.memoizedProps, fiber.memoizedState]);
        if (last && last[0] === fiber.memoizedProps && last[1] === fiber.memoizedState) continue;
        rendered += 1;
        if (!last) {
          // A new subtree: named by the nearest named component above it that was there before.
          let parent = fiber.return;
          while (parent && !nameOf(parent)) parent = parent.return;
          const mark = parent && (seen.get(parent)?.[2] ?? (parent.alternate && seen.get(parent.alternate)?.[2]));
          if (parent && mark !== 'new') roots.add(`${nameOf(parent)}#${parent.tag} > ${name}#${fiber.tag}`);
          seen.get(fiber).push('new');
          continue;
        }
        seen.get(fiber).push('old');
        let hook = fiber.memoizedState;
        let previous = last[1];
        let changed = false;
        while (hook && previous && typeof hook === 'object' && 'next' in hook) {
          if (hook.memoizedState !== previous.memoizedState && hook.queue !== null) changed = true;
          hook = hook.next;
          previous = previous.next;
        }
        if (changed) causes.set(name, (causes.get(name) ?? 0) + 1);
      }
      commits.push({ at: Math.round(performance.now()), rendered, mounted: [...roots].slice(0, 4), causes: [...causes].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).slice(0, 12) });
    },
  };
}

function printCommits(commits) {
  console.log(`  React commits (${commits.length}):`);
  for (const commit of commits) console.log(`    at ${ms(commit.at)}: ${String(commit.rendered).padStart(4)} rendered; state changed in ${commit.causes.join(', ') || '-'}${commit.mounted.length ? `; mounted under ${commit.mounted.join(', ')}` : ''}`);
}

const persistTo = mkdtempSync(join(tmpdir(), 'kubemarket-profile-page-'));
const outDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'kubemarket-profiles-'));
mkdirSync(outDir, { recursive: true });
prepareDatabase(persistTo);
const worker = await startLocalWorker({ port: Number(process.env.PROFILE_PORT ?? 8795), persistTo, quiet: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_FLAGS,
});
try {
  const origin = new URL(worker.url).origin;
  const session = await devSession(origin, 'alice');
  for (const address of paths) {
    // Lighthouse's mobile: a Moto G Power's screen.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (!COLD) {
      await page.goto(`${origin}/auth`);
      await page.locator('input[type=password]').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(2000);
    }
    if (!SIGNED_OUT) await context.addCookies(browserCookies(session.cookie, origin));
    if (COMMITS) await page.addInitScript(watchCommits);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await devtools.send('Profiler.enable');
    await devtools.send('Profiler.setSamplingInterval', { interval: 200 });
    await devtools.send('Profiler.start');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
    await page.goto(`${origin}${address}`, { waitUntil: 'load' });
    await page.waitForTimeout(SECONDS * 1000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    const { profile } = await devtools.send('Profiler.stop');
    if (new URL(page.url()).pathname !== address.split('?')[0]) throw new Error(`${address}: ended on ${page.url()}, not signed in?`);
    const file = join(outDir, `${COLD ? 'cold' : 'warm'}${address.replaceAll(/[/?=]/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`${address} (${SIGNED_OUT ? 'signed out, ' : ''}${COLD ? 'cold: nothing cached' : 'warm: the sign-in page loaded first'}), ${file}`);
    report(profile, traceEvents);
    if (COMMITS) printCommits(await page.evaluate(() => window.__commits ?? []));
    await context.close();
  }
} finally {
  await browser.close();
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
