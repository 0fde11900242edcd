import type { BudgetScopeValue } from '@kubemarket/shared';
import type { BudgetChoices } from './budget-types';

/** What the budget form says the budget watches. */
export interface BudgetScopeValues {
  scope: BudgetScopeValue;
  clusterId: string | null;
  tierId: string | null;
  label: string | null;
}

/**
 * Whether every cluster the scope names is Dev/Test or Sandbox, the only clusters a budget may put
 * to sleep (the server checks the same; this only decides whether the option and its warning show).
 */
export function scopeHibernates(values: BudgetScopeValues, choices: BudgetChoices): boolean {
  switch (values.scope) {
    case 'cluster':
      return choices.clusters.some((cluster) => cluster.id === values.clusterId && cluster.hibernates);
    case 'tier':
      return choices.tiers.some((tier) => tier.id === values.tierId && tier.hibernates);
    case 'label': {
      const labelled = choices.clusters.filter((cluster) => values.label && cluster.labels.includes(values.label));
      return labelled.length > 0 && labelled.every((cluster) => cluster.hibernates);
    }
    case 'organization':
      return choices.clusters.length > 0 && choices.clusters.every((cluster) => cluster.hibernates);
  }
}
