/**
 * Test and browser-test only: the HTTP server every fake provider runs on (node:http, 127.0.0.1,
 * a random port). Each fake checks requests the way its provider does; this harness records them,
 * collects `violations` (requests the real provider would refuse for a reason other than the
 * credentials: a test asserts there are none), and injects rate limiting and a provider that never
 * answers on demand (`failNext`). A fake can also hold a request itself (`hold`), after checking
 * it, for credentials whose provider account never answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface FakeHttpRequest {
  method: string;
  /** Path without the query, as sent (not decoded). */
  path: string;
  query: URLSearchParams;
  /** The query as sent, for signature checks. */
  rawQuery: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
}

export interface FakeHttpResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answered: the request is held until the client gives up (recorded with status 0). */
  hold?: true;
}

/** The answer of a provider that accepted the request and never answers it. */
export const HOLD: FakeHttpResponse = { status: 0, hold: true };

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
}

export type InjectedFailure = 'rate_limited' | 'hang';

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  violations: string[];
  /**
   * The next `count` requests (default 1) whose path matches `path` (default: any) answer 429 the
   * provider's way, or never answer.
   */
  failNext(failure: InjectedFailure, count?: number, path?: RegExp): void;
  close(): Promise<void>;
}

export interface FakeServerSpec {
  handle(request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse | Promise<FakeHttpResponse>;
  /** The provider's own 429 answer. */
  rateLimited(): FakeHttpResponse;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeServer(spec: FakeServerSpec): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const pending: Array<{ failure: InjectedFailure; path: RegExp | null }> = [];
  const hanging = new Set<ServerResponse>();

  const send = (response: ServerResponse, answer: FakeHttpResponse) => {
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
    response.end(body);
  };

  const server = createServer((incoming, response) => {
    void (async () => {
      const body = await readBody(incoming);
      const target = incoming.url ?? '/';
      const queryAt = target.indexOf('?');
      const request: FakeHttpRequest = {
        method: incoming.method ?? 'GET',
        path: queryAt === -1 ? target : target.slice(0, queryAt),
        rawQuery: queryAt === -1 ? '' : target.slice(queryAt + 1),
        query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
        headers: Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
        body,
      };
      const index = pending.findIndex((entry) => entry.path === null || entry.path.test(request.path));
      const injected = index === -1 ? undefined : pending.splice(index, 1)[0]?.failure;
      let answer: FakeHttpResponse;
      try {
        answer =
          injected === 'hang'
            ? HOLD
            : injected === 'rate_limited'
              ? spec.rateLimited()
              : await spec.handle(request, (text) => violations.push(`${request.method} ${request.path}: ${text}`));
      } catch (error) {
        violations.push(`${request.method} ${request.path}: fake crashed: ${String(error)}`);
        answer = { status: 500, body: { error: 'fake crashed' } };
      }
      requests.push({ method: request.method, path: request.path, status: answer.status });
      if (answer.hold) {
        hanging.add(response);
        // The client gave up (its deadline) and closed the connection: nothing left to hold.
        response.once('close', () => hanging.delete(response));
        return;
      }
      send(response, answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    failNext(failure, count = 1, path) {
      for (let i = 0; i < count; i += 1) pending.push({ failure, path: path ?? null });
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a TCP connection to 127.0.0.1:port is refused (nothing listens there). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A URL on 127.0.0.1 where nothing listens: connection refused. The port is taken below the
 * kernel's ephemeral range (32768-60999 on Linux), which every `listen(0)` of a test run draws
 * from: a port that was merely free a moment ago was once handed to another fake server of the
 * same run, which then answered the "unreachable" provider (a browser test failed on it).
 */
export async function closedUrl(): Promise<string> {
  for (let port = 29_170; port < 32_000; port += 7) {
    if (await refused(port)) return `http://127.0.0.1:${port}`;
  }
  throw new Error('No closed port found on 127.0.0.1 between 29170 and 32000');
}

/**
 * The time a signed request says it was made, in the basic ISO 8601 form AWS (x-amz-date) and
 * Huawei Cloud (X-Sdk-Date) both sign, 20260315T101500Z; null when it is not that form.
 */
export function parseSigningDate(value: string | undefined): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** A provider that accepts the connection and never answers: only the caller's signal ends the wait. */
export const silentProvider: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** A random opaque token, the way providers issue access tokens. */
export function opaqueToken(prefix: string): string {
  return `${prefix}${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')}`;
}
