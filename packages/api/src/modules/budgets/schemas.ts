import { BUDGET_BASES } from '@kubemarket/db';
import { BUDGET_SCOPE_VALUES, budgetChangeSchema } from '@kubemarket/shared';
import { z } from 'zod';

export const budgetIdInput = z.object({ id: z.string({ error: 'Budget id is required.' }).trim().min(1, 'Budget id is required.').max(64) });

export const updateBudgetInput = budgetIdInput.extend(budgetChangeSchema.shape);

export const budgetAlertSchema = z.object({
  thresholdPercent: z.number().int(),
  basis: z.enum(BUDGET_BASES),
  /** The spend that crossed it and the budget then, EUR cents. */
  spendCents: z.number().int(),
  budgetCents: z.number().int(),
  createdAt: z.number().int(),
});

export const budgetSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(BUDGET_SCOPE_VALUES),
  clusterId: z.string().nullable(),
  tierId: z.string().nullable(),
  label: z.string().nullable(),
  /** What the scope names, as people read it: "Whole organisation", a cluster's or tier's name, the label. */
  target: z.string(),
  amountCents: z.number().int(),
  thresholds: z.array(z.number().int()),
  hibernateOnReach: z.boolean(),
  /** This UTC month's metered spend of the scope, and the month-end forecast (monthForecast), EUR cents. */
  actualCents: z.number().int(),
  forecastCents: z.number().int(),
  /** Of the amount, whole percent (rounded down). */
  actualPercent: z.number().int(),
  forecastPercent: z.number().int(),
  /** The thresholds crossed this month, in the order they were raised. */
  alerts: z.array(budgetAlertSchema),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type BudgetView = z.infer<typeof budgetSchema>;

const choiceSchema = z.object({ id: z.string(), name: z.string(), hibernates: z.boolean() });

export const budgetListSchema = z.object({
  /** Start of the current UTC month, epoch ms. */
  month: z.number().int(),
  budgets: z.array(budgetSchema),
  /** What a budget can watch: live clusters (with their tier), tiers, and the labels the pools carry; `hibernates` is Dev/Test or Sandbox. */
  choices: z.object({
    clusters: z.array(choiceSchema.extend({ tierId: z.string(), labels: z.array(z.string()) })),
    tiers: z.array(choiceSchema),
    labels: z.array(z.string()),
  }),
});

export const deletedBudgetSchema = z.object({ id: z.string(), deleted: z.literal(true) });
