import { authenticateBearer, validateSessionToken, sessionCookieExpiry } from '@kubemarket/api';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { anonymousCsrfCookie, clearedCookie, CSRF_COOKIE, randomToken, readCookie, SESSION_COOKIE, sessionCookie } from './cookies';
import { databaseFor, environmentOf } from './context';
import type { AppEnv } from './env';


const STATIC_FILE = /\.(?!html?$)[a-z0-9]{1,8}$/i;
// tRPC paths look like files ("/trpc/auth.login"); they always need the session.
const API_PATH = /^\/(api|trpc|ws)(\/|$)/;

/**
 * Resolves the session cookie into the user, and makes sure every visitor has a CSRF token:
 * the session's when signed in, else a random one kept in an HttpOnly cookie (double submit).
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Static files (hashed JS, CSS, images) need no session: skip the database look-up.
  const path = new URL(c.req.url).pathname;
  if (STATIC_FILE.test(path) && !API_PATH.test(path)) {
    c.set('auth', { user: null, session: null, credential: null, csrfToken: '', cookies: [] });
    return next();
  }
  const now = Date.now();
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined && path.startsWith('/api/')) return bearer(c, next, authorization, now);
  const cookies: string[] = [];
  const token = readCookie(c, SESSION_COOKIE);
  let validated = null;
  if (token) {
    validated = await validateSessionToken(databaseFor(c.env), token, now);
    if (!validated) cookies.push(clearedCookie(c.req.url, SESSION_COOKIE));
    else if (validated.refreshed) cookies.push(sessionCookie(c.req.url, token, sessionCookieExpiry(validated.session), now));
  }
  let csrfToken = validated?.session.csrfToken ?? readCookie(c, CSRF_COOKIE);
  if (!csrfToken || csrfToken.length < 16) {
    csrfToken = randomToken();
    cookies.push(anonymousCsrfCookie(c.req.url, csrfToken));
  }
  c.set('auth', {
    user: validated?.user ?? null,
    session: validated ? { id: validated.session.id, csrfToken: validated.session.csrfToken } : null,
    credential: validated ? { kind: 'session' } : null,
    csrfToken,
    cookies,
  });
  await next();
  const auth = c.get('auth');
  if (auth.cookies.length === 0 && c.res.status === 101) return;
  const headers = new Headers(c.res.headers);
  for (const cookie of auth.cookies) headers.append('Set-Cookie', cookie);
  headers.set('X-CSRF-Token', auth.csrfToken);
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
};

/**
 * Scripts: `Authorization: Bearer <token>` acts as the token's user within its scopes. Cookies
 * are ignored and no CSRF token is involved (a browser never attaches this header by itself).
 */
async function bearer(c: Context<AppEnv>, next: Next, authorization: string, now: number) {
  const [scheme, token, ...extra] = authorization.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !token || extra.length > 0) {
    return c.json({ message: 'Send the API token as "Authorization: Bearer <token>".' }, 401);
  }
  const result = await authenticateBearer(databaseFor(c.env), token, now, {
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    ipAddress: c.req.header('CF-Connecting-IP') ?? null,
  });
  if (!result.ok) {
    if (result.retryAfterSeconds) c.header('Retry-After', String(result.retryAfterSeconds));
    c.header('WWW-Authenticate', 'Bearer');
    return c.json({ message: result.message }, result.status);
  }
  c.set('auth', {
    user: result.user,
    session: null,
    credential: { kind: 'token', tokenId: result.tokenId, scopes: result.scopes },
    csrfToken: '',
    cookies: [],
  });
  return next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(origin: string, requestUrl: string, env: AppEnv['Bindings']): boolean {
  if (origin === new URL(requestUrl).origin) return true;
  if (env.APP_URL && origin === new URL(env.APP_URL).origin) return true;
  if (env.ALLOWED_ORIGINS?.split(',').map((value) => value.trim()).includes(origin)) return true;
  if (environmentOf(env) === 'development') {
    try {
      const { hostname } = new URL(origin);
      return hostname === 'localhost' || hostname === '127.0.0.1';
    } catch {
      return false;
    }
  }
  return false;
}

const CSRF_MESSAGE = 'Invalid or missing CSRF token. Refresh the page and try again.';

async function bodyCsrfField(request: Request): Promise<string | null> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await request.clone().json();
      return typeof body === 'object' && body !== null && '_csrf' in body ? String((body as { _csrf: unknown })._csrf) : null;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const value = (await request.clone().formData()).get('_csrf');
      return typeof value === 'string' ? value : null;
    }
  } catch {
    // An unreadable body has no token; the procedure will report the body itself.
  }
  return null;
}

/**
 * State-changing browser requests must come from our origin and carry the CSRF token as the
 * X-CSRF-Token header or a `_csrf` body field.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.get('auth').credential?.kind === 'token') return next();
  const origin = c.req.header('Origin');
  if (origin && !isAllowedOrigin(origin, c.req.url, c.env)) {
    return c.json({ message: 'Cross-origin requests are not allowed.' }, 403);
  }
  if (!origin && c.req.header('Sec-Fetch-Site') === 'cross-site') {
    return c.json({ message: 'Cross-origin requests are not allowed.' }, 403);
  }
  const expected = c.get('auth').csrfToken;
  // An empty header counts as absent, so the `_csrf` body field is still read.
  const sent = c.req.header('X-CSRF-Token') || (await bodyCsrfField(c.req.raw));
  if (!sent || !timingSafeEqual(sent, expected)) return c.json({ message: CSRF_MESSAGE }, 403);
  return next();
};

function timingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}
