import { newIdSql, notifications, preparedOnce, users, type Database, type Notification, type NotificationType } from '@kubemarket/db';
import { eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Ports } from '../context';
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

/** What RETURNING gives of a notification written: its id, its user and the organisation whose hub holds their sockets. */
type Written = Pick<Notification, 'id' | 'userId'> & { organizationId: string };

/**
 * Recipients' ids per statement of `notifyMany`, sent as one JSON parameter: 20,000 ids of ~25
 * characters stay well under D1's 2 MB limit on a bound value. Larger lists take more statements,
 * in one batch (all or none).
 */
export const RECIPIENTS_PER_STATEMENT = 20_000;

/**
 * The statement writing one notification for each user `recipients` selects (INSERT … SELECT FROM
 * users): the membership is read where the rows are written, so a member removed meanwhile is
 * either in the set or not, and the message is bound once however many members. The ids come from
 * the database (newIdSql); the caller's RETURNING reads back only what publishing needs, never
 * the other columns, which are the caller's values (10,000 rows of a large organisation's notice
 * are that much less to convert and map).
 */
function write(deps: NotifyDeps, recipients: SQL, input: { type: NotificationType | Placeholder; message: string | Placeholder }, timestamp: number | Placeholder) {
  // The columns in the table's declared order, which INSERT … SELECT fills positionally (as insertRowsAsJson).
  return deps.db
    .insert(notifications)
    .select(sql`SELECT ${newIdSql('notification')}, ${users.id}, ${input.type}, ${input.message}, ${timestamp}, 0, 0 FROM ${users} WHERE ${recipients}`);
}

/** Each row's id and user, with the user's organisation (whose hub holds their sockets): a look-up per row. */
const WRITTEN = {
  id: notifications.id,
  userId: notifications.userId,
  organizationId: sql<string>`(select u.organization_id from users u where u.id = notifications.user_id)`,
};

/**
 * Tells the hubs of the organisations these rows' users belong to: one call per organisation,
 * carrying every member's own notification id (ADR 43). The rows are stored first, so a member
 * with no socket, or a hub that fails, still sees the notification at the next poll or load: a
 * failed call is logged and does not undo the rows nor stop the other organisations' calls.
 */
async function publish(deps: NotifyDeps, rows: readonly Written[]) {
  const byOrganization = new Map<string, Written[]>();
  for (const row of rows) {
    const members = byOrganization.get(row.organizationId);
    if (members) members.push(row);
    else byOrganization.set(row.organizationId, [row]);
  }
  await Promise.all(
    [...byOrganization].map(([organizationId, members]) =>
      deps.ports.realtime
        .publish(
          organizationId,
          members.map((row) => ({ type: 'notification', userId: row.userId, notificationId: row.id })),
        )
        .catch((error: unknown) => logError(`Publishing ${members.length} notifications to ${organizationId} failed`, error)),
    ),
  );
}

/**
 * Writes (one statement per `recipients` entry, several in one batch: all or none), then
 * publishes; returns the rows as stored. `organizationId`, when the caller knows it (an
 * organisation's notice), is the one organisation every recipient belongs to: the rows are then
 * read back without the look-up of each user's organisation.
 */
async function notifyWhere(deps: NotifyDeps, recipients: readonly [SQL, ...SQL[]], input: NotificationInput, organizationId?: string): Promise<Notification[]> {
  const timestamp = deps.ports.clock.now();
  let written: Written[];
  if (organizationId !== undefined && recipients.length === 1) {
    const rows = await write(deps, recipients[0], input, timestamp).returning({ id: notifications.id, userId: notifications.userId });
    written = rows.map((row) => ({ ...row, organizationId }));
  } else {
    const [first, ...more] = recipients.map((where) => write(deps, where, input, timestamp).returning(WRITTEN));
    written = more.length === 0 ? await first! : (await deps.db.batch([first!, ...more])).flat();
  }
  return published(deps, written, input, timestamp);
}

/** Publishes the rows written (stored first, pushed second) and returns them as stored. */
async function published(deps: NotifyDeps, written: readonly Written[], input: NotificationInput, timestamp: number): Promise<Notification[]> {
  await publish(deps, written);
  return written.map((row) => ({ id: row.id, userId: row.userId, type: input.type, message: input.message, timestamp, read: false, trash: false }));
}

/**
 * The one way every domain notifies a user: write the notification, then tell the hub holding
 * that user's sockets so open tabs refresh at once.
 */
export async function notify(deps: NotifyDeps, userId: string, input: NotificationInput): Promise<Notification> {
  const timestamp = deps.ports.clock.now();
  // The most frequent notice: its statement is built once per database handle, its values bound
  // at each call (building the INSERT … SELECT was a tenth of a publishing call's time, ADR 50).
  const statement = preparedOnce(deps.db, 'notify.user', () =>
    write(deps, eq(users.id, sql.placeholder('userId')), { type: sql.placeholder('type'), message: sql.placeholder('message') }, sql.placeholder('timestamp'))
      .returning(WRITTEN)
      .prepare(),
  );
  const written = await statement.all({ userId, type: input.type, message: input.message, timestamp });
  const [row] = await published(deps, written, input, timestamp);
  if (!row) throw new Error(`No user ${userId} to notify`);
  return row;
}

/**
 * The same notification for each of `userIds` (duplicates ignored), written all or none, then
 * each organisation's hub told once. Returns the rows in the order of `userIds`. The ids travel as
 * JSON parameters (D1 binds at most 100 parameters per statement), RECIPIENTS_PER_STATEMENT each.
 */
export async function notifyMany(deps: NotifyDeps, userIds: readonly string[], input: NotificationInput): Promise<Notification[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const slices: SQL[] = [];
  for (let start = 0; start < recipients.length; start += RECIPIENTS_PER_STATEMENT) {
    slices.push(inArray(users.id, sql`(select value from json_each(${JSON.stringify(recipients.slice(start, start + RECIPIENTS_PER_STATEMENT))}))`));
  }
  const rows = await notifyWhere(deps, slices as [SQL, ...SQL[]], input);
  const order = new Map(recipients.map((recipient, index) => [recipient, index]));
  return rows.sort((a, b) => order.get(a.userId)! - order.get(b.userId)!);
}

/**
 * Organisation-wide notice: one notification per member (its people, service accounts left out),
 * written in one INSERT … SELECT over the membership, then ONE call to the organisation's hub,
 * which sends each member's socket that member's own notification id.
 */
export async function notifyOrganization(deps: NotifyDeps, organizationId: string, input: NotificationInput): Promise<Notification[]> {
  return notifyWhere(deps, [peopleOf(organizationId)], input, organizationId);
}
