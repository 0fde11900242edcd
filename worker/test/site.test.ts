import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, json, signedIn, TestClient } from './client';

async function mailedToken(to: string, param: 'token' | 'unsubscribe'): Promise<string> {
  const row = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .bind(to)
    .first<{ text: string }>();
  const match = row?.text.match(new RegExp(`https?://[^\\s]+/newsletter\\?${param}=([\\w-]+)`));
  if (!match) throw new Error(`No newsletter ${param} link mailed to ${to}`);
  return match[1]!;
}

describe('GET /api/currency/rates', () => {
  it('answers the EUR-based rates, their update time and day', async () => {
    const res = await new TestClient().get('/api/currency/rates');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ rates: { EUR: 1, USD: 1.0841, GBP: 0.8527, CNY: 7.8112 }, timestamp: 0, date: '2026-11-20' });
  });

  it('lets the client read the primary source too (CSP connect-src)', async () => {
    const res = await new TestClient().get('/api/currency/rates');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/connect-src [^;]*https:\/\/open\.er-api\.com/);
  });
});

describe('GET /api/data-centers', () => {
  it('lists the regions', async () => {
    const res = await new TestClient().get('/api/data-centers');
    expect(res.status).toBe(200);
    const regions = await json<Array<Record<string, unknown>>>(res);
    expect(regions).toHaveLength(6);
    expect(regions[1]).toEqual({
      id: 'de-fra-1',
      name: 'Frankfurt FRA1',
      city: 'Frankfurt am Main',
      country: 'Germany',
      countryCode: 'DE',
      certifications: ['ISO 27001', 'BSI C5', 'GDPR', 'CISPE'],
      status: 'operational',
      openedYear: 2020,
      // Jurisdiction and the carbon model's figures (issue 34), with the grid figure's source.
      operator: 'KubeMarket Demo SAS',
      jurisdiction: 'German law (site), French law (operator)',
      euOnlyAccess: true,
      pueMilli: 1580,
      gridGramsPerKwh: 381,
      gridSource: 'Ember, Yearly Electricity Data (lifecycle g CO₂e/kWh of generation), via Our World in Data',
      gridYear: 2023,
    });
  });
});

describe('GET /api/health', () => {
  it('reports the API, the database and the rates', async () => {
    const res = await new TestClient().get('/api/health');
    expect(res.status).toBe(200);
    const health = await json<{ api: unknown; database: { ok: boolean; latencyMs: number }; rates: { ok: boolean; updatedAt: number | null } }>(res);
    expect(health.api).toEqual({ ok: true });
    expect(health.database.ok).toBe(true);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    // Seeded at epoch 0 and never refreshed in this file: present but stale.
    expect(health.rates).toEqual({ ok: false, updatedAt: 0 });
  });
});

describe('GET /api/sidebar-counts', () => {
  it('is 401 when anonymous', async () => {
    const res = await new TestClient().get('/api/sidebar-counts');
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual(apiErrorBody('Please sign in to continue.', 'unauthenticated'));
  });

  it('counts the organisation’s clusters and orders', async () => {
    const alice = await signedIn('alice', '203.0.113.120');
    const res = await alice.get('/api/sidebar-counts');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ clusters: 3, orders: { total: 9 } });
    const olivia = await signedIn('olivia', '203.0.113.121');
    expect(await json(await olivia.get('/api/sidebar-counts'))).toEqual({ clusters: 0, orders: { total: 0 } });
  });
});

describe('GET /api/officers/check-access', () => {
  it('answers a plain JSON boolean', async () => {
    const anonymous = await new TestClient().get('/api/officers/check-access');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('Content-Type')).toContain('application/json');
    expect(await anonymous.text()).toBe('false');
    expect(await (await (await signedIn('alice', '203.0.113.122')).get('/api/officers/check-access')).text()).toBe('false');
    expect(await (await (await signedIn('olivia', '203.0.113.123')).get('/api/officers/check-access')).text()).toBe('true');
    expect(await (await (await signedIn('sophie', '203.0.113.124')).get('/api/officers/check-access')).text()).toBe('true');
  });
});

