import { createCaller } from '@kubemarket/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono, type Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { publicErrorMessage } from '@kubemarket/api';
import { contextFor } from './context';
import type { AppEnv } from './env';

type Caller = ReturnType<typeof createCaller>;

/** Maps a procedure error to the HTTP status of its code and SPEC.md's `{ message }` body. */
export function errorResponse(c: HonoContext<AppEnv>, error: unknown): Response {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (status >= 500) console.error('REST procedure failed', error);
    return c.json({ message: publicErrorMessage(error) }, status);
  }
  console.error('REST handler crashed', error);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
}

/** Each REST path is a thin call of the same procedure the tRPC client uses. */
function call<T>(run: (caller: Caller, c: HonoContext<AppEnv>) => Promise<T>) {
  return async (c: HonoContext<AppEnv>) => {
    try {
      const caller = createCaller(contextFor(c.env, c.req.raw));
      return c.json((await run(caller, c)) as object);
    } catch (error) {
      return errorResponse(c, error);
    }
  };
}

export const rest = new Hono<AppEnv>();

rest.get('/version/summary', call((caller) => caller.meta.versionSummary()));
rest.get('/cluster-tiers', call((caller) => caller.catalog.clusterTiers()));
rest.get('/cluster-tiers/:id', call((caller, c) => caller.catalog.clusterTier({ id: c.req.param('id') ?? '' })));

rest.all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));
