import {
  tickets,
  users,
  type Ticket,
  type TicketCategory,
  type TicketSeverity,
} from '@kubemarket/db';
import { STAFF_ROLES } from '../../trpc';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { logError } from '../../platform/log';
import { notify } from '../../platform/notify';
import { emitEvent } from '../../platform/webhook-events';
import { TICKET_STATUS_LABELS } from './emails';
import type {
  staffQueueInput,
  staffUpdateInput,
} from './schemas';
import { addSupportMinutes, responseMinutes } from './sla';
import { attachmentFile } from './customers';
import { notFound, runBatch, type UploadedFile } from './service-common';
import { checkFiles, messageInsert, targetsFor, tellRequester, writeMessage } from './shared';
import { staffSummaryView, summaryOf, summaryQuery, threadOf, visibleToStaff } from './views';

// Staff

async function staffTicket(ctx: Context, id: string) {
  const [ticket] = await ctx.db.select().from(tickets).where(visibleToStaff(id)).limit(1);
  if (!ticket) throw notFound();
  return ticket;
}

/** What staff owe next, as SQL: the first response, then the next update, nothing once ended. */
const dueAtSql = sql<number | null>`CASE
  WHEN ${tickets.status} IN ('resolved', 'closed') THEN NULL
  WHEN ${tickets.firstRespondedAt} IS NULL THEN ${tickets.firstResponseDueAt}
  WHEN ${tickets.status} = 'awaiting_customer' THEN NULL
  ELSE ${tickets.nextUpdateDueAt} END`;

export async function staffQueue(ctx: Context, input: z.output<typeof staffQueueInput>) {
  const now = ctx.ports.clock.now();
  const conditions: SQL[] = [eq(tickets.confirmation, 'confirmed')];
  if (input.status) conditions.push(eq(tickets.status, input.status));
  if (input.severity) conditions.push(eq(tickets.severity, input.severity));
  if (input.category) conditions.push(eq(tickets.category, input.category));
  if (input.organizationId) conditions.push(eq(tickets.organizationId, input.organizationId));
  if (input.assigneeUserId) conditions.push(input.assigneeUserId === 'unassigned' ? isNull(tickets.assigneeUserId) : eq(tickets.assigneeUserId, input.assigneeUserId));
  if (input.sla === 'breached') conditions.push(sql`${dueAtSql} < ${now}`);
  if (input.sla === 'due') conditions.push(sql`${dueAtSql} >= ${now}`);
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(tickets).where(where);
  const rows = await summaryQuery(ctx.db)
    .where(where)
    .orderBy(sql`${dueAtSql} IS NULL`, sql`${dueAtSql}`, desc(tickets.updatedAt), asc(tickets.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items: rows.map((row) => staffSummaryView(row, now)), total, page: input.page, pageSize: input.pageSize, pageCount: Math.max(1, Math.ceil(total / input.pageSize)) };
}

export async function staffGet(ctx: Context, id: string) {
  const row = await summaryOf(ctx.db, visibleToStaff(id));
  if (!row) throw notFound();
  const duplicates = await ctx.db.select({ id: tickets.id, reference: tickets.reference }).from(tickets).where(eq(tickets.mergedIntoId, id)).orderBy(asc(tickets.reference));
  return {
    ...staffSummaryView(row, ctx.ports.clock.now()),
    description: row.ticket.description,
    messages: await threadOf(ctx.db, id, true),
    duplicates,
  };
}

const staffAuthor = (user: SessionUser) => ({ userId: user.id, name: user.name, staff: true });

export async function staffAssign(ctx: Context, user: SessionUser, id: string, assigneeUserId: string | null) {
  const ticket = await staffTicket(ctx, id);
  let assigneeName: string | null = null;
  if (assigneeUserId) {
    const [person] = await ctx.db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, assigneeUserId)).limit(1);
    if (!person || !STAFF_ROLES.includes(person.role)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Tickets can only be assigned to staff (officers and administrators).' });
    assigneeName = person.name;
  }
  const now = ctx.ports.clock.now();
  await runBatch(ctx.db, [
    ctx.db.update(tickets).set({ assigneeUserId, updatedAt: now }).where(eq(tickets.id, id)),
    messageInsert(ctx.db, id, 'internal_note', staffAuthor(user), assigneeName ? `Assigned to ${assigneeName}.` : 'Unassigned.', now),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'ticket.assigned', targetType: 'ticket', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { reference: ticket.reference, assigneeUserId } }, now),
  ]);
  if (assigneeUserId && assigneeUserId !== user.id) {
    await notify(ctx, assigneeUserId, { type: 'info', message: `${user.name} assigned ${ticket.reference} to you: ${ticket.subject}` }).catch((error: unknown) => logError('Notifying an assignee failed', error));
  }
  return staffGet(ctx, id);
}

