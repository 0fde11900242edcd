import { accountRouter } from './routers/account';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { devRouter } from './routers/dev';
import { notificationsRouter } from './routers/notifications';
import { securityRouter } from './routers/security';
import { metaRouter } from './routers/meta';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  meta: metaRouter,
  catalog: catalogRouter,
  auth: authRouter,
  account: accountRouter,
  security: securityRouter,
  dev: devRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
