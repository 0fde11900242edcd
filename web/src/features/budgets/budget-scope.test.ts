import { describe, expect, it } from 'vitest';
import { scopeHibernates } from './budget-scope';
import type { BudgetChoices } from './budget-types';

const choices: BudgetChoices = {
  clusters: [
    { id: 'clu_dev', name: 'dev', tierId: 'tier_devtest', hibernates: true, labels: ['team=web'] },
    { id: 'clu_prod', name: 'prod', tierId: 'tier_standard', hibernates: false, labels: ['team=web', 'team=payments'] },
    { id: 'clu_box', name: 'box', tierId: 'tier_sandbox', hibernates: true, labels: ['team=lab'] },
  ],
  tiers: [
    { id: 'tier_devtest', name: 'Dev/Test (Orange)', hibernates: true },
    { id: 'tier_standard', name: 'Standard (Blue)', hibernates: false },
  ],
  labels: ['team=lab', 'team=payments', 'team=web'],
};

const scope = (values: Partial<Parameters<typeof scopeHibernates>[0]>) => scopeHibernates({ scope: 'organization', clusterId: null, tierId: null, label: null, ...values }, choices);

describe('the hibernate option of the budget form', () => {
  it('shows for a Dev/Test or Sandbox cluster or tier, and for a label only Dev/Test and Sandbox clusters carry', () => {
    expect(scope({ scope: 'cluster', clusterId: 'clu_dev' })).toBe(true);
    expect(scope({ scope: 'cluster', clusterId: 'clu_prod' })).toBe(false);
    expect(scope({ scope: 'cluster' })).toBe(false);
    expect(scope({ scope: 'tier', tierId: 'tier_devtest' })).toBe(true);
    expect(scope({ scope: 'tier', tierId: 'tier_standard' })).toBe(false);
    expect(scope({ scope: 'label', label: 'team=lab' })).toBe(true);
    expect(scope({ scope: 'label', label: 'team=web' })).toBe(false);
    expect(scope({ scope: 'label', label: 'team=nobody' })).toBe(false);
  });

  it('shows for the whole organisation only when every cluster of it may hibernate', () => {
    expect(scope({ scope: 'organization' })).toBe(false);
    expect(scopeHibernates({ scope: 'organization', clusterId: null, tierId: null, label: null }, { ...choices, clusters: choices.clusters.filter((cluster) => cluster.hibernates) })).toBe(true);
  });
});
