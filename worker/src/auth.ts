import { authenticateBearer, validateSessionTokenCached, sessionCookieExpiry, TOKEN_RATE_LIMIT, type RateLimitState } from '@kubemarket/api';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { apiError } from './api-errors';
import { isStaticFilePath } from './assets';
import { anonymousCsrfCookie, clearedSessionCookie, cookieNames, isIssuedToken, randomToken, readCookie, sessionCookie } from './cookies';
import { databaseFor, environmentOf, originOf, sessionCacheFor } from './context';
import type { AppEnv, RequestAuth } from './env';
import { forbidden } from './forbidden';
import { uploadRouteOf } from './transport';

// tRPC paths look like files ("/trpc/auth.login"); they always need the session.
const API_PATH = /^\/(api|trpc|ws)(\/|$)/;

/**
 * Resolves the session cookie into the user, and makes sure every visitor has a CSRF token:
 * the session's when signed in, else a random one kept in an HttpOnly cookie (double submit).
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Static files (hashed JS, CSS, images) need no session: skip the database look-up.
  const path = c.req.path;
  if (isStaticFilePath(path) && !API_PATH.test(path)) {
    c.set('auth', { user: null, session: null, credential: null, csrfToken: '', cookies: [], answersWithToken: false });
    return next();
  }
  const now = Date.now();
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined && path.startsWith('/api/')) return bearer(c, next, authorization, now);
  const cookies: string[] = [];
  const names = cookieNames(c.env);
  const token = readCookie(c, names.session);
  let validated = null;
  if (token) {
    validated = await validateSessionTokenCached(sessionCacheFor(c.env), databaseFor(c.env), token, now);
    if (!validated) cookies.push(clearedSessionCookie(c.env, c.req.url));
    else if (validated.refreshed) cookies.push(sessionCookie(c.env, c.req.url, token, sessionCookieExpiry(validated.session), now));
  }
  let csrfToken = validated?.session.csrfToken;
  if (!csrfToken) {
    // Only a value we could have issued; a planted one (a newline, another length) is replaced.
    const cookie = readCookie(c, names.csrf);
    csrfToken = isIssuedToken(cookie) ? cookie : randomToken();
    if (csrfToken !== cookie) cookies.push(anonymousCsrfCookie(c.env, c.req.url, csrfToken));
  }
  c.set('auth', {
    user: validated?.user ?? null,
    session: validated ? { id: validated.session.id, csrfToken: validated.session.csrfToken } : null,
    credential: validated ? { kind: 'session' } : null,
    csrfToken,
    cookies,
    // The cookies (and those a sign-in or sign-out adds) and the token go on the answer in the
    // copy securityHeaders makes of it (sessionHeaders), the one copy every answer gets.
    answersWithToken: true,
  });
  return next();
};

/**
 * The visitor's cookies and CSRF token, as authenticate (and a sign-in or sign-out since) left
 * them, added to the headers of a copy of the answer: never to a response object itself, so one a
 * handler or a cache might hand out twice can never carry another visitor's cookies. securityHeaders
 * calls this on the copy it makes of every answer (a WebSocket upgrade goes back untouched: pending
 * cookies, a slid expiry, are sent with the next HTTP answer instead).
 */
export function sessionHeaders(headers: Headers, auth: RequestAuth | undefined): void {
  if (!auth?.answersWithToken) return;
  for (const cookie of auth.cookies) headers.append('Set-Cookie', cookie);
  headers.set('X-CSRF-Token', auth.csrfToken);
}

/**
 * Scripts: `Authorization: Bearer <token>` acts as the token's user within its scopes. Cookies
 * are ignored and no CSRF token is involved (a browser never attaches this header by itself).
 */
async function bearer(c: Context<AppEnv>, next: Next, authorization: string, now: number) {
  const [scheme, token, ...extra] = authorization.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !token || extra.length > 0) {
    return apiError(c, 401, 'Send the API token as "Authorization: Bearer <token>".');
  }
  const result = await authenticateBearer(databaseFor(c.env), token, now, {
    method: c.req.method,
    path: c.req.path,
    ipAddress: c.req.header('CF-Connecting-IP') ?? null,
  });
  if (result.rateLimit) setRateLimitHeaders(c, result.rateLimit);
  if (!result.ok) {
    if (result.retryAfterSeconds) c.header('Retry-After', String(result.retryAfterSeconds));
    c.header('WWW-Authenticate', 'Bearer');
    return apiError(c, result.status, result.message);
  }
  c.set('auth', {
    user: result.user,
    session: null,
    credential: { kind: 'token', tokenId: result.tokenId, scopes: result.scopes },
    csrfToken: '',
    cookies: [],
    answersWithToken: false,
  });
  return next();
}

/**
 * Every token-authenticated answer says where the token's window stands (issue 33), in the IETF
 * httpapi draft's RateLimit-Limit, -Remaining and -Reset (seconds), and names the policy: 600
 * requests in a fixed 60-second window (TOKEN_RATE_LIMIT). Set before the handler runs, so the
 * answer carries them whatever it is, an error included.
 */
function setRateLimitHeaders(c: Context<AppEnv>, state: RateLimitState) {
  c.header('RateLimit-Limit', String(state.limit));
  c.header('RateLimit-Remaining', String(state.remaining));
  c.header('RateLimit-Reset', String(state.resetSeconds));
  c.header('RateLimit-Policy', `${TOKEN_RATE_LIMIT.limit};w=${TOKEN_RATE_LIMIT.windowMs / 1000}`);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(origin: string, requestUrl: string, env: AppEnv['Bindings']): boolean {
  if (origin === originOf(requestUrl)) return true;
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
const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed.';

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
    return forbidden(c, 'cross-origin', CROSS_ORIGIN_MESSAGE);
  }
  if (!origin && c.req.header('Sec-Fetch-Site') === 'cross-site') {
    return forbidden(c, 'cross-site', CROSS_ORIGIN_MESSAGE);
  }
  const expected = c.get('auth').csrfToken;
  // An empty header counts as absent, so the `_csrf` body field is still read. The body is the
  // one limitBody buffered (at most MAX_BODY_BYTES). An upload's body is not read before the
  // caller is known (guardUpload): uploads carry the token in the header.
  const sent = c.req.header('X-CSRF-Token') || (uploadRouteOf(c.req.raw) ? null : await bodyCsrfField(c.req.raw));
  if (!sent || !timingSafeEqual(sent, expected)) return forbidden(c, 'csrf-token', CSRF_MESSAGE);
  return next();
};

function timingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}
