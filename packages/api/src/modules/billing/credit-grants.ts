/**
 * Staff credits under four eyes (issue 29, ADR 25). An administrator grants a credit alone up to
 * STAFF_CREDIT_LIMITS.alonePerGrantCents, and up to alonePerMonthCents of their own grants in the
 * calendar month (UTC); above either, the credit waits in credit_requests for another
 * administrator. Nothing is granted above ceilingPerGrantCents. Both limits are arbitrated by the
 * database: the credit is inserted by one `INSERT … SELECT … WHERE` that sums the month's grants,
 * so parallel grants cannot slip past the monthly amount; an approval claims its request with a
 * conditional UPDATE and creates the credit under the request's own id, so it happens once.
 * Every step is audited with who, what, how much and why.
 */
import { creditRequests, newId, organizations, users, type CreditRequest } from '@kubemarket/db';
import { pick, STAFF_CREDIT_LIMITS, utcMonthStart } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { decidedMeanwhile, decisionView, fileRequest, pendingFirst, pendingRequestRow, pendingWithId, rejectRequest, type RequestNames, requestToDecide } from '../../platform/approval-requests';
import { auditInsert } from '../../platform/audit';
import { euros } from '@kubemarket/shared';
import type { decideCreditRequestInput, grantCreditInput } from './schemas';
import type { SignedInContext } from '../../trpc';

type Staff = SignedInContext;
type GrantCreditInput = z.output<typeof grantCreditInput>;

function creditView(row: { id: string; organizationId: string; origin: CreditRequest['origin']; description: string; amountCents: number; expiresAt: number | null }, createdAt: number) {
  return { id: row.id, organizationId: row.organizationId, origin: row.origin, description: row.description, amountCents: row.amountCents, remainingCents: row.amountCents, expiresAt: row.expiresAt, createdAt };
}

export function requestView(row: CreditRequest & { organizationName?: string | null; requesterName?: string | null }) {
  return {
    ...pick(row, ['id', 'organizationId', 'origin', 'description', 'amountCents', 'expiresAt', 'limitReason']),
    organizationName: row.organizationName ?? null,
    ...decisionView(row),
  };
}

/** A credit id for a request's credit: the same random part, so approving twice cannot create two. */
const creditIdOf = (requestId: string) => `crd_${requestId.slice('crq_'.length)}`;

/** POST /api/admin/organizations/{id}/credits: granted now when within the administrator's limits, else awaiting approval. */
export async function grantCredit(ctx: Staff, input: GrantCreditInput) {
  const now = ctx.ports.clock.now();
  const [organization] = await ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, input.id));
  if (!organization) throw new TRPCError({ code: 'NOT_FOUND', message: 'This organisation does not exist.' });
  if (input.expiresAt != null && input.expiresAt <= now) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The expiry must be in the future.' });
  if (input.amountCents > STAFF_CREDIT_LIMITS.ceilingPerGrantCents) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `A credit is at most ${euros(STAFF_CREDIT_LIMITS.ceilingPerGrantCents)}, even with a second approval.` });
  }
  const expiresAt = input.expiresAt ?? null;
  const what = { amountCents: input.amountCents, origin: input.origin, description: input.description, expiresAt };

  if (input.amountCents <= STAFF_CREDIT_LIMITS.alonePerGrantCents) {
    // Within the monthly amount, checked and inserted in one statement.
    const id = newId('credit');
    const inserted = await ctx.db.all<{ id: string }>(sql`
      INSERT INTO credits (id, organization_id, origin, description, amount_cents, remaining_cents, expires_at, created_by, created_at)
      SELECT ${id}, ${organization.id}, ${input.origin}, ${input.description}, ${input.amountCents}, ${input.amountCents}, ${expiresAt}, ${ctx.user.id}, ${now}
      WHERE (SELECT coalesce(sum(amount_cents), 0) FROM credits WHERE created_by = ${ctx.user.id} AND created_at >= ${utcMonthStart(now)}) + ${input.amountCents} <= ${STAFF_CREDIT_LIMITS.alonePerMonthCents}
      RETURNING id`);
    if (inserted.length > 0) {
      await ctx.db.batch([
        auditInsert(
          ctx.db,
          { actorUserId: ctx.user.id, action: 'billing.credit_granted', targetType: 'organization', targetId: organization.id, ipAddress: ctx.request.ipAddress, metadata: { creditId: id, ...what } },
          now,
        ),
      ]);
      return { status: 'granted' as const, credit: creditView({ id, organizationId: organization.id, ...what }, now), request: null };
    }
  }

  const limitReason =
    input.amountCents > STAFF_CREDIT_LIMITS.alonePerGrantCents
      ? `Above ${euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)}, the most one administrator grants alone.`
      : `It takes ${ctx.user.name}'s grants this month above ${euros(STAFF_CREDIT_LIMITS.alonePerMonthCents)}, the most one administrator grants alone in a month.`;
  const request = {
    id: newId('creditRequest'),
    organizationId: organization.id,
    origin: input.origin,
    description: input.description,
    amountCents: input.amountCents,
    expiresAt,
    limitReason,
    ...pendingRequestRow(ctx.user.id, now),
  };
  await fileRequest(ctx, creditRequests, request, now, { action: 'billing.credit_requested', targetType: 'organization', targetId: organization.id, metadata: { requestId: request.id, limitReason, ...what } });
  return { status: 'awaiting_approval' as const, credit: null, request: requestView({ ...request, organizationName: organization.name, requesterName: ctx.user.name }) };
}

