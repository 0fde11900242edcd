import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { userRef } from './users';

/** docs/product/entities.md#notifications; any type other than these four is shown as info. */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'system', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    message: text('message').notNull(),
    /** Epoch ms. */
    timestamp: integer('timestamp').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    trash: integer('trash', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.trash, table.timestamp)],
);

export type Notification = typeof notifications.$inferSelect;
