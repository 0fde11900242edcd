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
 * Cases are in ./fuzz-cases.ts, which target gets which in ./fuzz-targets.ts, the sending in
 * ./fuzz-sender.ts. On failure the offending cases are printed with the error the
 * Worker logged (each is replayed alone to attribute its log lines).
 */
import { API_ERROR_CODES, REQUEST_ID_PATTERN, TOKEN_SCOPES } from '@kubemarket/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient, uniqueUser } from './client';
import { fillPath, type FuzzRequest } from './fuzz-cases';
import { headerRequests, NON_ASCII_SAMPLE, procedures, REST_HEADER_ROTATION, restKey, restRequests, rotateParserCases, routes, SESSION_ENDING, TRPC_COOKIE_SAMPLE, TRPC_HEADER_SAMPLE, trpcKey, trpcRequests, trpcRouterRequests } from './fuzz-targets';
import { capture, captureConsole, currentUser, ECB_DOCUMENT, essentialLines, isFailure, nextIp, type Principal, production, type Result, runAll, send, TestClientWith } from './fuzz-sender';

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
    const token = created.status === 201 ? ((await created.json()) as { id: string; token: string }) : (setupProblems.push(`token -> ${created.status} ${(await created.text()).slice(0, 200)}`), null);
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
    capture.quiet = true;
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
    // ADR 34: every error of /api is `{ message, code, requestId }`, message first, whatever refused it
    // (an answer cut at 300 characters is not JSON any more and is not judged).
    const offConvention = results
      .filter((r) => typeof r.status === 'number' && r.status >= 400 && r.path.startsWith('/api/'))
      .filter((r) => {
        let body: unknown;
        try {
          body = JSON.parse(r.message);
        } catch {
          return false;
        }
        const { message, code, requestId } = (body ?? {}) as Record<string, unknown>;
        return Object.keys(body ?? {})[0] !== 'message' || typeof message !== 'string' || typeof code !== 'string' || !(code in API_ERROR_CODES) || typeof requestId !== 'string' || !REQUEST_ID_PATTERN.test(requestId);
      })
      .map((r) => `${r.status} ${r.method} ${r.path.slice(0, 80)} [${r.kind}: ${r.label}] — ${r.message.slice(0, 120)}`);
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
      capture.logged.length = 0;
      const again = await send(principal, failure.request);
      failure.log = `${again.status}${again.embedded ? `/${again.embedded}` : ''} ${capture.logged.map(essentialLines).join(' || ').slice(0, 700) || '(nothing logged)'}`;
    }
    capture.quiet = false;

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
      errorsOffConvention: offConvention.length,
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
    expect(offConvention.slice(0, 20)).toEqual([]);
  });
});
}
