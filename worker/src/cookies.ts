import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { Context } from 'hono';

export const SESSION_COOKIE = 'km_session';
export const CSRF_COOKIE = 'km_csrf';

function secure(url: string): boolean {
  return new URL(url).protocol === 'https:';
}

/** HttpOnly, SameSite=Lax, Path=/, and Secure whenever the site is served over https. */
export function sessionCookie(url: string, token: string, expiresAt: number, now: number): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: secure(url),
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearedCookie(url: string, name: string): string {
  return serialize(name, '', { httpOnly: true, secure: secure(url), sameSite: 'Lax', path: '/', maxAge: 0 });
}

export function anonymousCsrfCookie(url: string, token: string): string {
  return serialize(CSRF_COOKIE, token, { httpOnly: true, secure: secure(url), sameSite: 'Lax', path: '/' });
}

export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name);
}

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
