import { orgProcedure, router } from '../../trpc';
import { carbonReport, clusterCarbon } from './carbon';
import { carbonInput, carbonOutput, clusterCarbonInput, clusterCarbonOutput } from './carbon-schemas';
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

  // The carbon model's estimates (ADR 39) from the same metered hours.
  carbon: orgProcedure('usage:read')
    .meta({ rest: { method: 'GET', path: '/api/usage/carbon', summary: "Your clusters' estimated footprint (kWh, kg CO₂e) per day or month, from their metered node-hours, with the model's sources", tags: ['Usage'] } })
    .input(carbonInput)
    .output(carbonOutput)
    .query(({ ctx, input }) => carbonReport(ctx.db, ctx.organizationId, input, ctx.ports.clock.now())),

  clusterCarbon: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/clusters/{id}/carbon', summary: "A cluster's estimated footprint: this month so far from its metered hours, and a month of it as it is now", tags: ['Usage'] } })
    .input(clusterCarbonInput)
    .output(clusterCarbonOutput)
    .query(({ ctx, input }) => clusterCarbon(ctx.db, ctx.organizationId, input.id, ctx.ports.clock.now())),
});
