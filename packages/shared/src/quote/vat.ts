import { QuoteError } from './errors';
import { percentLabel } from './money';
import type { QuoteCustomer } from './types';

/**
 * Standard VAT rates of the 27 EU member states in basis points (2000 = 20 %), as in force in 2026.
 * Source: European Commission, "VAT rates applied in the Member States of the European Union"
 * (taxation-customs.ec.europa.eu, Taxes in Europe database), including the 2024–2025 changes:
 * Finland 25.5 % (1 Sep 2024), Slovakia 23 % (1 Jan 2025), Estonia 24 % (1 Jul 2025),
 * Romania 21 % (1 Aug 2025). Keyed by ISO 3166-1 alpha-2 code (Greece is GR; its VAT prefix EL is
 * accepted by vatRateFor).
 */
export const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** KubeMarket's own country: its business customers pay French VAT, never reverse-charged. */
export const SELLER_COUNTRY = 'FR';

export interface VatRate {
  countryCode: string;
  rateBasisPoints: number;
  reverseCharge: boolean;
  label: string;
}

/** Upper-cases and checks an ISO alpha-2 code ('el' and 'EL' become 'GR'). */
export function normalizeCountryCode(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) {
    throw new QuoteError('invalid_country', `"${countryCode}" is not a two-letter country code.`, null);
  }
  return code === 'EL' ? 'GR' : code;
}

/**
 * The VAT a customer pays: their EU country's standard rate (France 20 %); 0 % reverse-charged for
 * an EU business outside France with a VAT number; 0 % outside the EU.
 */
export function vatRateFor(customer: QuoteCustomer): VatRate {
  const countryCode = normalizeCountryCode(customer.countryCode);
  const rate = EU_VAT_RATES[countryCode];
  if (rate === undefined) {
    return { countryCode, rateBasisPoints: 0, reverseCharge: false, label: 'No VAT (outside the EU)' };
  }
  const hasVatNumber = (customer.vatNumber ?? '').trim() !== '';
  if (customer.isBusiness && hasVatNumber && countryCode !== SELLER_COUNTRY) {
    return { countryCode, rateBasisPoints: 0, reverseCharge: true, label: 'VAT reverse-charged (0%)' };
  }
  return { countryCode, rateBasisPoints: rate, reverseCharge: false, label: `VAT ${percentLabel(rate)}` };
}
