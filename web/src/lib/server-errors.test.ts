import { describe, expect, it } from 'vitest';
import { fieldMap, serverProblems } from './server-errors';

const fieldOf = fieldMap(['id', 'name', 'monthlyPrice', 'allowedFlavorIds'], { monthlyPriceCents: 'monthlyPrice' });

describe('server messages in the forms', () => {
  it('puts the field messages of a refused input next to their fields, under the form names', () => {
    const problems = serverProblems('name: Name is required.; monthlyPriceCents: Monthly price cannot be negative.', fieldOf);
    expect(problems).toStrictEqual({ fields: { name: 'Name is required.', monthlyPrice: 'Monthly price cannot be negative.' }, general: null });
  });

  it('names a list field by its head', () => {
    expect(serverProblems('allowedFlavorIds.0: Node flavour ids cannot be empty.', fieldOf).fields).toEqual({ allowedFlavorIds: 'Node flavour ids cannot be empty.' });
  });

  it('keeps messages of fields the form does not have, and plain sentences, for the alert', () => {
    expect(serverProblems('Unknown node flavour: gp-9.', fieldOf)).toEqual({ fields: {}, general: 'Unknown node flavour: gp-9.' });
    expect(serverProblems('Tier: the yearly price (€1.00) cannot be more than 12 monthly payments (€0.12).', fieldOf)).toEqual({
      fields: {},
      general: 'Tier: the yearly price (€1.00) cannot be more than 12 monthly payments (€0.12).',
    });
    expect(serverProblems('id: Tier id must be a lower-case slug.; sortOrder: Sort order must be at least 0.', fieldOf)).toEqual({
      fields: { id: 'Tier id must be a lower-case slug.' },
      general: 'sortOrder: Sort order must be at least 0.',
    });
  });

  it('does not cut a sentence that merely contains "; "', () => {
    const sentence = 'The date is taken; choose another one: tomorrow works.';
    expect(serverProblems(sentence, fieldOf)).toEqual({ fields: {}, general: sentence });
  });

  it('keeps the first message of a field', () => {
    expect(serverProblems('name: Name is required.; name: Name must be at most 80 characters.', fieldOf).fields).toEqual({ name: 'Name is required.' });
  });
});
