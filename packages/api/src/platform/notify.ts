import { newId, notifications, users, type Database, type NotificationType } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import type { Ports } from '../context';

export interface NotifyDeps {
  db: Database;
  ports: Pick<Ports, 'clock' | 'realtime'>;
}

export interface NotificationInput {
  type: NotificationType;
  message: string;
}

/** A failed publish must not undo the notification: the 10 s poll still delivers it. */
async function publishAll(deps: NotifyDeps, rows: Array<{ id: string; userId: string }>) {
  await Promise.all(
    rows.map((row) =>
      deps.ports.realtime
        .publish(row.userId, { type: 'notification', userId: row.userId, notificationId: row.id })
        .catch((error: unknown) => console.error('Publishing a notification failed', row.userId, error)),
    ),
  );
}

/**
 * The one way every domain notifies a user: write the notification, then tell that user's hub
 * so open tabs refresh at once.
 */
export async function notify(deps: NotifyDeps, userId: string, input: NotificationInput) {
  const [row] = await deps.db
    .insert(notifications)
    .values({ id: newId('notification'), userId, type: input.type, message: input.message, timestamp: deps.ports.clock.now() })
    .returning();
  await publishAll(deps, [row!]);
  return row!;
}

/** Organisation-wide notice: one notification per member, each member's hub told. */
export async function notifyOrganization(deps: NotifyDeps, organizationId: string, input: NotificationInput) {
  const members = await deps.db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
  if (members.length === 0) return [];
  const now = deps.ports.clock.now();
  const rows = await deps.db
    .insert(notifications)
    .values(members.map((member) => ({ id: newId('notification'), userId: member.id, type: input.type, message: input.message, timestamp: now })))
    .returning();
  await publishAll(deps, rows);
  return rows;
}
