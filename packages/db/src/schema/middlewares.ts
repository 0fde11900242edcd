import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { catalogItemColumns, requiredRef } from './columns';

export const MIDDLEWARE_CATEGORIES = ['database', 'cache', 'streaming', 'messaging', 'search', 'storage'] as const;
export type MiddlewareCategory = (typeof MIDDLEWARE_CATEGORIES)[number];

/** Managed data services, labelled Middlewares in the console. */
export const middlewares = sqliteTable('middlewares', {
  /** e.g. "mw_postgresql". */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The software, e.g. "postgresql", "valkey", "s3". */
  engine: text('engine').notNull(),
  category: text('category', { enum: MIDDLEWARE_CATEGORIES }).notNull(),
  description: text('description').notNull(),
  /** Major versions offered, newest first; the first is preselected. Empty for versionless services. */
  versions: text('versions', { mode: 'json' }).$type<string[]>().notNull(),
  /** Region ids (data_centers.id) where the service can be ordered. */
  regionIds: text('region_ids', { mode: 'json' }).$type<string[]>().notNull(),
  ...catalogItemColumns,
});

/** Sizes of a middleware, each with its price. */
export const middlewarePlans = sqliteTable(
  'middleware_plans',
  {
    id: text('id').primaryKey(),
    /** Restrict: a middleware with plans is archived, never deleted. */
    middlewareId: requiredRef('middleware_id', () => middlewares.id, 'restrict'),
    name: text('name').notNull(),
    /**
     * Machines of the service (replicas or brokers) and the size of each; null for services not
     * sized in machines (object storage).
     */
    nodes: integer('nodes'),
    vcpu: integer('vcpu'),
    memoryGb: integer('memory_gb'),
    /** Storage per machine, or the storage quota of object storage. */
    storageGb: integer('storage_gb').notNull(),
    /** Replicated across zones with automatic failover. */
    highAvailability: integer('high_availability', { mode: 'boolean' }).notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** Null: no yearly price, the yearly cycle costs 12 months. */
    yearlyPriceCents: integer('yearly_price_cents'),
    ...catalogItemColumns,
  },
  (table) => [index('middleware_plans_middleware_idx').on(table.middlewareId, table.sortOrder)],
);

export type Middleware = typeof middlewares.$inferSelect;
export type NewMiddleware = typeof middlewares.$inferInsert;
export type MiddlewarePlan = typeof middlewarePlans.$inferSelect;
export type NewMiddlewarePlan = typeof middlewarePlans.$inferInsert;
