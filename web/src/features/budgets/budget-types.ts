import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

export type BudgetList = inferRouterOutputs<AppRouter>['budgets']['list'];
export type Budget = BudgetList['budgets'][number];
export type BudgetChoices = BudgetList['choices'];
