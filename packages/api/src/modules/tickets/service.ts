/**
 * Support tickets (issue 14). Three audiences read the same rows: the organisation (its own
 * tickets, a 404 for any other), a visitor (a public ticket, by reference and email or by an
 * emailed link) and staff (every confirmed ticket). Internal notes exist only in staff answers:
 * customer queries never select them, and customer schemas cannot express them.
 */
import {
  clusters,
  orders,
  organizations,
  supportPlans,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
  type Database,
  type Ticket,
  type TicketCategory,
  type TicketMessageKind,
  type TicketSeverity,
  type TicketStatus,
} from '@kubemarket/db';
import { STAFF_ROLES } from '../../trpc';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Context, SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { logError } from '../../platform/log';
import { sendMailSafely } from '../../platform/mailer';
import { insertRowsAsJson } from '../../platform/json-rows';
import { notify } from '../../platform/notify';
import { addressKey, consumeRateLimit, RATE_LIMITS } from '../../platform/rate-limit';
import { bytesToBase64 } from '../invoices';
import { SETTLED_ORDER_STATUSES } from '../invoices';
import { checkAttachment, type CheckedFile } from './attachments';
import { ticketEmails, TICKET_STATUS_LABELS } from './emails';
import type {
  createTicketInput,
  listTicketsInput,
  publicSubmitInput,
  staffQueueInput,
  staffUpdateInput,
  uploadedFile,
} from './schemas';
import { REOPEN_WINDOW_DAYS } from './schemas';
import { addSupportMinutes, DEFAULT_TARGETS, offersP1, responseMinutes, slaView, targetsOf, type SlaTargets } from './sla';

const DAY_MS = 24 * 60 * 60_000;
export const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * DAY_MS;
export const PUBLIC_CONFIRM_TTL_MS = 48 * 60 * 60_000;

type Statement = BatchItem<'sqlite'>;
type UploadedFile = z.output<typeof uploadedFile>;

async function runBatch(db: Database, statements: Statement[]) {
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

const notFound = (what = 'Ticket') => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found.` });
const newTicketId = () => `tkt_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;
const newMessageId = () => `tmsg_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;
const newAttachmentId = () => `tatt_${randomToken(15).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20)}`;

// ---------------------------------------------------------------------------------------------
// Support plan targets

/** The organisation's support plan: its latest settled support order, else Basic (included). */
export async function targetsFor(db: Database, organizationId: string | null): Promise<SlaTargets> {
  let planId = 'support_basic';
  if (organizationId) {
    const [order] = await db
      .select({ lines: orders.lines })
      .from(orders)
      .where(and(eq(orders.organizationId, organizationId), eq(orders.kind, 'support'), inArray(orders.status, [...SETTLED_ORDER_STATUSES])))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const line = order?.lines.find((item) => item.kind === 'support');
    if (line && 'planId' in line) planId = line.planId;
  }
  const rows = await db.select().from(supportPlans).where(inArray(supportPlans.id, [planId, 'support_basic']));
  const chosen = rows.find((row) => row.id === planId) ?? rows[0];
  return chosen ? targetsOf(chosen) : DEFAULT_TARGETS;
}

/** The first plan of the catalogue that includes P1, for the form and the refusal to name. */
async function p1UpgradePlan(db: Database) {
  const [plan] = await db
    .select({ id: supportPlans.id, name: supportPlans.name })
    .from(supportPlans)
    .where(and(isNull(supportPlans.archivedAt), isNotNull(supportPlans.p1ResponseMinutes)))
    .orderBy(asc(supportPlans.sortOrder))
    .limit(1);
  return plan ?? null;
}

async function assertSeverityOffered(db: Database, targets: SlaTargets, severity: TicketSeverity) {
  if (severity !== 'P1' || offersP1(targets)) return;
  const upgrade = await p1UpgradePlan(db);
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message: `P1 (critical outage) is not included in the ${targets.planName} support plan.${upgrade ? ` The ${upgrade.name} plan adds it (Orders → Support).` : ''} Choose P2 to be answered within your plan's targets.`,
  });
}

