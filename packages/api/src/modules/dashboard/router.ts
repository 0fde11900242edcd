import { z } from 'zod';
import { orgProcedure, router } from '../../trpc';
import { sidebarCounts } from './service';

export const dashboardRouter = router({
  sidebarCounts: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/sidebar-counts', summary: "Your organisation's cluster and order counts", tags: ['Dashboard'] } })
    .output(z.object({ clusters: z.number().int(), orders: z.object({ total: z.number().int() }) }))
    .query(({ ctx }) => sidebarCounts(ctx.db, ctx.organizationId)),
});
