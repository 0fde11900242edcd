import { catalogRouter } from './routers/catalog';
import { metaRouter } from './routers/meta';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  meta: metaRouter,
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
