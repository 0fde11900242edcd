import { appRouter } from '@kubemarket/api';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { serveAsset } from './assets';
import { contextFor } from './context';
import type { AppEnv } from './env';
import { rest } from './rest';
import { securityHeaders } from './security-headers';

export const app = new Hono<AppEnv>();

app.use('*', securityHeaders);

/** The bare route the benchmark compares the API against: no database, no tRPC. */
app.get('/healthz', (c) => c.text('ok'));

app.all('/trpc/*', (c) =>
  fetchRequestHandler({
    endpoint: '/trpc',
    req: c.req.raw,
    router: appRouter,
    createContext: () => contextFor(c.env, c.req.raw),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed`, error);
    },
  }),
);

app.route('/api', rest);

app.get('/ws', (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ message: 'Expected a WebSocket upgrade.' }, 426);
  }
  // Sessions arrive with the accounts work; until then no socket can be authenticated.
  return c.json({ message: 'Please sign in to continue.' }, 401);
});

app.all('*', (c) => serveAsset(c.req.raw, c.env, null));

app.onError((error, c) => {
  console.error('Unhandled error', error);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
});
