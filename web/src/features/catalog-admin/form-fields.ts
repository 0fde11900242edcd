import { z } from 'zod';
import { epochToUtcDate, utcDateTimeToEpoch, utcDateToEpoch } from './utc-dates';
import { eurosToCents, eurosToMillicents, hasAtMostDecimals, percentToBasisPoints } from './money';

/**
 * Zod fields for the values the catalogue forms hold (euros, percentages, dates as typed) that
 * check them as the server will and turn them into the API's units (cents, basis points, UTC
 * epoch ms). The server checks everything again; these catch the mistakes before a round trip,
 * with the same wording as the server's messages.
 */

/** What a Mantine NumberInput holds: a number, or text while empty or half typed. */
export type NumberValue = number | string;

/** 10 million euros: the server's limit on any catalogue price (MAX_CENTS). */
const MAX_EUROS = 10_000_000;

interface NumberRule<T> {
  label: string;
  /** A message when the number is not acceptable. */
  check?: (value: number) => string | null;
  convert: (value: number) => T;
}

function numberOf(value: NumberValue): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text.replace(',', '.'));
}

function numberField<T>(rule: NumberRule<T>, optional: boolean) {
  return z.union([z.number(), z.string()]).transform((value, ctx): T | null => {
    const number = numberOf(value);
    if (number === null) {
      if (optional) return null;
      ctx.addIssue({ code: 'custom', message: `${rule.label} is required.` });
      return z.NEVER;
    }
    const problem = Number.isFinite(number) ? (rule.check?.(number) ?? null) : `${rule.label} must be a number.`;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return rule.convert(number);
  });
}

export const requiredNumber = <T>(rule: NumberRule<T>) => numberField(rule, false) as z.ZodType<T, NumberValue>;
export const optionalNumber = <T>(rule: NumberRule<T>) => numberField(rule, true) as z.ZodType<T | null, NumberValue>;

function wholeRule(label: string, min: number, max: number): NumberRule<number> {
  return {
    label,
    check: (value) => {
      if (!Number.isInteger(value)) return `${label} must be a whole number.`;
      if (value < min) return `${label} must be at least ${min}.`;
      if (value > max) return `${label} must be at most ${max}.`;
      return null;
    },
    convert: (value) => value,
  };
}

/** A whole number between min and max. */
export const whole = (label: string, min: number, max: number) => requiredNumber(wholeRule(label, min, max));
export const optionalWhole = (label: string, min: number, max: number) => optionalNumber(wholeRule(label, min, max));

function eurosRule(label: string): NumberRule<number> {
  return {
    label,
    check: (value) => {
      if (value < 0) return `${label} cannot be negative.`;
      if (!hasAtMostDecimals(value, 2)) return `${label} has at most 2 decimals (whole cents).`;
      if (value > MAX_EUROS) return `${label} must be at most €10,000,000.`;
      return null;
    },
    convert: eurosToCents,
  };
}

/** Euros with at most 2 decimals, to EUR cents. */
export const euros = (label: string) => requiredNumber(eurosRule(label));
export const optionalEuros = (label: string) => optionalNumber(eurosRule(label));

/** Euros per node-hour with at most 5 decimals (thousandths of a cent), to thousandths of a cent. */
export const optionalHourlyEuros = (label: string) =>
  optionalNumber({
    label,
    check: (value) => {
      if (value < 0) return `${label} cannot be negative.`;
      if (!hasAtMostDecimals(value, 5)) return `${label} has at most 5 decimals (thousandths of a cent).`;
      if (value > MAX_EUROS / 100) return `${label} must be at most €100,000 an hour.`;
      return null;
    },
    convert: eurosToMillicents,
  });

function percentRule(label: string, min: number): NumberRule<number> {
  return {
    label,
    check: (value) => {
      if (!hasAtMostDecimals(value, 2)) return `${label} has at most 2 decimals.`;
      if (value < min) return `${label} must be at least ${min} %.`;
      if (value > 100) return `${label} must be at most 100 %.`;
      return null;
    },
    convert: percentToBasisPoints,
  };
}

/** A percentage with at most 2 decimals, to basis points (99.95 % → 9995). */
export const percent = (label: string, min = 0) => requiredNumber(percentRule(label, min));
export const optionalPercent = (label: string, min = 0) => optionalNumber(percentRule(label, min));

export const requiredText = (label: string) => z.string().trim().min(1, `${label} is required.`);

/** Empty text is no value (null). */
export const optionalText = () =>
  z
    .string()
    .trim()
    .transform((value) => value || null);

/** A date field (YYYY-MM-DD, read as 00:00 UTC); empty is null. */
export const optionalUtcDate = (label: string) =>
  z.string().transform((value, ctx): number | null => {
    if (value.trim() === '') return null;
    const epoch = utcDateToEpoch(value.trim());
    if (epoch === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date.` });
      return z.NEVER;
    }
    return epoch;
  });

/** A datetime-local field (read as UTC); empty is null. */
export const optionalUtcDateTime = (label: string) =>
  z.string().transform((value, ctx): number | null => {
    if (value.trim() === '') return null;
    const epoch = utcDateTimeToEpoch(value.trim());
    if (epoch === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date and time.` });
      return z.NEVER;
    }
    return epoch;
  });

/**
 * When a price change applies. Empty or today: at once (left out of the request). A later day:
 * 00:00 UTC that day. An earlier day is refused, as the server refuses it.
 */
export const priceChangeDate = () =>
  z.string().transform((value, ctx): number | undefined => {
    const text = value.trim();
    if (text === '') return undefined;
    const epoch = utcDateToEpoch(text);
    if (epoch === null) {
      ctx.addIssue({ code: 'custom', message: 'Price change date must be a date.' });
      return z.NEVER;
    }
    const today = epochToUtcDate(Date.now());
    if (text < today) {
      ctx.addIssue({ code: 'custom', message: 'A price change cannot take effect in the past: leave the date empty to apply it now, or choose a later date.' });
      return z.NEVER;
    }
    return text === today ? undefined : epoch;
  });

/** The fields of `after` whose value differs from `before`; undefined in `after` means "keep". */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    const value = after[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changes[key] = value;
  }
  return changes;
}

/** A sort order field: a position in the lists; empty keeps the current one (or puts a new item last). */
export const sortOrderField = () => optionalWhole('Sort order', 0, 100_000).transform((value) => value ?? undefined);
