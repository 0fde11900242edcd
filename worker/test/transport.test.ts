import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { APP_LOADER_SCRIPT_HASH, COLOR_SCHEME_SCRIPT_HASH } from '@kubemarket/shared';
import { MAX_BATCH_CALLS, MAX_BODY_BYTES } from '../src/transport';
import { apiErrorBody, BASE, fetcherWith, json, TestClient } from './client';

const TOO_LARGE = apiErrorBody('The request body is too large (at most 64 KiB).', 'payload_too_large');
const ISSUED_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A body of exactly `size` bytes that is a valid lead request (JSON padded with spaces). */
function leadBody(size: number, email: string): string {
  const text = JSON.stringify({ kind: 'contact_sales', name: 'Lena Vogel', email, company: 'Vogel GmbH' });
  return text + ' '.repeat(size - text.length);
}

/** A chunked body (no Content-Length) of `total` bytes in 8 KiB chunks; counts what was pulled. */
function chunkedBody(total: number, fill = 0x20): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = 8 * 1024;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(fill));
    },
  });
  return { stream, pulled: () => sent };
}

describe('request body limit', () => {
  it('refuses a declared Content-Length above 64 KiB at once, before CSRF and without reading the body', async () => {
    // The stream never ends: reading it would hang the test.
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(1024)) });
    const res = await fetcherWith(env)(
      new Request(`${BASE}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) },
        body: endless,
      }),
    );
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual(TOO_LARGE);
  });

  it('refuses a body of 64 KiB + 1 sent with its length, on /api and /trpc', async () => {
    const client = await new TestClient('203.0.113.160').prime();
    const api = await client.send('POST', '/api/leads', leadBody(MAX_BODY_BYTES + 1, 'big@example.de'), { 'Content-Type': 'application/json' });
    expect(api.status).toBe(413);
    expect(await json(api)).toEqual(TOO_LARGE);
    const trpc = await client.send('POST', '/trpc/leads.submit', 'x'.repeat(MAX_BODY_BYTES + 1), { 'Content-Type': 'application/json' });
    expect(trpc.status).toBe(413);
  });

  it('stops reading a chunked body without Content-Length once it passes 64 KiB', async () => {
    const client = await new TestClient('203.0.113.161').prime();
    const body = chunkedBody(1024 * 1024);
    const res = await client.send('POST', '/api/leads', body.stream, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual(TOO_LARGE);
    // At most the limit plus the chunk that crossed it (and one the stream may have queued ahead).
    expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 8 * 1024);
  });

  it('accepts a body of exactly 64 KiB, with Content-Length or chunked, and the handler reads it', async () => {
    const client = await new TestClient('203.0.113.162').prime();
    const sized = await client.send('POST', '/api/leads', leadBody(MAX_BODY_BYTES, 'exact@example.de'), { 'Content-Type': 'application/json' });
    expect(sized.status).toBe(201);
    expect(await json(sized)).toMatchObject({ received: true });

    const text = new TextEncoder().encode(leadBody(MAX_BODY_BYTES, 'chunked@example.de'));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < text.length; offset += 8192) controller.enqueue(text.slice(offset, offset + 8192));
        controller.close();
      },
    });
    const chunked = await client.send('POST', '/api/leads', stream, { 'Content-Type': 'application/json' });
    expect(chunked.status).toBe(201);
    const row = await env.DB.prepare('SELECT company FROM leads WHERE email = ?').bind('chunked@example.de').first();
    expect(row).toEqual({ company: 'Vogel GmbH' });
  });

  it('lets the CSRF check read the _csrf body field from the buffered body', async () => {
    const client = await new TestClient('203.0.113.163').prime();
    const token = client.csrf;
    client.csrf = '';
    const res = await client.post('/api/leads', { kind: 'contact_sales', name: 'Lena Vogel', email: 'field@example.de', company: 'Vogel GmbH', _csrf: token });
    expect(res.status).toBe(201);
  });
});

describe('tRPC batches', () => {
  const input = (count: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, {}]))));
  const queries = (count: number) => Array.from({ length: count }, () => 'meta.versionSummary').join(',');

  it(`answers a batch of ${MAX_BATCH_CALLS} queries and refuses ${MAX_BATCH_CALLS + 1} with 400`, async () => {
    const client = new TestClient('203.0.113.170');
    const ok = await client.get(`/trpc/${queries(MAX_BATCH_CALLS)}?batch=1&input=${input(MAX_BATCH_CALLS)}`);
    expect(ok.status).toBe(200);
    expect(await json<unknown[]>(ok)).toHaveLength(MAX_BATCH_CALLS);
    const tooMany = await client.get(`/trpc/${queries(MAX_BATCH_CALLS + 1)}?batch=1&input=${input(MAX_BATCH_CALLS + 1)}`);
    expect(tooMany.status).toBe(400);
    expect(await json(tooMany)).toEqual(apiErrorBody('A batch may hold at most 10 calls.', 'invalid_request'));
    // Commas percent-encoded count the same: tRPC decodes the path before splitting it.
    const encoded = await client.get(`/trpc/${queries(MAX_BATCH_CALLS + 1).replace(/,/g, '%2C')}?batch=1&input=${input(MAX_BATCH_CALLS + 1)}`);
    expect(encoded.status).toBe(400);
  });

  it('refuses a batch of several mutations with 400 and runs a batch of one', async () => {
    const client = await new TestClient('203.0.113.171').prime();
    const two = await client.send('POST', '/trpc/dev.login,dev.login?batch=1', JSON.stringify({ 0: { username: 'alice' }, 1: { username: 'adam' } }), {
      'Content-Type': 'application/json',
    });
    expect(two.status).toBe(400);
    expect(await json(two)).toEqual(apiErrorBody('Mutations cannot be batched: send each one on its own.', 'invalid_request'));
    expect((await client.get('/api/user')).status).toBe(401);

    const one = await client.send('POST', '/trpc/dev.login?batch=1', JSON.stringify({ 0: { username: 'alice' } }), { 'Content-Type': 'application/json' });
    expect(one.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('CSRF cookie format', () => {
  const planted = ['abc%0adef', 'a'.repeat(31), `${'a'.repeat(31)}.`, 'a'.repeat(33), '%0d%0aSet-Cookie:%20x=1'];

  it.each(planted)('replaces a planted value (%s) on an HTML page with a fresh token', async (value) => {
    const client = new TestClient('203.0.113.180');
    client.cookies.set('km_csrf', value);
    const res = await client.get('/pricing');
    expect(res.status).toBe(200);
    const fresh = client.cookies.get('km_csrf')!;
    expect(fresh).toMatch(ISSUED_TOKEN);
    expect(res.headers.get('X-CSRF-Token')).toBe(fresh);
    expect(await res.text()).toContain(`<meta name="csrf-token" content="${fresh}"`);
  });

  it.each(planted)('replaces a planted value (%s) on an API call, which cannot then be used as a token', async (value) => {
    const client = new TestClient('203.0.113.181');
    client.cookies.set('km_csrf', value);
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
    expect(client.cookies.get('km_csrf')).toMatch(ISSUED_TOKEN);
    expect(res.headers.get('X-CSRF-Token')).toBe(client.cookies.get('km_csrf'));

    // Double submit with the planted value in both places: refused, never a 500.
    const forged = new TestClient('203.0.113.182');
    forged.cookies.set('km_csrf', value);
    const header = /^[\x21-\x7e]*$/.test(decodeURIComponent(value)) ? decodeURIComponent(value) : value;
    const post = await forged.post('/api/leads', { kind: 'contact_sales', name: 'X', email: 'x@example.de', company: 'X' }, { 'X-CSRF-Token': header });
    expect(post.status).toBe(403);
  });

  it('keeps a token it issued: no new cookie', async () => {
    const client = await new TestClient('203.0.113.183').prime();
    const issued = client.cookies.get('km_csrf')!;
    const res = await client.get('/api/user');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('X-CSRF-Token')).toBe(issued);
  });
});

describe('caching', () => {
  it.each(['/', '/pricing', '/api/version/summary', '/api/user', '/api/nope', '/trpc/meta.versionSummary'])('%s is no-store', async (path) => {
    const res = await new TestClient('203.0.113.190').get(path);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('renders the page afresh for a browser revalidating an old copy', async () => {
    const stored = await env.ASSETS.fetch(`${BASE}/`);
    const etag = stored.headers.get('ETag');
    await stored.arrayBuffer();
    const client = new TestClient('203.0.113.191');
    const res = await client.request('GET', '/', undefined, etag ? { 'If-None-Match': etag } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBeNull();
    expect(await res.text()).toContain(`<meta name="csrf-token" content="${client.csrf}"`);
  });

  it('keeps the caching of hashed static assets', async () => {
    const assets = {
      fetch: async () =>
        new Response('export {};', { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'public, max-age=31536000, immutable' } }),
    } as unknown as Fetcher;
    const res = await fetcherWith({ ...env, ASSETS: assets })(new Request(`${BASE}/assets/index-3f9a1c.js`));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('security headers', () => {
  const connectSrc = (res: Response) => /connect-src ([^;]*)/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1];

  it('sends HSTS for two years with subdomains and preload', async () => {
    const res = await new TestClient().get('/');
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains; preload');
  });

  it('allows sockets to its own host only: wss over https', async () => {
    const res = await fetcherWith(env)(new Request(`${BASE}/`));
    expect(connectSrc(res)).toBe("'self' wss://console.example.eu https://open.er-api.com");
  });

  it('adds ws: for the host of a plain-http page (development) and APP_URL’s host', async () => {
    const local = await fetcherWith(env)(new Request('http://localhost:5173/'));
    expect(connectSrc(local)).toBe("'self' wss://localhost:5173 ws://localhost:5173 https://open.er-api.com");
    const withAppUrl = await fetcherWith({ ...env, APP_URL: 'https://app.example.eu' })(new Request(`${BASE}/api/version/summary`));
    expect(connectSrc(withAppUrl)).toBe("'self' wss://console.example.eu wss://app.example.eu https://open.er-api.com");
  });

  it('lets no page set a <base> or embed plugins', async () => {
    const policy = (await fetcherWith(env)(new Request(`${BASE}/`))).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it('never writes a host that could break out of the policy', async () => {
    const res = await fetcherWith(env)(new Request("http://evil;script-src'unsafe-inline'/api/version/summary"));
    expect(connectSrc(res)).toBe("'self' https://open.er-api.com");
    expect(res.headers.get('Content-Security-Policy')).toContain(`script-src 'self' ${COLOR_SCHEME_SCRIPT_HASH} ${APP_LOADER_SCRIPT_HASH};`);
  });
});

describe('audited refusals', () => {
  async function forbiddenRows(ip: string) {
    const { results } = await env.DB.prepare("SELECT actor_user_id, ip_address, metadata FROM audit_log WHERE action = 'security.forbidden' AND ip_address = ? ORDER BY created_at, rowid")
      .bind(ip)
      .all<{ actor_user_id: string | null; ip_address: string; metadata: string }>();
    return results.map((row) => ({ ...row, metadata: JSON.parse(row.metadata) as unknown }));
  }

  it('records a cross-origin refusal with the method, path and reason', async () => {
    const client = await new TestClient('203.0.113.200').prime();
    const res = await client.post('/api/leads', {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await forbiddenRows('203.0.113.200')).toEqual([
      { actor_user_id: null, ip_address: '203.0.113.200', metadata: { method: 'POST', path: '/api/leads', reason: 'cross-origin' } },
    ]);
  });

  it('records a missing CSRF token with the signed-in user, and a cross-site fetch', async () => {
    const client = await new TestClient('203.0.113.201').prime();
    expect((await client.post('/trpc/dev.login', { username: 'alice' })).status).toBe(200);
    expect((await client.post('/trpc/notifications.markAllRead', {}, { 'X-CSRF-Token': '' })).status).toBe(403);
    const crossSite = new TestClient('203.0.113.201');
    const res = await crossSite.request('POST', '/api/leads', {}, { Origin: '', 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await forbiddenRows('203.0.113.201')).toEqual([
      { actor_user_id: 'usr_demo_alice', ip_address: '203.0.113.201', metadata: { method: 'POST', path: '/trpc/notifications.markAllRead', reason: 'csrf-token' } },
      { actor_user_id: null, ip_address: '203.0.113.201', metadata: { method: 'POST', path: '/api/leads', reason: 'cross-site' } },
    ]);
  });

  it('records a cross-origin WebSocket upgrade', async () => {
    const client = await new TestClient('203.0.113.202').prime();
    expect((await client.post('/trpc/dev.login', { username: 'adam' })).status).toBe(200);
    const res = await client.request('GET', '/ws', undefined, { Upgrade: 'websocket', Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await forbiddenRows('203.0.113.202')).toEqual([
      { actor_user_id: 'usr_demo_adam', ip_address: '203.0.113.202', metadata: { method: 'GET', path: '/ws', reason: 'cross-origin-websocket' } },
    ]);
  });
});
