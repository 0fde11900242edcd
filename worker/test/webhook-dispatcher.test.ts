import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhooksFor } from '../src/context';
import { json, productionEnv, TestClient } from './client';

/**
 * The WebhookDispatcher Durable Object (ADR 36): woken by an event, it sends the organisation's
 * due deliveries at each alarm and sets the next alarm at the next retry. The receiver is a stand-in
 * for global fetch at http://127.0.0.1:9 that checks each request's Standard Webhooks signature
 * with SubtleCrypto; time is moved by making the scheduled attempt due, then firing the alarm.
 */

const GLOBEX = 'org_demo_globex';
const RECEIVER = 'http://127.0.0.1:9/webhooks';

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
}

function standInReceiver(statuses: number[]) {
  const realFetch = globalThis.fetch;
  const calls: Array<{ id: string; timestamp: string; signature: string; body: string }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(RECEIVER)) return realFetch(input, init);
    calls.push({ id: request.headers.get('webhook-id') ?? '', timestamp: request.headers.get('webhook-timestamp') ?? '', signature: request.headers.get('webhook-signature') ?? '', body: await request.text() });
    const status = statuses[calls.length - 1] ?? 200;
    return new Response(status === 204 ? null : 'stand-in', { status });
  });
  return calls;
}

/** The signature a receiver expects, computed here independently of the product's code. */
async function expectedSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = await crypto.subtle.importKey('raw', Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

const dispatcher = () => env.WEBHOOK_DISPATCHER.get(env.WEBHOOK_DISPATCHER.idFromName(GLOBEX));
const deliveryRow = (id: string) => env.DB.prepare('SELECT id, status, attempts, next_attempt_at, last_attempt_at, response_status FROM webhook_deliveries WHERE id = ?').bind(id).first<DeliveryRow>();

/** Fires the dispatcher's alarm until the delivery has had `attempts` attempts (the runtime may fire a due alarm itself first). */
async function untilAttempts(id: string, attempts: number): Promise<DeliveryRow> {
  for (let tries = 0; tries < 200; tries += 1) {
    const row = await deliveryRow(id);
    if (row && row.attempts >= attempts && row.status !== 'sending') return row;
    await runDurableObjectAlarm(dispatcher());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Delivery ${id} never reached ${attempts} attempts`);
}

/** As if the scheduled retry's time had come: the attempt is made due now. */
const makeDue = (id: string) => env.DB.prepare('UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?').bind(Date.now() - 1, id).run();

describe('WebhookDispatcher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a test event at once, retries a failing receiver 5 s then 5 min later from its alarms, and stops once it answers 2xx', async () => {
    const calls = standInReceiver([500, 503, 204]);
    const client = await new TestClient('203.0.113.61').prime();
    expect((await client.post('/trpc/dev.login', { username: 'gabriel' })).status).toBe(200);
    const created = await client.post('/api/webhook-endpoints', { url: RECEIVER, events: ['webhook.test'], description: 'workerd' });
    expect(created.status).toBe(201);
    const endpoint = await json<{ id: string; secret: string }>(created);
    const sent = await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(201);
    const { id } = await json<{ id: string }>(sent);
    expect((await dispatcher().status()).organizationId).toBe(GLOBEX);

    const first = await untilAttempts(id, 1);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    // The delay runs from the attempt's end; last_attempt_at is its start.
    const delayOf = (row: DeliveryRow) => row.next_attempt_at! - row.last_attempt_at!;
    expect(delayOf(first)).toBeGreaterThanOrEqual(5_000);
    expect(delayOf(first)).toBeLessThan(6_000);
    expect((await dispatcher().status()).alarmAt).toBe(first.next_attempt_at);

    await makeDue(id);
    const second = await untilAttempts(id, 2);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    expect(delayOf(second)).toBeGreaterThanOrEqual(5 * 60_000);
    expect(delayOf(second)).toBeLessThan(5 * 60_000 + 1_000);
    expect((await dispatcher().status()).alarmAt).toBe(second.next_attempt_at);

    await makeDue(id);
    expect(await untilAttempts(id, 3)).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 204, next_attempt_at: null });
    expect((await dispatcher().status()).alarmAt).toBeNull();

    expect(calls.map((call) => call.id)).toEqual([id, id, id]);
    for (const call of calls) expect(call.signature).toBe(await expectedSignature(endpoint.secret, call.id, call.timestamp, call.body));
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    const deliveries = await json<{ items: Array<{ id: string; status: string; attempts: number }>; total: number }>(await client.get(`/api/webhook-endpoints/${endpoint.id}/deliveries?pageSize=5`));
    expect(deliveries).toMatchObject({ items: [{ id, status: 'succeeded', attempts: 3 }], total: 1 });
  });

  it('resolves a host over DNS over HTTPS at registration in production, A and AAAA, and not in development', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      asked.push(`${request.url} ${request.headers.get('accept')}`);
      const type = new URL(request.url).searchParams.get('type');
      const answer = type === 'A' ? [{ type: 5, data: 'edge.example.net.' }, { type: 1, data: '93.184.215.14' }] : [{ type: 28, data: '2606:2800:21f:cb07:6820:80da:af6b:8b2c' }];
      return Response.json({ Status: 0, Answer: answer });
    });
    const resolve = webhooksFor(productionEnv()).resolveHost!;
    expect(await resolve('hooks.example.com')).toEqual(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    expect(asked.sort()).toEqual([
      'https://cloudflare-dns.com/dns-query?name=hooks.example.com&type=A application/dns-json',
      'https://cloudflare-dns.com/dns-query?name=hooks.example.com&type=AAAA application/dns-json',
    ]);
    expect(webhooksFor(env).resolveHost).toBeUndefined();
  });
});
