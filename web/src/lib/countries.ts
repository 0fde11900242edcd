import { EU_VAT_RATES } from '@kubemarket/shared';

/** Countries outside the EU our customers most often buy from (0 % VAT). */
const OTHER_COUNTRIES = ['CH', 'GB', 'NO', 'IS', 'LI', 'US', 'CA', 'JP', 'SG', 'AU'];

let regionNames: Intl.DisplayNames | null | undefined;

/** "DE" -> "Germany"; the code itself when the browser has no names. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames?.of(code) ?? code;
}

export interface CountryOption {
  value: string;
  label: string;
}

/** The EU member states, then other countries, each group by name, for the VAT country picker. */
export function countryOptions(): { group: string; items: CountryOption[] }[] {
  const byName = (codes: readonly string[]) =>
    codes.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [
    { group: 'European Union', items: byName(Object.keys(EU_VAT_RATES)) },
    { group: 'Outside the EU', items: byName(OTHER_COUNTRIES) },
  ];
}
