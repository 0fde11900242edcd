/**
 * Test only: a webhook receiver on 127.0.0.1 that verifies each request with the
 * `standardwebhooks` package (the reference implementation customers use), records it, and
 * answers the status the test sets. A request the package refuses is recorded as a violation.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  signatures: string[];
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export async function webhookReceiver() {
  let secrets: string[] = [];
  let status = 204;
  const received: ReceivedWebhook[] = [];
  const violations: string[] = [];
  const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': header(request.headers, 'webhook-id'), 'webhook-timestamp': header(request.headers, 'webhook-timestamp'), 'webhook-signature': header(request.headers, 'webhook-signature') };
      try {
        if (request.method !== 'POST' || request.headers['content-type'] !== 'application/json') throw new Error(`${request.method} ${request.headers['content-type']}`);
        if (secrets.length === 0) throw new Error('no secret set');
        // Every secret the test expects must verify on its own (a rotation signs with both).
        const bodies = secrets.map((secret) => new Webhook(secret).verify(raw, headers) as ReceivedWebhook['body']);
        received.push({ id: headers['webhook-id'], timestamp: Number(headers['webhook-timestamp']), signatures: headers['webhook-signature'].split(' '), body: bodies[0]! });
      } catch (error) {
        violations.push(`${headers['webhook-id']}: ${error instanceof Error ? error.message : String(error)}`);
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'Receiver failing on purpose' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    violations,
    /** The secrets every request must verify with. */
    expectSecrets(next: string[]) {
      secrets = next;
    },
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
