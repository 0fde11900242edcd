import { describe, expect, it } from 'vitest';
import { formatInteger } from './format';

describe('formatInteger', () => {
  it('groups thousands', () => {
    expect(formatInteger(1000)).toBe('1,000');
    expect(formatInteger(16)).toBe('16');
    expect(formatInteger(1_048_576)).toBe('1,048,576');
  });

  it('rounds fractions', () => {
    expect(formatInteger(2.6)).toBe('3');
  });
});
