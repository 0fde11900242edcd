import { sqliteTable, text, integer, primaryKey } from 'drizzle-orm/sqlite-core';
import { created } from './columns';

/** What a catalog_prices row prices; item_id is the id in that kind's table (a tier id for 'cluster_tier_ha'). */
export const PRICED_ITEM_KINDS = [
  'cluster_tier',
  'cluster_tier_ha',
  'node_flavor',
  'addon',
  'middleware_plan',
  'support_plan',
] as const;
export type PricedItemKind = (typeof PRICED_ITEM_KINDS)[number];

/**
 * Price history of catalogue items. A price change is a new row effective from a date, so the
 * price in effect at any time is the row with the latest effective_from at or before it
 * (priceInEffect). The items' own price columns are the current list price, for display; orders
 * store their own amounts, so no change here alters an existing order.
 */
export const catalogPrices = sqliteTable(
  'catalog_prices',
  {
    itemKind: text('item_kind', { enum: PRICED_ITEM_KINDS }).notNull(),
    itemId: text('item_id').notNull(),
    /** UTC epoch ms; the seeded list prices are effective from 0. */
    effectiveFrom: integer('effective_from').notNull(),
    /** EUR cents; for a 'share' support plan, its monthly minimum. */
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    yearlyPriceCents: integer('yearly_price_cents'),
    /** Node flavours only, thousandths of a cent (see node_flavors). */
    hourlyPriceMillicents: integer('hourly_price_millicents'),
    /** 'share' support plans only, basis points. */
    percentOfSpendBasisPoints: integer('percent_of_spend_basis_points'),
    ...created,
    /** Staff user id who scheduled it (kept as text like the audit log: people leave, prices stay); null for the seed. */
    createdBy: text('created_by'),
  },
  (table) => [primaryKey({ columns: [table.itemKind, table.itemId, table.effectiveFrom] })],
);

export type CatalogPrice = typeof catalogPrices.$inferSelect;
export type NewCatalogPrice = typeof catalogPrices.$inferInsert;
