import { describe, expect, it } from 'vitest';
import { QuoteError } from './errors';
import { DE_BUSINESS, DE_CONSUMER, FR_BUSINESS, US_BUSINESS } from '../testing';
import { EU_VAT_RATES, vatRateFor } from './vat';

describe('EU_VAT_RATES', () => {
  it('lists the 27 member states in basis points', () => {
    expect(Object.keys(EU_VAT_RATES)).toHaveLength(27);
    expect(EU_VAT_RATES).toMatchObject({ FR: 2000, DE: 1900, IT: 2200, FI: 2550, HU: 2700, LU: 1700, EE: 2400, RO: 2100, SK: 2300 });
    expect(EU_VAT_RATES.GB).toBeUndefined();
    expect(EU_VAT_RATES.CH).toBeUndefined();
  });
});

describe('vatRateFor', () => {
  it('charges French VAT to French customers, businesses with a VAT number included', () => {
    expect(vatRateFor(FR_BUSINESS)).toEqual({ countryCode: 'FR', rateBasisPoints: 2000, reverseCharge: false, label: 'VAT 20%' });
    expect(vatRateFor({ ...FR_BUSINESS, isBusiness: false, vatNumber: null }).rateBasisPoints).toBe(2000);
  });

  it("charges an EU consumer their country's standard rate", () => {
    expect(vatRateFor(DE_CONSUMER)).toMatchObject({ countryCode: 'DE', rateBasisPoints: 1900, reverseCharge: false });
    expect(vatRateFor({ ...DE_CONSUMER, countryCode: 'hu' })).toMatchObject({ countryCode: 'HU', rateBasisPoints: 2700 });
    expect(vatRateFor({ ...DE_CONSUMER, countryCode: 'EL' })).toMatchObject({ countryCode: 'GR', rateBasisPoints: 2400 });
  });

  it('reverse-charges an EU business outside France with a VAT number', () => {
    expect(vatRateFor(DE_BUSINESS)).toEqual({
      countryCode: 'DE',
      rateBasisPoints: 0,
      reverseCharge: true,
      label: 'VAT reverse-charged (0%)',
    });
  });

  it('charges the local rate to an EU business without a VAT number, and to a consumer who gives one', () => {
    expect(vatRateFor({ ...DE_BUSINESS, vatNumber: '  ' })).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false });
    expect(vatRateFor({ ...DE_BUSINESS, vatNumber: null })).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false });
    expect(vatRateFor({ ...DE_CONSUMER, vatNumber: 'DE129273398' })).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false });
  });

  it('charges nothing outside the EU', () => {
    expect(vatRateFor(US_BUSINESS)).toEqual({ countryCode: 'US', rateBasisPoints: 0, reverseCharge: false, label: 'No VAT (outside the EU)' });
    expect(vatRateFor({ ...DE_CONSUMER, countryCode: 'CH' }).rateBasisPoints).toBe(0);
    expect(vatRateFor({ ...DE_CONSUMER, countryCode: 'GB' }).rateBasisPoints).toBe(0);
  });

  it('refuses anything but a two-letter code', () => {
    for (const countryCode of ['', 'F', 'FRA', 'F1']) {
      expect(() => vatRateFor({ ...DE_CONSUMER, countryCode })).toThrow(QuoteError);
    }
  });
});
