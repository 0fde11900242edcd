import { exports } from 'cloudflare:workers';

export const BASE = 'https://console.example.eu';

/** A browser-like client: keeps cookies and the latest X-CSRF-Token, sends our Origin. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(readonly ip = '203.0.113.10') {}

  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const headers = new Headers({ Origin: BASE, 'CF-Connecting-IP': this.ip, 'User-Agent': 'TestClient/1.0', ...extraHeaders });
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (method !== 'GET' && this.csrf && !('X-CSRF-Token' in extraHeaders)) headers.set('X-CSRF-Token', this.csrf);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const res = await exports.default.fetch(
      new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
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

  /** Fetches a CSRF token the way the SPA does (GET /api/user refreshes it). */
  async prime() {
    await this.get('/api/user');
    return this;
  }
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
