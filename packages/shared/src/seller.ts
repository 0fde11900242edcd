/**
 * Who sells: the legal identity every invoice and credit note must print (Directive 2006/112/EC
 * article 226: the supplier's full name and address and VAT identification number), with the
 * company registration and the bank account customers pay transfers to. Production reads it from
 * configuration (the Worker refuses to serve without it); development and tests use DEMO_SELLER.
 */
export interface SellerIdentity {
  legalName: string;
  /** Postal address, one line each (street, postcode and city); the country comes from countryCode. */
  addressLines: string[];
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** VAT identification number with its country prefix, e.g. FR65912345675. */
  vatId: string;
  /** Company registration, as the law of the seller's country writes it (RCS, SIREN, share capital…). */
  registration: string;
  iban: string;
  bic: string;
}

/** A fictional French company with well-formed numbers (SIREN 912 345 675, its VAT key 65; the IBAN of the French banking standard's example). */
export const DEMO_SELLER: SellerIdentity = {
  legalName: 'KubeMarket Demo SAS',
  addressLines: ['12 rue de la Demo', '75011 Paris'],
  countryCode: 'FR',
  vatId: 'FR65912345675',
  registration: 'RCS Paris 912 345 675 · SAS with a share capital of €50,000',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
};

/** The settings the seller is read from, each required in production (SELLER_ADDRESS: lines separated by "|"). */
export const SELLER_SETTINGS = ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_COUNTRY', 'SELLER_VAT_ID', 'SELLER_REGISTRATION', 'SELLER_IBAN', 'SELLER_BIC'] as const;
export type SellerSettings = Partial<Record<(typeof SELLER_SETTINGS)[number], string | undefined>>;

/** The seller from its settings, or the problems that prevent it (names of settings, never values). */
export function sellerFromSettings(settings: SellerSettings): { seller: SellerIdentity; problems: [] } | { seller: null; problems: string[] } {
  const missing = SELLER_SETTINGS.filter((name) => !settings[name]?.trim());
  const problems = missing.map((name) => `${name} is not set (the seller printed on every invoice).`);
  const country = settings.SELLER_COUNTRY?.trim().toUpperCase() ?? '';
  const vatId = settings.SELLER_VAT_ID?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (country && !/^[A-Z]{2}$/.test(country)) problems.push('SELLER_COUNTRY must be a two-letter country code.');
  if (vatId && !/^[A-Z]{2}(?=[0-9A-Z]*[0-9]{2})[0-9A-Z]{2,13}$/.test(vatId)) problems.push('SELLER_VAT_ID must be a VAT identification number with its country prefix.');
  if (problems.length > 0) return { seller: null, problems };
  return {
    seller: {
      legalName: settings.SELLER_LEGAL_NAME!.trim(),
      addressLines: settings.SELLER_ADDRESS!.split('|').map((line) => line.trim()).filter(Boolean),
      countryCode: country,
      vatId,
      registration: settings.SELLER_REGISTRATION!.trim(),
      iban: settings.SELLER_IBAN!.trim(),
      bic: settings.SELLER_BIC!.trim(),
    },
    problems: [],
  };
}
