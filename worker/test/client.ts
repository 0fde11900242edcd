import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { app } from '../src/app';
import type { Env } from '../src/env';
import { REQUEST_ID_PATTERN, type ApiErrorCode, type ApiFieldError } from '@kubemarket/shared';
import { expect } from 'vitest';

export const BASE = 'https://console.example.eu';

export type Fetcher = (request: Request) => Promise<Response>;

/** Through the Worker's entry point, with the test bindings (ENVIRONMENT=development). */
export const workerFetch: Fetcher = (request) => exports.default.fetch(request);

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A valid keyring that is not the development one. */
export const PRODUCTION_KEYRING = `1:${randomKey()}`;

/** The test bindings as a production deployment has them: every required setting present. */
export function productionEnv(overrides: Partial<Env> = {}): Env {
  return {
    ...env,
    ENVIRONMENT: 'production',
    APP_URL: BASE,
    MAIL_API_URL: 'https://mail.example.eu/v1/send',
    MAIL_API_KEY: 'test-mail-api-key',
    ENCRYPTION_KEYS: PRODUCTION_KEYRING,
    // Tests never reach Stripe: production takes test-mode payments on purpose.
    PAYMENTS_SANDBOX: 'enabled',
    // ... and simulated clusters, since no Gardener landscape is reachable.
    PROVISIONER_SIMULATOR: 'enabled',
    // The test pool's cheap scrypt cost is a development setting that production refuses.
    PASSWORD_HASH_COST: undefined,
    // The seller printed on invoices: required in production.
    SELLER_LEGAL_NAME: 'Sovereign Clusters SAS',
    SELLER_ADDRESS: '1 place de la Bourse | 69002 Lyon',
    SELLER_COUNTRY: 'FR',
    SELLER_VAT_ID: 'FR65912345675',
    SELLER_REGISTRATION: 'RCS Lyon 912 345 675',
    SELLER_IBAN: 'FR76 3000 6000 0112 3456 7890 189',
    SELLER_BIC: 'AGRIFRPP',
    ...overrides,
  };
}

/** Calls the Hono app with these bindings and waits for its waitUntil work. */
export function fetcherWith(bindings: Env): Fetcher {
  return async (request) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

/** A browser-like client: keeps cookies and the latest X-CSRF-Token, sends our Origin. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly ip = '203.0.113.10',
    readonly fetcher: Fetcher = workerFetch,
  ) {}

  request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const headers: Record<string, string> = body === undefined ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders };
    return this.send(method, path, body === undefined ? undefined : JSON.stringify(body), headers);
  }

  /** Like request(), with the body as given (a stream, raw bytes). */
  async send(method: string, path: string, body?: BodyInit, extraHeaders: Record<string, string> = {}) {
    const headers = new Headers({ Origin: BASE, 'CF-Connecting-IP': this.ip, 'User-Agent': 'TestClient/1.0', ...extraHeaders });
    if (this.cookies.size) headers.set('Cookie', this.cookieHeader());
    if (method !== 'GET' && this.csrf && !('X-CSRF-Token' in extraHeaders)) headers.set('X-CSRF-Token', this.csrf);
    const res = await this.fetcher(new Request(`${BASE}${path}`, { method, headers, body }));
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    const token = res.headers.get('X-CSRF-Token');
    if (token) this.csrf = token;
    return res;
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }

  /** The Cookie header the client sends: its cookies, as a browser joins them. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Fetches a CSRF token the way the SPA does (GET /api/user refreshes it). */
  async prime() {
    await this.get('/api/user');
    return this;
  }
}

/** A demo account signed in through the development sign-in, as one browser. */
export async function signedIn(username: string, ip: string, fetcher: Fetcher = workerFetch) {
  const client = await new TestClient(ip, fetcher).prime();
  expect((await client.post('/trpc/dev.login', { username })).status).toBe(200);
  return client;
}

/** A Stripe-Signature header for `payload`, signed with the webhook secret as Stripe signs (at `timestamp`, seconds; now by default). */
export async function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

let counter = 0;
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${Math.floor(Math.random() * 1e6)}`;
  return { email: `${id}@example.com`, username: id, name: `Test ${id}`, password: 'a-long-unusual-passphrase', companyName: `${id} GmbH` };
}

/** The API's error body (issue 33): the message, its code, this request's id, and the fields of a validation error. */
export function apiErrorBody(message: string, code: ApiErrorCode, fields?: ApiFieldError[]) {
  return { message, code, requestId: expect.stringMatching(REQUEST_ID_PATTERN), ...(fields ? { fields } : {}) };
}
