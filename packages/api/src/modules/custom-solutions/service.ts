import {
  customSolutionRequests,
  newId,
  organizations,
  users,
  type CustomSolutionRequest,
  type CustomSolutionStatus,
  type NotificationType,
} from '@kubemarket/db';
import {
  CUSTOM_SOLUTION_STATUS_LABELS,
  CUSTOM_SOLUTION_STATUSES,
  pick,
  type customSolutionRequestInputSchema,
  type customSolutionStaffUpdateInputSchema,
} from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { auditInsert } from '../../platform/audit';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { consumeRateLimit, RateLimitedError, type RateLimitRule } from '../../platform/rate-limit';
import { STAFF_ROLES } from '../../trpc';
import { customSolutionEmails } from './emails';
import type { MemberContext, SignedInContext } from '../../trpc';

/**
 * Custom solution requests: what an organisation needs that the catalogue lacks. Members who may
 * order send them; every member of the organisation reads them; staff answer them from a queue.
 * Each submission and each staff change is audited; the requester is notified (and mailed) when
 * staff change the status or answer.
 */

type Member = MemberContext;
type Staff = SignedInContext;
type SubmitInput = z.output<typeof customSolutionRequestInputSchema>;
type StaffUpdateInput = z.output<typeof customSolutionStaffUpdateInputSchema>;

export interface PageInput {
  page: number;
  pageSize: number;
}

export interface StaffListInput extends PageInput {
  status?: CustomSolutionStatus | undefined;
  q?: string | undefined;
}

/** Per organisation: enough for real needs, few enough that the queue cannot be flooded. */
export const CUSTOM_SOLUTION_RATE_LIMIT = { limit: 10, windowMs: 24 * 60 * 60_000 } as const satisfies RateLimitRule;

const NOT_FOUND = 'This custom solution request does not exist.';
const PAGE_PATH = '/custom-solutions';

const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');

/** Notification type of each status the requester hears about. */
const STATUS_NOTIFICATION: Record<CustomSolutionStatus, NotificationType> = {
  submitted: 'info',
  in_review: 'info',
  proposal_sent: 'success',
  declined: 'warning',
  closed: 'info',
};

function customerView(row: CustomSolutionRequest, requestedBy: { id: string; name: string } | null) {
  return {
    ...pick(row, ['id', 'subject', 'category', 'description', 'scaleDetails', 'expectedNodes', 'monthlyBudgetCents', 'desiredDate', 'contactPreference', 'contactPhone', 'status', 'staffResponse', 'respondedAt', 'createdAt', 'updatedAt']),
    requestedBy,
  };
}

const customerColumns = {
  request: customSolutionRequests,
  requester: { id: requester.id, name: requester.name },
};

/** The left-joined user, or null when the join found nobody. */
function person<T extends { id: string | null }>(joined: T | null): { [K in keyof T]: NonNullable<T[K]> } | null {
  return joined && joined.id !== null ? (joined as { [K in keyof T]: NonNullable<T[K]> }) : null;
}

function pageOf<T>(items: T[], total: number, input: PageInput) {
  return { items, total, page: input.page, pageSize: input.pageSize, pageCount: Math.max(1, Math.ceil(total / input.pageSize)) };
}

// ---------------------------------------------------------------------------------------------
// Customers

