/**
 * How the fuzz sends (fuzz-suite.ts): the principals and their clients, one request sent and judged
 * (a 5xx, an exception or a timeout is a failure), a principal's cases run eight at a time with
 * its session kept, and the capture of what the Worker logs.
 */
import { exports } from 'cloudflare:workers';
import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import * as clientModule from './client';
import { BASE, TestClient } from './client';
import { detached, made, type FuzzRequest } from './fuzz-cases';

const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 30_000;
/** Signing a principal in again costs a password hash; past this many it stays signed out. */
const MAX_RE_SIGN_INS = 4;

// ---------------------------------------------------------------------------------------------
// Principals and the sender.

type Fetcher = (request: Request) => Promise<Response>;

/**
 * worker/test/client.ts may offer a production-mode fetcher (`__Host-` cookies, required settings);
 * when it does, a production pass runs too. Looked up loosely so this file works with or without it.
 */
export const production = clientModule as unknown as {
  fetcherWith?: (bindings: Record<string, unknown>) => Fetcher;
  productionEnv?: (overrides?: Record<string, unknown>) => Record<string, unknown>;
};
export const TestClientWith = TestClient as unknown as new (ip: string, fetcher?: Fetcher) => TestClient;

export interface Principal {
  name: string;
  client: TestClient;
  /** How requests reach the Worker: its entry point unless a production fetcher is given. */
  fetcher?: Fetcher;
  bearer?: string;
  tokenId?: string;
  /** Signed in through a session cookie, which a case may end. */
  session: boolean;
  reestablish?: () => Promise<TestClient>;
  needsCheck: boolean;
  reSignIns: number;
  /** Requests that answered Set-Cookie since the last session check (candidates for a sign-out). */
  cookieSetters?: string[];
  /** What preceded each re-sign-in. */
  signedOutBy?: string[];
}

export interface Result {
  principal: string;
  target: string;
  targets: string[];
  kind: string;
  label: string;
  method: string;
  path: string;
  status: number | 'exception' | 'timeout';
  /** A tRPC batch answers 200/207 with a 5xx inside: the worst httpStatus in its body. */
  embedded?: number;
  message: string;
  ms: number;
  request: FuzzRequest;
}

let ipCounter = 0;
export const nextIp = () => `192.0.2.${(ipCounter += 1) % 250}`;

function headersFor(principal: Principal, request: FuzzRequest): Headers {
  const headers = new Headers({ Origin: BASE, 'CF-Connecting-IP': principal.client.ip, 'User-Agent': 'FuzzClient/1.0' });
  const client = principal.client;
  if (!request.omitCookies && client.cookies.size) headers.set('Cookie', client.cookieHeader());
  if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && client.csrf && !request.omitCsrf) headers.set('X-CSRF-Token', client.csrf);
  if (principal.bearer) headers.set('Authorization', `Bearer ${principal.bearer}`);
  if (request.body !== undefined && request.contentType !== null) headers.set('Content-Type', request.contentType ?? 'application/json');
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === '') headers.delete(name);
    else headers.set(name, value);
  }
  return headers;
}

/** The worst httpStatus inside a tRPC answer (a batch can be 207 with a 500 in it). */
function embeddedStatus(text: string): number | undefined {
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    let worst: number | undefined;
    for (const item of Array.isArray(value) ? value : [value]) {
      const error = (item as { error?: { data?: { httpStatus?: number; code?: string }; json?: { data?: { httpStatus?: number } } } } | null)?.error;
      const status = error?.data?.httpStatus ?? error?.json?.data?.httpStatus ?? (error?.data?.code === 'INTERNAL_SERVER_ERROR' ? 500 : undefined);
      if (typeof status === 'number' && (worst === undefined || status > worst)) worst = status;
    }
    return worst;
  } catch {
    return undefined;
  }
}

export const isFailure = (r: Pick<Result, 'status' | 'embedded'>) =>
  r.status === 'exception' || r.status === 'timeout' || (r.status >= 500 && r.status !== 503) || (r.embedded !== undefined && r.embedded >= 500 && r.embedded !== 503);

