import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test expects, in order, and what the fake answers it. */
export interface Exchange {
  method: string;
  /** The path and query string exactly, e.g. `/api/clusters?page=1&pageSize=2`. */
  url: string;
  /** Headers the request must carry (names lower-case); a RegExp tests the value. */
  headers?: Record<string, string | RegExp>;
  /** The JSON body the request must carry. */
  body?: unknown;
  status?: number;
  /** JSON unless `raw` (bytes or text) is given. */
  answer?: unknown;
  raw?: string | Uint8Array;
  answerHeaders?: Record<string, string>;
}

export interface FakeApi {
  url: string;
  /** Queues the next expected requests. */
  expect(...exchanges: Exchange[]): void;
  /** Every difference seen so far (a request out of order, a header or body that is not as expected), and expectations left unmet. */
  problems(): string[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fake of the API on 127.0.0.1 that answers only the requests a test queued, in order, and checks
 * each one (method, path and query, headers, body). Anything else gets a 599 and is recorded, so a
 * test that sends the wrong request fails on `problems()` even when the client swallowed the answer.
 */
export async function startFakeApi(): Promise<FakeApi> {
  const queue: Exchange[] = [];
  const seen: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    const exchange = queue.shift();
    const label = `${request.method} ${request.url}`;
    const wrong: string[] = [];
    if (!exchange) wrong.push(`unexpected request ${label}`);
    else {
      if (exchange.method !== request.method || exchange.url !== request.url) wrong.push(`expected ${exchange.method} ${exchange.url}, got ${label}`);
      for (const [name, value] of Object.entries(exchange.headers ?? {})) {
        const actual = request.headers[name];
        const ok = typeof actual === 'string' && (typeof value === 'string' ? actual === value : value.test(actual));
        if (!ok) wrong.push(`${label}: header ${name} is ${JSON.stringify(actual)}, expected ${String(value)}`);
      }
      if (exchange.body !== undefined && text !== JSON.stringify(exchange.body)) wrong.push(`${label}: body ${text}, expected ${JSON.stringify(exchange.body)}`);
    }
    if (wrong.length || !exchange) {
      seen.push(...wrong);
      response.writeHead(599, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: wrong.join('; '), code: 'internal_error', requestId: 'req_fake' }));
      return;
    }
    const raw = exchange.raw ?? JSON.stringify(exchange.answer ?? {});
    response.writeHead(exchange.status ?? 200, { 'Content-Type': exchange.raw === undefined ? 'application/json' : 'application/octet-stream', ...exchange.answerHeaders }).end(raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    expect: (...exchanges) => queue.push(...exchanges),
    problems: () => [...seen, ...queue.map((exchange) => `expected ${exchange.method} ${exchange.url}, never sent`)],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
