/**
 * Fuzz: every REST route and every tRPC procedure gets malformed input (bodies, query strings,
 * path parameters, batches, headers, planted cookies) from an anonymous visitor, a signed-in
 * customer, an API token with every scope and a seeded staff member. No answer may be a 5xx
 * (a deliberate 503 excepted): malformed input is the caller's mistake, a 4xx.
 *
 * The run is split by principal into four test files (fuzz.*.test.ts), each in an isolate of its
 * own: about 110 000 requests in one isolate came near workerd's JavaScript heap limit, and four
 * parts share two cores more evenly than three (issue 28: the token-and-staff part ran alone for
 * 108 s while the rest of the tier waited on one core).
 *
 *   cd /work/main && pnpm exec vitest run --project worker test/fuzz.
 *
 * Cases are in ./fuzz-cases.ts. On failure the offending cases are printed with the error the
 * Worker logged (each is replayed alone to attribute its log lines).
 */
import { exports } from 'cloudflare:workers';
import { env } from 'cloudflare:test';
import { appRouter, inputProperties, restRoutes, type RestRoute } from '@kubemarket/api';
import { TOKEN_SCOPES } from '@kubemarket/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as clientModule from './client';
import { BASE, TestClient, uniqueUser } from './client';
import {
  bodyCases,
  fillPath,
  KB10,
  MB5,
  PATH_PARAM_JUNK,
  queryCases,
  TRPC_BATCH_INPUTS,
  trpcQueryInputs,
  UNKNOWN_PROCEDURES,
  deepJson,
  detached,
  made,
  COOKIE_64KB,
  COOKIES_500,
  type FuzzRequest,
  type PropertySchema,
} from './fuzz-cases';

const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 30_000;
/** Procedures that end the caller's session whatever the input: run last for signed-in principals. */
const SESSION_ENDING = new Set(['auth.logout']);
/** Signing a principal in again costs a password hash; past this many it stays signed out. */
const MAX_RE_SIGN_INS = 4;
/**
 * Header cases go to every REST route; to tRPC procedures (the same middleware in front of all of
 * them) planted cookies go to every 3rd, other junk headers to every 6th.
 */
const TRPC_COOKIE_SAMPLE = 3;
/** Non-ASCII header values (each makes workerd print a warning) go to every Nth target only. */
const NON_ASCII_SAMPLE = 6;
const TRPC_HEADER_SAMPLE = 6;
/**
 * REST routes share one gate (the authenticate and CSRF middleware in front of all of them): each
 * header or cookie case goes to every 4th route, starting one further along for each case, so every
 * case meets every kind of route (public, signed-in, scoped, staff) and every route meets a quarter
 * of the cases, at least one of each kind (issue 28: the gate fuzzed once per path, not 50 times).
 */
const REST_HEADER_ROTATION = 4;
/**
 * Bodies that fail before any procedure's own code runs: unparseable JSON, wrong encodings and
 * Content-Types, nesting deeper than the parser goes, bodies over the size limit, the CSRF
 * middleware's body fallback. The body limit, the JSON parse and the CSRF check are one piece of
 * code for every REST route (worker/src/rest.ts) and one for every procedure (tRPC's request
 * handler): each such case goes to every 4th target, starting one further along for each case, as
 * the header cases do. Every target still gets a quarter of them and every case meets every kind of
 * target (issue 28: these were a quarter of the requests, all repeating the same answer).
 */
const PARSER_KINDS = new Set(['malformed-json', 'content-type', 'deep-nesting', 'huge-body', 'csrf-body']);
const PARSER_ROTATION = 4;
/** A target's cases, with its parser-level ones rotated over the targets (see PARSER_ROTATION). */
function rotateParserCases(requests: FuzzRequest[], targetIndex: number): FuzzRequest[] {
  let parserCase = 0;
  return requests.filter((r) => !PARSER_KINDS.has(r.kind) || (targetIndex + parserCase++) % PARSER_ROTATION === 0);
}

// ---------------------------------------------------------------------------------------------
// Targets: REST routes and tRPC procedures, read from the router so new ones are fuzzed too.

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures)
  .filter(([, { _def }]) => _def.type !== 'subscription')
  .map(([path, { _def }]) => ({ path, type: _def.type as 'query' | 'mutation', inputs: _def.inputs }));
const routes = restRoutes();

/** Properties of a procedure's input(s), through the same JSON-schema view the REST adapter uses. */
function procedureProperties(inputs: unknown[]): Record<string, PropertySchema> {
  const properties: Record<string, PropertySchema> = {};
  for (const input of inputs) {
    try {
      Object.assign(properties, inputProperties({ input } as unknown as RestRoute).properties);
    } catch {
      // An input zod cannot describe as JSON schema: fuzz it without per-property cases.
    }
  }
  return properties;
}

const restKey = (route: RestRoute) => `REST ${route.method} ${route.path}`;
const trpcKey = (path: string) => `tRPC ${path}`;
const ROUTER_KEY = 'tRPC (router)';