export async function send(principal: Principal, request: FuzzRequest): Promise<Result> {
  const started = Date.now();
  const result = (status: Result['status'], message: string, embedded?: number): Result => ({
    principal: principal.name,
    target: request.target,
    targets: request.targets ?? [request.target],
    kind: request.kind,
    label: request.label,
    method: request.method,
    path: request.query ? `${request.path}?… (made when sent)` : request.path.length > 160 ? `${detached(request.path.slice(0, 160))}… (${request.path.length} chars)` : request.path,
    status,
    ...(embedded === undefined ? {} : { embedded }),
    message,
    ms: Date.now() - started,
    request,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const headers = headersFor(principal, request);
    const usedRealCookies = principal.session && !request.omitCookies && !request.headers?.Cookie && !request.headers?.Authorization;
    const base = request.plainHttp ? BASE.replace(/^https:/, 'http:') : BASE;
    const fetch = principal.fetcher ?? ((r: Request) => exports.default.fetch(r));
    const body = typeof request.body === 'function' ? request.body() : request.body;
    const url = `${base}${request.path}${request.query ? `?${made(request.query)}` : ''}`;
    const fetched = fetch(new Request(url, { method: request.method, headers, body }));
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS)));
    const res = await Promise.race([fetched, timeout]);
    if (res === 'timeout') return result('timeout', `no answer in ${REQUEST_TIMEOUT_MS} ms`);
    if (usedRealCookies && res.headers.getSetCookie().length > 0) {
      principal.needsCheck = true;
      (principal.cookieSetters ??= []).push(`${request.method} ${request.path.slice(0, 60)} [${request.kind}: ${request.label}] -> ${res.status}`);
    }
    const text = await res.text();
    const embedded = request.path.startsWith('/trpc') ? embeddedStatus(text) : undefined;
    // A slice would keep the whole answer alive for the rest of the run (tens of thousands of them).
    return result(res.status, detached(text.slice(0, 300)), embedded);
  } catch (error) {
    return result('exception', detached(String((error as Error)?.stack ?? error).slice(0, 600)));
  } finally {
    clearTimeout(timer);
  }
}

/** The principal's user as GET /api/user answers it (id and role only), or null when signed out. */
export async function currentUser(principal: Principal): Promise<{ id: string; role: string } | null> {
  const r = await send(principal, { target: 'check', kind: 'check', label: 'check', method: 'GET', path: '/api/user' });
  const id = /"id":"([^"]+)"/.exec(r.message)?.[1];
  return r.status === 200 && id ? { id, role: /"role":"([^"]+)"/.exec(r.message)?.[1] ?? '?' } : null;
}

/** Runs requests CONCURRENCY at a time; keeps a session principal signed in between them. */
export async function runAll(principal: Principal, requests: FuzzRequest[], results: Result[]) {
  let next = 0;
  let sinceReset = 0;
  let checking: Promise<void> | null = null;
  const keepSignedIn = async () => {
    if (!principal.session || !principal.needsCheck || !principal.reestablish || principal.reSignIns >= MAX_RE_SIGN_INS) return;
    checking ??= (async () => {
      principal.needsCheck = false;
      const setters = principal.cookieSetters ?? [];
      principal.cookieSetters = [];
      const user = await currentUser(principal);
      if (!user) {
        principal.client = await principal.reestablish!();
        principal.reSignIns += 1;
        (principal.signedOutBy ??= []).push(setters.join(' | '));
      }
    })().finally(() => (checking = null));
    await checking;
  };
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      await keepSignedIn();
      if (principal.tokenId && (sinceReset += 1) >= 400) {
        // The token's own rate limit (600 a minute) is not what this test is about.
        sinceReset = 0;
        await env.DB.prepare('DELETE FROM rate_limits WHERE key = ?').bind(`api-token:${principal.tokenId}`).run();
      }
      results.push(await send(principal, request));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// ---------------------------------------------------------------------------------------------
// Console capture: the Worker runs in this isolate, so its console.error lands here.

/** What the Worker logged (the last 200 entries), and whether it is echoed (not while replaying). */
export const capture = { logged: [] as string[], quiet: false };
const original = { error: console.error, warn: console.warn };
export function captureConsole() {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      // Only the replays read what was logged: the run itself keeps the last few entries, not 60 000.
      if (capture.logged.length >= 200) capture.logged.shift();
      capture.logged.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}${arg.cause ? ` (cause: ${String((arg.cause as Error)?.message ?? arg.cause)})` : ''}\n${arg.stack?.split('\n').slice(1, 4).join('\n') ?? ''}` : typeof arg === 'string' ? arg : JSON.stringify(arg)?.slice(0, 300))).join(' '));
      if (!capture.quiet) original[level](...args);
    });
  }
}

/** A logged error without its stack frames: the message and each `Caused by:` line. */
export function essentialLines(entry: string): string {
  const lines = entry.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('at '));
  return lines.map((line) => line.slice(0, 240)).join(' ⏎ ');
}

export const ECB_DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='2026-11-20'>
    <Cube currency='USD' rate='1.0853'/><Cube currency='GBP' rate='0.85315'/><Cube currency='CNY' rate='7.8198'/><Cube currency='JPY' rate='167.42'/>
  </Cube></Cube>
</gesmes:Envelope>`;

// ---------------------------------------------------------------------------------------------

/**
 * Which principals a test file fuzzes: `visitors` (anonymous, and production mode), `customer`
 * (a signed-in customer, with planted cookies and junk headers), `token` (the customer's API token
 * on every REST route), `staff` (a super administrator, fully where the customer is refused).
 */
