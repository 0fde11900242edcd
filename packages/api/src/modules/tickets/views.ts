import {
  clusters,
  organizations,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
  type Database,
  type Ticket,
} from '@kubemarket/db';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Context } from '../../context';
import { slaView } from './sla';
import { REOPEN_WINDOW_MS, notFound } from './service-common';

// Views

export const assignee = alias(users, 'assignee');
export const mergedInto = alias(tickets, 'merged_into');

export function summaryQuery(db: Database) {
  return db
    .select({
      ticket: tickets,
      clusterName: clusters.name,
      assigneeName: assignee.name,
      mergedReference: mergedInto.reference,
      organization: { id: organizations.id, name: organizations.name, billingId: organizations.billingId },
    })
    .from(tickets)
    .leftJoin(clusters, eq(clusters.id, tickets.clusterId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeUserId))
    .leftJoin(mergedInto, eq(mergedInto.id, tickets.mergedIntoId))
    .leftJoin(organizations, eq(organizations.id, tickets.organizationId));
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

export function summaryView(row: SummaryRow, now: number) {
  const { ticket } = row;
  const sla = slaView(ticket, now);
  return {
    id: ticket.id,
    reference: ticket.reference,
    subject: ticket.subject,
    category: ticket.category,
    severity: ticket.severity,
    status: ticket.status,
    cluster: ticket.clusterId && row.clusterName ? { id: ticket.clusterId, name: row.clusterName } : null,
    requesterName: ticket.requesterName,
    assigneeName: row.assigneeName,
    mergedInto: ticket.mergedIntoId && row.mergedReference ? { id: ticket.mergedIntoId, reference: row.mergedReference } : null,
    sla: {
      planId: ticket.supportPlanId,
      firstResponseDueAt: ticket.firstResponseDueAt,
      firstRespondedAt: ticket.firstRespondedAt,
      firstResponseMet: sla.firstResponseMet,
      dueKind: sla.dueKind,
      dueAt: sla.dueAt,
      breached: sla.breached,
    },
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    resolvedAt: ticket.resolvedAt,
    closedAt: ticket.closedAt,
  };
}

export function staffSummaryView(row: SummaryRow, now: number) {
  return {
    ...summaryView(row, now),
    organization: row.organization?.id ? { id: row.organization.id, name: row.organization.name, billingId: row.organization.billingId } : null,
    requesterEmail: row.ticket.requesterEmail,
    assigneeUserId: row.ticket.assigneeUserId,
  };
}

export function reopenableUntil(ticket: Pick<Ticket, 'status' | 'resolvedAt' | 'closedAt' | 'mergedIntoId'>): number | null {
  if ((ticket.status !== 'resolved' && ticket.status !== 'closed') || ticket.mergedIntoId) return null;
  const endedAt = Math.max(ticket.resolvedAt ?? 0, ticket.closedAt ?? 0);
  return endedAt > 0 ? endedAt + REOPEN_WINDOW_MS : null;
}

/**
 * The thread. `internal` false: replies and status changes only, with the attachments of those
 * messages only (a file on an internal note stays internal).
 */
export async function threadOf(db: Database, ticketId: string, internal: boolean) {
  const visible = internal ? eq(ticketMessages.ticketId, ticketId) : and(eq(ticketMessages.ticketId, ticketId), ne(ticketMessages.kind, 'internal_note'));
  const messages = await db.select().from(ticketMessages).where(visible)// Messages written in the same millisecond keep the order they were written in.
    .orderBy(asc(ticketMessages.createdAt), sql`${ticketMessages}.rowid`);
  const files = messages.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(inArray(ticketAttachments.messageId, messages.map((message) => message.id)))
        .orderBy(asc(ticketAttachments.createdAt), sql`${ticketAttachments}.rowid`)
    : [];
  return messages.map((message) => ({
    id: message.id,
    kind: message.kind,
    fromStaff: message.fromStaff,
    authorName: message.authorName,
    body: message.body,
    createdAt: message.createdAt,
    attachments: files
      .filter((file) => file.messageId === message.id)
      .map((file) => ({ id: file.id, filename: file.filename, contentType: file.contentType, sizeBytes: file.sizeBytes })),
  }));
}

function customerMessages(thread: Awaited<ReturnType<typeof threadOf>>) {
  return thread.flatMap((message) => (message.kind === 'internal_note' ? [] : [{ ...message, kind: message.kind }]));
}

export async function summaryOf(db: Database, where: SQL | undefined) {
  const [row] = await summaryQuery(db).where(where).limit(1);
  return row;
}

export async function customerDetail(ctx: Context, where: SQL | undefined) {
  const row = await summaryOf(ctx.db, where);
  if (!row) throw notFound();
  return {
    ...summaryView(row, ctx.ports.clock.now()),
    description: row.ticket.description,
    messages: customerMessages(await threadOf(ctx.db, row.ticket.id, false)),
    reopenableUntil: reopenableUntil(row.ticket),
  };
}

export const ofOrganization = (organizationId: string, id: string) => and(eq(tickets.id, id), eq(tickets.organizationId, organizationId));
export const visibleToStaff = (id: string) => and(eq(tickets.id, id), eq(tickets.confirmation, 'confirmed'));
