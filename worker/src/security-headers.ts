import { APP_LOADER_SCRIPT_HASH, COLOR_SCHEME_SCRIPT_HASH } from '@kubemarket/shared';
import type { MiddlewareHandler } from 'hono';
import { sessionHeaders } from './auth';
import type { AppEnv } from './env';

/** A host as it may appear in a CSP source: name or IPv4 or [IPv6], optional port, nothing else. */
const CSP_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Sockets only to our own host(s) (the notification socket on /ws): the request's host, and
 * APP_URL's when it differs. ws: only when the page itself came over plain http (development).
 */
export function connectSources(requestUrl: string, appUrl?: string): string {
  const request = new URL(requestUrl);
  const hosts = new Set([request.host]);
  if (appUrl) {
    try {
      hosts.add(new URL(appUrl).host);
    } catch {
      // A malformed APP_URL adds nothing (production refuses to start with one: config.ts).
    }
  }
  const schemes = request.protocol === 'http:' ? ['wss', 'ws'] : ['wss'];
  const sockets = [...hosts].filter((host) => CSP_HOST.test(host)).flatMap((host) => schemes.map((scheme) => `${scheme}://${host}`));
  // The client reads exchange rates from this public service first (docs/product/calls.md#endpoints).
  return ["'self'", ...sockets, 'https://open.er-api.com'].join(' ');
}

/**
 * What Stripe.js needs, as Stripe's integration security guide lists it: its script, the frames of
 * the card field and of 3-D Secure, and its API. Only a Worker that charges through Stripe sends
 * them; the sandbox's pages load nothing from anyone else.
 */
export const STRIPE_JS_SOURCES = {
  script: 'https://js.stripe.com',
  frame: 'https://js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
} as const;

interface PolicySources {
  script: string;
  connect: string;
  /** Absent: frames fall back to default-src 'self'. */
  frame?: string;
}

const contentSecurityPolicy = ({ script, connect, frame }: PolicySources) =>
  [
    "default-src 'self'",
    `script-src ${script}`,
    // Mantine writes its CSS variables in a <style> element at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    ...(frame ? [`frame-src ${frame}`] : []),
    "frame-ancestors 'none'",
    // No page sets a <base>: none may (ASVS 5.0 V3.4.3).
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/** The headers that do not depend on the request. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
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
  APP_URL?: string;
  /** Set: the Worker charges through Stripe (context.ts paymentsFor), and the checkout loads Stripe.js. */
  STRIPE_SECRET_KEY?: string;
}

/** The policy's sources for this deployment: ours, plus Stripe.js when Stripe takes the cards. */
export function policySources(requestUrl: string, vars: DevServerVars | undefined): PolicySources {
  const script = scriptSources(vars);
  const connect = connectSources(requestUrl, vars?.APP_URL);
  if (!vars?.STRIPE_SECRET_KEY?.trim()) return { script, connect };
  return { script: `${script} ${STRIPE_JS_SOURCES.script}`, connect: `${connect} ${STRIPE_JS_SOURCES.connect}`, frame: STRIPE_JS_SOURCES.frame };
}

function scriptSources(vars: DevServerVars | undefined): string {
  // Our files, and the two inline scripts of the prerendered pages (colour scheme, app loader), by their hashes.
  const ours = `'self' ${COLOR_SCHEME_SCRIPT_HASH} ${APP_LOADER_SCRIPT_HASH}`;
  // Only a script hash: a dev setting must not be able to open the policy up.
  if (vars?.ENVIRONMENT === 'development' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(vars.DEV_SCRIPT_SRC ?? '')) {
    return `${ours} ${vars.DEV_SCRIPT_SRC}`;
  }
  return ours;
}

const PRIVATE_PATH = /^\/(api|trpc|ws)(\/|$)/;

/**
 * API answers carry the CSRF token (X-CSRF-Token) and personal data, and every HTML page carries
 * the CSRF token in its meta tag: no cache may keep them. Hashed static assets keep their caching.
 */
function mustNotBeStored(path: string, response: Response): boolean {
  if (PRIVATE_PATH.test(path)) return true;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('text/html') || type.includes('application/json');
}

/**
 * Sets the security headers on every response, including assets and errors, and the visitor's
 * cookies and CSRF token that authenticate decided (sessionHeaders): every answer is copied once,
 * here, whoever else adds headers to it.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // A WebSocket upgrade response must go back untouched: rebuilding it would lose the socket.
  if (c.res.status === 101) return;
  const vars = c.env as DevServerVars | undefined;
  const headers = new Headers(c.res.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', contentSecurityPolicy(policySources(c.req.url, vars)));
  sessionHeaders(headers, c.get('auth'));
  if (mustNotBeStored(c.req.path, c.res)) {
    headers.set('Cache-Control', 'no-store');
    // Nothing to revalidate against: a 304 would bring back a page with an old token.
    headers.delete('ETag');
    headers.delete('Last-Modified');
  }
  const response = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  // Hono's setter merges the old response's headers back in: clear it so removals stick.
  c.res = undefined;
  c.res = response;
};