function restRequests(route: RestRoute): FuzzRequest[] {
  const target = restKey(route);
  const { properties } = inputProperties(route);
  const own = Object.fromEntries(Object.entries(properties).filter(([name]) => !route.pathParams.includes(name)));
  const path = fillPath(route.path, 'x');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const requests: FuzzRequest[] = [];
  if (hasBody) {
    for (const c of bodyCases(own)) requests.push({ ...c, target, method: route.method, path });
  } else {
    requests.push({ target, kind: 'baseline', label: 'no query string', method: route.method, path });
    for (const c of queryCases(own)) requests.push({ target, kind: c.kind, label: c.label, method: route.method, path: `${path}?${c.query}` });
    if (route.method === 'DELETE') {
      for (const [label, body] of [['malformed JSON', '{'], ['deep × 100,000', deepJson(100_000)], ['5 MB', JSON.stringify({ x: MB5 })]] as const) {
        requests.push({ target, kind: 'body-on-delete', label, method: 'DELETE', path, body });
      }
    }
  }
  if (route.pathParams.length) {
    for (const [label, junk] of PATH_PARAM_JUNK) {
      requests.push({ target, kind: 'path-param', label, method: route.method, path: fillPath(route.path, junk), ...(hasBody ? { body: '{}' } : {}) });
    }
    // Dot segments the URL parser resolves: the request lands on another path, which must cope too.
    requests.push({ target, kind: 'path-param', label: '../../etc (raw)', method: route.method, path: fillPath(route.path, '../../etc'), ...(hasBody ? { body: '{}' } : {}) });
  }
  const other = route.method === 'GET' ? 'POST' : route.method === 'POST' ? 'GET' : route.method === 'DELETE' ? 'PUT' : 'DELETE';
  requests.push({ target, kind: 'wrong-method', label: other, method: other, path, ...(other === 'GET' ? {} : { body: '{}' }) });
  requests.push({ target, kind: 'wrong-method', label: 'OPTIONS', method: 'OPTIONS', path });
  requests.push({ target, kind: 'wrong-method', label: 'HEAD', method: 'HEAD', path });
  return requests;
}

function trpcRequests(procedure: (typeof procedures)[number]): FuzzRequest[] {
  const target = trpcKey(procedure.path);
  const properties = procedureProperties(procedure.inputs);
  const base = `/trpc/${procedure.path}`;
  const requests: FuzzRequest[] = [];
  if (procedure.type === 'query') {
    for (const c of trpcQueryInputs(properties)) {
      const { input } = c;
      if (typeof input === 'function') requests.push({ target, kind: c.kind, label: c.label, method: 'GET', path: base, query: () => `input=${encodeURIComponent(input())}` });
      else requests.push({ target, kind: c.kind, label: c.label, method: 'GET', path: input === null ? base : `${base}?input=${encodeURIComponent(input)}` });
    }
    requests.push({ target, kind: 'trpc-batch', label: '?batch=1, no input', method: 'GET', path: `${base}?batch=1` });
    for (const [label, input] of TRPC_BATCH_INPUTS) {
      if (typeof input === 'function') requests.push({ target, kind: 'trpc-batch', label, method: 'GET', path: base, query: () => `batch=1&input=${encodeURIComponent(input())}` });
      else requests.push({ target, kind: 'trpc-batch', label, method: 'GET', path: `${base}?batch=1&input=${encodeURIComponent(input)}` });
    }
    requests.push({ target, kind: 'query-junk', label: 'input twice', method: 'GET', path: `${base}?input=%7B%7D&input=%7B`});
    requests.push({ target, kind: 'wrong-method', label: 'POST on a query', method: 'POST', path: base, body: '{}' });
    requests.push({ target, kind: 'wrong-method', label: 'PUT on a query', method: 'PUT', path: base, body: '{}' });
  } else {
    for (const c of bodyCases(properties)) requests.push({ ...c, target, method: 'POST', path: base });
    requests.push({ target, kind: 'trpc-batch', label: 'POST ?batch=1, no body', method: 'POST', path: `${base}?batch=1`, contentType: null });
    for (const [label, body] of TRPC_BATCH_INPUTS) requests.push({ target, kind: 'trpc-batch', label, method: 'POST', path: `${base}?batch=1`, body });
    requests.push({ target, kind: 'query-junk', label: 'POST with ?input=junk', method: 'POST', path: `${base}?input=%7B`, body: '{}' });
    requests.push({ target, kind: 'wrong-method', label: 'GET on a mutation', method: 'GET', path: `${base}?input=%7B%7D` });
    requests.push({ target, kind: 'wrong-method', label: 'DELETE on a mutation', method: 'DELETE', path: base, body: '{}' });
  }
  return requests;
}

