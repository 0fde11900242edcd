import { appRouter, logError, RateLimitedError } from '@kubemarket/api';
import { pingDatabase } from '@kubemarket/db';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { apiError, assignRequestId } from './api-errors';
import { serveAsset } from './assets';
import { mountBenchFloor } from './bench-floor';
import { authenticate, csrfProtection, isAllowedOrigin } from './auth';
import { requireConfiguration } from './config';
import { contextFor, databaseFor, hubOf } from './context';
import type { AppEnv } from './env';
import { renderConsolePage } from './console-page';
import { firstQueriesOf, runFirstQueries } from './first-queries';
import { forbidden } from './forbidden';
import { kubeGateway } from './kube-gateway';
import { rest } from './rest';
import { RememberingRouter } from './router';
import { securityHeaders } from './security-headers';
import { guardUpload, limitBody, limitTrpcBatches, MAX_BATCH_CALLS, requireHttps } from './transport';
import { stripeWebhook } from './webhooks';

export const app = new Hono<AppEnv>({ router: new RememberingRouter() });

// Development only, before any middleware: what the stack itself charges, for `pnpm bench` (ADR 48).
mountBenchFloor(app);

app.use('*', assignRequestId);
app.use('*', securityHeaders);
// Before any other work: plain HTTP is only redirected, a misconfigured deployment serves nothing.
app.use('*', requireHttps);
app.use('*', requireConfiguration);

/** Liveness, and the bare route the benchmark compares cached reads against: no database, no tRPC. */
app.get('/healthz', (c) => c.text('ok'));

/**
 * Readiness: the Worker answers and its database takes a statement (an uptime monitor's or a load
 * balancer's probe); 503 when the database does not. No session, no tRPC: the bare route plus one
 * database round trip, which is also what `pnpm bench` holds the signed-in lists against (ADR 48).
 */
app.get('/readyz', async (c) => {
  try {
    await pingDatabase(databaseFor(c.env));
    return c.text('ready');
  } catch (error) {
    logError(`Readiness check failed (${c.get('requestId')})`, error);
    return apiError(c, 503, 'The database did not answer. Try again in a minute.');
  }
});

// Before the session look-up and before anything parses a body (uploads wait for guardUpload).
app.use('/api/*', limitBody);
app.use('/trpc/*', limitBody);
app.use('/trpc/*', limitTrpcBatches);

// Stripe authenticates its events with their signature, not a session: no session look-up, no CSRF.
app.post('/api/webhooks/stripe', stripeWebhook);
// The local API gateway of simulated clusters proves itself with its secret, not a session (development only, ADR 32).
app.route('/internal/kube-gateway', kubeGateway);

app.use('*', authenticate);
app.use('/api/*', csrfProtection);
app.use('/trpc/*', csrfProtection);
// An upload's body is read only now, once the caller is known, and only up to its cap.
app.use('/api/*', guardUpload);

app.all('/trpc/*', (c) =>
  fetchRequestHandler({
    endpoint: '/trpc',
    // The request limitBody rebuilt over the buffered body.
    req: c.req.raw,
    router: appRouter,
    // limitTrpcBatches answers first with a clearer message; this keeps tRPC's own guard too.
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: () => contextFor(c),
    responseMeta({ errors }) {
      const limited = errors.find((error) => error.cause instanceof RateLimitedError)?.cause as RateLimitedError | undefined;
      return limited ? { headers: new Headers({ 'Retry-After': String(limited.retryAfterSeconds) }) } : {};
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') logError(`tRPC ${path ?? '?'} failed`, error);
    },
  }),
);

app.route('/api', rest);

/**
 * The notification socket declines permessage-deflate, which browsers offer (ADR 23). Its messages
 * are a hundred-odd bytes of JSON that compression barely shrinks, while each compressed socket
 * costs zlib contexts of a few hundred KB and a deflate per message, and a hub woken from
 * hibernation allocates its contexts again before its first send: the first notice to 1,000
 * members after their hubs hibernated reached them in p99 0.73 s compressed and 0.33 s not. The
 * runtime negotiates from the Worker's answer: a value naming no extension it supports agrees to
 * none, and no Sec-WebSocket-Extensions goes out.
 */
export const NO_WEBSOCKET_EXTENSIONS = 'none';

app.get('/ws', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return apiError(c, 426, 'Expected a WebSocket upgrade.');
  }
  const origin = c.req.header('Origin');
  if (origin && !isAllowedOrigin(origin, c.req.url, c.env)) {
    return forbidden(c, 'cross-origin-websocket', 'Cross-origin WebSocket connections are not allowed.');
  }
  const { user, session } = c.get('auth');
  if (!user || !session) return apiError(c, 401, 'Please sign in to continue.');
  const hub = hubOf(c.env, user.organizationId);
  const headers = new Headers(c.req.raw.headers);
  headers.set('X-Session-Id', session.id);
  headers.set('X-User-Id', user.id);
  headers.delete('Sec-WebSocket-Extensions');
  const answer = await hub.fetch(new Request(c.req.raw, { headers }));
  // Past the per-session limit the hub answers 429, which goes back as is.
  if (!answer.webSocket) return answer;
  return new Response(null, { status: 101, webSocket: answer.webSocket, headers: { 'Sec-WebSocket-Extensions': NO_WEBSOCKET_EXTENSIONS } });
});

app.all('*', (c) => {
  const { csrfToken, user } = c.get('auth');
  // A console page's first queries, answered as this user (ADR 0042); asked only for a page of the app,
  // which is then rendered with them (ADR 0045).
  return serveAsset(c.req.raw, c.env, csrfToken, user, () => runFirstQueries(() => contextFor(c), firstQueriesOf(new URL(c.req.url))), renderConsolePage);
});

app.onError((error, c) => {
  logError(`Unhandled error (${c.get('requestId')})`, error);
  return apiError(c, 500, 'Something went wrong on our side. Please try again.');
});
