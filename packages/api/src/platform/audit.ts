import { auditLog, newId, type Database } from '@kubemarket/db';

export interface AuditEvent {
  actorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ipAddress?: string | null;
  metadata?: Record<string, unknown>;
}

export function auditInsert(db: Database, event: AuditEvent, now: number) {
  return db.insert(auditLog).values({
    id: newId('audit'),
    actorUserId: event.actorUserId,
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
