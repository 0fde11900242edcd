import { publicProcedure, router } from '../trpc';

export const metaRouter = router({
  versionSummary: publicProcedure.query(({ ctx }) => ({
    displayVersion: `v${ctx.config.appVersion}`,
    environment: ctx.config.environment,
  })),
});
