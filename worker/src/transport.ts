import { restRoutes } from '@kubemarket/api';
import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-errors';
import { isDevelopment } from './config';
import type { AppEnv } from './env';
import { forbidden, type ForbiddenReason } from './forbidden';

/**
 * Production answers plain HTTP with a permanent redirect to the same URL over https, before any
 * other work: nothing (cookies, tokens, personal data) is ever served in clear text. On Workers the
 * request URL carries the visitor's scheme; X-Forwarded-Proto is not consulted because a client
 * can send it and nothing sits between Cloudflare's edge and the Worker.
 */
export const requireHttps: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isDevelopment(c.env)) return next();
  const url = new URL(c.req.url);
  if (url.protocol !== 'http:') return next();
  url.protocol = 'https:';
  // The browser keeps the fragment itself; it never reaches a server.
  url.hash = '';
  return c.redirect(url.toString(), 308);
};

/** Largest request body /api and /trpc accept: far above any form or procedure input. */
export const MAX_BODY_BYTES = 64 * 1024;

const TOO_LARGE = 'The request body is too large (at most 64 KiB).';

/** Upload routes (RestMeta.multipart) take larger bodies: their method, path pattern, cap and who may call them. */
const UPLOAD_ROUTES = restRoutes()
  .filter((route) => route.meta.multipart)
  .map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    maxBytes: route.meta.multipart!.maxBytes,
    sessionOnly: route.meta.sessionOnly === true,
    staffRoles: route.staffRoles,
  }));

/** The upload route a multipart/form-data request is for, or null (any other request). */
export function uploadRouteOf(request: Request) {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '')) return null;
  const pathname = new URL(request.url).pathname;
  return UPLOAD_ROUTES.find((route) => route.method === request.method && route.pattern.test(pathname)) ?? null;
}

/** The whole stream, or null as soon as it exceeds `limit` bytes (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Caps request bodies before anything parses them: Content-Length first (refused at once), then
 * the stream itself, since a chunked body declares no length. The request is replaced by one over
 * the buffered bytes, so the CSRF body field, the REST adapter and tRPC all read the capped body.
 * An upload's body is left unread here: guardUpload reads it once the caller is known.
 */
export const limitBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  if (!request.body) return next();
  // Only an actual form upload to an upload route is deferred: anything else there is refused at the usual size.
  if (uploadRouteOf(request)) return next();
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (declared > MAX_BODY_BYTES) return apiError(c, 413, TOO_LARGE);
  // A declared length is the body's length (the runtime holds the sender to it), so the runtime
  // reads it in one go; only a chunked body is read chunk by chunk in JavaScript, up to the cap.
  const bytes = Number.isFinite(declared) ? new Uint8Array(await request.arrayBuffer()) : await readAtMost(request.body, MAX_BODY_BYTES);
  if (!bytes || bytes.byteLength > MAX_BODY_BYTES) return apiError(c, 413, TOO_LARGE);
  c.req.raw = new Request(request, { body: bytes });
  return next();
};

const SIGN_IN_TO_UPLOAD = 'Please sign in to upload files.';

/**
 * Uploads (issue 29): after authenticate and csrfProtection, and before one byte of the body is
 * read, the caller must be signed in (401) and allowed on the route as far as the Worker can
 * tell (a session for session-only routes, a staff role for staff routes: 403). Then the size:
 * a declared Content-Length above the route's cap is refused at once (413), and the stream is
 * read only up to the cap (413 past it), whether or not it declared a length. The procedure then
 * checks the organisation role, each file and the organisation's storage quota.
 */
export const guardUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  const route = request.body ? uploadRouteOf(request) : null;
  if (!route) return next();
  // The unread body is dropped, not drained.
  const drop = () => void request.body?.cancel().catch(() => undefined);
  const refuse = (status: 401 | 413, message: string) => {
    drop();
    return apiError(c, status, message);
  };
  // Audited like every 403 (procedures audit theirs).
  const forbid = (reason: ForbiddenReason, message: string) => {
    drop();
    return forbidden(c, reason, message);
  };
  const { user, credential } = c.get('auth');
  if (!user || !credential) return refuse(401, SIGN_IN_TO_UPLOAD);
  if (credential.kind === 'token' && route.sessionOnly) return forbid('upload-token-session-only', 'API tokens cannot be used for this operation. Sign in to the console instead.');
  if (route.staffRoles && !route.staffRoles.includes(user.role)) return forbid('upload-staff-only', 'You do not have permission to do this.');
  const tooLarge = `The upload is too large (at most ${Math.floor(route.maxBytes / (1024 * 1024))} MB in one request).`;
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (declared > route.maxBytes) return refuse(413, tooLarge);
  const bytes = await readAtMost(request.body!, route.maxBytes);
  if (!bytes) return apiError(c, 413, tooLarge);
  c.req.raw = new Request(request, { body: bytes });
  return next();
};

/** Most calls one tRPC batch may hold; the SPA's httpBatchLink uses the same maxItems. */
export const MAX_BATCH_CALLS = 10;

/** The procedure paths of a /trpc URL, decoded the way tRPC's fetch adapter decodes them. */
function batchedPaths(pathname: string): string[] {
  const raw = pathname.replace(/^\/trpc\/?/, '');
  try {
    return decodeURIComponent(raw).split(',');
  } catch {
    return raw.split(',');
  }
}

/**
 * A batch multiplies the work of one request: at most MAX_BATCH_CALLS calls, and mutations only
 * one at a time, so that each change is its own request (its own rate-limit step, audit trail
 * and error). Checked before the session look-up so an oversized batch costs nothing.
 */
export const limitTrpcBatches: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Hono's reader of the query: no URL is parsed for a call that is not a batch.
  if (c.req.query('batch') !== '1') return next();
  const calls = batchedPaths(new URL(c.req.url).pathname).length;
  if (calls > MAX_BATCH_CALLS) return apiError(c, 400, `A batch may hold at most ${MAX_BATCH_CALLS} calls.`);
  if (c.req.method === 'POST' && calls > 1) {
    return apiError(c, 400, 'Mutations cannot be batched: send each one on its own.');
  }
  return next();
};
