import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, check, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OrderKind } from './orders';

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
    /** The promotion the site's promotional banner announces. */
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    archivedAt: integer('archived_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
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
 * called (the unique indexes arbitrate between parallel payments), kept when the payment
 * succeeds, given back when it is declined or fails. An organisation holds at most one
 * first-purchase promotion (issue 29: PARIS on five orders paid at once discounts one).
 */
export const promotionRedemptions = sqliteTable(
  'promotion_redemptions',
  {
    orderId: text('order_id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    promotionCode: text('promotion_code').notNull(),
    firstPurchase: integer('first_purchase', { mode: 'boolean' }).notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('promotion_redemptions_first_purchase_idx').on(table.organizationId).where(sql`first_purchase = 1`)],
);

export type PromotionRedemption = typeof promotionRedemptions.$inferSelect;
