import { suggestionsInputSchema, suggestionsResultSchema } from '@kubemarket/shared';
import { publicProcedure, router } from '../../trpc';
import * as suggestions from './service';

export const suggestionsRouter = router({
  // Open to anyone, like POST /api/quotes: it prices the public catalogue and reads no customer data.
  rank: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/suggestions',
        summary: 'Suggest cluster tiers, nodes and add-ons for a workload',
        description:
          'Answers a short questionnaire (workload, environments, expected nodes, data sensitivity, availability target, optional monthly budget and region) with at most three cluster configurations, best first: tier, region, node flavour and count, add-ons, a reason for each choice, and the price as POST /api/quotes computes it (EUR cents excluding VAT, without promotion), flagged when over the budget. Every other tier on sale is listed with the reasons it is not suggested.',
        tags: ['Quotes'],
      },
    })
    .input(suggestionsInputSchema)
    .output(suggestionsResultSchema)
    .mutation(({ ctx, input }) => suggestions.suggest(ctx, input)),
});
