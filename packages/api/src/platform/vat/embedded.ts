import { checkVAT, countries } from 'jsvat';
import { splitVatNumber, type VatCheck, type VatValidationPort } from './port';

/**
 * The embedded default: the format and check digits of every member state (jsvat implements each
 * state's algorithm), and a registry of the demo companies with their registered name and address,
 * as VIES would give them. A number with valid check digits that the registry does not know is
 * valid without a name: the best an offline check can say, and said so by `source: 'embedded'`.
 */

export interface RegisteredTrader {
  name: string;
  address: string;
}

/** The demo seed's companies (their VAT numbers have valid check digits). */
export const DEMO_VAT_REGISTRY: Readonly<Record<string, RegisteredTrader>> = {
  FR40303265045: { name: 'SA ACME INDUSTRIES', address: '12 RUE DE LA PAIX, 75002 PARIS' },
  DE136695976: { name: 'Globex Logistik GmbH', address: 'Hafenstraße 8, 20457 Hamburg' },
  IT00743110157: { name: 'INITECH CLOUD SRL', address: 'VIA TORINO 20, 20123 MILANO MI' },
  NL859048470B01: { name: 'Hooli Europe B.V.', address: 'Keizersgracht 1, 1015 CJ Amsterdam' },
};

/** jsvat spells Greece GR; VIES and our normalised numbers say EL. */
function forJsvat(vatNumber: string): string {
  return vatNumber.startsWith('EL') ? `GR${vatNumber.slice(2)}` : vatNumber;
}

export function embeddedVatValidation(registry: Readonly<Record<string, RegisteredTrader>> = DEMO_VAT_REGISTRY): VatValidationPort {
  let consultations = 0;
  return {
    source: 'embedded',
    async check(vatNumber: string, now: number): Promise<VatCheck> {
      const { countryCode } = splitVatNumber(vatNumber);
      const result = checkVAT(forJsvat(vatNumber), countries);
      const sameState = result.country !== undefined && (result.country.isoCode.short === countryCode || (countryCode === 'EL' && result.country.isoCode.short === 'GR'));
      const known = registry[vatNumber];
      const valid = sameState && result.isValid;
      consultations += 1;
      return {
        vatNumber,
        valid,
        name: valid ? (known?.name ?? null) : null,
        address: valid ? (known?.address ?? null) : null,
        consultationNumber: `LOCAL-${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}-${String(consultations).padStart(4, '0')}`,
        checkedAt: now,
        source: 'embedded',
      };
    },
  };
}
