
/**
 * The catalogue API counts money in integer EUR cents (hourly node prices in thousandths of a
 * cent, shares in basis points); staff type euros and percentages. Conversions round to the
 * API's unit, so a value with at most the allowed decimals converts exactly: 0.29 € is 29 cents,
 * not 28.999999999999996.
 */

export const CENTS_PER_EURO = 100;
/** Thousandths of a cent per euro. */
export const MILLICENTS_PER_EURO = 100_000;
/** Basis points per percent: 99.95 % is 9995. */
export const BASIS_POINTS_PER_PERCENT = 100;

export const eurosToCents = (euros: number): number => Math.round(euros * CENTS_PER_EURO);
export const centsToEuros = (cents: number): number => cents / CENTS_PER_EURO;
export const eurosToMillicents = (euros: number): number => Math.round(euros * MILLICENTS_PER_EURO);
export const millicentsToEuros = (millicents: number): number => millicents / MILLICENTS_PER_EURO;
export const percentToBasisPoints = (percent: number): number => Math.round(percent * BASIS_POINTS_PER_PERCENT);
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / BASIS_POINTS_PER_PERCENT;

/** Whether `value` has at most `decimals` digits after the point (tolerating binary float noise). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** EUR cents as the app shows money: "€1,234.50" (the one formatter, @kubemarket/shared). */
export { euros as formatEuros } from '@kubemarket/shared';

const hourlyFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 5 });

/** A node-hour price in thousandths of a cent, with the decimals it has: "€0.06712". */
export function formatHourlyEuros(millicents: number): string {
  return hourlyFormat.format(millicentsToEuros(millicents));
}

/** Basis points as a percentage: 9995 → "99.95 %". */
export function formatBasisPoints(basisPoints: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(basisPointsToPercent(basisPoints))} %`;
}
