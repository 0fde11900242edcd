import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import * as meta from './service';

const TAGS: ['Platform'] = ['Platform'];

export const metaRouter = router({
  versionSummary: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/version/summary', summary: 'Product version and environment', tags: TAGS } })
    .output(z.object({ displayVersion: z.string(), environment: z.enum(['development', 'production']) }))
    .query(({ ctx }) => meta.versionSummary(ctx)),

  health: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/health', summary: 'Health of the API, the database and the exchange rates', tags: TAGS } })
    .output(
      z.object({
        api: z.object({ ok: z.literal(true) }),
        database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
        rates: z.object({ ok: z.boolean(), updatedAt: z.number().int().nullable() }),
      }),
    )
    .query(({ ctx }) => meta.health(ctx)),
});
