import { USAGE_KINDS } from '@kubemarket/db';
import { z } from 'zod';

/** Longest range one request may ask for. */
export const MAX_RANGE_DAYS = 400;

/** A UTC date (2026-11-01) or epoch milliseconds; query strings carry both as text. */
const instant = z.union([
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a UTC date as YYYY-MM-DD, or epoch milliseconds.'),
  z.coerce.number().int().nonnegative(),
]);

export const usageInput = z
  .object({
    from: instant.optional().describe('Start, inclusive: a UTC date (YYYY-MM-DD) or epoch ms. Default: the first day of the current month.'),
    to: instant.optional().describe('End: a UTC date (YYYY-MM-DD, that whole day included) or epoch ms (exclusive). Default: now.'),
    groupBy: z.enum(['day', 'month']).default('day').describe('Length of each period of the series.'),
    by: z.enum(['cluster', 'kind']).default('cluster').describe('What the amounts (and quantitySeries[].byGroup) of each period are split by.'),
  })
  .default({ groupBy: 'day', by: 'cluster' });

export type UsageInput = z.infer<typeof usageInput>;

const cents = z.number().int().describe('EUR cents.');

/**
 * The month's forecast as every answer carries it (monthForecast in @kubemarket/shared): its
 * figures and the formula's inputs, so a screen shows how it was reached.
 */
export const forecastOutput = z
  .object({
    monthStart: z.number().int(),
    monthEnd: z.number().int(),
    monthToDateCents: cents.describe('What the metered hours of the month cost so far.'),
    hoursElapsed: z.number().int().describe('Hours of the month metered so far (an hour is metered once it has ended).'),
    hoursInMonth: z.number().int(),
    hoursLeft: z.number().int().describe('hoursInMonth − hoursElapsed.'),
    runRateMillicentsPerHour: z.number().describe('The current run rate: what the last metered day cost ÷ its hours, thousandths of a cent per hour.'),
    runRateHours: z.number().int().describe('How many metered hours the run rate averages (at most 24).'),
    elapsedDays: z.number().describe('hoursElapsed ÷ 24.'),
    daysInMonth: z.number().int(),
    forecastCents: cents.describe('Month to date + run rate × hours left.'),
  })
  .describe('The month-end forecast: month to date + the last day’s hourly run rate × the hours left in the month.');

export const usageOutput = z.object({
  from: z.number().int().describe('UTC epoch ms, inclusive.'),
  to: z.number().int().describe('UTC epoch ms, exclusive.'),
  groupBy: z.enum(['day', 'month']),
  by: z.enum(['cluster', 'kind']),
  currency: z.literal('EUR'),
  groups: z.array(z.object({ key: z.string(), label: z.string() })).describe('The groups of the amounts, largest total first.'),
  series: z.array(
    z.object({
      period: z.string().describe('YYYY-MM-DD or YYYY-MM (UTC).'),
      totalCents: cents,
      amounts: z.record(z.string(), z.number().int()).describe('EUR cents per group key.'),
    }),
  ),
  quantities: z.array(
    z.object({
      kind: z.enum(USAGE_KINDS),
      unit: z.string().describe('hours, node-hours, GB-hours or GB.'),
      quantity: z.number().describe('Over the whole range.'),
      amountCents: cents,
    }),
  ),
  quantitySeries: z
    .array(
      z.object({
        period: z.string().describe('YYYY-MM-DD or YYYY-MM (UTC), as in series.'),
        quantities: z.record(z.string(), z.number()).describe('Per resource kind (control_plane, node, …), in the unit given in quantities.'),
        byGroup: z
          .record(z.string(), z.record(z.string(), z.number()))
          .describe('Per resource kind, the quantity of each group key of `groups` (by=cluster: each cluster or middleware; by=kind: the kind itself).'),
      }),
    )
    .describe('Quantities per period, the same periods as series. Quantities add up within one resource kind only (hours, GB-hours and GB do not).'),
  totals: z.object({ amountCents: cents, byGroup: z.record(z.string(), z.number().int()) }),
  forecast: forecastOutput,
});

export type UsageOutput = z.infer<typeof usageOutput>;
