import { sqliteTable, text, integer, check } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { catalogItemColumns } from './columns';

export const SUPPORT_CHANNELS = ['ticket', 'email', 'chat', 'phone', 'shared-channel'] as const;
export type SupportChannel = (typeof SUPPORT_CHANNELS)[number];

/** 'business': Monday to Friday, 08:00 to 18:00 Paris time, excluding French public holidays. */
export const SUPPORT_HOURS = ['business', '24x7'] as const;
export type SupportHours = (typeof SUPPORT_HOURS)[number];

/** 'fixed': monthly_price_cents; 'share': a share of the organisation's monthly spend, at least minimum_monthly_cents. */
export const SUPPORT_PRICING_KINDS = ['fixed', 'share'] as const;
export type SupportPricingKind = (typeof SUPPORT_PRICING_KINDS)[number];

/**
 * Support tiers. First-response targets are in minutes, counted within `hours`; null: no target
 * for that severity (P1 critical outage ... P4 question).
 */
export const supportPlans = sqliteTable(
  'support_plans',
  {
    /** e.g. "support_business". */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    p1ResponseMinutes: integer('p1_response_minutes'),
    p2ResponseMinutes: integer('p2_response_minutes'),
    p3ResponseMinutes: integer('p3_response_minutes'),
    p4ResponseMinutes: integer('p4_response_minutes'),
    /**
     * How often staff update an open ticket after the first response, in minutes within `hours`
     * (issue 14); null: the default cadence of that severity.
     */
    p1UpdateMinutes: integer('p1_update_minutes'),
    p2UpdateMinutes: integer('p2_update_minutes'),
    p3UpdateMinutes: integer('p3_update_minutes'),
    p4UpdateMinutes: integer('p4_update_minutes'),
    channels: text('channels', { mode: 'json' }).$type<SupportChannel[]>().notNull(),
    hours: text('hours', { enum: SUPPORT_HOURS }).notNull(),
    namedEngineer: integer('named_engineer', { mode: 'boolean' }).notNull().default(false),
    pricingKind: text('pricing_kind', { enum: SUPPORT_PRICING_KINDS }).notNull(),
    /** The price of a 'fixed' plan (0: included with every organisation); null for 'share'. */
    monthlyPriceCents: integer('monthly_price_cents'),
    /** Share of the monthly spend of a 'share' plan in basis points (700 = 7 %); null for 'fixed'. */
    percentOfSpendBasisPoints: integer('percent_of_spend_basis_points'),
    /** Floor of a 'share' plan's monthly price; null for 'fixed'. */
    minimumMonthlyCents: integer('minimum_monthly_cents'),
    ...catalogItemColumns,
  },
  () => [
    check(
      'support_plans_price_matches_kind',
      sql`(pricing_kind = 'fixed' AND monthly_price_cents IS NOT NULL AND percent_of_spend_basis_points IS NULL)
        OR (pricing_kind = 'share' AND percent_of_spend_basis_points IS NOT NULL AND minimum_monthly_cents IS NOT NULL)`,
    ),
  ],
);

export type SupportPlan = typeof supportPlans.$inferSelect;
export type NewSupportPlan = typeof supportPlans.$inferInsert;
