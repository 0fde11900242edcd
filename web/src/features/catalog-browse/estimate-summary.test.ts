import { describe, expect, it } from 'vitest';
import { totalAnnouncement } from './estimate-summary';

describe('totalAnnouncement', () => {
  it('reads the total with its period and VAT', () => {
    expect(totalAnnouncement('€1,234.56', 'monthly')).toBe('Total €1,234.56 a month, VAT included.');
    expect(totalAnnouncement('$14,000.00', 'yearly')).toBe('Total $14,000.00 a year, VAT included.');
  });

  it('says nothing while there is no total', () => {
    expect(totalAnnouncement(null, 'monthly')).toBe('');
  });
});
