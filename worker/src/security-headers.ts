import type { MiddlewareHandler } from 'hono';

const contentSecurityPolicy = (scriptSrc: string) => [
  "default-src 'self'",
  `script-src ${scriptSrc}`,
  // Mantine writes its CSS variables in a <style> element at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The client reads exchange rates from this public service first (SPEC.md section 7).
  "connect-src 'self' ws: wss: https://open.er-api.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy("'self'"),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Under `vite dev` only (web/vite.config.ts sets it, with ENVIRONMENT=development): the CSP source
 * of the inline fast-refresh preamble plugin-react adds to index.html, e.g. 'sha256-…'.
 */
interface DevServerVars {
  ENVIRONMENT?: string;
  DEV_SCRIPT_SRC?: string;
}

/** Sets the security headers on every response, including assets and errors. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A WebSocket upgrade response must go back untouched.
  if (c.res.status === 101) return;
  const headers = new Headers(c.res.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  const vars = c.env as DevServerVars | undefined;
  // Only a script hash: a dev setting must not be able to open the policy up.
  if (vars?.ENVIRONMENT === 'development' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(vars.DEV_SCRIPT_SRC ?? '')) {
    headers.set('Content-Security-Policy', contentSecurityPolicy(`'self' ${vars.DEV_SCRIPT_SRC}`));
  }
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
};
