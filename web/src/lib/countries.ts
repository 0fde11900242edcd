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

type CountryGroups = { group: string; items: CountryOption[] }[];

let options: CountryGroups | null = null;

/**
 * The EU member states, then other countries, each group by name, for the VAT country picker.
 * Built on first use and kept, no longer by every module that offers the picker as it loads (with
 * the page's first scripts: ADR 49), and sorted with one collator (a locale given to localeCompare
 * makes one for every comparison).
 */
export function countryOptions(): CountryGroups {
  if (options) return options;
  const collator = new Intl.Collator('en');
  const byName = (codes: readonly string[]) => codes.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })).sort((a, b) => collator.compare(a.label, b.label));
  options = [
    { group: 'European Union', items: byName(Object.keys(EU_VAT_RATES)) },
    { group: 'Outside the EU', items: byName(OTHER_COUNTRIES) },
  ];
  return options;
}
