/**
 * The authorization matrix's rows for budgets (issue 34): read with `usage:read` by every member,
 * set with `billing:write` by owners, administrators and billing managers of their own
 * organisation; Acme's budget is a 404 for every other organisation.
 */
import type { PrepareEnv } from './fixtures';
import { ACME_BILLING, BILLING_ROLES, SIGNED_IN_SCOPED, type Row, unique } from './principals';

/** An organisation-wide budget of Acme's, set by Alice. */
async function acmeBudget({ alice }: PrepareEnv) {
  const budget = await alice.budgets.create({ name: `Matrix ${unique()}`, scope: 'organization', amountCents: 50_000 });
  return { budgetId: budget.id };
}

export const BUDGET_ROWS: Record<string, Row> = {
  'budgets.list': { expect: SIGNED_IN_SCOPED },
  'budgets.create': { input: () => ({ name: `Matrix ${unique()}`, scope: 'organization', amountCents: 10_000 }), expect: BILLING_ROLES },
  'budgets.update': { prepare: acmeBudget, input: (f) => ({ id: f.prepared.budgetId, amountCents: 60_000 }), expect: ACME_BILLING },
  'budgets.delete': { prepare: acmeBudget, input: (f) => ({ id: f.prepared.budgetId }), expect: ACME_BILLING },
};
