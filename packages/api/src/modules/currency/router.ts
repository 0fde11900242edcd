import { CURRENCIES, type Currency } from '@kubemarket/shared';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { currentRates, refreshRatesNow } from './service';

const ratesSchema = z.object({
  rates: z.object(Object.fromEntries(CURRENCIES.map((currency) => [currency, z.number()])) as Record<Currency, z.ZodNumber>),
  timestamp: z.number().int().describe('UTC epoch milliseconds of the last update.'),
  date: z.string().describe('Publication day, YYYY-MM-DD.'),
});

export const currencyRouter = router({
  /** The server source (docs/product/calls.md#endpoints): `{ rates: { EUR, USD, GBP, CNY }, timestamp, date }`. */
  rates: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/currency/rates', summary: 'Exchange rates against EUR (ECB reference rates)', tags: ['Catalogue'] } })
    .output(ratesSchema)
    .query(({ ctx }) => currentRates(ctx.db)),

  refresh: adminProcedure
    .output(ratesSchema.extend({ status: z.enum(['updated', 'outdated']) }))
    .mutation(({ ctx }) => refreshRatesNow(ctx)),
});
