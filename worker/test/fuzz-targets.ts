/**
 * What the fuzz sends each target (fuzz-suite.ts): the REST routes and tRPC procedures read from the
 * router, and for each its cases (./fuzz-cases.ts), with the header, cookie and parser-level cases
 * sampled and rotated over targets that share one gate.
 */
import { appRouter, inputProperties, restRoutes, type RestRoute } from '@kubemarket/api';
import { bodyCases, fillPath, KB10, MB5, PATH_PARAM_JUNK, queryCases, TRPC_BATCH_INPUTS, trpcQueryInputs, UNKNOWN_PROCEDURES, deepJson, COOKIE_64KB, COOKIES_500, type FuzzRequest, type PropertySchema } from './fuzz-cases';

/** Procedures that end the caller's session whatever the input: run last for signed-in principals. */
export const SESSION_ENDING = new Set(['auth.logout']);
/**
 * Header cases go to every REST route; to tRPC procedures (the same middleware in front of all of
 * them) planted cookies go to every 3rd, other junk headers to every 6th.
 */
export const TRPC_COOKIE_SAMPLE = 3;
/** Non-ASCII header values (each makes workerd print a warning) go to every Nth target only. */
export const NON_ASCII_SAMPLE = 6;
export const TRPC_HEADER_SAMPLE = 6;
/**
 * REST routes share one gate (the authenticate and CSRF middleware in front of all of them): each
 * header or cookie case goes to every 4th route, starting one further along for each case, so every
 * case meets every kind of route (public, signed-in, scoped, staff) and every route meets a quarter
 * of the cases, at least one of each kind (issue 28: the gate fuzzed once per path, not 50 times).
 */
export const REST_HEADER_ROTATION = 4;
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
export function rotateParserCases(requests: FuzzRequest[], targetIndex: number): FuzzRequest[] {
  let parserCase = 0;
  return requests.filter((r) => !PARSER_KINDS.has(r.kind) || (targetIndex + parserCase++) % PARSER_ROTATION === 0);
}

// ---------------------------------------------------------------------------------------------
// Targets: REST routes and tRPC procedures, read from the router so new ones are fuzzed too.

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
export const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures)
  .filter(([, { _def }]) => _def.type !== 'subscription')
  .map(([path, { _def }]) => ({ path, type: _def.type as 'query' | 'mutation', inputs: _def.inputs }));
export const routes = restRoutes();

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

export const restKey = (route: RestRoute) => `REST ${route.method} ${route.path}`;
export const trpcKey = (path: string) => `tRPC ${path}`;
const ROUTER_KEY = 'tRPC (router)';

export function restRequests(route: RestRoute): FuzzRequest[] {
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

export function trpcRequests(procedure: (typeof procedures)[number]): FuzzRequest[] {
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
export function trpcRouterRequests(sessionEndingLast: boolean): FuzzRequest[] {
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
export function headerRequests(target: string, method: string, path: string, cookieNames: string[], realCookies: Map<string, string>, nonAscii: boolean): FuzzRequest[] {
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
