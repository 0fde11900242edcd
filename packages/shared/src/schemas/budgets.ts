import { z } from 'zod';

/**
 * Budgets (issue 34): a monthly spending limit over the whole organisation, one cluster, every
 * cluster of a tier, or every cluster whose node pools carry a label, with the thresholds (percent
 * of the amount) that raise an alert against the month-to-date actual and the month-end forecast.
 * The server's input and the /billing form's check are these schemas.
 */

/** What a budget watches (packages/db's budgets.scope takes these). */
export const BUDGET_SCOPE_VALUES = ['organization', 'cluster', 'tier', 'label'] as const;
export type BudgetScopeValue = (typeof BUDGET_SCOPE_VALUES)[number];

export const BUDGET_SCOPE_LABELS: Record<BudgetScopeValue, string> = {
  organization: 'The whole organisation',
  cluster: 'One cluster',
  tier: 'Every cluster of a tier',
  label: 'Clusters with a node-pool label',
};

/** Alert at half the amount, at four fifths, and when it is reached. */
export const DEFAULT_BUDGET_THRESHOLDS = [50, 80, 100] as const;
/** The thresholds a form offers; the API takes any whole percent from 1 to 200. */
export const BUDGET_THRESHOLD_CHOICES = [25, 50, 75, 80, 90, 100, 110, 125, 150] as const;
export const MAX_BUDGET_THRESHOLDS = 6;
/** €1 to €10 million a month. */
export const MIN_BUDGET_CENTS = 100;
export const MAX_BUDGET_CENTS = 1_000_000_000;

export const BUDGET_HIBERNATE_WARNING =
  'When actual spend reaches 100 % of this budget, its running Dev/Test and Sandbox clusters are hibernated: their workloads stop until someone wakes them up.';

/** A node-pool label as Kubernetes writes it: key=value. */
const LABEL_PATTERN = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?=([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

const budgetName = z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(80, 'Name must be at most 80 characters.');
const budgetScope = z.enum(BUDGET_SCOPE_VALUES, { error: `Scope must be one of: ${BUDGET_SCOPE_VALUES.join(', ')}.` });
const optionalId = z.string().trim().max(64).nullish();
const budgetLabel = z.string().trim().max(253, 'A label must be at most 253 characters.').nullish();
export const budgetThresholdsSchema = z
  .array(z.number({ error: 'A threshold is a percent.' }).int('A threshold is a whole percent.').min(1, 'A threshold is at least 1 %.').max(200, 'A threshold is at most 200 %.'), {
    error: 'Thresholds are a list of percents.',
  })
  .min(1, 'Choose at least one threshold.')
  .max(MAX_BUDGET_THRESHOLDS, `Choose at most ${MAX_BUDGET_THRESHOLDS} thresholds.`)
  .refine((values) => new Set(values).size === values.length, 'Each threshold once.')
  .transform((values) => [...values].sort((a, b) => a - b));
const amountCents = z
  .number({ error: 'Amount is required.' })
  .int('The amount is in whole cents.')
  .min(MIN_BUDGET_CENTS, 'The amount is at least €1.00 a month.')
  .max(MAX_BUDGET_CENTS, 'The amount is at most €10,000,000 a month.');

const budgetTarget = {
  name: budgetName,
  scope: budgetScope,
  clusterId: optionalId,
  tierId: optionalId,
  label: budgetLabel,
  thresholds: budgetThresholdsSchema.default([...DEFAULT_BUDGET_THRESHOLDS]),
  hibernateOnReach: z.boolean({ error: 'Hibernate on reach is true or false.' }).default(false),
};

type Target = { scope: BudgetScopeValue; clusterId?: string | null; tierId?: string | null; label?: string | null };

/** The field of the scope's target must be set (and the others are ignored): the one rule the form and the server share. */
function checkTarget(value: Target, context: z.RefinementCtx) {
  if (value.scope === 'cluster' && !value.clusterId) context.addIssue({ code: 'custom', path: ['clusterId'], message: 'Choose the cluster this budget watches.' });
  if (value.scope === 'tier' && !value.tierId) context.addIssue({ code: 'custom', path: ['tierId'], message: 'Choose the tier this budget watches.' });
  if (value.scope === 'label' && !value.label) context.addIssue({ code: 'custom', path: ['label'], message: 'Enter the node-pool label, e.g. team=payments.' });
  else if (value.scope === 'label' && !LABEL_PATTERN.test(value.label!)) context.addIssue({ code: 'custom', path: ['label'], message: 'A label is key=value, e.g. team=payments.' });
}

/** Creating a budget (POST /api/budgets), and a budget as a change leaves it. */
export const budgetInputSchema = z.object({ ...budgetTarget, amountCents }).superRefine(checkTarget);
export type BudgetInput = z.output<typeof budgetInputSchema>;

/** Changing a budget (PATCH /api/budgets/{id}): any of its fields; the result is checked as a whole. */
export const budgetChangeSchema = z.object({
  name: budgetName.optional(),
  scope: budgetScope.optional(),
  clusterId: optionalId,
  tierId: optionalId,
  label: budgetLabel,
  amountCents: amountCents.optional(),
  thresholds: budgetThresholdsSchema.optional(),
  hibernateOnReach: z.boolean({ error: 'Hibernate on reach is true or false.' }).optional(),
});
export type BudgetChange = z.output<typeof budgetChangeSchema>;

/** The /billing form: the amount in euros as typed, turned into cents. */
export const budgetFormSchema = z
  .object({
    ...budgetTarget,
    amount: z
      .number({ error: 'Amount is required.' })
      .min(MIN_BUDGET_CENTS / 100, 'The amount is at least €1.00 a month.')
      .max(MAX_BUDGET_CENTS / 100, 'The amount is at most €10,000,000 a month.'),
  })
  .superRefine(checkTarget)
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: Math.round(amount * 100) }));