export async function ticketOptions(ctx: Context, organizationId: string) {
  const targets = await targetsFor(ctx.db, organizationId);
  const clusterRows = await ctx.db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), isNull(clusters.deletedAt)))
    .orderBy(asc(clusters.name));
  return {
    plan: { id: targets.planId, name: targets.planName, hours: targets.hours },
    severities: (['P1', 'P2', 'P3', 'P4'] as const).map((severity) => ({
      severity,
      available: severity !== 'P1' || offersP1(targets),
      responseMinutes: targets.response[severity],
      updateMinutes: targets.update[severity],
    })),
    p1UpgradePlan: offersP1(targets) ? null : await p1UpgradePlan(ctx.db),
    clusters: clusterRows,
  };
}

// ---------------------------------------------------------------------------------------------
// Views

const assignee = alias(users, 'assignee');
const mergedInto = alias(tickets, 'merged_into');

function summaryQuery(db: Database) {
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

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function summaryView(row: SummaryRow, now: number) {
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

function staffSummaryView(row: SummaryRow, now: number) {
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
async function threadOf(db: Database, ticketId: string, internal: boolean) {
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

async function summaryOf(db: Database, where: SQL | undefined) {
  const [row] = await summaryQuery(db).where(where).limit(1);
  return row;
}

async function customerDetail(ctx: Context, where: SQL | undefined) {
  const row = await summaryOf(ctx.db, where);
  if (!row) throw notFound();
  return {
    ...summaryView(row, ctx.ports.clock.now()),
    description: row.ticket.description,
    messages: customerMessages(await threadOf(ctx.db, row.ticket.id, false)),
    reopenableUntil: reopenableUntil(row.ticket),
  };
}

const ofOrganization = (organizationId: string, id: string) => and(eq(tickets.id, id), eq(tickets.organizationId, organizationId));
const visibleToStaff = (id: string) => and(eq(tickets.id, id), eq(tickets.confirmation, 'confirmed'));

// ---------------------------------------------------------------------------------------------
// Shared writes

async function newReference(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const digits = attempt < 10 ? 5 : 8;
    const value = crypto.getRandomValues(new Uint32Array(1))[0]! % (9 * 10 ** (digits - 1));
    const reference = `KM-T-${10 ** (digits - 1) + value}`;
    if ((await db.$count(tickets, eq(tickets.reference, reference))) === 0) return reference;
  }
  throw new Error('No free ticket reference');
}

function messageInsert(db: Database, ticketId: string, kind: TicketMessageKind, author: { userId: string | null; name: string; staff: boolean }, body: string, now: number, id = newMessageId()) {
  return db.insert(ticketMessages).values({ id, ticketId, authorUserId: author.userId, authorName: author.name, fromStaff: author.staff, kind, body, createdAt: now });
}

/** Stores the files, then returns the rows to insert with the message; on failure nothing stays. */
async function storeFiles(ctx: Context, ticketId: string, messageId: string, files: CheckedFile[], now: number) {
  const rows = [];
  const stored: string[] = [];
  try {
    for (const file of files) {
      const id = newAttachmentId();
      const key = `tickets/${ticketId}/${id}`;
      const digest = await sha256Hex(file.bytes);
      await ctx.ports.files.put(key, file.bytes, { contentType: file.contentType, sha256: digest });
      stored.push(key);
      rows.push({ id, ticketId, messageId, r2Key: key, filename: file.filename, contentType: file.contentType, sizeBytes: file.bytes.byteLength, sha256: digest, createdAt: now });
    }
  } catch (error) {
    await ctx.ports.files.delete(stored).catch((cleanup: unknown) => logError('Removing partly stored attachments failed', cleanup));
    throw error;
  }
  return { rows, keys: stored };
}

/** Every file checked before anything is stored: one bad file refuses the whole message. */
function checkFiles(files: UploadedFile[] | undefined): CheckedFile[] {
  return (files ?? []).map((file) => checkAttachment(file));
}

/** Attachment bytes an organisation's tickets may hold in all (issue 29): files customers upload count against it. */
export const ORGANIZATION_STORAGE_QUOTA_BYTES = 1024 ** 3;

/** The attachment bytes stored on an organisation's tickets, as a scalar subquery. */
function storedBytesOf(organizationId: string): SQL<number> {
  // Own aliases: drizzle writes bare column names here, which both tables share.
  return sql<number>`(SELECT coalesce(sum(quota_a.size_bytes), 0) FROM ticket_attachments quota_a INNER JOIN tickets quota_t ON quota_t.id = quota_a.ticket_id WHERE quota_t.organization_id = ${organizationId})`;
}

/** "3 KB", "12.5 MB", "1.0 GB" (binary units, as the limits are). */
function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

function overQuota(used: number, adding: number): TRPCError {
  return new TRPCError({
    code: 'PAYLOAD_TOO_LARGE',
    message: `These files (${sizeText(adding)}) do not fit in your organisation's storage for attachments: ${sizeText(used)} of ${sizeText(ORGANIZATION_STORAGE_QUOTA_BYTES)} are used. Send smaller files, or ask support to make room.`,
  });
}

/** Refuses files that would take the organisation past its quota, before anything is stored. */
async function assertStorageLeft(ctx: Context, organizationId: string, files: CheckedFile[]) {
  const adding = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (adding === 0) return;
  const [row] = await ctx.db.select({ used: storedBytesOf(organizationId) }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const used = Number(row?.used ?? 0);
  if (used + adding > ORGANIZATION_STORAGE_QUOTA_BYTES) throw overQuota(used, adding);
}

/**
 * Writes a message (with files) and the ticket's new state in one batch. With `quotaOf`, the
 * message is a claim the database arbitrates: it is inserted only while the organisation's stored
 * attachment bytes plus these files stay within its quota, and the files and the ticket's new
 * state only with it. Batches run one at a time on D1, so parallel uploads cannot all fit.
 */
async function writeMessage(
  ctx: Context,
  ticket: Ticket,
  message: { kind: TicketMessageKind; author: { userId: string | null; name: string; staff: boolean }; body: string; files: CheckedFile[] },
  patch: Partial<Ticket>,
  extra: Statement[] = [],
  quotaOf?: string,
) {
  const now = ctx.ports.clock.now();
  const messageId = newMessageId();
  const adding = message.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const guarded = quotaOf !== undefined && adding > 0;
  const { rows, keys } = await storeFiles(ctx, ticket.id, messageId, message.files, now);
  let written = true;
  try {
    if (guarded) {
      const messageRow = { id: messageId, ticketId: ticket.id, authorUserId: message.author.userId, authorName: message.author.name, fromStaff: message.author.staff, kind: message.kind, body: message.body, createdAt: now };
      const exists = sql`EXISTS (SELECT 1 FROM ticket_messages quota_m WHERE quota_m.id = ${messageId})`;
      const claim = insertRowsAsJson(ctx.db, ticketMessages, [messageRow], sql`${storedBytesOf(quotaOf)} + ${adding} <= ${ORGANIZATION_STORAGE_QUOTA_BYTES}`).returning({ id: ticketMessages.id });
      const [claimed] = await ctx.db.batch([
        claim,
        insertRowsAsJson(ctx.db, ticketAttachments, rows, exists),
        ctx.db.update(tickets).set({ ...patch, updatedAt: now }).where(and(eq(tickets.id, ticket.id), exists)),
        ...extra,
      ] as unknown as [typeof claim, ...Statement[]]);
      written = claimed.length > 0;
    } else {
      await runBatch(ctx.db, [
        messageInsert(ctx.db, ticket.id, message.kind, message.author, message.body, now, messageId),
        ...(rows.length ? [ctx.db.insert(ticketAttachments).values(rows)] : []),
        ctx.db.update(tickets).set({ ...patch, updatedAt: now }).where(eq(tickets.id, ticket.id)),
        ...extra,
      ]);
    }
  } catch (error) {
    await ctx.ports.files.delete(keys).catch((cleanup: unknown) => logError('Removing orphaned attachments failed', cleanup));
    throw error;
  }
  if (!written && quotaOf !== undefined) {
    // Another upload took the room first: nothing of this one stays.
    await ctx.ports.files.delete(keys).catch((cleanup: unknown) => logError('Removing attachments over the quota failed', cleanup));
    const [row] = await ctx.db.select({ used: storedBytesOf(quotaOf) }).from(organizations).where(eq(organizations.id, quotaOf)).limit(1);
    throw overQuota(Number(row?.used ?? 0), adding);
  }
}

function ticketUrl(ctx: Context, ticket: Ticket, accessToken?: string) {
  if (ticket.organizationId) return `${ctx.request.appUrl}/support/tickets/${ticket.id}`;
  return accessToken ? `${ctx.request.appUrl}/track-ticket#token=${accessToken}` : `${ctx.request.appUrl}/track-ticket`;
}

/**
 * A visitor's link to read and reply: a fresh token per email (only its hash is kept, so a link
 * cannot be mailed twice); the newest email's link is the one that works.
 */
async function freshAccessLink(ctx: Context, ticket: Ticket): Promise<string> {
  if (ticket.organizationId) return ticketUrl(ctx, ticket);
  const token = randomToken(32);
  await ctx.db.update(tickets).set({ accessTokenHash: await sha256Hex(token) }).where(eq(tickets.id, ticket.id));
  return ticketUrl(ctx, ticket, token);
}

/** Requester told of a staff reply or a status change: notification (members) and email (everyone). */
async function tellRequester(ctx: Context, ticket: Ticket, event: { kind: 'reply'; body: string; status: TicketStatus } | { kind: 'status'; status: TicketStatus; mergedInto?: string }) {
  try {
    if (ticket.requesterUserId) {
      await notify(ctx, ticket.requesterUserId, {
        type: event.kind === 'reply' ? 'info' : event.status === 'resolved' ? 'success' : 'info',
        message:
          event.kind === 'reply'
            ? `Support replied on ${ticket.reference}: ${ticket.subject}`
            : `${ticket.reference} is now ${TICKET_STATUS_LABELS[event.status].toLowerCase()}: ${ticket.subject}`,
      });
    }
    const url = await freshAccessLink(ctx, ticket);
    const facts = { to: ticket.requesterEmail, name: ticket.requesterName, reference: ticket.reference, subject: ticket.subject, url };
    await sendMailSafely(
      ctx.ports.mailer,
      event.kind === 'reply' ? ticketEmails.staffReply({ ...facts, body: event.body, status: event.status }) : ticketEmails.statusChanged({ ...facts, status: event.status, ...(event.mergedInto ? { mergedInto: event.mergedInto } : {}) }),
    );
  } catch (error) {
    // The reply is stored: the requester still reads it in the console or from the next email.
    logError(`Telling the requester of ${ticket.reference} failed`, error);
  }
}

async function tellAssignee(ctx: Context, ticket: Ticket, body: string, customer: string) {
  if (!ticket.assigneeUserId) return;
  try {
    const [person] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, ticket.assigneeUserId)).limit(1);
    if (!person) return;
    await notify(ctx, ticket.assigneeUserId, { type: 'info', message: `${customer} replied on ${ticket.reference}: ${ticket.subject}` });
    await sendMailSafely(
      ctx.ports.mailer,
      ticketEmails.customerReplied({ to: person.email, name: person.name, reference: ticket.reference, subject: ticket.subject, url: `${ctx.request.appUrl}/officers/incident-tickets?ticket=${ticket.id}`, body, customer }),
    );
  } catch (error) {
    logError(`Telling the assignee of ${ticket.reference} failed`, error);
  }
}

/** The ticket's state after a customer writes: support owes the next move. */
function afterCustomerMessage(ticket: Ticket, targets: SlaTargets, now: number): Partial<Ticket> {
  if (ticket.status === 'resolved' || ticket.status === 'closed') {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: ticket.mergedIntoId ? 'This ticket was merged into another one: reply there.' : `This ticket is ${ticket.status}. Reopen it to reply.`,
    });
  }
  if (ticket.firstRespondedAt === null) return { status: 'open' };
  return { status: 'awaiting_support', nextUpdateDueAt: addSupportMinutes(now, targets.update[ticket.severity], targets.hours) };
}

