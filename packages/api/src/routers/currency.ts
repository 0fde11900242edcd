import { TRPCError } from '@trpc/server';
import { audit } from '../services/audit';
import { readStoredRates, refreshExchangeRates } from '../services/exchange-rates';
import { adminProcedure, publicProcedure, router } from '../trpc';

export const currencyRouter = router({
  /** SPEC.md section 7's server source: `{ rates: { EUR, USD, GBP, CNY }, timestamp, date }`. */
  rates: publicProcedure.query(async ({ ctx }) => {
    const snapshot = await readStoredRates(ctx.db);
    if (!snapshot) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Exchange rates are not available yet. Please try again later.' });
    }
    return snapshot;
  }),

  /** Staff: refresh now instead of waiting for the scheduled run. */
  refresh: adminProcedure.mutation(async ({ ctx }) => {
    const now = ctx.ports.clock.now();
    const result = await refreshExchangeRates(ctx.db, ctx.ports.rates, now);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'currency.rates_refresh', ipAddress: ctx.request.ipAddress, metadata: { status: result.status } }, now);
    if (result.status === 'failed') {
      throw new TRPCError({ code: 'BAD_GATEWAY', message: `The rates could not be refreshed (${result.error}); the previous rates are kept.` });
    }
    return { status: result.status, ...result.snapshot };
  }),
});
