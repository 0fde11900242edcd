import { describe, expect, it } from 'vitest';
import { creditorReference, isCreditorReference, printedReference } from './creditor-reference';

describe('ISO 11649 creditor references', () => {
  it('computes the check digits of the standard’s example', () => {
    // ISO 11649's own example: reference 539007547034 → RF18539007547034.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(printedReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('accepts what it builds and refuses a mistyped one', () => {
    const reference = creditorReference('a1b2c3d4e5f6g7h8j9k0');
    expect(reference).toMatch(/^RF\d{2}A1B2C3D4E5F6G7H8J9K0$/);
    expect(isCreditorReference(reference)).toBe(true);
    expect(isCreditorReference(printedReference(reference).toLowerCase())).toBe(true);
    expect(isCreditorReference(reference.replace('A1', 'A2'))).toBe(false);
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isCreditorReference('RF19 5390 0754 7034')).toBe(false);
  });

  it('refuses what cannot be a reference', () => {
    expect(() => creditorReference('')).toThrow();
    expect(() => creditorReference('x'.repeat(22))).toThrow();
    expect(() => creditorReference('inv_1')).toThrow();
  });
});
