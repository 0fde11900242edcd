import {
  clusters,
  ticketAttachments,
  ticketMessages,
  tickets,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, SessionUser } from '../../context';
import { bytesToBase64 } from '../../platform/crypto';
import type {
  createTicketInput,
  listTicketsInput,
} from './schemas';
import { REOPEN_WINDOW_DAYS } from './schemas';
import { addSupportMinutes, responseMinutes } from './sla';
import { newTicketId, notFound, type UploadedFile } from './service-common';
import { assertSeverityOffered, checkFiles, customerWrites, messageInsert, newReference, targetsFor, tellAssignee, writeMessage } from './shared';
import { customerDetail, ofOrganization, reopenableUntil, summaryQuery, summaryView } from './views';

// Signed-in customers

async function organizationTicket(ctx: Context, organizationId: string, id: string) {
  const [ticket] = await ctx.db.select().from(tickets).where(ofOrganization(organizationId, id)).limit(1);
  if (!ticket) throw notFound();
  return ticket;
}

export async function createTicket(ctx: Context, user: SessionUser, organizationId: string, input: z.output<typeof createTicketInput>) {
  const now = ctx.ports.clock.now();
  const targets = await targetsFor(ctx.db, organizationId);
  await assertSeverityOffered(ctx.db, targets, input.severity);
  if (input.clusterId) {
    const owned = await ctx.db.$count(clusters, and(eq(clusters.id, input.clusterId), eq(clusters.organizationId, organizationId)));
    if (owned === 0) throw notFound('Cluster');
  }
  const id = newTicketId();
  await ctx.db.insert(tickets).values({
    id,
    reference: await newReference(ctx.db),
    organizationId,
    requesterUserId: user.id,
    requesterEmail: user.email.toLowerCase(),
    requesterName: user.name,
    category: input.category,
    severity: input.severity,
    subject: input.subject,
    description: input.description,
    clusterId: input.clusterId ?? null,
    status: 'open',
    supportPlanId: targets.planId,
    firstResponseDueAt: addSupportMinutes(now, responseMinutes(targets, input.severity), targets.hours),
    confirmation: 'confirmed',
    createdAt: now,
    updatedAt: now,
  });
  return customerDetail(ctx, ofOrganization(organizationId, id));
}

export async function listTickets(ctx: Context, organizationId: string, input: z.output<typeof listTicketsInput>) {
  const conditions: SQL[] = [eq(tickets.organizationId, organizationId)];
  if (input.status) conditions.push(eq(tickets.status, input.status));
  if (input.severity) conditions.push(eq(tickets.severity, input.severity));
  if (input.category) conditions.push(eq(tickets.category, input.category));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(tickets).where(where);
  const rows = await summaryQuery(ctx.db)
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const now = ctx.ports.clock.now();
  return { items: rows.map((row) => summaryView(row, now)), total, page: input.page, pageSize: input.pageSize, pageCount: Math.max(1, Math.ceil(total / input.pageSize)) };
}

export const getTicket = (ctx: Context, organizationId: string, id: string) => customerDetail(ctx, ofOrganization(organizationId, id));

export async function replyToTicket(ctx: Context, user: SessionUser, organizationId: string, id: string, body: string, files?: UploadedFile[]) {
  const ticket = await organizationTicket(ctx, organizationId, id);
  const checked = checkFiles(files);
  await customerWrites(ctx, ticket, { userId: user.id, name: user.name }, body, checked);
  return getTicket(ctx, organizationId, id);
}

export async function closeTicket(ctx: Context, user: SessionUser, organizationId: string, id: string) {
  const ticket = await organizationTicket(ctx, organizationId, id);
  if (ticket.status === 'closed') throw new TRPCError({ code: 'BAD_REQUEST', message: 'This ticket is already closed.' });
  await writeMessage(
    ctx,
    ticket,
    { kind: 'status_change', author: { userId: user.id, name: user.name, staff: false }, body: `${user.name} closed the ticket.`, files: [] },
    { status: 'closed', closedAt: ctx.ports.clock.now(), nextUpdateDueAt: null },
  );
  return getTicket(ctx, organizationId, id);
}

export async function reopenTicket(ctx: Context, user: SessionUser, organizationId: string, id: string, body: string | undefined) {
  const ticket = await organizationTicket(ctx, organizationId, id);
  const now = ctx.ports.clock.now();
  if (ticket.status !== 'resolved' && ticket.status !== 'closed') throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only a resolved or closed ticket can be reopened.' });
  if (ticket.mergedIntoId) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This ticket was merged into another one: reply there instead.' });
  const until = reopenableUntil(ticket);
  if (until === null || now > until) {
    const endedOn = new Date(Math.max(ticket.resolvedAt ?? 0, ticket.closedAt ?? 0)).toISOString().slice(0, 10);
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `This ticket ended on ${endedOn}; tickets can be reopened within ${REOPEN_WINDOW_DAYS} days. Open a new ticket and mention ${ticket.reference}.`,
    });
  }
  const targets = await targetsFor(ctx.db, organizationId);
  const responded = ticket.firstRespondedAt !== null;
  await writeMessage(
    ctx,
    ticket,
    { kind: 'status_change', author: { userId: user.id, name: user.name, staff: false }, body: `${user.name} reopened the ticket.`, files: [] },
    {
      status: responded ? 'awaiting_support' : 'open',
      resolvedAt: null,
      closedAt: null,
      nextUpdateDueAt: responded ? addSupportMinutes(now, targets.update[ticket.severity], targets.hours) : null,
    },
    body ? [messageInsert(ctx.db, ticket.id, 'reply', { userId: user.id, name: user.name, staff: false }, body, now + 1)] : [],
  );
  await tellAssignee(ctx, ticket, body ?? `${user.name} reopened the ticket.`, user.name);
  return getTicket(ctx, organizationId, id);
}

/** An attachment's bytes for someone allowed to read its message; anything else is a 404. */
export async function attachmentFile(ctx: Context, ticketId: string, attachmentId: string, internal: boolean) {
  const [row] = await ctx.db
    .select({ file: ticketAttachments, kind: ticketMessages.kind })
    .from(ticketAttachments)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)))
    .limit(1);
  if (!row || (!internal && row.kind === 'internal_note')) throw notFound('Attachment');
  const stored = await ctx.ports.files.get(row.file.r2Key);
  if (!stored) throw notFound('Attachment');
  return { filename: row.file.filename, contentType: row.file.contentType, contentBase64: bytesToBase64(stored.bytes) };
}

export async function organizationAttachment(ctx: Context, organizationId: string, id: string, attachmentId: string) {
  await organizationTicket(ctx, organizationId, id);
  return attachmentFile(ctx, id, attachmentId, false);
}