/** Counts the submission against the organisation's daily allowance, with a sentence saying so. */
async function countSubmission(ctx: Member, now: number) {
  try {
    await consumeRateLimit(ctx.db, `custom-solution:org:${ctx.organizationId}`, CUSTOM_SOLUTION_RATE_LIMIT, now);
  } catch (error) {
    if (!(error instanceof TRPCError) || error.code !== 'TOO_MANY_REQUESTS') throw error;
    const retryAfter = error.cause instanceof RateLimitedError ? error.cause.retryAfterSeconds : CUSTOM_SOLUTION_RATE_LIMIT.windowMs / 1000;
    const hours = Math.ceil(retryAfter / 3600);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Your organisation has sent ${CUSTOM_SOLUTION_RATE_LIMIT.limit} custom solution requests in the last 24 hours, the most we accept in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or add details to a request you already sent by answering our reply.`,
      cause: error.cause,
    });
  }
}

/** Tells every active staff member that a request is waiting in the queue. */
async function notifyStaff(ctx: Member, subject: string) {
  const staff = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.disabledAt)));
  const message = `New custom solution request from ${ctx.user.companyName ?? 'a customer'}: '${subject}'.`;
  await Promise.all(
    staff
      .filter((member) => member.id !== ctx.user.id)
      .map((member) => notify(ctx, member.id, { type: 'info', message }).catch((error: unknown) => logError('Notifying staff of a custom solution request failed', error))),
  );
}

export async function submitRequest(ctx: Member, input: SubmitInput) {
  const now = ctx.ports.clock.now();
  await countSubmission(ctx, now);
  const id = newId('customSolutionRequest');
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(customSolutionRequests)
      .values({
        id,
        organizationId: ctx.organizationId,
        requestedBy: ctx.user.id,
        subject: input.subject,
        category: input.category,
        description: input.description,
        scaleDetails: input.scaleDetails ?? null,
        expectedNodes: input.expectedNodes ?? null,
        monthlyBudgetCents: input.monthlyBudgetCents ?? null,
        desiredDate: input.desiredDate ?? null,
        contactPreference: input.contactPreference,
        contactPhone: input.contactPhone ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        action: 'custom_solution.submitted',
        targetType: 'custom_solution_request',
        targetId: id,
        ipAddress: ctx.request.ipAddress,
        metadata: { organizationId: ctx.organizationId, subject: input.subject, category: input.category },
      },
      now,
    ),
  ]);
  await notifyStaff(ctx, input.subject);
  const { user } = ctx;
  mailInBackground(ctx.ports, async () =>
    customSolutionEmails.received({ to: user.email, name: user.name, subject: input.subject, reference: id, url: `${ctx.request.appUrl}${PAGE_PATH}` }),
  );
  return customerView(row!, { id: user.id, name: user.name });
}

/** The organisation's requests, newest first, a page at a time. */
export async function listRequests(ctx: Member, input: PageInput) {
  const where = eq(customSolutionRequests.organizationId, ctx.organizationId);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(customSolutionRequests).where(where),
    ctx.db
      .select(customerColumns)
      .from(customSolutionRequests)
      .leftJoin(requester, eq(requester.id, customSolutionRequests.requestedBy))
      .where(where)
      .orderBy(desc(customSolutionRequests.createdAt), desc(customSolutionRequests.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
  ]);
  return pageOf(
    rows.map((row) => customerView(row.request, person(row.requester))),
    total?.value ?? 0,
    input,
  );
}

/** One request of the caller's organisation; another organisation's id is not found. */
export async function getRequest(ctx: Member, id: string) {
  const [row] = await ctx.db
    .select(customerColumns)
    .from(customSolutionRequests)
    .leftJoin(requester, eq(requester.id, customSolutionRequests.requestedBy))
    .where(and(eq(customSolutionRequests.id, id), eq(customSolutionRequests.organizationId, ctx.organizationId)))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return customerView(row.request, person(row.requester));
}

// ---------------------------------------------------------------------------------------------
// Staff

const staffColumns = {
  request: customSolutionRequests,
  organization: { id: organizations.id, name: organizations.name, billingId: organizations.billingId },
  requester: { id: requester.id, name: requester.name, email: requester.email },
  assignee: { id: assignee.id, name: assignee.name },
};

type StaffRow = {
  request: CustomSolutionRequest;
  organization: { id: string; name: string; billingId: string };
  requester: { id: string | null; name: string | null; email: string | null } | null;
  assignee: { id: string | null; name: string | null } | null;
};

function staffView(row: StaffRow) {
  const requestedBy = person(row.requester);
  return {
    ...customerView(row.request, requestedBy ? { id: requestedBy.id, name: requestedBy.name } : null),
    requestedBy,
    organization: row.organization,
    assignedTo: person(row.assignee),
  };
}

function staffQuery(ctx: Staff) {
  return ctx.db
    .select(staffColumns)
    .from(customSolutionRequests)
    .innerJoin(organizations, eq(organizations.id, customSolutionRequests.organizationId))
    .leftJoin(requester, eq(requester.id, customSolutionRequests.requestedBy))
    .leftJoin(assignee, eq(assignee.id, customSolutionRequests.assignedTo));
}

/** `column LIKE %words%`, with the customer's % and _ taken literally. */
function contains(column: SQLiteColumn, words: string): SQL {
  const pattern = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Every organisation's requests for the solutions team: by status, by words, newest first. */
export async function staffListRequests(ctx: Staff, input: StaffListInput) {
  const words = input.q?.trim();
  const search = words
    ? or(
        contains(customSolutionRequests.id, words),
        contains(customSolutionRequests.subject, words),
        contains(customSolutionRequests.description, words),
        contains(organizations.name, words),
        contains(organizations.billingId, words),
        contains(requester.name, words),
        contains(requester.email, words),
      )
    : undefined;
  const where = and(input.status ? eq(customSolutionRequests.status, input.status) : undefined, search);
  const [[total], rows, byStatus] = await Promise.all([
    ctx.db
      .select({ value: count() })
      .from(customSolutionRequests)
      .innerJoin(organizations, eq(organizations.id, customSolutionRequests.organizationId))
      .leftJoin(requester, eq(requester.id, customSolutionRequests.requestedBy))
      .where(where),
    staffQuery(ctx)
      .where(where)
      .orderBy(desc(customSolutionRequests.createdAt), desc(customSolutionRequests.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ status: customSolutionRequests.status, value: count() }).from(customSolutionRequests).groupBy(customSolutionRequests.status),
  ]);
  const statusCounts = Object.fromEntries(CUSTOM_SOLUTION_STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.value ?? 0])) as Record<
    CustomSolutionStatus,
    number
  >;
  return { ...pageOf(rows.map(staffView), total?.value ?? 0, input), statusCounts };
}

async function staffRow(ctx: Staff, id: string): Promise<StaffRow> {
  const [row] = await staffQuery(ctx).where(eq(customSolutionRequests.id, id)).limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return row;
}

/**
 * Staff change the status, the response the customer reads, or who handles the request. Nothing
 * changed is no write; a change is audited with what changed, and the requester hears about a new
 * status or a new response (notification and mail).
 */
export async function staffUpdateRequest(ctx: Staff, input: StaffUpdateInput) {
  const now = ctx.ports.clock.now();
  const before = await staffRow(ctx, input.id);
  const current = before.request;
  const next = {
    status: input.status ?? current.status,
    staffResponse: input.response === undefined ? current.staffResponse : input.response || null,
    assignedTo: input.assignToMe === undefined ? current.assignedTo : input.assignToMe ? ctx.user.id : null,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['status', 'staffResponse', 'assignedTo'] as const) {
    if (next[key] !== current[key]) changes[key] = { from: current[key], to: next[key] };
  }
  if (Object.keys(changes).length === 0) return staffView(before);
  if (next.status === 'declined' && !next.staffResponse) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Write a response telling the customer why the request is declined.' });
  }
  const statusChanged = 'status' in changes;
  const responseChanged = 'staffResponse' in changes && next.staffResponse !== null;
  await ctx.db.batch([
    ctx.db
      .update(customSolutionRequests)
      .set({ ...next, respondedAt: next.staffResponse === null ? null : responseChanged ? now : current.respondedAt, updatedAt: now })
      .where(eq(customSolutionRequests.id, current.id)),
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        action: 'custom_solution.updated',
        targetType: 'custom_solution_request',
        targetId: current.id,
        ipAddress: ctx.request.ipAddress,
        metadata: { organizationId: current.organizationId, changes },
      },
      now,
    ),
  ]);
  const recipient = person(before.requester);
  if (recipient && (statusChanged || responseChanged)) {
    const label = CUSTOM_SOLUTION_STATUS_LABELS[next.status];
    await notify(ctx, recipient.id, {
      type: statusChanged ? STATUS_NOTIFICATION[next.status] : 'info',
      message: statusChanged
        ? `Your custom solution request '${current.subject}' is now ${label}.`
        : `Our solutions team answered your custom solution request '${current.subject}'.`,
    });
    mailInBackground(ctx.ports, async () =>
      customSolutionEmails.updated({
        to: recipient.email,
        name: recipient.name,
        subject: current.subject,
        reference: current.id,
        url: `${ctx.request.appUrl}${PAGE_PATH}`,
        status: next.status,
        statusChanged,
        response: responseChanged ? next.staffResponse : null,
      }),
    );
  }
  return staffView(await staffRow(ctx, current.id));
}
