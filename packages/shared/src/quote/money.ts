import { BASE_CURRENCY } from '../constants';
import { convertFromEurCents, formatMoney } from '../pricing';

/** Integer arithmetic for the engine: every result is a whole number of cents. */

export const BASIS_POINTS = 10_000;

/** Throws when a catalogue or context amount is not a whole, non-negative, safe number (a 500, not a 400). */
export function assertCents(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents; got ${value}.`);
  }
  return value;
}

/** amount × basisPoints / 10 000, rounded half up to the cent, computed exactly. */
export function applyBasisPointsRounded(amountCents: number, basisPoints: number): number {
  const product = BigInt(amountCents) * BigInt(basisPoints);
  const divisor = BigInt(BASIS_POINTS);
  return Number((2n * product + divisor) / (2n * divisor));
}

/** amount × basisPoints / 10 000, rounded down to the cent, computed exactly. */
export function applyBasisPointsFloor(amountCents: number, basisPoints: number): number {
  return Number((BigInt(amountCents) * BigInt(basisPoints)) / BigInt(BASIS_POINTS));
}

/** cents / divisor rounded half up (non-negative integers). */
export function divideRounded(cents: number, divisor: number): number {
  return Math.floor((2 * cents + divisor) / (2 * divisor));
}

/** A monthly price and its yearly price: 12 × monthly when none is given, never more than 12 × monthly. */
export function cyclePrices(
  monthlyCents: number,
  yearlyCents: number | null | undefined,
  what: string,
): { monthlyCents: number; yearlyCents: number } {
  const monthly = assertCents(monthlyCents, `${what} monthly price`);
  const twelveMonths = 12 * monthly;
  if (yearlyCents === null || yearlyCents === undefined) return { monthlyCents: monthly, yearlyCents: twelveMonths };
  return { monthlyCents: monthly, yearlyCents: Math.min(assertCents(yearlyCents, `${what} yearly price`), twelveMonths) };
}

/** EUR cents as the customer reads them in a message: '€100.00'. */
export function eur(cents: number): string {
  return formatMoney(convertFromEurCents(cents, 1), BASE_CURRENCY);
}

/** Basis points as a percentage: 500 -> '5%', 2550 -> '25.5%'. */
export function percentLabel(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}
