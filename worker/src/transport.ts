import { restRoutes } from '@kubemarket/api';
import type { MiddlewareHandler } from 'hono';
import { isDevelopment } from './config';
import type { AppEnv } from './env';

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

const TOO_LARGE = { message: 'The request body is too large (at most 64 KiB).' };

/** Upload routes (RestMeta.multipart) take larger bodies: their method, path pattern and cap. */
const UPLOAD_ROUTES = restRoutes()
  .filter((route) => route.meta.multipart)
  .map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    maxBytes: route.meta.multipart!.maxBytes,
  }));

function uploadLimitOf(method: string, pathname: string): number | null {
  return UPLOAD_ROUTES.find((route) => route.method === method && route.pattern.test(pathname))?.maxBytes ?? null;
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
 */
export const limitBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  if (!request.body) return next();
  // Only an actual form upload gets the larger cap: anything else there is refused at the usual size.
  const multipart = /^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '');
  const upload = multipart ? uploadLimitOf(request.method, new URL(request.url).pathname) : null;
  const limit = upload ?? MAX_BODY_BYTES;
  const tooLarge = upload ? { message: `The upload is too large (at most ${Math.floor(upload / (1024 * 1024))} MB in one request).` } : TOO_LARGE;
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (declared > limit) return c.json(tooLarge, 413);
  const bytes = await readAtMost(request.body, limit);
  if (!bytes) return c.json(tooLarge, 413);
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
  const url = new URL(c.req.url);
  if (url.searchParams.get('batch') !== '1') return next();
  const calls = batchedPaths(url.pathname).length;
  if (calls > MAX_BATCH_CALLS) return c.json({ message: `A batch may hold at most ${MAX_BATCH_CALLS} calls.` }, 400);
  if (c.req.method === 'POST' && calls > 1) {
    return c.json({ message: 'Mutations cannot be batched: send each one on its own.' }, 400);
  }
  return next();
};
