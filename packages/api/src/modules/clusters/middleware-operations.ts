import { middlewareBackups, middlewareInstances, newId, orderEvents, orders, type ClusterOperation, type Database } from '@kubemarket/db';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, eq, inArray, ne, notExists } from 'drizzle-orm';

/**
 * What the end of a middleware operation (issue 31, ADR 31) writes to the instance, in the batch
 * that records the operation's outcome: a managed middleware runs in a cluster of the
 * organisation, so its creation, resize, restore and deletion are operations of that cluster's
 * operator, with the same steps, retries and live progress as any other.
 */

type Statement = BatchItem<'sqlite'>;

const DAY_MS = 24 * 60 * 60_000;
/** How long a backup is kept. */
export const BACKUP_RETENTION_MS = 7 * DAY_MS;

const MIDDLEWARE_TYPES = new Set<ClusterOperation['type']>(['middleware_create', 'middleware_resize', 'middleware_restore', 'middleware_delete']);

function instanceOf(operation: ClusterOperation): string | null {
  return MIDDLEWARE_TYPES.has(operation.type) ? (operation.params.middlewareInstanceId ?? null) : null;
}

/** A backup's plausible size: a tenth of the volume, at least 20 MB. */
export function backupSizeMb(storageGb: number): number {
  return Math.max(20, Math.round(storageGb * 102.4));
}

export function middlewareSuccessStatements(db: Database, operation: ClusterOperation, now: number): Statement[] {
  const id = instanceOf(operation);
  if (!id) return [];
  const where = eq(middlewareInstances.id, id);
  switch (operation.type) {
    case 'middleware_create': {
      const statements: Statement[] = [
        db.update(middlewareInstances).set({ status: 'running', statusReason: null, readyAt: now, updatedAt: now }).where(where),
        // The first backup is taken once it runs; then one a day (takeScheduledBackups).
        db
          .insert(middlewareBackups)
          .values({ id: newId('middlewareBackup'), instanceId: id, kind: 'scheduled', sizeMb: backupSizeMb(operation.params.storageGb ?? 10), createdAt: now, expiresAt: now + BACKUP_RETENTION_MS }),
      ];
      if (operation.orderId) {
        // The order is complete once none of its instances is still being created.
        const stillCreating = db
          .select({ id: middlewareInstances.id })
          .from(middlewareInstances)
          .where(and(eq(middlewareInstances.orderId, operation.orderId), ne(middlewareInstances.id, id), inArray(middlewareInstances.status, ['pending', 'provisioning', 'failed'])));
        statements.push(
          db
            .update(orders)
            .set({ status: 'completed', failureReason: null, updatedAt: now })
            .where(and(eq(orders.id, operation.orderId), inArray(orders.status, ['provisioning', 'failed']), notExists(stillCreating))),
          db.insert(orderEvents).values({
            id: newId('orderEvent'),
            orderId: operation.orderId,
            type: 'completed',
            message: `${operation.params.middlewareLabel ?? 'The middleware'} is running.`,
            data: { clusterId: operation.clusterId, middlewareInstanceId: id },
            createdAt: now,
          }),
        );
      }
      return statements;
    }
    case 'middleware_resize':
      return [
        db
          .update(middlewareInstances)
          .set({ status: 'running', statusReason: null, ...(operation.params.planId ? { planId: operation.params.planId } : {}), updatedAt: now })
          .where(where),
      ];
    case 'middleware_restore':
      return [db.update(middlewareInstances).set({ status: 'running', statusReason: null, updatedAt: now }).where(where)];
    case 'middleware_delete':
      return [db.update(middlewareInstances).set({ status: 'deleted', statusReason: null, deletedAt: now, password: null, updatedAt: now }).where(where)];
    default:
      return [];
  }
}

export function middlewareFailureStatements(db: Database, operation: ClusterOperation, reason: string, now: number): Statement[] {
  const id = instanceOf(operation);
  if (!id) return [];
  const where = eq(middlewareInstances.id, id);
  if (operation.type === 'middleware_create') {
    const statements: Statement[] = [db.update(middlewareInstances).set({ status: 'failed', statusReason: reason, updatedAt: now }).where(where)];
    if (operation.orderId) {
      statements.push(
        db.update(orders).set({ status: 'failed', failureReason: reason, updatedAt: now }).where(and(eq(orders.id, operation.orderId), eq(orders.status, 'provisioning'))),
        db.insert(orderEvents).values({
          id: newId('orderEvent'),
          orderId: operation.orderId,
          type: 'failed',
          message: `Creating ${operation.params.middlewareLabel ?? 'the middleware'} failed.`,
          reason,
          data: { clusterId: operation.clusterId, middlewareInstanceId: id },
          createdAt: now,
        }),
      );
    }
    return statements;
  }
  // A failed resize, restore or deletion leaves the instance running as it was, saying why.
  return [db.update(middlewareInstances).set({ status: 'running', statusReason: reason, updatedAt: now }).where(where)];
}

/** Retrying a failed middleware operation puts the instance (and a failed creation's order) back in progress. */
export function middlewareRetryStatements(db: Database, operation: ClusterOperation, now: number): Statement[] {
  const id = instanceOf(operation);
  if (!id) return [];
  const during = { middleware_create: 'provisioning', middleware_resize: 'updating', middleware_restore: 'restoring', middleware_delete: 'deleting' } as const;
  const status = during[operation.type as keyof typeof during];
  const statements: Statement[] = [db.update(middlewareInstances).set({ status, statusReason: null, updatedAt: now }).where(eq(middlewareInstances.id, id))];
  if (operation.type === 'middleware_create' && operation.orderId) {
    statements.push(db.update(orders).set({ status: 'provisioning', failureReason: null, updatedAt: now }).where(and(eq(orders.id, operation.orderId), eq(orders.status, 'failed'))));
  }
  return statements;
}
