import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

export const DATA_CENTER_STATUSES = ['operational', 'maintenance', 'planned'] as const;
export type DataCenterStatus = (typeof DATA_CENTER_STATUSES)[number];

/** The regions clusters run in; the id is the region code customers see (e.g. "fr-par-1"). */
export const dataCenters = sqliteTable('data_centers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  /** ISO 3166-1 alpha-2, e.g. "FR". */
  countryCode: text('country_code').notNull(),
  /** Certification names, e.g. ["ISO 27001", "HDS", "SecNumCloud"]. */
  certifications: text('certifications', { mode: 'json' }).$type<string[]>().notNull(),
  status: text('status', { enum: DATA_CENTER_STATUSES }).notNull().default('operational'),
  openedYear: integer('opened_year').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export type DataCenter = typeof dataCenters.$inferSelect;
export type NewDataCenter = typeof dataCenters.$inferInsert;
