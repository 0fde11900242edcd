import { notifications, type Notification } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { protectedProcedure, router } from '../trpc';

/** The newest first; the dropdown shows 5, then 10 more per press, up to this many. */
export const NOTIFICATION_LIST_LIMIT = 200;

function toPublic(row: Notification) {
  return { id: row.id, type: row.type, message: row.message, timestamp: row.timestamp, read: row.read, trash: row.trash };
}

const idInput = z.object({ id: z.string().trim().min(1, 'Notification id is required.').max(64) });
const NOT_FOUND = 'Notification not found.';

export const notificationsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.trash, false)))
      .orderBy(desc(notifications.timestamp), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
    return rows.map(toPublic);
  }),

  count: protectedProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.trash, false), eq(notifications.read, false)));
    return { count: row?.count ?? 0 };
  }),

  // Scoped by user in the WHERE clause: another user's id matches nothing and gets 404.
  markRead: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, input.id), eq(notifications.userId, ctx.user.id)))
      .returning();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    return toPublic(row);
  }),

  markAllRead: protectedProcedure.mutation(async ({ ctx }) => {
    const rows = await ctx.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.read, false), eq(notifications.trash, false)))
      .returning({ id: notifications.id });
    return { success: true as const, updated: rows.length };
  }),

  trash: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .update(notifications)
      .set({ trash: true })
      .where(and(eq(notifications.id, input.id), eq(notifications.userId, ctx.user.id)))
      .returning();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    return toPublic(row);
  }),
});
