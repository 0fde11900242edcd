/**
 * The VAT-validation port (issue 30, docs/architecture.md#ports): the billing profile's VAT number is
 * checked through it whenever it changes, and the answer is kept with every invoice it taxes (a
 * reverse charge needs the proof that the customer's number was valid on the day). Production
 * asks the EU's VIES service; the embedded default checks the format and check digits of each
 * member state (jsvat) and knows the demo companies, so the product is fully usable offline.
 */
import type { VatCheck } from '@kubemarket/db';

export type { VatCheck };

/** VIES could not answer (a member state's registry down, too many requests): try again later. */
export class VatServiceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VatServiceUnavailableError';
  }
}

export interface VatValidationPort {
  readonly source: VatCheck['source'];
  /** `vatNumber` is normalised (see normalizeVatNumber): its member state's prefix, then the number. */
  check(vatNumber: string, now: number): Promise<VatCheck>;
}

/** "fr 40 303.265-045" → "FR40303265045"; Greece's prefix is EL (VIES's spelling). */
export function normalizeVatNumber(vatNumber: string): string {
  const compact = vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();
  return compact.startsWith('GR') ? `EL${compact.slice(2)}` : compact;
}

/** The member state prefix and the rest, as VIES takes them. */
export function splitVatNumber(vatNumber: string): { countryCode: string; number: string } {
  return { countryCode: vatNumber.slice(0, 2), number: vatNumber.slice(2) };
}
