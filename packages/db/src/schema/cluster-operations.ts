import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CLUSTER_OPERATION_STATUSES, CLUSTER_OPERATION_TYPES, type OperationStep } from '@kubemarket/shared';
import { clusterRef } from './clusters';
import { timestamps, created } from './columns';

/** Long work on a cluster, run step by step by its ClusterOperator (ADR 6); its types, statuses and
 * steps are what the realtime messages carry, so they are defined with them in @kubemarket/shared. */
export {
  CLUSTER_OPERATION_TYPES,
  CLUSTER_OPERATION_STATUSES,
  OPERATION_STEP_STATUSES,
  type ClusterOperationType,
  type ClusterOperationStatus,
  type OperationStepStatus,
  type OperationStep,
} from '@kubemarket/shared';

/** What the operation changes; each type reads its own fields. */
export interface OperationParams {
  poolId?: string;
  count?: number;
  autoscaling?: { min: number; max: number } | null;
  pool?: {
    id: string;
    name: string;
    flavorId: string;
    count: number;
    autoscaling: { min: number; max: number } | null;
    labels: Record<string, string>;
    taints: Array<{ key: string; value: string; effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }>;
  };
  fromVersion?: string;
  toVersion?: string;
  addonIds?: string[];
  /** install_addons: the add-ons' names, in the order of addonIds, for the steps' labels. */
  addonNames?: string[];
  /** Hibernation or wake started by the schedule rather than a person. */
  scheduled?: boolean;
  /** Hibernation started because this budget was reached (issue 34). */
  budgetId?: string;
  /** middleware_*: the instance, and how the steps name it ("PostgreSQL orders-db"). */
  middlewareInstanceId?: string;
  middlewareLabel?: string;
  /** middleware_create: how many replicas and their volume (GB), for the steps' labels. */
  replicas?: number;
  storageGb?: number;
  highAvailability?: boolean;
  /** middleware_resize: the plan it moves to, and its name. */
  planId?: string;
  planName?: string;
  /** middleware_restore: the backup restored, and when it was taken. */
  backupId?: string;
  backupTakenAt?: number;
}

export const clusterOperations = sqliteTable(
  'cluster_operations',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    organizationId: text('organization_id').notNull(),
    type: text('type', { enum: CLUSTER_OPERATION_TYPES }).notNull(),
    status: text('status', { enum: CLUSTER_OPERATION_STATUSES }).notNull(),
    params: text('params', { mode: 'json' }).$type<OperationParams>().notNull().default(sql`'{}'`),
    steps: text('steps', { mode: 'json' }).$type<OperationStep[]>().notNull(),
    /** Index of the step running (or failed) now. */
    currentStep: integer('current_step').notNull().default(0),
    /** When the operator runs the next step or tick (its alarm). */
    nextRunAt: integer('next_run_at'),
    /** Why it failed, in plain words. */
    error: text('error'),
    /** Who asked for it; null for the system (a paid order, a schedule). */
    requestedBy: text('requested_by'),
    orderId: text('order_id'),
    /** Bumped on every write: a step's outcome is stored only if nothing moved meanwhile. */
    revision: integer('revision').notNull().default(0),
    ...timestamps,
    finishedAt: integer('finished_at'),
  },
  (table) => [
    index('cluster_operations_cluster_idx').on(table.clusterId, table.createdAt),
    // One operation at a time per cluster: a second insert while one runs is refused here.
    uniqueIndex('cluster_operations_running_idx').on(table.clusterId).where(sql`status = 'running'`),
    index('cluster_operations_due_idx').on(table.status, table.nextRunAt),
  ],
);

export type ClusterOperation = typeof clusterOperations.$inferSelect;

export const CLUSTER_EVENT_TYPES = [
  'operation_started',
  'step_started',
  'step_succeeded',
  'step_retrying',
  'step_failed',
  'operation_succeeded',
  'operation_failed',
  'operation_retried',
  'kubeconfig_issued',
  'credentials_revoked',
  'settings_changed',
  'addon_removed',
] as const;
export type ClusterEventType = (typeof CLUSTER_EVENT_TYPES)[number];

/** The cluster's activity: every operation, step and credential, and who did it. */
export const clusterEvents = sqliteTable(
  'cluster_events',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    operationId: text('operation_id'),
    type: text('type', { enum: CLUSTER_EVENT_TYPES }).notNull(),
    message: text('message').notNull(),
    /** Who did it; null for the system. */
    actorUserId: text('actor_user_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    ...created,
  },
  (table) => [index('cluster_events_cluster_idx').on(table.clusterId, table.createdAt)],
);

export type ClusterEvent = typeof clusterEvents.$inferSelect;

/** Kubeconfigs handed out (never stored): who, when, until when, under which CA. */
export const kubeconfigIssuances = sqliteTable(
  'kubeconfig_issuances',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    userId: text('user_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    notAfter: integer('not_after').notNull(),
    /** SHA-256 of the CA certificate that signed it: rotating the CA revokes it. */
    caFingerprint: text('ca_fingerprint').notNull(),
    ...created,
    revokedAt: integer('revoked_at'),
  },
  (table) => [index('kubeconfig_issuances_cluster_idx').on(table.clusterId, table.createdAt)],
);

/** Add-ons installed on a cluster (ordered with it, or later). */
export const clusterAddons = sqliteTable(
  'cluster_addons',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    addonId: text('addon_id').notNull(),
    orderId: text('order_id'),
    installedAt: integer('installed_at').notNull(),
  },
  (table) => [uniqueIndex('cluster_addons_cluster_addon_idx').on(table.clusterId, table.addonId)],
);

/** Periods a cluster slept: the hours hibernated and the money saved this month. */
export const clusterHibernations = sqliteTable(
  'cluster_hibernations',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
  },
  (table) => [index('cluster_hibernations_cluster_idx').on(table.clusterId, table.startedAt)],
);