/** Router-level tRPC cases: unknown names, batches of several procedures, oversized batches. */
function trpcRouterRequests(sessionEndingLast: boolean): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const queries = procedures.filter((p) => p.type === 'query').map((p) => p.path);
  const mutations = procedures.filter((p) => p.type === 'mutation' && !(sessionEndingLast && SESSION_ENDING.has(p.path))).map((p) => p.path);
  const batchInput = (count: number, value: string) => encodeURIComponent(`{${Array.from({ length: count }, (_, i) => `"${i}":${value}`).join(',')}}`);
  for (const [label, name] of UNKNOWN_PROCEDURES) {
    requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: `GET ${label}`, method: 'GET', path: `/trpc/${name}?input=%7B%7D` });
    requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: `POST ${label}`, method: 'POST', path: `/trpc/${name}`, body: '{}' });
    requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: `batch with ${label}`, method: 'GET', path: `/trpc/meta.versionSummary,${name}?batch=1&input=${batchInput(2, '{}')}` });
  }
  const named = (paths: string[]) => paths.map(trpcKey);
  // Three procedures at once, with junk for each.
  for (let i = 0; i + 3 <= queries.length; i += 3) {
    const three = queries.slice(i, i + 3);
    for (const [label, value] of [['{}', '{}'], ['"x"', '"x"'], ['{"id":[]}', '{"id":[]}'], ['deep × 5,000', deepJson(5000)]] as const) {
      requests.push({ target: ROUTER_KEY, targets: named(three), kind: 'trpc-batch', label: `${three.join(',')} with ${label}`, method: 'GET', path: `/trpc/${three.join(',')}?batch=1&input=${batchInput(3, value)}` });
    }
  }
  for (let i = 0; i + 3 <= mutations.length; i += 3) {
    const three = mutations.slice(i, i + 3);
    for (const [label, value] of [['{}', '{}'], ['"x"', '"x"'], ['{"email":{}}', '{"email":{}}']] as const) {
      requests.push({ target: ROUTER_KEY, targets: named(three), kind: 'trpc-batch', label: `${three.join(',')} with ${label}`, method: 'POST', path: `/trpc/${three.join(',')}?batch=1`, body: decodeURIComponent(batchInput(3, value)) });
    }
  }
  // 11 or more calls in one batch.
  for (const count of [11, 50, 200, 1000]) {
    const paths = Array.from({ length: count }, (_, i) => queries[i % queries.length]!);
    requests.push({ target: ROUTER_KEY, targets: named([...new Set(paths)]), kind: 'trpc-big-batch', label: `${count} queries, {} each`, method: 'GET', path: `/trpc/${paths.join(',')}?batch=1&input=${batchInput(count, '{}')}` });
    requests.push({ target: ROUTER_KEY, kind: 'trpc-big-batch', label: `${count} unknown procedures`, method: 'GET', path: `/trpc/${Array(count).fill('nope').join(',')}?batch=1` });
  }
  {
    const paths = Array.from({ length: 11 }, (_, i) => queries[i % queries.length]!);
    requests.push({ target: ROUTER_KEY, kind: 'trpc-big-batch', label: '11 queries, no input', method: 'GET', path: `/trpc/${paths.join(',')}?batch=1` });
    requests.push({ target: ROUTER_KEY, kind: 'trpc-big-batch', label: '11 queries, deep × 5,000 each', method: 'GET', path: `/trpc/${paths.join(',')}?batch=1&input=${batchInput(11, deepJson(5000))}` });
    const writes = Array.from({ length: 11 }, (_, i) => mutations[i % mutations.length]!);
    requests.push({ target: ROUTER_KEY, targets: named([...new Set(writes)]), kind: 'trpc-big-batch', label: '11 mutations, junk each', method: 'POST', path: `/trpc/${writes.join(',')}?batch=1`, body: `{${writes.map((_, i) => `"${i}":{"email":1,"token":[],"id":{}}`).join(',')}}` });
  }
  // Queries and mutations mixed; batch parameter junk; empty names in the list.
  requests.push({ target: ROUTER_KEY, kind: 'trpc-batch', label: 'query and mutation in a GET batch', method: 'GET', path: `/trpc/${queries[0]},${mutations[0]}?batch=1&input=${batchInput(2, '{}')}` });
  requests.push({ target: ROUTER_KEY, kind: 'trpc-batch', label: 'query and mutation in a POST batch', method: 'POST', path: `/trpc/${queries[0]},${mutations[0]}?batch=1`, body: '{"0":{},"1":{}}' });
  for (const [label, query] of [
    ['batch=true', 'batch=true&input=%7B%7D'],
    ['batch=0 with a batch input', `batch=0&input=${batchInput(1, '{}')}`],
    ['batch=1&batch=1', `batch=1&batch=1&input=${batchInput(1, '{}')}`],
    ['batch=<10 KB>', `batch=${KB10}`],
  ] as const) {
    requests.push({ target: ROUTER_KEY, kind: 'trpc-batch', label, method: 'GET', path: `/trpc/${queries[0]}?${query}` });
  }
  for (const [label, list] of [[',,,', ',,,'], ['a,,b', `${queries[0]},,${queries[1]}`], ['trailing comma', `${queries[0]},`]] as const) {
    requests.push({ target: ROUTER_KEY, kind: 'trpc-batch', label, method: 'GET', path: `/trpc/${list}?batch=1&input=${batchInput(3, '{}')}` });
  }
  requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: 'GET /trpc', method: 'GET', path: '/trpc' });
  requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: 'GET /trpc/', method: 'GET', path: '/trpc/' });
  requests.push({ target: ROUTER_KEY, kind: 'trpc-unknown', label: 'POST /trpc/a/b/c', method: 'POST', path: '/trpc/a/b/c', body: '{}' });
  return requests;
}

