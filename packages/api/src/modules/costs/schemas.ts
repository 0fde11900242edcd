import { CLUSTER_QUOTE_REASONS } from '@kubemarket/db';
import { z } from 'zod';
import { forecastOutput } from '../usage';

/** Months one answer goes back at most (this month included). */
export const MAX_COST_MONTHS = 12;

export const clusterCostsInput = z.object({
  id: z.string().min(1).describe('The cluster.'),
  months: z.coerce
    .number()
    .int('Ask for a whole number of months.')
    .min(1, 'Ask for at least one month.')
    .max(MAX_COST_MONTHS, `Ask for at most ${MAX_COST_MONTHS} months.`)
    .default(6)
    .describe(`How many months back, this one included (1 to ${MAX_COST_MONTHS}); only months the cluster existed in are answered.`),
});

const cents = z.number().int().describe('EUR cents, VAT excluded.');

export const COST_LINE_KEYS = ['autoscaling', 'hibernation', 'egress', 'storage', 'addons', 'other'] as const;

const costQuote = z.object({
  effectiveAt: z.number().int().describe('From when this price applies, epoch ms.'),
  monthlyCents: cents.describe('The whole cluster per month, as quoted.'),
  reason: z.enum(CLUSTER_QUOTE_REASONS).describe('order: the price at order; the others: the change that repriced the cluster.'),
  nodeCount: z.number().int().describe('Nodes the quote priced: each pool’s count, or its autoscaling minimum (as the pricing engine prices it).'),
});

export const clusterCostsOutput = z.object({
  clusterId: z.string(),
  clusterName: z.string(),
  currency: z.literal('EUR'),
  /** Every price the cluster was quoted, oldest first. */
  quotes: z.array(costQuote).describe('Every quote, oldest first: at order, then after each change that repriced the cluster.'),
  months: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM (UTC).'),
        monthStart: z.number().int(),
        monthEnd: z.number().int(),
        current: z.boolean().describe('The month under way: its figures are to date, and it has a forecast.'),
        hours: z.number().int().describe('Metered hours the cluster existed in this month (to date for the current month).'),
        quotedCents: cents.describe('The quotes in force over those hours: Σ monthly price ÷ 730 × hours (the hourly basis the metering charges).'),
        quotedMonthCents: cents.describe('The quotes over every hour the cluster exists this month: for the current month, the quote in force now until the month ends.'),
        actualCents: cents.describe('What those hours were metered at (usage records of the cluster).'),
        forecast: forecastOutput.nullable().describe('The month-end forecast, the current month only.'),
        quotes: z.array(costQuote.extend({ hours: z.number().int(), cents })).describe('Each quote in force during the month, with its hours and prorated amount.'),
        differenceCents: cents.describe('actualCents − quotedCents; the lines add up to it.'),
        lines: z
          .array(
            z.object({
              key: z.enum(COST_LINE_KEYS),
              label: z.string(),
              detail: z.string().describe('How the line was reached, in words and numbers.'),
              cents,
            }),
          )
          .describe('The difference explained by line: nodes above the quoted count (autoscaling), hibernation savings, egress, storage, add-ons outside the quote, and the rest (prices and rounding).'),
      }),
    )
    .describe('Newest first.'),
});

export type ClusterCostsOutput = z.infer<typeof clusterCostsOutput>;
export type ClusterCostMonth = ClusterCostsOutput['months'][number];
