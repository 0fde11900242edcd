import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, check } from 'drizzle-orm/sqlite-core';
import { CONTACT_PREFERENCES, CUSTOM_SOLUTION_CATEGORIES, CUSTOM_SOLUTION_STATUSES } from '@kubemarket/shared';
import { organizationRef } from './organizations';
import { optionalUserRef } from './users';
import { timestamps } from './columns';

export {
  CONTACT_PREFERENCES,
  CUSTOM_SOLUTION_CATEGORIES,
  CUSTOM_SOLUTION_STATUSES,
  type ContactPreference,
  type CustomSolutionCategory,
  type CustomSolutionStatus,
} from '@kubemarket/shared';

/** What an organisation needs that the catalogue lacks (/custom-solutions), and the solutions team's answer. */
export const customSolutionRequests = sqliteTable(
  'custom_solution_requests',
  {
    id: text('id').primaryKey(),
    /** Requests are the organisation's, not the requester's: every member reads them. */
    organizationId: organizationRef('cascade'),
    /** Null once the requester's account is deleted; the request stays with the organisation. */
    requestedBy: optionalUserRef('requested_by'),
    subject: text('subject').notNull(),
    category: text('category', { enum: CUSTOM_SOLUTION_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    /** Environments, workloads, traffic or data volumes, in the customer's words. */
    scaleDetails: text('scale_details'),
    expectedNodes: integer('expected_nodes'),
    /** Integer EUR cents a month. */
    monthlyBudgetCents: integer('monthly_budget_cents'),
    /** A calendar day, YYYY-MM-DD: the day itself matters, not an instant in some time zone. */
    desiredDate: text('desired_date'),
    contactPreference: text('contact_preference', { enum: CONTACT_PREFERENCES }).notNull().default('email'),
    contactPhone: text('contact_phone'),
    status: text('status', { enum: CUSTOM_SOLUTION_STATUSES }).notNull().default('submitted'),
    /** What the solutions team tells the customer. */
    staffResponse: text('staff_response'),
    respondedAt: integer('responded_at'),
    /** The staff member handling it; null: nobody yet. */
    assignedTo: optionalUserRef('assigned_to'),
    ...timestamps,
  },
  (table) => [
    index('custom_solution_requests_organization_idx').on(table.organizationId, table.createdAt),
    index('custom_solution_requests_status_idx').on(table.status, table.createdAt),
    check('custom_solution_requests_budget', sql`monthly_budget_cents IS NULL OR monthly_budget_cents >= 0`),
    check('custom_solution_requests_nodes', sql`expected_nodes IS NULL OR expected_nodes > 0`),
  ],
);

export type CustomSolutionRequest = typeof customSolutionRequests.$inferSelect;
export type NewCustomSolutionRequest = typeof customSolutionRequests.$inferInsert;
