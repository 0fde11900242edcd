import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { SealedSecret } from '../secret-box';
import { clusters } from './clusters';
import { middlewarePlans, middlewares } from './middlewares';
import { timestamps, requiredRef, created } from './columns';

/**
 * A managed middleware a customer bought (issue 31): one per middleware line of a settled order,
 * running in a cluster of the organisation (an operator such as CloudNativePG, ADR 31), created,
 * resized, restored and deleted by operations of that cluster's operator.
 */
export const MIDDLEWARE_INSTANCE_STATUSES = [
  /** Paid; its cluster was busy, so the creation starts once the cluster is free. */
  'pending',
  'provisioning',
  'running',
  /** A resize rolls its replicas. */
  'updating',
  'restoring',
  /** The creation failed; it can be retried. */
  'failed',
  'deleting',
  'deleted',
] as const;
export type MiddlewareInstanceStatus = (typeof MIDDLEWARE_INSTANCE_STATUSES)[number];

export const middlewareInstances = sqliteTable(
  'middleware_instances',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    /** The order that bought it, and its line in that order: one instance per line. */
    orderId: text('order_id').notNull(),
    lineIndex: integer('line_index').notNull(),
    middlewareId: requiredRef('middleware_id', () => middlewares.id, 'restrict'),
    /** The plan it runs now (a resize changes it; the order keeps the plan bought). */
    planId: requiredRef('plan_id', () => middlewarePlans.id, 'restrict'),
    /** The cluster it runs in; its region is the instance's. */
    clusterId: requiredRef('cluster_id', () => clusters.id, 'restrict'),
    regionId: text('region_id').notNull(),
    /** A DNS label chosen by the customer, unique among the organisation's live instances. */
    name: text('name').notNull(),
    /** Major version, e.g. "17"; empty for versionless services. */
    version: text('version').notNull(),
    status: text('status', { enum: MIDDLEWARE_INSTANCE_STATUSES }).notNull(),
    /** Why the last operation failed, in plain words; null once one succeeds. */
    statusReason: text('status_reason'),
    /** In-cluster service address (ADR 31): reachable from the cluster's workloads. */
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** The database (or bucket) created for the customer; null where the engine has none. */
    databaseName: text('database_name'),
    username: text('username').notNull(),
    /** The password, sealed (secret box, bound to the instance id); null until the creation starts. */
    password: text('password', { mode: 'json' }).$type<SealedSecret>(),
    passwordRotatedAt: integer('password_rotated_at'),
    ...timestamps,
    readyAt: integer('ready_at'),
    deletedAt: integer('deleted_at'),
  },
  (table) => [
    uniqueIndex('middleware_instances_order_line_idx').on(table.orderId, table.lineIndex),
    // Two live instances of an organisation never share a name (a deleted one frees it).
    uniqueIndex('middleware_instances_org_name_idx').on(table.organizationId, table.name).where(sql`status != 'deleted'`),
    index('middleware_instances_org_idx').on(table.organizationId, table.createdAt),
    index('middleware_instances_cluster_idx').on(table.clusterId),
  ],
);

export type MiddlewareInstance = typeof middlewareInstances.$inferSelect;
export type NewMiddlewareInstance = typeof middlewareInstances.$inferInsert;

export const MIDDLEWARE_BACKUP_KINDS = ['scheduled', 'manual'] as const;
export type MiddlewareBackupKind = (typeof MIDDLEWARE_BACKUP_KINDS)[number];

/** Backups of an instance, kept 7 days (scheduled daily, or taken on demand). */
export const middlewareBackups = sqliteTable(
  'middleware_backups',
  {
    id: text('id').primaryKey(),
    instanceId: requiredRef('instance_id', () => middlewareInstances.id, 'cascade'),
    kind: text('kind', { enum: MIDDLEWARE_BACKUP_KINDS }).notNull(),
    /** Size of the backup, MB. */
    sizeMb: integer('size_mb').notNull(),
    /** Who took it (manual); null for the schedule. */
    requestedBy: text('requested_by'),
    ...created,
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('middleware_backups_instance_idx').on(table.instanceId, table.createdAt)],
);

export type MiddlewareBackup = typeof middlewareBackups.$inferSelect;
