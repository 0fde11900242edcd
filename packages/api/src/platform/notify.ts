import { newId, notifications, users, type Database, type Notification, type NotificationType } from '@kubemarket/db';
import type { Ports } from '../context';
import { insertRowsAsJson } from './json-rows';
import { logError } from './log';
import { peopleOf } from './people';

export interface NotifyDeps {
  db: Database;
  ports: Pick<Ports, 'clock' | 'realtime'>;
}

export interface NotificationInput {
  type: NotificationType;
  message: string;
}

/**
 * Notifications per INSERT statement, sent as one JSON parameter (insertRowsAsJson): 500 rows of
 * messages up to 2,000 characters stay under D1's 2 MB limit on a bound value.
 */
export const NOTIFICATIONS_PER_INSERT = 500;

/**
 * Hub calls in flight at once during a fan-out. Issued together, a thousand calls took about 0.3 s
 * where fifty lanes took 0.4 to 0.6 s (`pnpm bench:notifications`); the bound keeps a much larger
 * organisation from opening all its calls at once.
 */
export const PUBLISH_CONCURRENCY = 1000;

/**
 * Tells each row's user hub, at most PUBLISH_CONCURRENCY at a time. A failed publish must not undo
 * the notification nor stop the others: the 10 s poll still delivers it.
 */
async function publishAll(deps: NotifyDeps, rows: ReadonlyArray<Pick<Notification, 'id' | 'userId'>>) {
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        await deps.ports.realtime.publish(row.userId, { type: 'notification', userId: row.userId, notificationId: row.id });
      } catch (error) {
        logError(`Publishing notification ${row.id} to ${row.userId} failed`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUBLISH_CONCURRENCY, rows.length) }, lane));
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

/**
 * The same notification for each of `userIds` (duplicates ignored): written in one atomic batch,
 * so a failure leaves none of them, then every user's hub told concurrently. Returns the rows in
 * the order of `userIds`.
 */
export async function notifyMany(deps: NotifyDeps, userIds: readonly string[], input: NotificationInput): Promise<Notification[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const timestamp = deps.ports.clock.now();
  const values = recipients.map((userId) => ({ id: newId('notification'), userId, type: input.type, message: input.message, timestamp, read: false, trash: false }));
  const inserts = [];
  for (let start = 0; start < values.length; start += NOTIFICATIONS_PER_INSERT) {
    inserts.push(insertRowsAsJson(deps.db, notifications, values.slice(start, start + NOTIFICATIONS_PER_INSERT)));
  }
  await deps.db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  // The rows as written, without reading them back: the insert set every column.
  const rows: Notification[] = values;
  await publishAll(deps, rows);
  return rows;
}

/** Organisation-wide notice: one notification per member, each member's hub told. */
export async function notifyOrganization(deps: NotifyDeps, organizationId: string, input: NotificationInput) {
  const members = await deps.db.select({ id: users.id }).from(users).where(peopleOf(organizationId));
  return notifyMany(
    deps,
    members.map((member) => member.id),
    input,
  );
}
