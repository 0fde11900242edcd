import { initTRPC } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Context, Hono, Next } from 'hono';
import { environmentOf } from './context';
import type { AppEnv } from './env';

/**
 * The floor `pnpm bench` prints beside its budgets (ADR 48), development only: what the runtime
 * and the stack charge for a shape of request with nothing of ours around it, measured in the
 * product's own isolate and in the same rounds as the product. Mounted before every middleware:
 * no request id, no security headers, no session, no context.
 *   GET /__floor/healthz      a bare Hono route, the floor's baseline;
 *   GET /__floor/trpc/tiers   a bare tRPC query (tRPC's fetch adapter, no middleware) answering a
 *                             frozen list the size of the catalogue's cluster tiers;
 *   GET /__floor/d1           one `SELECT 1` on the product's D1 binding: one round trip.
 * In production the routes pass every request on to the rest of the app, as if they did not
 * exist (it answers what it answers any unknown path, with every security header).
 */

/** About the size of the cached catalogue answer (12 tiers, ~5 KB of JSON), built once. */
const TIERS = Object.freeze(
  Array.from({ length: 12 }, (_, index) =>
    Object.freeze({ id: `tier_floor_${index}`, name: `Tier ${index}`, description: 'A tier of the floor. '.repeat(15), monthlyCents: 10_000 + index }),
  ),
);

const floorTrpc = initTRPC.create();
const floorRouter = floorTrpc.router({ tiers: floorTrpc.procedure.query(() => TIERS) });

type FloorHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** Served in development only; elsewhere the request goes on to the app's own routes. */
const developmentOnly = (handler: FloorHandler) => (c: Context<AppEnv>, next: Next) => (environmentOf(c.env) === 'development' ? handler(c) : next());

/** Registers the floor's routes on the app: call it before any middleware. */
export function mountBenchFloor(app: Hono<AppEnv>): void {
  app.get('/__floor/healthz', developmentOnly((c) => c.text('ok')));
  app.get(
    '/__floor/trpc/*',
    developmentOnly((c) => fetchRequestHandler({ endpoint: '/__floor/trpc', req: c.req.raw, router: floorRouter, createContext: () => ({}) })),
  );
  app.get('/__floor/d1', developmentOnly(async (c) => c.json(await c.env.DB.prepare('SELECT 1 AS one').first())));
}
