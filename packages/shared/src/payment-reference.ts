/** A payment reference (ISO 11649 "RF…") as printed and shown: groups of four, "RF18 5390 0754 7034". */
export function printedReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}
