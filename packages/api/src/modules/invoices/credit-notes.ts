/**
 * Credit notes under four eyes (issue 29, ADR 26): an administrator corrects an invoice of up to
 * STAFF_CREDIT_LIMITS.alonePerGrantCents alone; a larger one waits in credit_note_requests (one
 * pending per invoice) until another administrator approves it, which issues the credit note, or
 * refuses it with a reason. Every step is audited.
 */
import { creditNoteRequests, invoices, newId, users, type CreditNoteRequest } from '@kubemarket/db';
import { STAFF_CREDIT_LIMITS } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { claimDecision, decisionView, fileRequest, pendingFirst, pendingRequestRow, rejectRequest, type RequestNames, requestToDecide } from '../../platform/approval-requests';
import { euros } from '@kubemarket/shared';
import { getInvoice, invoiceView, issueCreditNote } from './service';
import type { SignedInContext } from '../../trpc';

type Staff = SignedInContext;

function requestView(row: CreditNoteRequest & { number?: string | null; requesterName?: string | null }) {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    invoiceNumber: row.number ?? null,
    organizationId: row.organizationId,
    amountCents: row.amountCents,
    reason: row.reason,
    ...decisionView(row),
    creditNoteId: row.creditNoteId,
  };
}

/** invoices.creditNote: issued now when the invoice is within one administrator's amount, else awaiting approval. */
export async function correctInvoice(ctx: Staff, input: { id: string; reason: string }) {
  const now = ctx.ports.clock.now();
  const { invoice } = await getInvoice(ctx.db, null, input.id);
  if (Math.abs(invoice.totalCents) <= STAFF_CREDIT_LIMITS.alonePerGrantCents || invoice.kind !== 'invoice' || invoice.status === 'void') {
    const note = await issueCreditNote(ctx.db, { invoiceId: input.id, reason: input.reason, staffUserId: ctx.user.id, now, ipAddress: ctx.request.ipAddress });
    return { status: 'issued' as const, creditNote: note, request: null };
  }
  const [existing] = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.correctsInvoiceId, invoice.id)).limit(1);
  if (existing) throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} already has a credit note.` });
  const request = {
    id: newId('creditNoteRequest'),
    invoiceId: invoice.id,
    organizationId: invoice.organizationId,
    amountCents: invoice.totalCents,
    reason: input.reason,
    ...pendingRequestRow(ctx.user.id, now),
    creditNoteId: null,
  };
  await fileRequest(
    ctx,
    creditNoteRequests,
    request,
    now,
    {
      action: 'invoice.credit_note_requested',
      organizationId: invoice.organizationId,
      targetType: 'invoice',
      targetId: invoice.id,
      metadata: { requestId: request.id, number: invoice.number, amountCents: invoice.totalCents, reason: input.reason },
    },
    `A credit note for invoice ${invoice.number} already awaits approval.`,
  );
  return {
    status: 'awaiting_approval' as const,
    creditNote: null,
    request: {
      ...requestView({ ...request, number: invoice.number, requesterName: ctx.user.name }),
      limitReason: `Above ${euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)}, the most one administrator corrects alone.`,
    },
  };
}

export async function listCreditNoteRequests(ctx: Staff) {
  const rows = await ctx.db
    .select({ request: creditNoteRequests, number: invoices.number, requesterName: users.name })
    .from(creditNoteRequests)
    .leftJoin(invoices, eq(invoices.id, creditNoteRequests.invoiceId))
    .leftJoin(users, eq(users.id, creditNoteRequests.requestedBy))
    .orderBy(...pendingFirst(creditNoteRequests))
    .limit(100);
  return rows.map((row) => requestView({ ...row.request, number: row.number, requesterName: row.requesterName }));
}

const CREDIT_NOTE_REQUEST: RequestNames = { request: 'credit note request', subject: 'credit note' };

const pending = (ctx: Staff, id: string) => requestToDecide(ctx.db, creditNoteRequests, CREDIT_NOTE_REQUEST, id, ctx.user.id, interrupted);

/**
 * Approved, but its credit note was never recorded: the approval stopped between its claim and the
 * note (the Worker was stopped, the database failed). Approving it again finishes it.
 */
const interrupted = (request: CreditNoteRequest) => request.status === 'approved' && request.creditNoteId === null;

/** The credit note of a request: the same random part, so finishing an approval twice issues one. */
const creditNoteIdOf = (requestId: string) => `inv_${requestId.slice('cnr_'.length)}`;

/**
 * Another administrator approves: the request is claimed once (a conditional UPDATE), then the
 * credit note is issued under an id derived from the request's (once per invoice). An approval
 * that stopped after its claim is finished by approving again: the note is issued, or found if it
 * was issued before the stop, and linked.
 */
export async function approveCreditNote(ctx: Staff, input: { id: string; reason?: string | undefined }) {
  const request = await pending(ctx, input.id);
  const now = ctx.ports.clock.now();
  let decided: CreditNoteRequest;
  if (request.status === 'pending') {
    decided = await claimDecision(ctx.db, creditNoteRequests, CREDIT_NOTE_REQUEST, request.id, { status: 'approved', decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason ?? null });
  } else {
    decided = request;
  }
  const noteId = creditNoteIdOf(request.id);
  const issued = async () => {
    const [note] = await ctx.db.select().from(invoices).where(eq(invoices.id, noteId)).limit(1);
    return note ? invoiceView(note) : null;
  };
  const finish = async (note: ReturnType<typeof invoiceView>) => {
    await ctx.db.update(creditNoteRequests).set({ creditNoteId: note.id }).where(eq(creditNoteRequests.id, request.id));
    return { request: requestView({ ...decided, creditNoteId: note.id }), creditNote: note };
  };
  try {
    return await finish((await issued()) ?? (await issueCreditNote(ctx.db, { id: noteId, invoiceId: request.invoiceId, reason: request.reason, staffUserId: request.requestedBy, approvedBy: decided.decidedBy ?? ctx.user.id, now, ipAddress: ctx.request.ipAddress })));
  } catch (error) {
    if (!(error instanceof TRPCError && error.code === 'CONFLICT')) throw error;
    // Finished meanwhile by a parallel approval of this request: its note is this request's.
    const note = await issued();
    if (note) return finish(note);
    // The invoice was corrected or voided by something else: the request cannot be carried out.
    await ctx.db
      .update(creditNoteRequests)
      .set({ status: 'rejected', decisionReason: error.message })
      .where(and(eq(creditNoteRequests.id, request.id), isNull(creditNoteRequests.creditNoteId)));
    throw error;
  }
}

export async function rejectCreditNote(ctx: Staff, input: { id: string; reason?: string | undefined }) {
  const claimed = await rejectRequest(
    ctx,
    creditNoteRequests,
    CREDIT_NOTE_REQUEST,
    input,
    (request, reason) => ({
      action: 'invoice.credit_note_rejected',
      organizationId: request.organizationId,
      targetType: 'invoice',
      targetId: request.invoiceId,
      metadata: { requestId: request.id, requestedBy: request.requestedBy, amountCents: request.amountCents, reason },
    }),
    interrupted,
  );
  return { request: requestView(claimed) };
}

