import { appRouter, logError, RateLimitedError } from '@kubemarket/api';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { serveAsset } from './assets';
import { authenticate, csrfProtection, isAllowedOrigin } from './auth';
import { requireConfiguration } from './config';
import { contextFor } from './context';
import type { AppEnv } from './env';
import { forbidden } from './forbidden';
import { rest } from './rest';
import { securityHeaders } from './security-headers';
import { limitBody, limitTrpcBatches, MAX_BATCH_CALLS, requireHttps } from './transport';
import { stripeWebhook } from './webhooks';

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders);
// Before any other work: plain HTTP is only redirected, a misconfigured deployment serves nothing.
app.use('*', requireHttps);
app.use('*', requireConfiguration);

/** The bare route the benchmark compares the API against: no database, no tRPC. */
app.get('/healthz', (c) => c.text('ok'));

// Before the session look-up and before anything parses a body.
app.use('/api/*', limitBody);
app.use('/trpc/*', limitBody);
app.use('/trpc/*', limitTrpcBatches);

// Stripe authenticates its events with their signature, not a session: no session look-up, no CSRF.
app.post('/api/webhooks/stripe', stripeWebhook);

app.use('*', authenticate);
app.use('/api/*', csrfProtection);
app.use('/trpc/*', csrfProtection);

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

app.get('/ws', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ message: 'Expected a WebSocket upgrade.' }, 426);
  }
  const origin = c.req.header('Origin');
  if (origin && !isAllowedOrigin(origin, c.req.url, c.env)) {
    return forbidden(c, 'cross-origin-websocket', 'Cross-origin WebSocket connections are not allowed.');
  }
  const { user, session } = c.get('auth');
  if (!user || !session) return c.json({ message: 'Please sign in to continue.' }, 401);
  const hub = c.env.NOTIFICATION_HUB.get(c.env.NOTIFICATION_HUB.idFromName(user.id));
  const headers = new Headers(c.req.raw.headers);
  headers.set('X-Session-Id', session.id);
  // The hub's answer (101 with the socket, or 429 past the per-session limit) goes back as is.
  return hub.fetch(new Request(c.req.raw, { headers }));
});

app.all('*', (c) => serveAsset(c.req.raw, c.env, c.get('auth').csrfToken, c.get('auth').user));

app.onError((error, c) => {
  logError('Unhandled error', error);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
});
