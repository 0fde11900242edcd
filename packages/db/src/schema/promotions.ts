import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, check, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OrderKind } from './orders';
import { APPROVAL_STATUSES, approvalColumns, timestamps, created } from './columns';

/** 'percent': value in basis points (500 = 5 %); 'amount': value in EUR cents. */
export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Promo codes customers type at checkout. */
export const promotions = sqliteTable(
  'promotions',
  {
    /** Upper-case, e.g. "PARIS"; normalise what customers type before looking it up. */
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    value: integer('value').notNull(),
    /** Validity window, UTC epoch ms: from inclusive, until exclusive; null until: open-ended. */
    validFrom: integer('valid_from').notNull(),
    validUntil: integer('valid_until'),
    /** Only for an organisation's first order (it has no earlier paid or completed order). */
    firstPurchaseOnly: integer('first_purchase_only', { mode: 'boolean' }).notNull().default(false),
    /** Subtotal of the order before discount and tax that the code needs, EUR cents. */
    minimumSubtotalCents: integer('minimum_subtotal_cents').notNull().default(0),
    /** Order line kinds the discount applies to; null: every line. */
    appliesTo: text('applies_to', { mode: 'json' }).$type<OrderKind[]>(),
    /** Orders that may hold the code at once, every organisation together (paid or being paid); null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    /** Orders of one organisation that may hold the code; null: no limit. */
    maxRedemptionsPerOrganization: integer('max_redemptions_per_organization'),
    /** The promotion the site's promotional banner announces. */
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    archivedAt: integer('archived_at'),
    ...timestamps,
  },
  () => [
    check('promotions_code_upper_case', sql`code = upper(code) AND length(code) > 0`),
    check('promotions_value', sql`value > 0 AND (kind <> 'percent' OR value <= 10000)`),
  ],
);

export type Promotion = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/**
 * A promotion held by an order from the moment it is paid for: claimed before the provider is
 * called (the unique index and the claim's `INSERT … SELECT … WHERE` arbitrate between parallel
 * payments), kept when the payment succeeds, given back when it is declined or fails. An
 * organisation holds at most one first-purchase promotion (issue 29: PARIS on five orders paid at
 * once discounts one), and a code is held by at most its max_redemptions orders in all and
 * max_redemptions_per_organization per organisation.
 */
export const promotionRedemptions = sqliteTable(
  'promotion_redemptions',
  {
    orderId: text('order_id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    promotionCode: text('promotion_code').notNull(),
    firstPurchase: integer('first_purchase', { mode: 'boolean' }).notNull(),
    discountCents: integer('discount_cents').notNull(),
    ...created,
  },
  (table) => [
    uniqueIndex('promotion_redemptions_first_purchase_idx').on(table.organizationId).where(sql`first_purchase = 1`),
    index('promotion_redemptions_code_idx').on(table.promotionCode, table.organizationId),
  ],
);

export type PromotionRedemption = typeof promotionRedemptions.$inferSelect;

export const CATALOGUE_CHANGE_KINDS = ['promotion_create', 'promotion_update', 'price_change'] as const;
export type CatalogueChangeKind = (typeof CATALOGUE_CHANGE_KINDS)[number];
export const CATALOGUE_CHANGE_STATUSES = APPROVAL_STATUSES;
export type CatalogueChangeStatus = (typeof CATALOGUE_CHANGE_STATUSES)[number];

/**
 * Catalogue changes that move money and wait for a second person (issue 29, ADR 27): a promotion
 * above what one member of staff creates alone, a price cut or rise above what one member of staff
 * makes alone. `procedure` and `input` are the catalogue call to make once an administrator other
 * than the requester approves it; that approval claims the request with a conditional UPDATE, so
 * the change is made once. One pending request per subject at a time.
 */
export const catalogueChangeRequests = sqliteTable(
  'catalogue_change_requests',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: CATALOGUE_CHANGE_KINDS }).notNull(),
    /** The catalogue procedure to call, e.g. `catalogAdmin.addons.update`. */
    procedure: text('procedure').notNull(),
    /** What is changed: `promotion:PARIS`, `addon:addon_backup`. */
    subject: text('subject').notNull(),
    input: text('input', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** What the change does, in words, and why one person may not make it alone. */
    summary: text('summary').notNull(),
    limitReason: text('limit_reason').notNull(),
    /** Why the requester wants it. */
    reason: text('reason').notNull(),
    ...approvalColumns,
    ...created,
  },
  (table) => [uniqueIndex('catalogue_change_requests_pending_idx').on(table.subject).where(sql`status = 'pending'`)],
);

export type CatalogueChangeRequest = typeof catalogueChangeRequests.$inferSelect;

/**
 * The catalogue changes that give money away (a price cut, a discount offered or put back) one
 * staff member made alone, per calendar month (UTC): one row each, numbered 1, 2, … within the
 * person's month. The number is computed inside the change's own batch and is NULL past the
 * monthly allowance, so the NOT NULL constraint refuses that change with its batch (ADR 27); the
 * unique index keeps two rows from sharing a number.
 */
export const catalogueAloneChanges = sqliteTable(
  'catalogue_alone_changes',
  {
    id: text('id').primaryKey(),
    staffUserId: text('staff_user_id').notNull(),
    /** UTC epoch ms of the month's first instant. */
    monthStart: integer('month_start').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** What was changed: `promotion:PARIS`, `addon:addon_backup`. */
    subject: text('subject').notNull(),
    ...created,
  },
  (table) => [uniqueIndex('catalogue_alone_changes_month_idx').on(table.staffUserId, table.monthStart, table.ordinal)],
);
