import { z } from 'zod';

/**
 * What travels on /ws, the signed-in user's socket: one schema the server publishes with and every
 * client (console, CLI, scripts) parses with. A client honours a message only for its own userId and
 * ignores a type it does not know, so the server may add types without breaking older clients.
 */

/**
 * A cluster's lifecycle: provisioning → running; running ⇄ updating (node pools, settings),
 * upgrading, hibernating → hibernated → waking → running; deleting → deleted. failed: provisioning
 * gave up (Retry resumes).
 */
export const CLUSTER_STATUSES = ['provisioning', 'running', 'updating', 'upgrading', 'hibernating', 'hibernated', 'waking', 'deleting', 'deleted', 'failed'] as const;
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];

/** Long work on a cluster, run step by step by its ClusterOperator (ADR 6). */
export const CLUSTER_OPERATION_TYPES = [
  'provision',
  'scale_pool',
  'add_pool',
  'remove_pool',
  'upgrade',
  'hibernate',
  'wake',
  'delete',
  'install_addons',
  // A managed middleware running in the cluster (issue 31, ADR 31).
  'middleware_create',
  'middleware_resize',
  'middleware_restore',
  'middleware_delete',
] as const;
export type ClusterOperationType = (typeof CLUSTER_OPERATION_TYPES)[number];

export const CLUSTER_OPERATION_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ClusterOperationStatus = (typeof CLUSTER_OPERATION_STATUSES)[number];

export const OPERATION_STEP_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type OperationStepStatus = (typeof OPERATION_STEP_STATUSES)[number];

const epochMs = z.number().int().nonnegative();

export const operationStepSchema = z.object({
  /** Stable key, e.g. "control_plane" or "pool:npl_…". */
  key: z.string(),
  label: z.string(),
  status: z.enum(OPERATION_STEP_STATUSES),
  /** What the step is doing or did, e.g. "2 of 3 nodes joined". */
  detail: z.string().nullable(),
  /** Expected duration, ms (the estimate shown while it runs). */
  estimateMs: z.number().nonnegative(),
  startedAt: epochMs.nullable(),
  finishedAt: epochMs.nullable(),
  /** Attempts made (a failing step is retried with back-off before the operation fails). */
  attempts: z.number().int().nonnegative(),
  /** Why it failed, in plain words. */
  error: z.string().nullable(),
});
export type OperationStep = z.infer<typeof operationStepSchema>;

/** An operation as screens and scripts see it; also the body of a `cluster_progress` message. */
export const operationViewSchema = z.object({
  id: z.string(),
  clusterId: z.string(),
  type: z.enum(CLUSTER_OPERATION_TYPES),
  status: z.enum(CLUSTER_OPERATION_STATUSES),
  steps: z.array(operationStepSchema),
  currentStep: z.number().int().nonnegative(),
  error: z.string().nullable(),
  orderId: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** Bumped on every change: a client keeps the highest it has seen. */
  revision: z.number().int().nonnegative(),
  /** 0–100, weighted by the steps' estimates. */
  progressPercent: z.number().min(0).max(100),
  /** Expected time left, ms (0 once finished). */
  remainingMs: z.number().nonnegative(),
  createdAt: epochMs,
  updatedAt: epochMs,
  finishedAt: epochMs.nullable(),
});
export type OperationView = z.infer<typeof operationViewSchema>;

/** What the socket carries for each change of a cluster operation. */
export const clusterProgressSchema = z.object({
  clusterId: z.string(),
  clusterName: z.string(),
  clusterStatus: z.enum(CLUSTER_STATUSES),
  /** Nodes ready / wanted, for lists and the topology. */
  readyNodes: z.number().int().nonnegative(),
  operation: operationViewSchema,
});
export type ClusterProgress = z.infer<typeof clusterProgressSchema>;

export const notificationMessageSchema = z.object({
  type: z.literal('notification'),
  userId: z.string(),
  /** The notification that caused it, so a client can measure or dedupe. */
  notificationId: z.string().optional(),
});

export const clusterProgressMessageSchema = clusterProgressSchema.extend({ type: z.literal('cluster_progress'), userId: z.string() });
export type ClusterProgressMessage = z.infer<typeof clusterProgressMessageSchema>;

/**
 * A message on /ws: `{ type: 'notification', userId }` (read the notifications again) or the live
 * progress of a cluster operation (issue 12).
 */
export const realtimeMessageSchema = z.discriminatedUnion('type', [notificationMessageSchema, clusterProgressMessageSchema]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/**
 * A socket frame as a message for `userId`, or null: not JSON, not a message this client knows,
 * malformed, or for another user (a socket carries only its user's messages, but a client checks).
 */
export function parseRealtimeMessage(raw: unknown, userId: string): RealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = realtimeMessageSchema.safeParse(json);
  return parsed.success && parsed.data.userId === userId ? parsed.data : null;
}