/** A character outside ASCII (workerd warns about each such header value). */
const NON_ASCII = /[\u0080-\u{10ffff}]/u;

/** Headers and cookies: planted, oversized, malformed. Sent with a trivially valid request. */
function headerRequests(target: string, method: string, path: string, cookieNames: string[], realCookies: Map<string, string>, nonAscii: boolean): FuzzRequest[] {
  const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
  const one = (kind: string, label: string, extra: Partial<FuzzRequest>): FuzzRequest => ({ target, kind, label, method, path, ...(body === undefined ? {} : { body }), ...extra });
  const requests: FuzzRequest[] = [];
  const issued = 'A'.repeat(32);
  for (const name of cookieNames) {
    const real = realCookies.get(name) ?? 'abc.def';
    for (const [label, value] of [
      ['x', 'x'],
      ['id.secret shape, unknown', 'sess_nope.nope'],
      ['bad percent-encoding', '%E0%A4%A'],
      ['10 KB', KB10],
      ['latin-1 bytes', 'ÿÿ\u00e9'],
      ['real value + junk', `${real}x`],
      ['real value, last character changed', `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`],
      ['issued-looking 32 chars', issued],
    ] as const) {
      // Planted in place of the principal's own cookie of that name, next to its others.
      const others = [...realCookies].filter(([n]) => n !== name).map(([n, v]) => `${n}=${v}`);
      requests.push(one('planted-cookie', `${name}=${label}`, { omitCookies: true, headers: { Cookie: [...others, `${name}=${value}`].join('; ') } }));
    }
    requests.push(one('planted-cookie', `${name} twice`, { omitCookies: true, headers: { Cookie: `${name}=x; ${name}=${real}` } }));
    requests.push(one('planted-cookie', `${name} planted, matching X-CSRF-Token`, { omitCookies: true, headers: { Cookie: `${name}=${issued}`, 'X-CSRF-Token': issued } }));
  }
  for (const [label, cookie] of [
    [';;;', ';;;'],
    ['=', '='],
    ['no =', 'a'],
    ['64 KB cookie', COOKIE_64KB],
    ['500 cookies', COOKIES_500],
    ['__proto__', '__proto__=x; constructor=y'],
  ] as const) {
    requests.push(one('planted-cookie', `Cookie: ${label}`, { omitCookies: true, headers: { Cookie: cookie } }));
  }
  for (const [label, value] of [
    ['Bearer', 'Bearer'],
    ['Bearer with spaces', 'Bearer    '],
    ['Bearer a b', 'Bearer a b'],
    ['Basic', 'Basic dXNlcjpwYXNz'],
    ['kmt_ prefix only', 'Bearer kmt_'],
    ['token-shaped, unknown', `Bearer kmt_${'a'.repeat(20)}_${'A'.repeat(43)}`],
    ['10 KB token', `Bearer ${KB10}`],
    ['latin-1', 'Bearer ÿÿÿ'],
  ] as const) {
    requests.push(one('junk-auth', label, { headers: { Authorization: value } }));
  }
  for (const [label, headers] of [
    ['Origin: null', { Origin: 'null' }],
    ['Origin: http://[', { Origin: 'http://[' }],
    ['Origin: 10 KB', { Origin: `https://${KB10}.example` }],
    ['Origin: port 99999', { Origin: 'http://localhost:99999' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { Origin: '', 'Sec-Fetch-Site': 'cross-site' }],
    ['X-CSRF-Token: 10 KB', { 'X-CSRF-Token': KB10 }],
    ['X-CSRF-Token: latin-1', { 'X-CSRF-Token': 'ÿ'.repeat(32) }],
    ['CF-Connecting-IP: junk', { 'CF-Connecting-IP': 'not-an-ip' }],
    ['CF-Connecting-IP: 10 KB', { 'CF-Connecting-IP': KB10 }],
    ['CF-Connecting-IP: empty', { 'CF-Connecting-IP': '' }],
    ['CF-Connecting-IP: list', { 'CF-Connecting-IP': '1.2.3.4, 5.6.7.8' }],
    ['CF-Connecting-IP: IPv6', { 'CF-Connecting-IP': '2001:db8::1' }],
    ['User-Agent: 10 KB', { 'User-Agent': KB10 }],
    ['Accept: junk', { Accept: '*/*;q=abc, text/html;;' }],
    ['Upgrade: websocket', { Upgrade: 'websocket', Connection: 'Upgrade' }],
  ] as const) {
    requests.push(one('junk-header', label, { headers }));
  }
  // workerd prints a long warning per non-ASCII header value: those cases go to a sample only.
  return nonAscii ? requests : requests.filter((r) => !Object.values(r.headers ?? {}).some((value) => NON_ASCII.test(value)));
}

// ---------------------------------------------------------------------------------------------
// Principals and the sender.

type Fetcher = (request: Request) => Promise<Response>;

/**
 * worker/test/client.ts may offer a production-mode fetcher (`__Host-` cookies, required settings);
 * when it does, a production pass runs too. Looked up loosely so this file works with or without it.
 */
const production = clientModule as unknown as {
  fetcherWith?: (bindings: Record<string, unknown>) => Fetcher;
  productionEnv?: (overrides?: Record<string, unknown>) => Record<string, unknown>;
};
const TestClientWith = TestClient as unknown as new (ip: string, fetcher?: Fetcher) => TestClient;

interface Principal {
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

interface Result {
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
const nextIp = () => `192.0.2.${(ipCounter += 1) % 250}`;

function headersFor(principal: Principal, request: FuzzRequest): Headers {
  const headers = new Headers({ Origin: BASE, 'CF-Connecting-IP': principal.client.ip, 'User-Agent': 'FuzzClient/1.0' });
  const client = principal.client;
  if (!request.omitCookies && client.cookies.size) headers.set('Cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
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

const isFailure = (r: Pick<Result, 'status' | 'embedded'>) =>
  r.status === 'exception' || r.status === 'timeout' || (r.status >= 500 && r.status !== 503) || (r.embedded !== undefined && r.embedded >= 500 && r.embedded !== 503);

async function send(principal: Principal, request: FuzzRequest): Promise<Result> {
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
async function currentUser(principal: Principal): Promise<{ id: string; role: string } | null> {
  const r = await send(principal, { target: 'check', kind: 'check', label: 'check', method: 'GET', path: '/api/user' });
  const id = /"id":"([^"]+)"/.exec(r.message)?.[1];
  return r.status === 200 && id ? { id, role: /"role":"([^"]+)"/.exec(r.message)?.[1] ?? '?' } : null;
}

/** Runs requests CONCURRENCY at a time; keeps a session principal signed in between them. */
async function runAll(principal: Principal, requests: FuzzRequest[], results: Result[]) {
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

const logged: string[] = [];
let quiet = false;
const original = { error: console.error, warn: console.warn };
function captureConsole() {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      // Only the replays read what was logged: the run itself keeps the last few entries, not 60 000.
      if (logged.length >= 200) logged.shift();
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}${arg.cause ? ` (cause: ${String((arg.cause as Error)?.message ?? arg.cause)})` : ''}\n${arg.stack?.split('\n').slice(1, 4).join('\n') ?? ''}` : typeof arg === 'string' ? arg : JSON.stringify(arg)?.slice(0, 300))).join(' '));
      if (!quiet) original[level](...args);
    });
  }
}

/** A logged error without its stack frames: the message and each `Caused by:` line. */
function essentialLines(entry: string): string {
  const lines = entry.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('at '));
  return lines.map((line) => line.slice(0, 240)).join(' ⏎ ');
}

const ECB_DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
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
export type FuzzPart = 'visitors' | 'customer' | 'token' | 'staff';

export function fuzzSuite(part: FuzzPart) {
describe(`fuzz (${part}): malformed input never answers 5xx`, () => {
  const setupProblems: string[] = [];
  /** Staff coverage is a bonus (seed data): its problems are reported, not failed on. */
  const staffProblems: string[] = [];
  let outbound = 0;

  beforeAll(() => {
    captureConsole();
    // Staff may refresh the exchange rates, production sends mail: never over the network.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      outbound += 1;
      // The ECB for a rates refresh; anything else is the production mail API: accepted.
      return String(input instanceof Request ? input.url : input).includes('ecb.europa.eu')
        ? new Response(ECB_DOCUMENT)
        : new Response('{"id":"mocked"}', { headers: { 'Content-Type': 'application/json' } });
    });
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });

  async function registerCustomer(): Promise<TestClient> {
    const client = await new TestClient(nextIp()).prime();
    const res = await client.post('/api/register', uniqueUser('fuzz'));
    if (res.status !== 200) setupProblems.push(`register -> ${res.status} ${(await res.text()).slice(0, 200)}`);
    return client;
  }

  /**
   * The seeded super administrator. A staff password sign-in now stops at the MFA enrolment step
   * (a staff session always has a second factor), so the development sign-in of the seeded
   * account is used: it starts the session directly.
   */
  async function signInStaff(): Promise<TestClient> {
    const client = await new TestClient(nextIp()).prime();
    const res = await client.post('/trpc/dev.login', { username: 'sophie' });
    if (res.status !== 200) staffProblems.push(`staff sign-in (dev.login sophie) -> ${res.status} ${(await res.text()).slice(0, 200)}`);
    return client;
  }

  // The run grows with the API: about 55 000 requests over the four parts, 20 s to 90 s each.
  it('sends every REST route and tRPC procedure malformed input', { timeout: 480_000 }, async () => {
    const started = Date.now();

    // Principals.
    const anonymous: Principal = { name: 'anonymous', client: await new TestClient(nextIp()).prime(), session: false, needsCheck: false, reSignIns: 0 };
    const customer: Principal = { name: 'customer', client: await registerCustomer(), session: true, reestablish: registerCustomer, needsCheck: false, reSignIns: 0 };
    const created = await customer.client.post('/api/tokens', { name: 'fuzz', expiresInDays: 30, scopes: [...TOKEN_SCOPES] });
    const token = created.status === 200 ? ((await created.json()) as { id: string; token: string }) : (setupProblems.push(`token -> ${created.status} ${(await created.text()).slice(0, 200)}`), null);
    const bearer: Principal | null = token ? { name: 'bearer', client: new TestClient('198.51.100.20'), bearer: token.token, tokenId: token.id, session: false, needsCheck: false, reSignIns: 0 } : null;
    const staff: Principal = { name: 'staff', client: await signInStaff(), session: true, reestablish: signInStaff, needsCheck: false, reSignIns: 0 };
    const staffUser = await currentUser(staff);
    const customerUser = await currentUser(customer);
    if (!customerUser) setupProblems.push('the customer is not signed in after registering');
    if (!staffUser) staffProblems.push('the staff user (sophie, super_admin, seeded) is not signed in: staff procedures are covered only as anonymous/customer');
    // The Worker runs in this isolate: the fetch mock (and the console capture) must reach it.
    let isolateCheck = 'currency.refresh not in the router';
    if (staffUser && procedures.some((p) => p.path === 'currency.refresh')) {
      const before = outbound;
      const refresh = await send(staff, { target: 'check', kind: 'check', label: 'check', method: 'POST', path: '/trpc/currency.refresh', body: '{}' });
      isolateCheck = `staff currency.refresh -> ${refresh.status}, outbound fetches seen by the mock: ${outbound - before}`;
    }

    // Requests.
    const restAll = routes.flatMap((route, index) => rotateParserCases(restRequests(route), index));
    const trpcAll = procedures.flatMap((procedure, index) => rotateParserCases(trpcRequests(procedure), index));
    const ends = (r: FuzzRequest) => [r.target, ...(r.targets ?? [])].some((t) => [...SESSION_ENDING].some((p) => t === trpcKey(p) || routes.some((route) => route.procedure === p && t === restKey(route))));
    const endingLast = (requests: FuzzRequest[]) => [...requests.filter((r) => !ends(r)), ...requests.filter(ends)];
    /** Planted cookies everywhere; other junk headers on every REST route and a sample of procedures. */
    const headerCasesFor = (names: string[], cookies: Map<string, string>) =>
      endingLast([
        ...routes.flatMap((route, index) =>
          headerRequests(restKey(route), route.method, fillPath(route.path, 'x'), names, cookies, index % NON_ASCII_SAMPLE === 0).filter((_, caseIndex) => (index + caseIndex) % REST_HEADER_ROTATION === 0),
        ),
        ...procedures.flatMap((p, index) =>
          headerRequests(trpcKey(p.path), p.type === 'query' ? 'GET' : 'POST', p.type === 'query' ? `/trpc/${p.path}?input=%7B%7D` : `/trpc/${p.path}`, names, cookies, index % NON_ASCII_SAMPLE === 0).filter(
            (r) => index % TRPC_HEADER_SAMPLE === 0 || (r.kind === 'planted-cookie' && index % TRPC_COOKIE_SAMPLE === 0),
          ),
        ),
      ]);
    const cookieNames = [...new Set([...anonymous.client.cookies.keys(), ...customer.client.cookies.keys()])];
    const headerCases = headerCasesFor(cookieNames, customer.client.cookies);

    const results: Result[] = [];
    let staffFull: string[] = [];
    const extraPrincipals: Record<string, Principal> = {};
    const passMs: Record<string, number> = {};
    /** Per principal, the input cases not sent to targets that refused it at the gate. */
    const gateOnly: Record<string, number> = {};
    const pass = async (principal: Principal, requests: FuzzRequest[]) => {
      const at = Date.now();
      extraPrincipals[principal.name] = principal;
      await runAll(principal, requests, results);
      passMs[principal.name] = (passMs[principal.name] ?? 0) + Date.now() - at;
    };
    quiet = true;
    /**
     * Two phases: probes first, then everything else. A target that refused this principal outright
     * (401/403 before any input is read) gets only the cases that test the gate itself: the probes,
     * other methods, planted cookies, junk credentials and headers, and CSRF. Its malformed bodies,
     * query strings and path parameters go to a principal that gets past the gate (the customer,
     * the token, or staff for what the customer is refused), where each of them tests something;
     * sent here they would all repeat the same refusal (issue 28: 41-49 % of the run did).
     */
    const PROBES = new Set(['no-body', 'empty-object', 'baseline']);
    /**
     * What a second principal past the same gate sends where the customer already sent everything:
     * the cases whose answer can depend on who calls (the probes, unknown properties, query junk,
     * path parameters naming another's records). Wrong types, sizes, nesting and encodings meet the
     * same validation whoever calls, and are the customer's to send.
     */
    const COMPACT = new Set(['no-body', 'empty-object', 'unknown-props', 'baseline', 'query-junk', 'path-param']);
    const GATE_KINDS = new Set([...PROBES, 'wrong-method', 'planted-cookie', 'junk-auth', 'junk-header', 'csrf-body', 'plain-http']);
    const probed = async (principal: Principal, requests: FuzzRequest[], probeAlso: (r: FuzzRequest) => boolean = () => true) => {
      const probes = requests.filter((r) => PROBES.has(r.kind) && probeAlso(r));
      await pass(principal, probes);
      const refused = new Set(results.filter((r) => r.principal === principal.name && PROBES.has(r.kind) && (r.status === 401 || r.status === 403)).map((r) => r.target));
      const done = new Set(probes);
      const rest = requests.filter((r) => !done.has(r));
      const past = rest.filter((r) => !refused.has(r.target) || GATE_KINDS.has(r.kind));
      gateOnly[principal.name] = (gateOnly[principal.name] ?? 0) + rest.length - past.length;
      await pass(principal, past);
    };
    if (part === 'visitors') await probed(anonymous, [...restAll, ...trpcAll, ...trpcRouterRequests(false)]);
    // Session-ending targets are probed in the second phase, last, like every case of theirs.
    const customerCases = endingLast([...restAll, ...trpcAll, ...trpcRouterRequests(true), ...headerCases]);
    if (part === 'customer') await probed(customer, customerCases, (r) => !ends(r));
    // Staff's share below follows from what the customer was refused: only the probes here. The
    // token part sends them too, so every target of the router meets each part (it checks that).
    // (The token part ends with the session-ending procedures, which the staff part sends as staff.)
    if (part === 'staff' || part === 'token') await pass(customer, customerCases.filter((r) => PROBES.has(r.kind) && (part === 'token' || !ends(r))));
    // A token authenticates REST paths only; on /trpc the header is ignored and the request is anonymous.
    // CSRF does not apply to a token: the csrf-body cases would repeat the body cases.
    // Past its gate (scopes, no CSRF) a token reaches the same REST adapter and validation as the
    // customer's session, which gets every case in the customer part: the token gets the compact set.
    if (bearer && part === 'token') await probed(bearer, restAll.filter((r) => r.kind !== 'csrf-body' && COMPACT.has(r.kind)));
    if (staffUser && part === 'staff') {
      // Staff reaches the same validation as the customer, and more: every case where the customer
      // was turned away (a role or permission), a compact set elsewhere.
      const deniedToCustomer = new Set(results.filter((r) => r.principal === 'customer' && ['no-body', 'empty-object', 'baseline'].includes(r.kind) && r.status === 403).map((r) => r.target));
      await pass(staff, endingLast([...restAll, ...trpcAll, ...trpcRouterRequests(true)].filter((r) => deniedToCustomer.has(r.target) || COMPACT.has(r.kind))));
      staffFull = [...deniedToCustomer].sort();
    }

    // Production mode, when the client offers it: `__Host-` cookies, Secure, required settings,
    // mail over HTTP (answered by the fetch mock). Planted cookies, junk headers and plain HTTP.
    let productionPass = 'skipped: worker/test/client.ts has no fetcherWith/productionEnv';
    if (part !== 'visitors') productionPass = 'in the visitors part';
    else if (production.fetcherWith && production.productionEnv) {
      const fetcher = production.fetcherWith(production.productionEnv());
      const prodAnonymousClient = await new TestClientWith(nextIp(), fetcher).prime();
      const prodCustomerClient = await new TestClientWith(nextIp(), fetcher).prime();
      const registered = await prodCustomerClient.post('/api/register', uniqueUser('fuzzprod'));
      const prodCustomer: Principal = {
        name: 'production customer',
        client: prodCustomerClient,
        fetcher,
        session: true,
        needsCheck: false,
        reSignIns: 0,
        reestablish: async () => {
          const client = await new TestClientWith(nextIp(), fetcher).prime();
          await client.post('/api/register', uniqueUser('fuzzprod'));
          return client;
        },
      };
      const prodAnonymous: Principal = { name: 'production anonymous', client: prodAnonymousClient, fetcher, session: false, needsCheck: false, reSignIns: 0 };
      if (registered.status !== 200 || !(await currentUser(prodCustomer))) {
        setupProblems.push(`production register -> ${registered.status}; signed in: ${Boolean(await currentUser(prodCustomer))}`);
      }
      const prodNames = [...new Set([...prodAnonymousClient.cookies.keys(), ...prodCustomerClient.cookies.keys()])];
      const prodHeaderCases = headerCasesFor(prodNames, prodCustomerClient.cookies);
      const plainHttp: FuzzRequest[] = [
        ...routes.map((route) => ({ target: restKey(route), kind: 'plain-http', label: 'http://', method: route.method, path: fillPath(route.path, 'x'), plainHttp: true, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{' }) })),
        ...procedures.map((p) => ({ target: trpcKey(p.path), kind: 'plain-http', label: 'http://', method: p.type === 'query' ? 'GET' : 'POST', path: `/trpc/${p.path}`, plainHttp: true, ...(p.type === 'query' ? {} : { body: '{' }) })),
      ];
      await pass(prodAnonymous, [...plainHttp, ...restAll.filter((r) => ['malformed-json', 'no-body', 'csrf-body', 'deep-nesting'].includes(r.kind))]);
      await pass(prodCustomer, prodHeaderCases);
      productionPass = `ran: cookies ${prodNames.join(', ')}; ${prodHeaderCases.length + plainHttp.length} requests`;
    }
    const fuzzMs = Date.now() - started;

    // Replay each distinct failure alone to attribute what the Worker logged.
    const failures = results.filter(isFailure);
    const distinct = new Map<string, Result & { principals: Set<string>; count: number; log?: string }>();
    for (const failure of failures) {
      const key = `${failure.target} | ${failure.kind} | ${failure.label} | ${failure.status}/${failure.embedded ?? ''}`;
      const seen = distinct.get(key);
      if (seen) {
        seen.principals.add(failure.principal);
        seen.count += 1;
      } else distinct.set(key, { ...failure, principals: new Set([failure.principal]), count: 1 });
    }
    const principals: Record<string, Principal | null> = { anonymous, customer, bearer, staff, ...extraPrincipals };
    let replayed = 0;
    for (const failure of distinct.values()) {
      if (replayed >= 150) break;
      replayed += 1;
      const principal = principals[failure.principal];
      if (!principal) continue;
      logged.length = 0;
      const again = await send(principal, failure.request);
      failure.log = `${again.status}${again.embedded ? `/${again.embedded}` : ''} ${logged.map(essentialLines).join(' || ').slice(0, 700) || '(nothing logged)'}`;
    }
    quiet = false;

    // Figures.
    const count = <K extends string | number>(keys: K[]) => Object.fromEntries([...keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>())].sort(([a], [b]) => String(a).localeCompare(String(b))));
    const inline = (counts: Record<string, number>) => Object.entries(counts).map(([status, n]) => `${status}×${n}`).join(' ');
    const exercised = new Set(results.flatMap((r) => r.targets));
    const missingRoutes = routes.map(restKey).filter((key) => !exercised.has(key));
    const missingProcedures = procedures.map((p) => trpcKey(p.path)).filter((key) => !exercised.has(key));
    const summary = {
      requests: results.length,
      seconds: Math.round(fuzzMs / 100) / 10,
      restRoutes: `${routes.length - missingRoutes.length}/${routes.length}`,
      trpcProcedures: `${procedures.length - missingProcedures.length}/${procedures.length}`,
      principals: count(results.map((r) => r.principal)),
      inputCasesLeftToPrincipalsPastTheGate: gateOnly,
      passSeconds: Object.fromEntries(Object.entries(passMs).map(([k, v]) => [k, Math.round(v / 100) / 10])),
      statusesByPrincipal: Object.fromEntries([...new Set(results.map((r) => r.principal))].map((name) => [name, inline(count(results.filter((r) => r.principal === name).map((r) => String(r.status))))])),
      // Where the time goes: each kind's share of the summed request latencies (requests overlap, CONCURRENCY at a time).
      latencyShareByKind: (() => {
        const total = results.reduce((sum, r) => sum + r.ms, 0) || 1;
        const byKind = new Map<string, number>();
        for (const r of results) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + r.ms);
        return Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => [kind, `${Math.round((ms / total) * 1000) / 10} %`]));
      })(),
      statusesByKind: Object.fromEntries([...new Set(results.map((r) => r.kind))].sort().map((kind) => [kind, inline(count(results.filter((r) => r.kind === kind).map((r) => String(r.status))))])),
      statuses: count(results.map((r) => String(r.status))),
      embeddedTrpcStatuses: count(results.filter((r) => r.embedded !== undefined).map((r) => String(r.embedded))),
      kinds: count(results.map((r) => r.kind)),
      rateLimited429: results.filter((r) => r.status === 429).length,
      // Not a 5xx, but worth knowing: error bodies that carry a stack trace (tRPC's isDev shape).
      answersWithStackTrace: count(results.filter((r) => r.message.includes('"stack":')).map((r) => r.principal)),
      deliberate503: results.filter((r) => r.status === 503).length,
      reSignIns: Object.fromEntries(Object.values(extraPrincipals).filter((p) => p.session).map((p) => [p.name, p.reSignIns])),
      signedOutBy: Object.fromEntries(Object.values(extraPrincipals).filter((p) => p.signedOutBy?.length).map((p) => [p.name, p.signedOutBy!.map((s) => s.slice(0, 400))])),
      staff: part !== 'staff' ? 'in the staff part' : staffUser ? `signed in as ${staffUser.role}; every case for ${staffFull.join(', ') || 'no target'} (denied to the customer), a compact set elsewhere` : 'not covered',
      staffProblems,
      outboundFetches: outbound,
      isolateCheck,
      productionPass,
      slowest: results.sort((a, b) => b.ms - a.ms).slice(0, 5).map((r) => `${r.ms} ms ${r.principal} ${r.method} ${r.path.slice(0, 80)} [${r.kind}: ${r.label}]`),
      failures: failures.length,
      distinctFailures: distinct.size,
      setupProblems,
    };
    console.log(`fuzz summary\n${JSON.stringify(summary, null, 2)}`);

    const fiveHundreds = [...distinct.values()].map(
      (f) => `${f.status}${f.embedded ? ` (embedded ${f.embedded})` : ''} ×${f.count} [${[...f.principals].join(',')}] ${f.method} ${f.path} — ${f.kind}: ${f.label} — answer: ${f.message.slice(0, 160)}${f.log ? ` — replay/log: ${f.log}` : ''}`,
    );
    if (fiveHundreds.length) console.log(`fuzz failures (${fiveHundreds.length} distinct)\n${fiveHundreds.join('\n')}`);

    expect(setupProblems).toEqual([]);
    expect(missingRoutes).toEqual([]);
    expect(missingProcedures).toEqual([]);
    expect(results.length).toBeGreaterThan(1000);
    expect(fiveHundreds).toEqual([]);
  });
});
}
