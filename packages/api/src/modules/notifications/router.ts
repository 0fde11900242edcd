import { NOTIFICATION_TYPES } from '@kubemarket/db';
import { z } from 'zod';
import { idParam, pageInputFields } from '../../platform/contracts';
import { protectedProcedure, router } from '../../trpc';
import * as notifications from './service';

const TAGS: ['Notifications'] = ['Notifications'];

const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  timestamp: z.number().int().describe('UTC epoch milliseconds.'),
  read: z.boolean(),
  trash: z.boolean(),
});
const idInput = z.object({ id: idParam('Notification') });

export const notificationsRouter = router({
  list: protectedProcedure
    .meta({ scope: 'notifications:read', rest: { method: 'GET', path: '/api/notifications', summary: 'Your notifications, newest first (trashed ones left out)', tags: TAGS } })
    // The product's client reads a bare array here (docs/product/calls.md); later pages are linked over REST (Link: rel="next").
    .input(z.object(pageInputFields(notifications.NOTIFICATION_LIST_LIMIT, notifications.NOTIFICATION_LIST_LIMIT)).optional())
    .output(z.array(notificationSchema))
    .query(({ ctx, input }) => notifications.listNotifications(ctx, input)),

  count: protectedProcedure
    .meta({ scope: 'notifications:read', rest: { method: 'GET', path: '/api/notifications/count', summary: 'How many notifications are unread', tags: TAGS } })
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx }) => notifications.countUnread(ctx)),

  markRead: protectedProcedure
    .meta({ scope: 'notifications:write', rest: { method: 'PUT', path: '/api/notifications/{id}/read', summary: 'Mark a notification as read', tags: TAGS }, keepsIsolateCaches: true })
    .input(idInput)
    .output(notificationSchema)
    .mutation(({ ctx, input }) => notifications.markRead(ctx, input.id)),

  markAllRead: protectedProcedure
    .meta({ scope: 'notifications:write', rest: { method: 'POST', path: '/api/notifications/mark-all-read', summary: 'Mark every notification as read', tags: TAGS }, keepsIsolateCaches: true })
    .output(z.object({ success: z.literal(true), updated: z.number().int() }))
    .mutation(({ ctx }) => notifications.markAllRead(ctx)),

  trash: protectedProcedure
    .meta({ scope: 'notifications:write', rest: { method: 'PUT', path: '/api/notifications/{id}/trash', summary: 'Move a notification to the trash', tags: TAGS }, keepsIsolateCaches: true })
    .input(idInput)
    .output(notificationSchema)
    .mutation(({ ctx, input }) => notifications.trash(ctx, input.id)),
});