describe('POST /api/leads', () => {
  const lead = { kind: 'schedule_demo', name: 'Lena Vogel', email: 'lena@example.de', company: 'Vogel GmbH', details: { preferredDate: '2026-12-03', attendees: 4 } };

  it('stores the request and acknowledges it by email', async () => {
    const client = await new TestClient('203.0.113.130').prime();
    const res = await client.post('/api/leads', lead);
    expect(res.status).toBe(201);
    const body = await json<{ id: string; received: boolean }>(res);
    expect(body).toEqual({ id: expect.stringMatching(/^lead_/), received: true });
    const row = await env.DB.prepare('SELECT kind, email, company, details, ip FROM leads WHERE id = ?').bind(body.id).first();
    expect(row).toEqual({ kind: 'schedule_demo', email: 'lena@example.de', company: 'Vogel GmbH', details: '{"preferredDate":"2026-12-03","attendees":4}', ip: '203.0.113.130' });
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ?').bind('lena@example.de').first();
    expect(mail).toEqual({ subject: 'We received your demo request — KubeMarket' });
  });

  it('needs the CSRF token and our origin', async () => {
    const client = await new TestClient('203.0.113.131').prime();
    const missing = await client.post('/api/leads', lead, { 'X-CSRF-Token': '' });
    expect(missing.status).toBe(403);
    expect(await json(missing)).toEqual(apiErrorBody('Invalid or missing CSRF token. Refresh the page and try again.', 'forbidden'));
    const crossSite = await client.post('/api/leads', lead, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await client.post('/api/leads', lead)).status).toBe(201);
  });

  it('answers 400 with the field that is wrong', async () => {
    const client = await new TestClient('203.0.113.132').prime();
    const res = await client.post('/api/leads', { ...lead, email: 'lena-at-example', phone: 'abc' });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(apiErrorBody('email: Enter a valid email address.; phone: Enter a valid phone number, e.g. +33 1 23 45 67 89.', 'validation_failed', [
      { path: 'email', message: 'Enter a valid email address.' },
      { path: 'phone', message: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.' },
    ]));
  });

  it('limits an address to 10 requests an hour with 429 and Retry-After', async () => {
    const client = await new TestClient('203.0.113.133').prime();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await client.post('/api/leads', { ...lead, email: `lead${i}@example.de` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    const limited = await client.post('/api/leads', { ...lead, email: 'another@example.de' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(limited)).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('newsletter', () => {
  it('subscribes with double opt-in, confirms once and unsubscribes', async () => {
    const client = await new TestClient('203.0.113.140').prime();
    const subscribe = await client.post('/api/newsletter/subscribe', { email: 'News.Reader@Example.org' });
    expect(subscribe.status).toBe(200);
    expect(await json(subscribe)).toEqual({ sent: true });
    const token = await mailedToken('news.reader@example.org', 'token');

    const confirm = await client.post('/api/newsletter/confirm', { token });
    expect(confirm.status).toBe(200);
    expect(await json(confirm)).toEqual({ confirmed: true, email: 'news.reader@example.org' });
    const again = await client.post('/api/newsletter/confirm', { token });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(apiErrorBody('This confirmation link is invalid or has expired. Subscribe again to get a new one.', 'invalid_request'));

    const unsubscribe = await client.post('/api/newsletter/unsubscribe', { token: await mailedToken('news.reader@example.org', 'unsubscribe') });
    expect(unsubscribe.status).toBe(200);
    expect(await json(unsubscribe)).toEqual({ unsubscribed: true, email: 'news.reader@example.org' });
    // The address is erased.
    const row = await env.DB.prepare('SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?').bind('news.reader@example.org').first();
    expect(row).toEqual({ n: 0 });
  });

  it('answers the same whether or not the address is already subscribed', async () => {
    const client = await new TestClient('203.0.113.141').prime();
    await client.post('/api/newsletter/subscribe', { email: 'known@example.org' });
    await client.post('/api/newsletter/confirm', { token: await mailedToken('known@example.org', 'token') });
    const known = await client.post('/api/newsletter/subscribe', { email: 'known@example.org' });
    const unknown = await client.post('/api/newsletter/subscribe', { email: 'unknown@example.org' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await json(known)).toEqual(await json(unknown));
  });

  it('needs the CSRF token, validates the email and limits the mails', async () => {
    const client = await new TestClient('203.0.113.142').prime();
    expect((await client.post('/api/newsletter/subscribe', { email: 'x@example.org' }, { 'X-CSRF-Token': 'forged-token-forged-token' })).status).toBe(403);
    const bad = await client.post('/api/newsletter/subscribe', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual(apiErrorBody('email: Enter a valid email address.', 'validation_failed', [{ path: 'email', message: 'Enter a valid email address.' }]));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await client.post('/api/newsletter/subscribe', { email: 'flooded@example.org' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
