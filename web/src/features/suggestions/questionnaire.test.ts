import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUES, hasAnswers, questionnaireInput, searchFromInput, validateQuestionnaire, valuesFromSearch } from './questionnaire';
import { suggestionEstimate } from './suggestion-estimate';

describe('the questionnaire in the address', () => {
  it('starts blank on a first visit, with production and 3 nodes preselected', () => {
    expect(hasAnswers({})).toBe(false);
    expect(valuesFromSearch({})).toEqual(DEFAULT_VALUES);
  });

  it('round-trips answers through a short address, numbers unquoted', () => {
    const search = { workload: 'ai', env: 'production,staging', nodes: 4, data: 'health', sla: 99.9, budget: 2_000, region: 'fr-par-1' };
    const result = validateQuestionnaire(valuesFromSearch(search));
    expect(result).toEqual({
      ok: true,
      input: {
        workload: 'ai',
        environments: ['production', 'staging'],
        expectedNodes: 4,
        dataSensitivity: 'health',
        availability: '99.9',
        monthlyBudgetEur: 2_000,
        regionId: 'fr-par-1',
      },
    });
    if (!result.ok) return;
    expect(searchFromInput(result.input)).toEqual(search);
    // Best effort is text; no budget or region leaves them out.
    expect(searchFromInput({ ...result.input, availability: 'best-effort', monthlyBudgetEur: null, regionId: null })).toEqual({
      workload: 'ai',
      env: 'production,staging',
      nodes: 4,
      data: 'health',
      sla: 'best-effort',
    });
  });

  it("keeps what cannot be used so that the form says why, with the server's messages", () => {
    const values = valuesFromSearch({ workload: 'mining', env: 'moon', nodes: 0, data: 'health', sla: 99.9, budget: 'lots' });
    expect(values).toMatchObject({ workload: null, environments: [], expectedNodes: 0, availability: '99.9', monthlyBudgetEur: 'lots' });
    const result = validateQuestionnaire(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      workload: expect.stringMatching(/^Choose the kind of workload/),
      environments: 'Choose at least one environment.',
      expectedNodes: 'Expect at least 1 node.',
      monthlyBudgetEur: 'The monthly budget is a number of euros.',
    });
  });

  it('reads blanks as missing answers and an empty budget as none', () => {
    expect(questionnaireInput({ ...DEFAULT_VALUES, expectedNodes: '', monthlyBudgetEur: ' ' })).toMatchObject({
      workload: undefined,
      expectedNodes: undefined,
      monthlyBudgetEur: null,
      regionId: null,
    });
    expect(questionnaireInput({ ...DEFAULT_VALUES, expectedNodes: '12', monthlyBudgetEur: '1500' })).toMatchObject({ expectedNodes: 12, monthlyBudgetEur: 1_500 });
  });
});

describe('suggestionEstimate', () => {
  it("opens the estimator with the suggestion's cluster: tier, region, version, HA, its pool and add-ons", () => {
    const encoded = suggestionEstimate({
      configuration: {
        tierId: 'tier_ai',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.37',
        highAvailability: true,
        nodePools: [{ name: 'pool-1', flavorId: 'gpu-l4-1', count: 3 }],
        addonIds: ['addon_gpu_operator', 'addon_monitoring'],
      },
    });
    const [version, payload] = encoded.split('.');
    expect(version).toBe('1');
    const json = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    expect(json).toEqual({ c: [['tier_ai', 'fr-par-1', '1.37', 1, [['pool-1', 'gpu-l4-1', 3]], ['addon_gpu_operator', 'addon_monitoring']]] });
  });
});
