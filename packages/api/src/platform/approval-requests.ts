import type { catalogueChangeRequests, creditNoteRequests, creditRequests} from '@kubemarket/db';
import { type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import type { Ports } from '../context';
import { auditInsert, type AuditEvent } from './audit';
import { isUniqueViolation } from './db-errors';
import { and, desc, eq, sql } from 'drizzle-orm';

/**
 * Requests under four eyes (ADR 25, 26, 27: staff credits, credit notes, catalogue changes): what
 * one administrator may not do alone waits as a pending row until another administrator approves
 * or refuses it. The row's decision columns, the order staff list them in, the checks before a
 * decision and the claim of a decision are the same for every kind; what the request carries out
 * stays with its module.
 */

type RequestTable = typeof creditRequests | typeof creditNoteRequests | typeof catalogueChangeRequests;
type Decision = { status: 'approved' | 'rejected'; decidedBy: string; decidedAt: number; decisionReason: string | null };

/** How a kind of request is named in its refusals: `No ${request} has this id.`, `… a ${subject} you asked for.` */
export interface RequestNames {
  request: string;
  subject: string;
}

/** The columns of a request filed now: pending, undecided. */
export function pendingRequestRow(requestedBy: string, now: number) {
  return { requestedBy, status: 'pending' as const, decidedBy: null, decidedAt: null, decisionReason: null, createdAt: now };
}

/** Who asked for a request and how it was decided, as staff read it. */
export function decisionView<Row extends Pick<RequestTable['$inferSelect'], 'requestedBy' | 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'createdAt'> & { requesterName?: string | null }>(row: Row) {
  return {
    requestedBy: row.requestedBy,
    requesterName: row.requesterName ?? null,
    status: row.status as Row['status'],
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt,
  };
}

/** The order staff read requests in: pending first, newest first. */
export function pendingFirst(table: RequestTable) {
  return [sql`${table.status} <> 'pending'`, desc(table.createdAt)] as const;
}

/**
 * The request another administrator is about to decide: it exists, is still pending (or, with
 * `resumable`, is one whose decision stopped half-way), and was not asked for by the decider.
 */
export async function requestToDecide<T extends RequestTable>(db: Database, table: T, names: RequestNames, id: string, deciderId: string, resumable?: (request: T['$inferSelect']) => boolean): Promise<T['$inferSelect']> {
  // The request tables share their id, status and requestedBy columns: one table's builder types the query.
  const requests = table as typeof creditRequests;
  const [request] = await db.select().from(requests).where(eq(requests.id, id)).limit(1);
  if (!request) throw new TRPCError({ code: 'NOT_FOUND', message: `No ${names.request} has this id.` });
  if (request.status !== 'pending' && !resumable?.(request as T['$inferSelect'])) throw new TRPCError({ code: 'CONFLICT', message: `This ${names.request} was already ${request.status}.` });
  if (request.requestedBy === deciderId) throw new TRPCError({ code: 'FORBIDDEN', message: `Another administrator must decide on a ${names.subject} you asked for.` });
  return request as T['$inferSelect'];
}

/** Records a decision on a request still pending (a conditional UPDATE), once: another decision that came first is a 409. */
export async function claimDecision<T extends RequestTable>(db: Database, table: T, names: RequestNames, id: string, decision: Decision): Promise<T['$inferSelect']> {
  const requests = table as typeof creditRequests;
  const [claimed] = await db.update(requests).set(decision).where(pendingWithId(requests, id)).returning();
  if (!claimed) throw decidedMeanwhile(names);
  return claimed as T['$inferSelect'];
}

/** The request with this id, while it is pending. */
export const pendingWithId = (table: RequestTable, id: string) => and(eq(table.id, id), eq(table.status, 'pending'));

/** The refusal when another decision claimed the request first. */
export const decidedMeanwhile = (names: RequestNames) => new TRPCError({ code: 'CONFLICT', message: `This ${names.request} was decided meanwhile.` });

/** Who files or decides: an administrator's request. */
interface Decider {
  db: Database;
  ports: Pick<Ports, 'clock'>;
  user: { id: string };
  request: { ipAddress: string | null };
}

/**
 * Another administrator refuses a request, with the reason its requester reads: checked, claimed
 * once, then audited as `audit` says of it. Answers the request as decided.
 */
export async function rejectRequest<T extends RequestTable>(
  ctx: Decider,
  table: T,
  names: RequestNames,
  input: { id: string; reason?: string | null | undefined },
  audit: (request: T['$inferSelect'], reason: string) => Omit<AuditEvent, 'actorUserId' | 'ipAddress'>,
  resumable?: (request: T['$inferSelect']) => boolean,
): Promise<T['$inferSelect']> {
  const request = await requestToDecide(ctx.db, table, names, input.id, ctx.user.id, resumable);
  if (!input.reason) throw new TRPCError({ code: 'BAD_REQUEST', message: `Say why the ${names.subject} is refused: the requester reads it.` });
  const now = ctx.ports.clock.now();
  const claimed = await claimDecision(ctx.db, table, names, request.id, { status: 'rejected', decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason });
  await ctx.db.batch([auditInsert(ctx.db, { actorUserId: ctx.user.id, ...audit(request, input.reason), ipAddress: ctx.request.ipAddress }, now)]);
  return claimed;
}

/**
 * Files a request: its pending row and the audit event of who asked, in one batch. When the table
 * allows one pending request per subject (a unique index), a second is a 409 saying `conflict`.
 */
export async function fileRequest<T extends RequestTable>(ctx: Decider, table: T, request: T['$inferInsert'], now: number, audit: Omit<AuditEvent, 'actorUserId' | 'ipAddress'>, conflict?: string): Promise<void> {
  // The request tables are inserted alike: one table's builder types the statement.
  const requests = table as typeof creditRequests;
  try {
    await ctx.db.batch([ctx.db.insert(requests).values(request as typeof creditRequests.$inferInsert), auditInsert(ctx.db, { actorUserId: ctx.user.id, ...audit, ipAddress: ctx.request.ipAddress }, now)]);
  } catch (error) {
    if (conflict === undefined || !isUniqueViolation(error)) throw error;
    throw new TRPCError({ code: 'CONFLICT', message: conflict });
  }
}
