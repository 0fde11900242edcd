import { orgProcedure, router } from '../../trpc';
import { clusterCostsInput, clusterCostsOutput } from './schemas';
import { clusterCosts } from './service';

export const costsRouter = router({
  cluster: orgProcedure('usage:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/clusters/{id}/costs',
        summary: "One cluster's cost per month: quoted, metered actual and this month's forecast, with the difference explained by line",
        description:
          'Quoted: the quotes in force (at order, then after each change that repriced the cluster) prorated over the hours the cluster ran, at monthly price ÷ 730 per hour. Actual: the metered usage of those hours. Forecast (this month): month to date + the last day’s hourly run rate × the hours left. Lines: nodes above the quoted count (autoscaling), hibernation savings, egress, storage, add-ons outside the quote, prices and rounding; they add up to actual − quoted.',
        tags: ['Usage'],
        cli: 'kubemarket clusters costs <cluster> [--months <n>]',
      },
    })
    .input(clusterCostsInput)
    .output(clusterCostsOutput)
    .query(({ ctx, input }) => clusterCosts(ctx.db, ctx.organizationId, input, ctx.ports.clock.now())),
});
