import { logError, publicErrorMessage, RateLimitedError, validationFieldsOf } from '@kubemarket/api';
import { apiErrorCodeOf, type ApiErrorBody, type ApiErrorCode, type ApiFieldError } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `req_` and 26 base32 characters (130 random bits): REQUEST_ID_PATTERN. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return `req_${Array.from(bytes, (byte) => BASE32[byte & 31]).join('')}`;
}

/**
 * Names every request (issue 33): the id is in the X-Request-Id header of every answer and in every
 * error body, and logged with server errors, so a script's report and our log meet. Registered
 * first, so its header goes on after every other middleware has rebuilt the response. A client's
 * own X-Request-Id is not trusted as ours (it could collide on purpose); it is not echoed.
 */
export const assignRequestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = newRequestId();
  c.set('requestId', id);
  await next();
  // A WebSocket upgrade goes back untouched: a rebuilt 101 loses its socket.
  if (c.res.status === 101) return;
  try {
    c.res.headers.set('X-Request-Id', id);
  } catch {
    // Immutable headers (a response fetched as is): rebuild it once.
    const headers = new Headers(c.res.headers);
    headers.set('X-Request-Id', id);
    const response = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    c.res = undefined;
    c.res = response;
  }
};

/** The request's id (one is made if the middleware did not run, as in a unit test of one handler). */
export function requestIdOf(c: Context<AppEnv>): string {
  let id = c.get('requestId');
  if (!id) {
    id = newRequestId();
    c.set('requestId', id);
  }
  return id;
}

/** The one error answer of the API: `{ message, code, requestId, fields? }` with its status. */
export function apiError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  message: string,
  options: { code?: ApiErrorCode; fields?: ApiFieldError[] } = {},
): Response {
  const body: ApiErrorBody = {
    message,
    code: options.code ?? apiErrorCodeOf(status),
    requestId: requestIdOf(c),
    ...(options.fields?.length ? { fields: options.fields } : {}),
  };
  return c.json(body, status);
}

/**
 * A procedure's error as the API answers it: the status of its tRPC code, `validation_failed` with
 * the fields when the input failed its schema, Retry-After when rate limited. Anything else is a
 * crash: logged with the request id, answered with a 500 that names nothing of the server.
 */
export function procedureErrorResponse(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (status >= 500) logError(`REST procedure failed (${requestIdOf(c)})`, error);
    if (error.cause instanceof RateLimitedError) c.header('Retry-After', String(error.cause.retryAfterSeconds));
    const fields = validationFieldsOf(error);
    return apiError(c, status, publicErrorMessage(error), fields ? { code: 'validation_failed', fields } : {});
  }
  logError(`REST handler crashed (${requestIdOf(c)})`, error);
  return apiError(c, 500, 'Something went wrong on our side. Please try again.');
}
