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
  type TicketMessageKind,
  type TicketSeverity,
  type TicketStatus,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { logError } from '../../platform/log';
import { sendMailSafely } from '../../platform/mailer';
import { insertRowsAsJson } from '../../platform/json-rows';
import { notify } from '../../platform/notify';
import { SETTLED_ORDER_STATUSES } from '../invoices';
import { checkAttachment, type CheckedFile } from './attachments';
import { ticketEmails, TICKET_STATUS_LABELS } from './emails';
import { addSupportMinutes, DEFAULT_TARGETS, offersP1, targetsOf, type SlaTargets } from './sla';
import { newAttachmentId, newMessageId, runBatch, type Statement, type UploadedFile } from './service-common';

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
export async function p1UpgradePlan(db: Database) {
  const [plan] = await db
    .select({ id: supportPlans.id, name: supportPlans.name })
    .from(supportPlans)
    .where(and(isNull(supportPlans.archivedAt), isNotNull(supportPlans.p1ResponseMinutes)))
    .orderBy(asc(supportPlans.sortOrder))
    .limit(1);
  return plan ?? null;
}

export async function assertSeverityOffered(db: Database, targets: SlaTargets, severity: TicketSeverity) {
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

// Shared writes

export async function newReference(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const digits = attempt < 10 ? 5 : 8;
    const value = crypto.getRandomValues(new Uint32Array(1))[0]! % (9 * 10 ** (digits - 1));
    const reference = `KM-T-${10 ** (digits - 1) + value}`;
    if ((await db.$count(tickets, eq(tickets.reference, reference))) === 0) return reference;
  }
  throw new Error('No free ticket reference');
}

export function messageInsert(db: Database, ticketId: string, kind: TicketMessageKind, author: { userId: string | null; name: string; staff: boolean }, body: string, now: number, id = newMessageId()) {
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
export function checkFiles(files: UploadedFile[] | undefined): CheckedFile[] {
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
export async function writeMessage(
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
export async function tellRequester(ctx: Context, ticket: Ticket, event: { kind: 'reply'; body: string; status: TicketStatus } | { kind: 'status'; status: TicketStatus; mergedInto?: string }) {
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

export async function tellAssignee(ctx: Context, ticket: Ticket, body: string, customer: string) {
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

export async function customerWrites(ctx: Context, ticket: Ticket, author: { userId: string | null; name: string }, body: string, files: CheckedFile[]) {
  const now = ctx.ports.clock.now();
  const patch = afterCustomerMessage(ticket, await targetsFor(ctx.db, ticket.organizationId), now);
  const text = body || (files.length === 1 ? 'Attached a file.' : `Attached ${files.length} files.`);
  // A customer's files count against their organisation's storage quota (staff files do not).
  if (ticket.organizationId && files.length > 0) await assertStorageLeft(ctx, ticket.organizationId, files);
  await writeMessage(ctx, ticket, { kind: 'reply', author: { ...author, staff: false }, body: text, files }, patch, [], ticket.organizationId ?? undefined);
  await tellAssignee(ctx, ticket, text, author.name);
}
