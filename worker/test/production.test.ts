import { DEVELOPMENT_KEYRING } from '@kubemarket/db';
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousCsrfCookie, clearedSessionCookie, sessionCookie } from '../src/cookies';
import type { Env } from '../src/env';
import { apiErrorBody, BASE, fetcherWith, json, productionEnv, TestClient } from './client';

const production = fetcherWith(productionEnv());

function cookieNamed(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** What `__Host-` requires, and what we want besides: HttpOnly and SameSite=Lax. */
function expectHostCookie(cookie: string | undefined) {
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(cookie).toMatch(/; Path=\/(;|$)/);
  expect(cookie).not.toMatch(/Domain=/i);
}

describe('cookies in production', () => {
  it('names the CSRF and session cookies __Host-km_csrf and __Host-km_session, Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const client = new TestClient('198.51.100.60', production);
    const anonymous = await client.get('/api/user');
    expect(anonymous.status).toBe(401);
    expectHostCookie(cookieNamed(anonymous, '__Host-km_csrf'));
    expect(cookieNamed(anonymous, 'km_csrf')).toBeUndefined();

    const login = await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026' });
    expect(login.status).toBe(200);
    expectHostCookie(cookieNamed(login, '__Host-km_session'));
    expect(client.cookies.has('km_session')).toBe(false);
    expect(await json(await client.get('/api/user'))).toMatchObject({ username: 'alice' });

    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    const cleared = cookieNamed(logout, '__Host-km_session');
    expectHostCookie(cleared);
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('ignores the development cookie names', async () => {
    const client = new TestClient('198.51.100.61', production);
    await client.get('/api/user');
    expect((await client.post('/api/login', { identifier: 'adam', password: 'KubeMarket-demo-2026' })).status).toBe(200);
    const replay = new TestClient('198.51.100.61', production);
    replay.cookies.set('km_session', client.cookies.get('__Host-km_session')!);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('makes cookies Secure in production whatever the scheme, and in development only over https', () => {
    const prod = { ENVIRONMENT: 'production' };
    const dev = { ENVIRONMENT: 'development' };
    for (const cookie of [sessionCookie(prod, 'http://console.example.eu/', 't', 60_000, 0), clearedSessionCookie(prod, 'http://x/'), anonymousCsrfCookie(prod, 'http://x/', 't')]) {
      expect(cookie).toMatch(/^__Host-km_(session|csrf)=.*; Secure/);
    }
    expect(sessionCookie(dev, 'http://localhost:5173/', 't', 60_000, 0)).toMatch(/^km_session=t; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(anonymousCsrfCookie(dev, 'https://localhost:5173/', 't')).toMatch(/^km_csrf=t;.*; Secure/);
  });
});

describe('plain HTTP', () => {
  it('is redirected with 308 to the same URL on https in production, before any other work', async () => {
    const page = await production(new Request('http://console.example.eu/pricing?plan=pro#top'));
    expect(page.status).toBe(308);
    expect(page.headers.get('Location')).toBe('https://console.example.eu/pricing?plan=pro');
    expect(page.headers.getSetCookie()).toEqual([]);

    const api = await production(
      new Request('http://console.example.eu/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: 'alice', password: 'KubeMarket-demo-2026' }),
      }),
    );
    expect(api.status).toBe(308);
    expect(api.headers.get('Location')).toBe('https://console.example.eu/api/login');
    expect(api.headers.get('X-CSRF-Token')).toBeNull();
    expect(api.headers.getSetCookie()).toEqual([]);
  });

  it('is served as is in development', async () => {
    const res = await fetcherWith(env)(new Request('http://localhost:5173/api/version/summary'));
    expect(res.status).toBe(200);
  });
});

describe('production configuration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const UNAVAILABLE = apiErrorBody('The service is temporarily unavailable. Please try again later.', 'unavailable');

  const broken: Array<[string, Partial<Env>, string]> = [
    ['without APP_URL', { APP_URL: undefined }, 'APP_URL is not set.'],
    ['with an http APP_URL', { APP_URL: 'http://console.example.eu' }, 'APP_URL must be an absolute https URL.'],
    ['without MAIL_API_URL', { MAIL_API_URL: undefined }, 'MAIL_API_URL is not set.'],
    ['without MAIL_API_KEY', { MAIL_API_KEY: '' }, 'MAIL_API_KEY is not set.'],
    ['without ENCRYPTION_KEYS', { ENCRYPTION_KEYS: undefined }, 'ENCRYPTION_KEYS is not set.'],
    ['with a malformed ENCRYPTION_KEYS', { ENCRYPTION_KEYS: 'not-a-keyring' }, 'ENCRYPTION_KEYS must look like'],
    ['with the development keyring', { ENCRYPTION_KEYS: DEVELOPMENT_KEYRING }, 'ENCRYPTION_KEYS holds the development key'],
    ['without Stripe and without PAYMENTS_SANDBOX', { PAYMENTS_SANDBOX: undefined }, 'Payments are not configured'],
    ['without Gardener and without PROVISIONER_SIMULATOR', { PROVISIONER_SIMULATOR: undefined }, 'Clusters are not configured'],
    ['with STRIPE_SECRET_KEY but no STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_live_51Example' }, 'STRIPE_WEBHOOK_SECRET is not set'],
    ['with a publishable key as STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_live_51Example', STRIPE_WEBHOOK_SECRET: 'whsec_Example' }, 'STRIPE_SECRET_KEY must be a Stripe secret key'],
    ['with STRIPE_WEBHOOK_SECRET alone', { STRIPE_WEBHOOK_SECRET: 'whsec_Example' }, 'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY'],
    // The tests' cheap scrypt cost would make stolen hashes cheap to crack.
    ['with the test password-hash cost', { PASSWORD_HASH_COST: 'test' }, 'PASSWORD_HASH_COST is a test setting'],
    // Every invoice must name its seller with its VAT id (VAT Directive article 226).
    ['without SELLER_VAT_ID', { SELLER_VAT_ID: undefined }, 'SELLER_VAT_ID is not set'],
    ['without SELLER_LEGAL_NAME', { SELLER_LEGAL_NAME: ' ' }, 'SELLER_LEGAL_NAME is not set'],
    ['with a malformed SELLER_VAT_ID', { SELLER_VAT_ID: 'unknown' }, 'SELLER_VAT_ID must be a VAT identification number'],
  ];

  it.each(broken)('refuses every request %s with a generic 503 and logs the problem once', async (_label, overrides, problem) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const misconfigured = fetcherWith(productionEnv(overrides));
    for (const path of ['/api/cluster-tiers', '/trpc/catalog.clusterTiers', '/', '/healthz']) {
      const res = await misconfigured(new Request(`${BASE}${path}`, { headers: { 'CF-Connecting-IP': '198.51.100.70' } }));
      expect(res.status, path).toBe(503);
      const body = await res.text();
      expect(JSON.parse(body), path).toEqual(UNAVAILABLE);
      expect(body).not.toMatch(/APP_URL|MAIL_|ENCRYPTION|STRIPE|PAYMENTS_|PASSWORD_|SELLER_/);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain(problem);
  });

  it('serves with every setting present', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await production(new Request(`${BASE}/api/cluster-tiers`));
    expect(res.status).toBe(200);
    expect(await json<unknown[]>(res)).toHaveLength(7);
    expect((await production(new Request(`${BASE}/`))).status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the benchmark floor (ADR 48)', () => {
  it('is not served in production: its paths are answered as any unknown path is, with every security header', async () => {
    for (const path of ['/__floor/healthz', '/__floor/d1', '/__floor/trpc/tiers']) {
      const res = await production(new Request(`https://console.example.eu${path}`));
      const unknown = await production(new Request('https://console.example.eu/__floor/not-a-route'));
      expect(res.status).toBe(unknown.status);
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      const body = await res.text();
      expect(body).not.toBe('ok');
      expect(body).not.toContain('"one":1');
      expect(body).not.toContain('tier_floor_');
    }
  });
});
