import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '@kubemarket/shared';
import { apiErrorBody, fetcherWith, TestClient } from './client';

const BASE = 'http://example.com';
const worker = exports.default;
const get = (path: string, init?: RequestInit) => worker.fetch(new Request(`${BASE}${path}`, init));

describe('REST adapter', () => {
  it('GET /api/version/summary returns the display version and environment', async () => {
    const res = await get('/api/version/summary');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toEqual({ displayVersion: 'v1.16.0', environment: 'development' });
  });

  it('GET /api/cluster-tiers returns the seeded tiers from D1', async () => {
    const res = await get('/api/cluster-tiers');
    expect(res.status).toBe(200);
    const tiers = (await res.json()) as Array<{ id: string; name: string }>;
    expect(tiers).toHaveLength(7);
    expect(tiers[0]).toMatchObject({ id: 'tier_standard', name: 'Standard (Blue)' });
  });

  it('maps procedure errors to HTTP statuses with a { message, code, requestId } body, the id also in X-Request-Id', async () => {
    const res = await get('/api/cluster-tiers/tier_nope');
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual(apiErrorBody('No cluster tier with id tier_nope.', 'not_found'));
    // The console's client reads the first field, `message`.
    expect(Object.keys(body)[0]).toBe('message');
    expect(res.headers.get('X-Request-Id')).toBe(body.requestId);
  });

  it('lists each field of a validation error, and gives every answer its own request id', async () => {
    const client = new TestClient('203.0.113.78');
    await client.prime();
    const [first, second] = await Promise.all([
      client.request('POST', '/api/leads', { kind: 'schedule_demo', name: 'Ada', email: 'not-an-email', company: 'Ada Ltd' }),
      client.request('POST', '/api/leads', { kind: 'schedule_demo', name: 'Ada', email: 'not-an-email', company: 'Ada Ltd' }),
    ]);
    expect([first.status, second.status]).toEqual([400, 400]);
    const body = (await first.json()) as { code: string; fields: Array<{ path: string; message: string }>; requestId: string };
    expect(body.code).toBe('validation_failed');
    expect(body.fields.map((field) => field.path)).toEqual(expect.arrayContaining(['email']));
    const other = (await second.json()) as { requestId: string };
    expect(other.requestId).not.toBe(body.requestId);
    expect((await get('/api/cluster-tiers')).headers.get('X-Request-Id')).toMatch(REQUEST_ID_PATTERN);
  });

  it('never puts a stack trace in a tRPC error answer', async () => {
    const res = await get(`/trpc/catalog.clusterTier?input=${encodeURIComponent(JSON.stringify({ id: '' }))}`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('Tier id is required');
    expect(text).not.toMatch(/"stack"|node_modules|\.ts:\d+/);
  });

  it('answers a non-JSON body with 415 without reading it as text', async () => {
    const client = new TestClient('203.0.113.77');
    await client.prime();
    const res = await client.send('POST', '/api/leads', 'kind=contact&name=Ada', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(apiErrorBody('Send the request body as JSON (Content-Type: application/json).', 'unsupported_media_type'));
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    // A valid browser request (CSRF token of the anonymous cookie) to a path that does not exist.
    const primed = await get('/api/user');
    const token = primed.headers.get('X-CSRF-Token')!;
    const cookie = primed.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await get('/api/does-not-exist', { method: 'POST', headers: { 'X-CSRF-Token': token, Cookie: cookie } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(apiErrorBody('No API route for POST /api/does-not-exist.', 'not_found'));
  });
});

describe('tRPC endpoint', () => {
  it('serves the same procedures, batched', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await get(`/trpc/meta.versionSummary,catalog.clusterTiers?batch=1&input=${input}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ result: { data: unknown } }>;
    expect(body[0]?.result.data).toEqual({ displayVersion: 'v1.16.0', environment: 'development' });
    expect((body[1]?.result.data as unknown[]).length).toBe(7);
  });

  it('formats validation errors as readable messages', async () => {
    const input = encodeURIComponent(JSON.stringify({ id: '' }));
    const res = await get(`/trpc/catalog.clusterTier?input=${input}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe('id: Tier id is required');
  });
});

describe('probes', () => {
  it('GET /healthz answers without the database, GET /readyz once the database takes a statement', async () => {
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.text()).toBe('ok');
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('ready');
  });

  it('GET /readyz answers 503 with the API error body when the database does not answer', async () => {
    const broken = {
      prepare() {
        throw new Error('D1_ERROR: database unavailable');
      },
    } as unknown as D1Database;
    const res = await fetcherWith({ ...env, DB: broken })(new Request(`${BASE}/readyz`));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(apiErrorBody('The database did not answer. Try again in a minute.', 'unavailable'));
    // The liveness probe does not depend on it.
    expect((await fetcherWith({ ...env, DB: broken })(new Request(`${BASE}/healthz`))).status).toBe(200);
  });
});

describe('the benchmark floor (ADR 48), development only', () => {
  it('answers a bare route, one D1 round trip and a bare tRPC query with nothing of ours around them', async () => {
    const bare = await get('/__floor/healthz');
    expect(await bare.text()).toBe('ok');
    // Mounted before every middleware: no request id, no security headers, no session cookie.
    expect(bare.headers.get('X-Request-Id')).toBeNull();
    expect(bare.headers.get('Content-Security-Policy')).toBeNull();
    expect(bare.headers.getSetCookie()).toEqual([]);
    expect(await (await get('/__floor/d1')).json()).toEqual({ one: 1 });
    const tiers = (await (await get('/__floor/trpc/tiers')).json()) as { result: { data: unknown[] } };
    expect(tiers.result.data).toHaveLength(12);
  });
});

describe('every response', () => {
  it.each(['/api/version/summary', '/api/nope', '/healthz', '/', '/some/client/route'])(
    'carries the security headers: %s',
    async (path) => {
      const res = await get(path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    },
  );
});

describe('static assets', () => {
  it('serves the SPA with SPA fallback and a csrf-token meta tag', async () => {
    for (const path of ['/', '/pricing', '/definitely/unknown']) {
      const res = await get(path, { headers: { Accept: 'text/html' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"');
      expect(html).toMatch(/<meta name="csrf-token" content="[^"]*"/);
    }
  });
});
