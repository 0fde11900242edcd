import { describe, expect, it } from 'vitest';
import { budgetChangeSchema, budgetFormSchema, budgetInputSchema } from './budgets';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('budget schemas', () => {
  it('defaults the thresholds to 50, 80 and 100 %, sorts the ones given, and turns the form’s euros into cents', () => {
    expect(budgetInputSchema.parse({ name: ' All ', scope: 'organization', amountCents: 10_000 })).toMatchObject({ name: 'All', thresholds: [50, 80, 100], hibernateOnReach: false });
    expect(budgetInputSchema.parse({ name: 'All', scope: 'organization', amountCents: 10_000, thresholds: [100, 25] }).thresholds).toEqual([25, 100]);
    expect(budgetFormSchema.parse({ name: 'Web', scope: 'cluster', clusterId: 'clu_1', amount: 1499.99, thresholds: [80] })).toEqual({ name: 'Web', scope: 'cluster', clusterId: 'clu_1', amountCents: 149_999, thresholds: [80], hibernateOnReach: false });
  });

  it('names the field a scope needs, and refuses what a label cannot be', () => {
    expect(messages(budgetInputSchema.safeParse({ name: 'X', scope: 'tier', amountCents: 10_000 }))).toEqual(['tierId: Choose the tier this budget watches.']);
    expect(budgetInputSchema.safeParse({ name: 'X', scope: 'label', label: 'team=', amountCents: 10_000 }).success).toBe(true);
    expect(messages(budgetInputSchema.safeParse({ name: 'X', scope: 'label', label: '=payments', amountCents: 10_000 }))).toEqual(['label: A label is key=value, e.g. team=payments.']);
    expect(messages(budgetFormSchema.safeParse({ name: 'X', scope: 'organization', amount: '', thresholds: [] }))).toEqual(['thresholds: Choose at least one threshold.', 'amount: Amount is required.']);
    expect(messages(budgetChangeSchema.safeParse({ thresholds: [50, 300] }))).toEqual(['thresholds.1: A threshold is at most 200 %.']);
  });
});