export async function staffReply(ctx: Context, user: SessionUser, id: string, input: { body: string; status?: 'awaiting_customer' | 'awaiting_support' | 'resolved'; files?: UploadedFile[]; internal?: boolean }) {
  const ticket = await staffTicket(ctx, id);
  const checked = checkFiles(input.files);
  const now = ctx.ports.clock.now();
  if (input.internal) {
    await writeMessage(ctx, ticket, { kind: 'internal_note', author: staffAuthor(user), body: input.body || 'Attached files.', files: checked }, {});
    return staffGet(ctx, id);
  }
  if (ticket.status === 'closed') throw new TRPCError({ code: 'BAD_REQUEST', message: 'This ticket is closed: change its status before replying.' });
  const status = input.status ?? 'awaiting_customer';
  const targets = await targetsFor(ctx.db, ticket.organizationId);
  const body = input.body || 'Attached files.';
  await writeMessage(
    ctx,
    ticket,
    { kind: 'reply', author: staffAuthor(user), body, files: checked },
    {
      status,
      firstRespondedAt: ticket.firstRespondedAt ?? now,
      nextUpdateDueAt: status === 'awaiting_support' ? addSupportMinutes(now, targets.update[ticket.severity], targets.hours) : null,
      ...(status === 'resolved' ? { resolvedAt: now } : {}),
      assigneeUserId: ticket.assigneeUserId ?? user.id,
    },
  );
  await tellRequester(ctx, ticket, { kind: 'reply', body, status });
  // A visitor's ticket (no organisation) has no webhooks.
  const data = { ticketId: ticket.id, reference: ticket.reference, subject: ticket.subject, status, repliedAt: now };
  if (ticket.organizationId) await emitEvent(ctx, ticket.organizationId, { type: 'ticket.replied', key: `${ticket.id}:${now}:${user.id}`, data });
  return staffGet(ctx, id);
}

export async function staffNote(ctx: Context, user: SessionUser, id: string, body: string) {
  const ticket = await staffTicket(ctx, id);
  await writeMessage(ctx, ticket, { kind: 'internal_note', author: staffAuthor(user), body, files: [] }, {});
  return staffGet(ctx, id);
}

const SEVERITY_LABEL: Record<TicketSeverity, string> = { P1: 'P1', P2: 'P2', P3: 'P3', P4: 'P4' };
const CATEGORY_LABEL: Record<TicketCategory, string> = { technical: 'Technical', billing: 'Billing', account: 'Account', incident: 'Incident' };

