import { sqliteTable, text, real, integer } from 'drizzle-orm/sqlite-core';

/** One row per display currency of docs/product/constants.md#currencies-and-prices, expressed against EUR (EUR itself is 1). */
export const exchangeRates = sqliteTable('exchange_rates', {
  /** ISO 4217 code: EUR, USD, GBP, CNY. */
  currency: text('currency').primaryKey(),
  /** Units of this currency for 1 EUR. */
  rate: real('rate').notNull(),
  /** Epoch ms of the last successful refresh (or of the seed). */
  fetchedAt: integer('fetched_at').notNull(),
  /** Where the rate came from: 'ecb' or 'seed'. */
  source: text('source').notNull(),
  /** Day the source published the rate, YYYY-MM-DD. */
  rateDate: text('rate_date').notNull(),
});

export type ExchangeRate = typeof exchangeRates.$inferSelect;
export type NewExchangeRate = typeof exchangeRates.$inferInsert;
