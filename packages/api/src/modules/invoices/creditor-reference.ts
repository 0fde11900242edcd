/**
 * ISO 11649 structured creditor references ("RF18 5390 0754 7034"): the reference a customer quotes
 * with a bank transfer, so staff (and later a bank statement import) match the money to the invoice
 * without guessing. "RF", two check digits (ISO 7064 MOD 97-10, as IBANs), then up to 21 letters
 * or digits of our own.
 */

/** Letters as numbers (A = 10 … Z = 35), then the remainder mod 97, digit by digit (no BigInt needed). */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The RF reference of `base` (letters and digits, at most 21; case is ignored). */
export function creditorReference(base: string): string {
  const body = base.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(body)) throw new Error(`A creditor reference is built from 1 to 21 letters and digits, not "${base}".`);
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether a reference as typed (spaces allowed, any case) is a well-formed RF reference. */
export function isCreditorReference(text: string): boolean {
  const compact = text.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/** Grouped by four for print (one formatter for the PDF and the console). */
export { printedReference } from '@kubemarket/shared';

/** The transfer reference of an invoice: RF, check digits, and its id's random part. */
export function invoiceReference(invoiceId: string): string {
  return creditorReference(invoiceId.slice(invoiceId.indexOf('_') + 1));
}
