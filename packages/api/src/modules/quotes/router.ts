import { publicProcedure, router } from '../../trpc';
import { quoteInputSchema, quoteSchema } from './schemas';
import * as quotes from './service';

export const quotesRouter = router({
  create: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/quotes',
        summary: 'Price an order: clusters, middlewares, add-ons and support plans',
        description:
          'Prices the lines with the catalogue prices in effect now, for the monthly or yearly cycle, with the promotion code and the VAT of the customer country. Amounts are EUR cents. Nothing is ordered. A signed-in caller\'s organisation decides first-purchase promotions. Lines or codes that cannot be used answer 400 with the reason.',
        tags: ['Quotes'],
      },
    })
    .input(quoteInputSchema)
    .output(quoteSchema)
    .mutation(({ ctx, input }) => quotes.createQuote(ctx, input)),
});
