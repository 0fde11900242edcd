import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, SELLER_SETTINGS, sellerFromSettings } from './seller';

const SETTINGS = {
  SELLER_LEGAL_NAME: 'Sovereign Clusters SAS',
  SELLER_ADDRESS: '1 place de la Bourse | 69002 Lyon',
  SELLER_COUNTRY: 'fr',
  SELLER_VAT_ID: 'fr 65 912345675',
  SELLER_REGISTRATION: 'RCS Lyon 912 345 675',
  SELLER_IBAN: 'FR76 3000 6000 0112 3456 7890 189',
  SELLER_BIC: 'AGRIFRPP',
};

describe('the seller from its settings', () => {
  it('reads every setting, the address in lines, the country and VAT id normalised', () => {
    expect(sellerFromSettings(SETTINGS)).toEqual({
      seller: {
        legalName: 'Sovereign Clusters SAS',
        addressLines: ['1 place de la Bourse', '69002 Lyon'],
        countryCode: 'FR',
        vatId: 'FR65912345675',
        registration: 'RCS Lyon 912 345 675',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
      },
      problems: [],
    });
  });

  it('names each missing or malformed setting, never a value', () => {
    const { seller, problems } = sellerFromSettings({ ...SETTINGS, SELLER_VAT_ID: 'not a VAT id', SELLER_BIC: ' ', SELLER_COUNTRY: 'France' });
    expect(seller).toBeNull();
    expect(problems).toEqual([
      'SELLER_BIC is not set (the seller printed on every invoice).',
      'SELLER_COUNTRY must be a two-letter country code.',
      'SELLER_VAT_ID must be a VAT identification number with its country prefix.',
    ]);
    expect(sellerFromSettings({}).problems).toHaveLength(SELLER_SETTINGS.length);
  });

  it('has a demo seller with a VAT id whose French key matches its SIREN', () => {
    const siren = Number(DEMO_SELLER.vatId.slice(4));
    expect(Number(DEMO_SELLER.vatId.slice(2, 4))).toBe((12 + 3 * (siren % 97)) % 97);
  });
});