async function customerWrites(ctx: Context, ticket: Ticket, author: { userId: string | null; name: string }, body: string, files: CheckedFile[]) {
  const now = ctx.ports.clock.now();
  const patch = afterCustomerMessage(ticket, await targetsFor(ctx.db, ticket.organizationId), now);
  const text = body || (files.length === 1 ? 'Attached a file.' : `Attached ${files.length} files.`);
  // A customer's files count against their organisation's storage quota (staff files do not).
  if (ticket.organizationId && files.length > 0) await assertStorageLeft(ctx, ticket.organizationId, files);
  await writeMessage(ctx, ticket, { kind: 'reply', author: { ...author, staff: false }, body: text, files }, patch, [], ticket.organizationId ?? undefined);
  await tellAssignee(ctx, ticket, text, author.name);
}

// ---------------------------------------------------------------------------------------------
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
async function attachmentFile(ctx: Context, ticketId: string, attachmentId: string, internal: boolean) {
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

// ---------------------------------------------------------------------------------------------
// Visitors

export async function submitPublicTicket(ctx: Context, input: z.output<typeof publicSubmitInput>) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `ticket:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.leadPerAddress, now);
  await consumeRateLimit(ctx.db, `ticket:email:${input.email}`, RATE_LIMITS.leadPerEmail, now);
  const targets = await targetsFor(ctx.db, null);
  await assertSeverityOffered(ctx.db, targets, input.severity);
  const token = randomToken(32);
  const reference = await newReference(ctx.db);
  await ctx.db.insert(tickets).values({
    id: newTicketId(),
    reference,
    organizationId: null,
    requesterUserId: null,
    requesterEmail: input.email,
    requesterName: input.name,
    category: input.category,
    severity: input.severity,
    subject: input.subject,
    description: input.description,
    status: 'open',
    supportPlanId: targets.planId,
    // Restarted at confirmation: staff cannot answer what they cannot see.
    firstResponseDueAt: addSupportMinutes(now, responseMinutes(targets, input.severity), targets.hours),
    confirmation: 'unconfirmed',
    confirmTokenHash: await sha256Hex(token),
    confirmTokenExpiresAt: now + PUBLIC_CONFIRM_TTL_MS,
    createdAt: now,
    updatedAt: now,
  });
  await sendMailSafely(
    ctx.ports.mailer,
    ticketEmails.confirmPublic({ to: input.email, name: input.name, reference, subject: input.subject, url: `${ctx.request.appUrl}/track-ticket`, confirmUrl: `${ctx.request.appUrl}/track-ticket#confirm=${token}` }),
  );
  return { reference, confirmationSent: true as const };
}

