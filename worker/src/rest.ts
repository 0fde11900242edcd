import { createCaller, publicErrorMessage, RateLimitedError } from '@kubemarket/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono, type Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { contextFor } from './context';
import type { AppEnv } from './env';

type Caller = ReturnType<typeof createCaller>;

/** Maps a procedure error to the HTTP status of its code and SPEC.md's `{ message }` body. */
export function errorResponse(c: HonoContext<AppEnv>, error: unknown): Response {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (status >= 500) console.error('REST procedure failed', error);
    if (error.cause instanceof RateLimitedError) c.header('Retry-After', String(error.cause.retryAfterSeconds));
    return c.json({ message: publicErrorMessage(error) }, status);
  }
  console.error('REST handler crashed', error);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
}

class BadBody extends Error {}

/** The JSON body, or {} when there is none; malformed JSON is the caller's mistake (400). */
async function jsonBody(c: HonoContext<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BadBody('The request body must be a JSON object.');
}

/** Each REST path is a thin call of the same procedure the tRPC client uses. */
function call<T>(run: (caller: Caller, c: HonoContext<AppEnv>, body: Record<string, unknown>) => Promise<T>) {
  return async (c: HonoContext<AppEnv>) => {
    try {
      const body = c.req.method === 'GET' ? {} : await jsonBody(c);
      const caller = createCaller(contextFor(c));
      return c.json((await run(caller, c, body)) as object);
    } catch (error) {
      if (error instanceof BadBody) return c.json({ message: error.message }, 400);
      return errorResponse(c, error);
    }
  };
}

// Payload fields are passed as given; the procedure's zod schema rejects what is wrong.
type Input<F extends (input: never) => unknown> = Parameters<F>[0];
const as = <F extends (input: never) => unknown>(body: Record<string, unknown>) => body as unknown as Input<F>;

export const rest = new Hono<AppEnv>();

rest.get('/version/summary', call((caller) => caller.meta.versionSummary()));
rest.get('/cluster-tiers', call((caller) => caller.catalog.clusterTiers()));
rest.get('/cluster-tiers/:id', call((caller, c) => caller.catalog.clusterTier({ id: c.req.param('id') ?? '' })));

// Site shell and public site.
rest.get('/health', call((caller) => caller.meta.health()));
rest.get('/currency/rates', call((caller) => caller.currency.rates()));
rest.get('/data-centers', call((caller) => caller.catalog.dataCenters()));
rest.get('/sidebar-counts', call((caller) => caller.dashboard.sidebarCounts()));
rest.get('/officers/check-access', call((caller) => caller.officers.checkAccess()));
rest.post('/leads', call((caller, _c, body) => caller.leads.submit(as<Caller['leads']['submit']>(body))));
rest.post('/newsletter/subscribe', call((caller, _c, body) => caller.newsletter.subscribe(as<Caller['newsletter']['subscribe']>(body))));
rest.post('/newsletter/confirm', call((caller, _c, body) => caller.newsletter.confirm(as<Caller['newsletter']['confirm']>(body))));
rest.post('/newsletter/unsubscribe', call((caller, _c, body) => caller.newsletter.unsubscribe(as<Caller['newsletter']['unsubscribe']>(body))));

rest.get('/user', async (c) => {
  const user = c.get('auth').user;
  return user ? c.json(user) : c.json({ message: 'Not signed in.' }, 401);
});
rest.post('/register', call((caller, _c, body) => caller.auth.register(as<Caller['auth']['register']>(body))));
rest.post(
  '/login',
  call((caller, _c, body) =>
    // Scripts may send { username } or { email } instead of { identifier }.
    caller.auth.login({ identifier: (body.identifier ?? body.username ?? body.email) as string, password: body.password as string }),
  ),
);
rest.post('/login/mfa', call((caller, _c, body) => caller.auth.verifyMfa(as<Caller['auth']['verifyMfa']>(body))));
rest.post('/logout', call((caller) => caller.auth.logout()));
rest.post('/auth/resend-verification', call((caller, _c, body) => caller.auth.resendVerification(as<Caller['auth']['resendVerification']>(body))));
rest.post('/auth/verify-email', call((caller, _c, body) => caller.auth.verifyEmail(as<Caller['auth']['verifyEmail']>(body))));
rest.post('/auth/forgot-password', call((caller, _c, body) => caller.auth.requestPasswordReset(as<Caller['auth']['requestPasswordReset']>(body))));
rest.post('/auth/reset-password', call((caller, _c, body) => caller.auth.resetPassword(as<Caller['auth']['resetPassword']>(body))));
rest.post('/auth/magic-link', call((caller, _c, body) => caller.auth.requestMagicLink(as<Caller['auth']['requestMagicLink']>(body))));
rest.post('/auth/magic-link/consume', call((caller, _c, body) => caller.auth.consumeMagicLink(as<Caller['auth']['consumeMagicLink']>(body))));

// Notifications (SPEC.md section 7), scoped to the signed-in user by the procedures.
rest.get('/notifications', call((caller) => caller.notifications.list()));
rest.get('/notifications/count', call((caller) => caller.notifications.count()));
rest.put('/notifications/:id/read', call((caller, c) => caller.notifications.markRead({ id: c.req.param('id') ?? '' })));
rest.post('/notifications/mark-all-read', call((caller) => caller.notifications.markAllRead()));
rest.put('/notifications/:id/trash', call((caller, c) => caller.notifications.trash({ id: c.req.param('id') ?? '' })));

rest.all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));
