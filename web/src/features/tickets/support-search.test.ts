import { describe, expect, it } from 'vitest';
import { pageRange } from './filter-options';
import { validateSubmitSearch, validateSupportSearch } from './support-search';

describe('validateSupportSearch', () => {
  it('opens the form prefilled from /technical-support and /billing-support links', () => {
    expect(validateSupportSearch({ new: true, category: 'billing' })).toEqual({ new: true, category: 'billing' });
    expect(validateSupportSearch({ new: 'true', category: 'technical' })).toEqual({ new: true, category: 'technical' });
  });

  it('drops what it does not know', () => {
    expect(validateSupportSearch({ new: 'yes', category: 'sales' })).toEqual({});
    expect(validateSubmitSearch({ category: '<script>' })).toEqual({});
    expect(validateSubmitSearch({ category: 'account' })).toEqual({ category: 'account' });
  });
});

describe('pageRange', () => {
  it('says which tickets the page shows', () => {
    expect(pageRange(0, 1, 20)).toBe('No tickets');
    expect(pageRange(57, 2, 20)).toBe('Tickets 21–40 of 57');
    expect(pageRange(57, 3, 20)).toBe('Tickets 41–57 of 57');
  });
});
