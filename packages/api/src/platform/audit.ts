import { auditLog, newId, users, type Database } from '@kubemarket/db';
import { eq, sql } from 'drizzle-orm';

export interface AuditEvent {
  /**
   * A chosen id, for an entry written at most once (with `onConflictDoNothing`): one per token
   * and hour, say. Left out, a new random id.
   */
  id?: string;
  actorUserId: string | null;
  action: string;
  /**
   * Whose activity log shows the entry. Left out, it is the target organisation, else the actor's
   * organisation (read in the same statement); staff acting on a customer's data name it.
   */
  organizationId?: string | null;
  targetType?: string;
  targetId?: string;
  ipAddress?: string | null;
  metadata?: Record<string, unknown>;
}

function organizationOf(event: AuditEvent) {
  if (event.organizationId !== undefined) return event.organizationId;
  if (event.targetType === 'organization' && event.targetId) return event.targetId;
  if (!event.actorUserId) return null;
  return sql`(select ${users.organizationId} from ${users} where ${eq(users.id, event.actorUserId)})`;
}

export function auditInsert(db: Database, event: AuditEvent, now: number) {
  return db.insert(auditLog).values({
    id: event.id ?? newId('audit'),
    actorUserId: event.actorUserId,
    organizationId: organizationOf(event),
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    ipAddress: event.ipAddress ?? null,
    metadata: event.metadata ?? null,
    createdAt: now,
  });
}

export async function audit(db: Database, event: AuditEvent, now: number): Promise<void> {
  await auditInsert(db, event, now);
}