export async function staffUpdate(ctx: Context, user: SessionUser, input: z.output<typeof staffUpdateInput>) {
  const ticket = await staffTicket(ctx, input.id);
  const now = ctx.ports.clock.now();
  const targets = await targetsFor(ctx.db, ticket.organizationId);
  const patch: Partial<Ticket> = {};
  const changes: string[] = [];
  if (input.severity && input.severity !== ticket.severity) {
    patch.severity = input.severity;
    changes.push(`Severity changed from ${SEVERITY_LABEL[ticket.severity]} to ${SEVERITY_LABEL[input.severity]}.`);
    if (ticket.firstRespondedAt === null) patch.firstResponseDueAt = addSupportMinutes(ticket.createdAt, responseMinutes(targets, input.severity), targets.hours);
    else if (ticket.nextUpdateDueAt !== null) patch.nextUpdateDueAt = addSupportMinutes(now, targets.update[input.severity], targets.hours);
  }
  if (input.category && input.category !== ticket.category) {
    patch.category = input.category;
    changes.push(`Category changed from ${CATEGORY_LABEL[ticket.category]} to ${CATEGORY_LABEL[input.category]}.`);
  }
  const statusChanged = input.status !== undefined && input.status !== ticket.status;
  if (input.status && statusChanged) {
    patch.status = input.status;
    changes.push(`Status changed to ${TICKET_STATUS_LABELS[input.status].toLowerCase()}.`);
    if (input.status === 'resolved') Object.assign(patch, { resolvedAt: now, nextUpdateDueAt: null });
    else if (input.status === 'closed') Object.assign(patch, { closedAt: now, nextUpdateDueAt: null });
    else {
      Object.assign(patch, { resolvedAt: null, closedAt: null });
      patch.nextUpdateDueAt =
        input.status === 'awaiting_customer' || ticket.firstRespondedAt === null ? null : addSupportMinutes(now, targets.update[patch.severity ?? ticket.severity], targets.hours);
    }
  }
  if (changes.length === 0) return staffGet(ctx, input.id);
  await writeMessage(ctx, ticket, { kind: 'status_change', author: staffAuthor(user), body: changes.join(' '), files: [] }, patch, [
    auditInsert(ctx.db, { actorUserId: user.id, action: 'ticket.updated', targetType: 'ticket', targetId: ticket.id, ipAddress: ctx.request.ipAddress, metadata: { reference: ticket.reference, severity: input.severity, category: input.category, status: input.status } }, now),
  ]);
  if (statusChanged) await tellRequester(ctx, ticket, { kind: 'status', status: input.status! });
  return staffGet(ctx, input.id);
}

export async function staffMerge(ctx: Context, user: SessionUser, id: string, intoId: string) {
  if (id === intoId) throw new TRPCError({ code: 'BAD_REQUEST', message: 'A ticket cannot be merged into itself.' });
  const duplicate = await staffTicket(ctx, id);
  const target = await staffTicket(ctx, intoId);
  if (duplicate.mergedIntoId) throw new TRPCError({ code: 'BAD_REQUEST', message: `${duplicate.reference} was already merged.` });
  if (target.mergedIntoId) throw new TRPCError({ code: 'BAD_REQUEST', message: `${target.reference} was itself merged; merge into the ticket it continues on.` });
  const sameRequester = duplicate.organizationId ? duplicate.organizationId === target.organizationId : target.organizationId === null && duplicate.requesterEmail === target.requesterEmail;
  if (!sameRequester) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only tickets of the same organisation (or the same visitor) can be merged.' });
  const now = ctx.ports.clock.now();
  await writeMessage(
    ctx,
    duplicate,
    { kind: 'status_change', author: staffAuthor(user), body: `Merged into ${target.reference}; the conversation continues there.`, files: [] },
    { status: 'closed', closedAt: now, nextUpdateDueAt: null, mergedIntoId: target.id },
    [
      messageInsert(ctx.db, target.id, 'status_change', staffAuthor(user), `${duplicate.reference} ("${duplicate.subject}") was merged into this ticket.`, now),
      ctx.db.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, target.id)),
      auditInsert(ctx.db, { actorUserId: user.id, action: 'ticket.merged', targetType: 'ticket', targetId: duplicate.id, ipAddress: ctx.request.ipAddress, metadata: { reference: duplicate.reference, into: target.reference } }, now),
    ],
  );
  await tellRequester(ctx, duplicate, { kind: 'status', status: 'closed', mergedInto: target.reference });
  return staffGet(ctx, target.id);
}

export async function staffAttachment(ctx: Context, id: string, attachmentId: string) {
  await staffTicket(ctx, id);
  return attachmentFile(ctx, id, attachmentId, true);
}
