import { accountRouter } from './routers/account';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { currencyRouter } from './routers/currency';
import { dashboardRouter } from './routers/dashboard';
import { devRouter } from './routers/dev';
import { leadsRouter } from './routers/leads';
import { newsletterRouter } from './routers/newsletter';
import { notificationsRouter } from './routers/notifications';
import { officersRouter } from './routers/officers';
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
  currency: currencyRouter,
  leads: leadsRouter,
  newsletter: newsletterRouter,
  dashboard: dashboardRouter,
  officers: officersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
