import { budgetInputSchema } from '@kubemarket/shared';
import { orgProcedure, router } from '../../trpc';
import { budgetIdInput, budgetListSchema, budgetSchema, deletedBudgetSchema, updateBudgetInput } from './schemas';
import * as service from './service';

const TAGS: ['Budgets'] = ['Budgets'];

/**
 * Budgets are read by every member of the organisation (`usage:read`, the spend they watch) and
 * set by those who manage its billing (`billing:write`: owners, administrators, billing managers).
 */
const readProcedure = orgProcedure('usage:read');
const manageProcedure = orgProcedure('billing:write');

export const budgetsRouter = router({
  list: readProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/budgets',
        summary: "Your organisation's monthly budgets, each with this month's actual and forecast spend and the alerts it raised",
        description: 'Actual is the metered spend of the current UTC month; the forecast projects it to the end of the month by the formula /billing and /usage show.',
        tags: TAGS,
        cli: 'kubemarket budgets list',
      },
    })
    .output(budgetListSchema)
    .query(({ ctx }) => service.listBudgets(ctx)),

  create: manageProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/budgets',
        summary: 'Set a monthly budget for the organisation, a cluster, a tier or a node-pool label',
        description: 'Thresholds default to 50, 80 and 100 % and are checked against actual and forecast spend by the hourly metering. hibernateOnReach is only for Dev/Test and Sandbox clusters.',
        tags: TAGS,
        successStatus: 201,
        errors: ['conflict'],
        cli: 'kubemarket budgets create --name <text> --amount <euros> [--cluster <cluster>] [--thresholds <50,80,100>]',
      },
    })
    .input(budgetInputSchema)
    .output(budgetSchema)
    .mutation(({ ctx, input }) => service.createBudget(ctx, input)),

  update: manageProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/budgets/{id}', summary: "Change a budget's name, scope, amount, thresholds or hibernation", tags: TAGS, errors: ['conflict'] } })
    .input(updateBudgetInput)
    .output(budgetSchema)
    .mutation(({ ctx, input: { id, ...change } }) => service.updateBudget(ctx, id, change)),

  delete: manageProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/budgets/{id}', summary: 'Delete a budget and its alerts', tags: TAGS, cli: 'kubemarket budgets delete <budget id>' } })
    .input(budgetIdInput)
    .output(deletedBudgetSchema)
    .mutation(({ ctx, input }) => service.deleteBudget(ctx, input.id)),
});
