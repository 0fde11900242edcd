import { leadInputSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { submitLead } from './service';

export const leadsRouter = router({
  /** The public request forms: contact sales, demo, quote, migration and contact. */
  submit: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/leads', summary: 'Send a sales, demo, quote, migration or contact request', tags: ['Public site'], successStatus: 201 } })
    .input(leadInputSchema)
    .output(z.object({ id: z.string(), received: z.literal(true) }))
    .mutation(({ ctx, input }) => submitLead(ctx, input)),
});
