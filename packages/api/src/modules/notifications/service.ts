import { notifications, type Notification } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq } from 'drizzle-orm';
import type { SignedInContext } from '../../trpc';

type SignedIn = SignedInContext;

/** The newest first; the dropdown shows 5, then 10 more per press, up to this many. */
export const NOTIFICATION_LIST_LIMIT = 200;
const NOT_FOUND = 'Notification not found.';

export function toPublicNotification(row: Notification) {
  return { id: row.id, type: row.type, message: row.message, timestamp: row.timestamp, read: row.read, trash: row.trash };
}

/** A page of the user's notifications, newest first: the first NOTIFICATION_LIST_LIMIT when no page is asked for. */
export async function listNotifications(ctx: SignedIn, page: { page: number; pageSize: number } = { page: 1, pageSize: NOTIFICATION_LIST_LIMIT }) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.trash, false)))
    .orderBy(desc(notifications.timestamp), desc(notifications.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return rows.map(toPublicNotification);
}

export async function countUnread(ctx: SignedIn) {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.trash, false), eq(notifications.read, false)));
  return { count: row?.count ?? 0 };
}

// Scoped by user in the WHERE clause: another user's id matches nothing and gets 404.
async function updateOwn(ctx: SignedIn, id: string, change: Partial<Pick<Notification, 'read' | 'trash'>>) {
  const [row] = await ctx.db
    .update(notifications)
    .set(change)
    .where(and(eq(notifications.id, id), eq(notifications.userId, ctx.user.id)))
    .returning();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return toPublicNotification(row);
}

export const markRead = (ctx: SignedIn, id: string) => updateOwn(ctx, id, { read: true });
export const trash = (ctx: SignedIn, id: string) => updateOwn(ctx, id, { trash: true });

export async function markAllRead(ctx: SignedIn) {
  const rows = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.read, false), eq(notifications.trash, false)))
    .returning({ id: notifications.id });
  return { success: true as const, updated: rows.length };
}
