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
  /**
   * Availability zones of the region, e.g. ["fr-par-1a", "fr-par-1b", "fr-par-1c"]: a control plane
   * or node pool spread "across zones" needs as many. Added by migration 0005, hence the default.
   */
  zones: text('zones', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /**
   * Jurisdiction (issue 34): who operates the data centre, the law it is under, and whether only
   * people in the EU can reach customer data there (support and operations staff included).
   */
  operator: text('operator').notNull().default(''),
  jurisdiction: text('jurisdiction').notNull().default(''),
  euOnlyAccess: integer('eu_only_access', { mode: 'boolean' }).notNull().default(false),
  /**
   * Carbon (issue 34): the data centre's power usage effectiveness in thousandths (1350 = PUE 1.35),
   * and the grid's carbon intensity in g CO₂e per kWh with its public source and year.
   */
  pueMilli: integer('pue_milli').notNull().default(1400),
  gridGramsPerKwh: integer('grid_grams_per_kwh').notNull().default(0),
  gridSource: text('grid_source').notNull().default(''),
  gridYear: integer('grid_year').notNull().default(2024),
});

export type DataCenter = typeof dataCenters.$inferSelect;
export type NewDataCenter = typeof dataCenters.$inferInsert;