export async function confirmPublicTicket(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  const [pending] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.confirmTokenHash, await sha256Hex(token)), eq(tickets.confirmation, 'unconfirmed'), gt(tickets.confirmTokenExpiresAt, now)))
    .limit(1);
  if (!pending) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This confirmation link is invalid or has expired. Send your request again to get a new one.' });
  const targets = await targetsFor(ctx.db, null);
  const accessToken = randomToken(32);
  const [confirmed] = await ctx.db
    .update(tickets)
    .set({
      confirmation: 'confirmed',
      confirmTokenHash: null,
      confirmTokenExpiresAt: null,
      accessTokenHash: await sha256Hex(accessToken),
      firstResponseDueAt: addSupportMinutes(now, responseMinutes(targets, pending.severity), targets.hours),
      updatedAt: now,
    })
    // Of two clicks on the same link, one confirms.
    .where(and(eq(tickets.id, pending.id), eq(tickets.confirmation, 'unconfirmed')))
    .returning({ reference: tickets.reference });
  if (!confirmed) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This confirmation link is invalid or has expired. Send your request again to get a new one.' });
  return { reference: confirmed.reference, confirmed: true as const, accessToken };
}

async function publicDetail(ctx: Context, ticket: Ticket, canReply: boolean) {
  const { cluster: _cluster, reopenableUntil: _until, ...detail } = await customerDetail(ctx, eq(tickets.id, ticket.id));
  return { ...detail, canReply };
}

