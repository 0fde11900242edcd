import { accountRouter } from './modules/account/router';
import { activityRouter } from './modules/activity/router';
import { adminRouter } from './modules/admin/router';
import { authRouter } from './modules/auth/router';
import { billingRouter } from './modules/billing/router';
import { budgetsRouter } from './modules/budgets/router';
import { catalogRouter } from './modules/catalog/router';
import { catalogAdminRouter } from './modules/catalog-admin/router';
import { costsRouter } from './modules/costs/router';
import { currencyRouter } from './modules/currency/router';
import { customSolutionsRouter } from './modules/custom-solutions/router';
import { dashboardRouter } from './modules/dashboard/router';
import { devRouter } from './modules/dev/router';
import { incidentsRouter } from './modules/incidents/router';
import { invoicesRouter } from './modules/invoices/router';
import { leadsRouter } from './modules/leads/router';
import { leftoversRouter } from './modules/leftovers/router';
import { newsletterRouter } from './modules/newsletter/router';
import { notificationsRouter } from './modules/notifications/router';
import { officersRouter } from './modules/officers/router';
import { ordersRouter } from './modules/orders/router';
import { providerConnectionsRouter } from './modules/provider-connections/router';
import { clustersRouter } from './modules/clusters/router';
import { middlewaresRouter } from './modules/middlewares/router';
import { quotesRouter } from './modules/quotes/router';
import { securityRouter } from './modules/security/router';
import { staffOrganizationsRouter } from './modules/staff-organizations/router';
import { staffUsersRouter } from './modules/staff-users/router';
import { suggestionsRouter } from './modules/suggestions/router';
import { teamRouter } from './modules/team/router';
import { ticketsRouter } from './modules/tickets/router';
import { tokensRouter } from './modules/tokens/router';
import { usageRouter } from './modules/usage/router';
import { webhooksRouter } from './modules/webhooks/router';
import { metaRouter } from './modules/meta/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  meta: metaRouter,
  webhooks: webhooksRouter,
  catalog: catalogRouter,
  quotes: quotesRouter,
  orders: ordersRouter,
  clusters: clustersRouter,
  costs: costsRouter,
  middlewares: middlewaresRouter,
  suggestions: suggestionsRouter,
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
  admin: adminRouter,
  tokens: tokensRouter,
  catalogAdmin: catalogAdminRouter,
  customSolutions: customSolutionsRouter,
  invoices: invoicesRouter,
  usage: usageRouter,
  billing: billingRouter,
  leftovers: leftoversRouter,
  budgets: budgetsRouter,
  incidents: incidentsRouter,
  providerConnections: providerConnectionsRouter,
  tickets: ticketsRouter,
  staffOrganizations: staffOrganizationsRouter,
  team: teamRouter,
  activity: activityRouter,
  staffUsers: staffUsersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
