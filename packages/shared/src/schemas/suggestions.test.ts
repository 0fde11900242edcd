import { describe, expect, it } from 'vitest';
import { AVAILABILITY_SLA_BASIS_POINTS, AVAILABILITY_TARGETS, suggestionsInputSchema } from './suggestions';

const ANSWERS = { workload: 'web', environments: ['production'], expectedNodes: 3, dataSensitivity: 'public', availability: '99.9' };

describe('suggestionsInputSchema', () => {
  it('reads availability targets as the SLA basis points tiers store, in increasing order', () => {
    expect(AVAILABILITY_TARGETS.map((target) => AVAILABILITY_SLA_BASIS_POINTS[target])).toEqual([null, 9_950, 9_990, 9_995]);
  });

  it('puts environments in one order, once each, and reads an empty region as any region', () => {
    expect(suggestionsInputSchema.parse({ ...ANSWERS, environments: ['development', 'production', 'development'], regionId: '  ' })).toEqual({
      ...ANSWERS,
      environments: ['production', 'development'],
      regionId: null,
    });
  });

  it('says what is wrong with each field', () => {
    const result = suggestionsInputSchema.safeParse({ environments: 'production', expectedNodes: 501, monthlyBudgetEur: 12.5, regionId: 'x'.repeat(65) });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      workload: expect.stringMatching(/^Choose the kind of workload: Web and API services, .* or Something else\.$/),
      environments: 'Choose at least one environment.',
      expectedNodes: 'Suggestions go up to 500 nodes; for more, ask us for a custom solution.',
      dataSensitivity: 'Choose the kind of data: Public or non-sensitive data, Personal data (GDPR), Health data (HDS) or Regulated or classified data (SecNumCloud).',
      availability: 'Choose an availability target: best effort, 99.5 %, 99.9 % or 99.95 %.',
      monthlyBudgetEur: 'Give the monthly budget in whole euros.',
      regionId: 'Region codes are at most 64 characters.',
    });
  });
});
