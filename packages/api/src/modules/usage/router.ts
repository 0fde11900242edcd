import { orgProcedure, router } from '../../trpc';
import { usageInput, usageOutput } from './schemas';
import { usageReport } from './service';

export const usageRouter = router({
  get: orgProcedure('usage:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/usage',
        summary: "Your organisation's metered usage and cost per day or month, by cluster or resource kind, with the month's forecast",
        tags: ['Usage'],
      },
    })
    .input(usageInput)
    .output(usageOutput)
    .query(({ ctx, input }) => usageReport(ctx.db, ctx.organizationId, input, ctx.ports.clock.now())),
});
