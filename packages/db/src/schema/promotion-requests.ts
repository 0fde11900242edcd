import { sqliteTable, text, index } from 'drizzle-orm/sqlite-core';
import { userRef, optionalUserRef } from './users';
import { APPROVAL_STATUSES, decisionColumns, created } from './columns';

/** The staff roles a promotion can grant; 'user' is never requested (demotion is direct). */
export const PROMOTION_ROLES = ['officer', 'admin', 'super_admin'] as const;
export type PromotionRole = (typeof PROMOTION_ROLES)[number];

export const PROMOTION_REQUEST_STATUSES = APPROVAL_STATUSES;
export type PromotionRequestStatus = (typeof PROMOTION_REQUEST_STATUSES)[number];

/**
 * Four eyes on staff rights: an administrator asks, a super admin other than the asker decides.
 * Decided requests stay as the record of who granted what, why and when.
 */
export const promotionRequests = sqliteTable(
  'promotion_requests',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    requestedRole: text('requested_role', { enum: PROMOTION_ROLES }).notNull(),
    reason: text('reason').notNull(),
    /** Null once the requester's account is gone; the audit log keeps the id. */
    requestedBy: optionalUserRef('requested_by'),
    ...decisionColumns(optionalUserRef('decided_by')),
    ...created,
  },
  (table) => [index('promotion_requests_status_idx').on(table.status, table.createdAt), index('promotion_requests_user_idx').on(table.userId)],
);

export type PromotionRequest = typeof promotionRequests.$inferSelect;