export async function trackTicket(ctx: Context, input: { reference: string; email: string }) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `ticket-track:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.emailLinkPerAddress, now);
  // Public tickets only: a member's ticket belongs to the organisation and is read signed in.
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.reference, input.reference), eq(tickets.requesterEmail, input.email), isNull(tickets.organizationId), eq(tickets.confirmation, 'confirmed')))
    .limit(1);
  if (!ticket) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `No confirmed ticket ${input.reference} for this email. If you just sent it, confirm it with the link we emailed you.` });
  }
  return publicDetail(ctx, ticket, false);
}

async function ticketByAccessToken(ctx: Context, token: string) {
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.accessTokenHash, await sha256Hex(token)), isNull(tickets.organizationId)))
    .limit(1);
  if (!ticket) throw new TRPCError({ code: 'NOT_FOUND', message: 'This ticket link is invalid or was replaced by a newer email. Use the link in the latest email about your ticket.' });
  return ticket;
}

export async function ticketByLink(ctx: Context, token: string) {
  return publicDetail(ctx, await ticketByAccessToken(ctx, token), true);
}

export async function publicReply(ctx: Context, token: string, body: string) {
  const ticket = await ticketByAccessToken(ctx, token);
  await customerWrites(ctx, ticket, { userId: null, name: ticket.requesterName }, body, []);
  return ticketByLink(ctx, token);
}

export async function publicAttachment(ctx: Context, token: string, attachmentId: string) {
  const ticket = await ticketByAccessToken(ctx, token);
  return attachmentFile(ctx, ticket.id, attachmentId, false);
}

// ---------------------------------------------------------------------------------------------
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
