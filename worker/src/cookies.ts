import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { Context } from 'hono';
import type { Env } from './env';

/** The cookie names of one deployment: see cookieNames(). */
export interface CookieNames {
  session: string;
  csrf: string;
}

const PRODUCTION_COOKIES: CookieNames = { session: '__Host-km_session', csrf: '__Host-km_csrf' };
const DEVELOPMENT_COOKIES: CookieNames = { session: 'km_session', csrf: 'km_csrf' };

/**
 * Production uses the `__Host-` prefix: the browser then only accepts the cookie when it is
 * Secure, has Path=/ and no Domain, so a sibling subdomain cannot plant or shadow it. Development
 * keeps plain names because http://localhost cannot set Secure cookies in every browser.
 */
export function cookieNames(env: Pick<Env, 'ENVIRONMENT'>): CookieNames {
  return env.ENVIRONMENT === 'development' ? DEVELOPMENT_COOKIES : PRODUCTION_COOKIES;
}

/** Always Secure in production, whatever the scheme; in development only over https. */
function secure(env: Pick<Env, 'ENVIRONMENT'>, url: string): boolean {
  // A request's URL is serialised with its scheme in lower case: no need to parse it.
  return env.ENVIRONMENT !== 'development' || url.startsWith('https:');
}

/** HttpOnly, SameSite=Lax, Path=/, no Domain (required by `__Host-`). */
function attributes(env: Pick<Env, 'ENVIRONMENT'>, url: string) {
  return { httpOnly: true, secure: secure(env, url), sameSite: 'Lax', path: '/' } as const;
}

export function sessionCookie(env: Pick<Env, 'ENVIRONMENT'>, url: string, token: string, expiresAt: number, now: number): string {
  return serialize(cookieNames(env).session, token, {
    ...attributes(env, url),
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearedSessionCookie(env: Pick<Env, 'ENVIRONMENT'>, url: string): string {
  return serialize(cookieNames(env).session, '', { ...attributes(env, url), maxAge: 0 });
}

/** The anonymous CSRF cookie's attributes, serialised once per name and scheme: every cookie-less request gets one. */
const csrfCookieAttributes = new Map<string, string>();

export function anonymousCsrfCookie(env: Pick<Env, 'ENVIRONMENT'>, url: string, token: string): string {
  const name = cookieNames(env).csrf;
  const key = `${name} ${secure(env, url)}`;
  let attributesText = csrfCookieAttributes.get(key);
  if (attributesText === undefined) {
    attributesText = serialize(name, '', attributes(env, url)).slice(name.length + 1);
    csrfCookieAttributes.set(key, attributesText);
  }
  // A token is base64url (randomToken, or a cookie isIssuedToken accepted): nothing to encode.
  return `${name}=${token}${attributesText}`;
}

export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name);
}

/** 24 random bytes, base64url: 32 characters of [A-Za-z0-9_-]. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  // 24 bytes are 32 base64 characters exactly: no padding to strip.
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_');
}

const ISSUED_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * Whether a CSRF cookie value is one randomToken() could have issued. Anything else was planted
 * (or mangled) and is replaced: it would otherwise reach the X-CSRF-Token header and the page.
 */
export function isIssuedToken(value: string | undefined): value is string {
  return value !== undefined && ISSUED_TOKEN.test(value);
}