/** GET /api/admin/credit-requests: the requests, pending first, newest first. */
export async function listCreditRequests(ctx: Staff, input: { status?: CreditRequest['status'] | undefined }) {
  const rows = await ctx.db
    .select({ request: creditRequests, organizationName: organizations.name, requesterName: users.name })
    .from(creditRequests)
    .leftJoin(organizations, eq(organizations.id, creditRequests.organizationId))
    .leftJoin(users, eq(users.id, creditRequests.requestedBy))
    .where(input.status ? eq(creditRequests.status, input.status) : undefined)
    .orderBy(...pendingFirst(creditRequests))
    .limit(100);
  return rows.map((row) => requestView({ ...row.request, organizationName: row.organizationName, requesterName: row.requesterName }));
}

const CREDIT_REQUEST: RequestNames = { request: 'credit request', subject: 'credit' };

type DecideInput = z.output<typeof decideCreditRequestInput>;

/** POST /api/admin/credit-requests/{id}/approve: another administrator approves; the credit is granted once. */
export async function approveCreditRequest(ctx: Staff, input: DecideInput) {
  const request = await requestToDecide(ctx.db, creditRequests, CREDIT_REQUEST, input.id, ctx.user.id);
  const now = ctx.ports.clock.now();
  const creditId = creditIdOf(request.id);
  // The request is claimed and the credit created in one batch (one transaction): the credit is
  // inserted only if this decision claimed the request, so a parallel approval grants nothing.
  const [claimed] = await ctx.db.batch([
    ctx.db
      .update(creditRequests)
      .set({ status: 'approved', decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason ?? null })
      .where(pendingWithId(creditRequests, request.id))
      .returning({ id: creditRequests.id }),
    ctx.db.run(sql`
      INSERT INTO credits (id, organization_id, origin, description, amount_cents, remaining_cents, expires_at, created_by, created_at)
      SELECT ${creditId}, organization_id, origin, description, amount_cents, amount_cents, expires_at, requested_by, ${now}
      FROM credit_requests WHERE id = ${request.id} AND status = 'approved' AND decided_by = ${ctx.user.id} AND decided_at = ${now}
      ON CONFLICT (id) DO NOTHING`),
  ]);
  if (claimed.length === 0) throw decidedMeanwhile(CREDIT_REQUEST);
  await ctx.db.batch([
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        action: 'billing.credit_approved',
        targetType: 'organization',
        targetId: request.organizationId,
        ipAddress: ctx.request.ipAddress,
        metadata: { requestId: request.id, creditId, requestedBy: request.requestedBy, amountCents: request.amountCents, origin: request.origin, description: request.description, reason: input.reason ?? null },
      },
      now,
    ),
  ]);
  const [row] = await ctx.db.select().from(creditRequests).where(eq(creditRequests.id, request.id)).limit(1);
  return { request: requestView(row!), credit: creditView({ id: creditId, organizationId: request.organizationId, origin: request.origin, description: request.description, amountCents: request.amountCents, expiresAt: request.expiresAt }, now) };
}

/** POST /api/admin/credit-requests/{id}/reject: another administrator refuses it, with a reason. */
export async function rejectCreditRequest(ctx: Staff, input: DecideInput) {
  const claimed = await rejectRequest(ctx, creditRequests, CREDIT_REQUEST, input, (request, reason) => ({
    action: 'billing.credit_rejected',
    targetType: 'organization',
    targetId: request.organizationId,
    metadata: { requestId: request.id, requestedBy: request.requestedBy, amountCents: request.amountCents, reason },
  }));
  return { request: requestView(claimed) };
}
