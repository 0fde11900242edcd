import { integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * Columns that many tables define alike, written once and spread into the tables (drizzle's
 * reusable columns): the SQL is the same as if each table spelled them out. References to a
 * table's id sit beside that table (`organizationRef` in organizations.ts, `userRef` in users.ts),
 * built on `requiredRef`.
 */

/**
 * A required reference to another table's row (`target`, its id), and what deleting that row does
 * to this one: `cascade`, it goes with it; `restrict`, that row stays while this one exists.
 */
export function requiredRef(column: string, target: () => AnySQLiteColumn, onDelete: 'cascade' | 'restrict') {
  return text(column).notNull().references(target, { onDelete });
}

/** When the row was created, UTC epoch ms. */
export const created = {
  createdAt: integer('created_at').notNull(),
};

/** When the row was created and last changed, UTC epoch ms. */
export const timestamps = {
  ...created,
  updatedAt: integer('updated_at').notNull(),
};

/**
 * A catalogue item's place in the lists, when staff archived it (archived items stay, for the
 * orders that name them, but are no longer sold) and its times.
 */
export const catalogItemColumns = {
  sortOrder: integer('sort_order').notNull(),
  archivedAt: integer('archived_at'),
  ...timestamps,
};

/** Where a request waiting for another person's decision stands (four eyes, issue 29). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * Where a request waiting for a decision stands, and who decided it (`decidedBy`, the column the
 * table keeps the decider in), when and why.
 */
export function decisionColumns<DecidedBy>(decidedBy: DecidedBy) {
  return {
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    decidedBy,
    decidedAt: integer('decided_at'),
    decisionReason: text('decision_reason'),
  };
}

/**
 * Four eyes (issue 29): who asked, where the request stands, and who decided it, when and why.
 * Decided requests stay as the record of who asked for what and who decided.
 */
export const approvalColumns = {
  requestedBy: text('requested_by').notNull(),
  ...decisionColumns(text('decided_by')),
};
