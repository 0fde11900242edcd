/**
 * Catalogue changes waiting for a second person (issue 29, ADR 27). A catalogue call refused with
 * 412 by the four-eyes rule (./four-eyes.ts) is filed here with the requester's reason: the same
 * call and input, probed first so that only a change that does need an approval is filed, with
 * what it does and why. An administrator other than the requester approves it (the call is then
 * made, carrying the approval, and audited with both people) or refuses it with a reason. The
 * approval claims the request with a conditional UPDATE before the call, so two approvals at once
 * make the change once; a call that then fails (the item changed meanwhile) gives the request back.
 */
import { catalogueChangeRequests, newId, users, type CatalogueChangeKind, type CatalogueChangeRequest } from '@kubemarket/db';
import { pick } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { claimDecision, decisionView, fileRequest, pendingFirst, pendingRequestRow, rejectRequest, type RequestNames, requestToDecide } from '../../platform/approval-requests';
import { auditInsert } from '../../platform/audit';
import { ApprovalProbe, readOnly, type Approval } from './four-eyes';
import {
  addonUpdateInput,
  flavorUpdateInput,
  planUpdateInput,
  promotionCreateInput,
  promotionUpdateInput,
  supportUpdateInput,
  tierUpdateInput,
  type CHANGE_REQUEST_PROCEDURES,
  type changeRequestCreateInput,
  type changeRequestDecideInput,
} from './schemas';
import * as catalogAdmin from './service';
import type { Staff } from './service';

interface Change {
  kind: CatalogueChangeKind;
  parse(input: unknown): { success: true; data: unknown } | { success: false; error: z.ZodError };
  subject(input: never): string;
  run(ctx: Staff, input: never): Promise<unknown>;
}

const change = <S extends z.ZodType>(kind: CatalogueChangeKind, schema: S, subject: (input: z.output<S>) => string, run: (ctx: Staff, input: z.output<S>) => Promise<unknown>): Change => ({
  kind,
  parse: (input) => schema.safeParse(input) as ReturnType<Change['parse']>,
  subject: subject as Change['subject'],
  run: run as Change['run'],
});

/** The catalogue calls a request may carry: the ones a four-eyes rule can refuse. */
export const CHANGES = {
  'catalogAdmin.clusterTiers.update': change('price_change', tierUpdateInput, (input) => `cluster_tier:${input.id}`, catalogAdmin.updateTier),
  'catalogAdmin.nodeFlavors.update': change('price_change', flavorUpdateInput, (input) => `node_flavor:${input.id}`, catalogAdmin.updateFlavor),
  'catalogAdmin.addons.update': change('price_change', addonUpdateInput, (input) => `addon:${input.id}`, catalogAdmin.updateAddon),
  'catalogAdmin.middlewarePlans.update': change('price_change', planUpdateInput, (input) => `middleware_plan:${input.id}`, catalogAdmin.updatePlan),
  'catalogAdmin.supportPlans.update': change('price_change', supportUpdateInput, (input) => `support_plan:${input.id}`, catalogAdmin.updateSupportPlan),
  'catalogAdmin.promotions.create': change('promotion_create', promotionCreateInput, (input) => `promotion:${input.code}`, catalogAdmin.createPromotion),
  'catalogAdmin.promotions.update': change('promotion_update', promotionUpdateInput, (input) => `promotion:${input.code.trim().toUpperCase()}`, catalogAdmin.updatePromotion),
  'catalogAdmin.promotions.restore': change(
    'promotion_update',
    promotionUpdateInput.pick({ code: true }),
    (input) => `promotion:${input.code.trim().toUpperCase()}`,
    (ctx, input) => catalogAdmin.restorePromotion(ctx, input.code),
  ),
} as const satisfies Record<(typeof CHANGE_REQUEST_PROCEDURES)[number], Change>;

export type ChangeProcedure = keyof typeof CHANGES;

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export function changeRequestView(row: CatalogueChangeRequest & { requesterName?: string | null; deciderName?: string | null }) {
  return {
    ...pick(row, ['id', 'kind', 'procedure', 'subject', 'input', 'summary', 'limitReason', 'reason']),
    ...decisionView(row),
    deciderName: row.deciderName ?? null,
  };
}

/** The change as the catalogue would make it, found out without writing anything. */
async function probe(ctx: Staff, entry: Change, input: unknown) {
  const probing: Staff = { ...ctx, db: readOnly(ctx.db), approval: { kind: 'probe' } satisfies Approval };
  try {
    await entry.run(probing, input as never);
  } catch (error) {
    if (error instanceof ApprovalProbe) return error.outcome;
    throw error;
  }
  throw new Error('A catalogue call carried by a change request never asked the four-eyes rule.');
}

/** POST /api/admin/catalog/change-requests: files a change the catalogue refused with 412, for another administrator. */
export async function requestChange(ctx: Staff, input: z.output<typeof changeRequestCreateInput>) {
  const entry: Change = CHANGES[input.procedure];
  const parsed = entry.parse(input.input);
  if (!parsed.success) throw badRequest(`The change is not valid: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
  const outcome = await probe(ctx, entry, parsed.data);
  if (!outcome) throw badRequest('This change needs no approval: save it directly.');
  const now = ctx.ports.clock.now();
  const request = {
    id: newId('catalogueChangeRequest'),
    kind: entry.kind,
    procedure: input.procedure,
    subject: entry.subject(parsed.data as never),
    input: parsed.data as Record<string, unknown>,
    summary: outcome.summary,
    limitReason: outcome.limitReason,
    reason: input.reason,
    ...pendingRequestRow(ctx.user.id, now),
  };
  await fileRequest(
    ctx,
    catalogueChangeRequests,
    request,
    now,
    {
      action: 'catalog.change_requested',
      targetType: 'catalogue_change_request',
      targetId: request.id,
      metadata: { procedure: request.procedure, subject: request.subject, summary: request.summary, limitReason: request.limitReason, reason: request.reason },
    },
    'A change of this item already awaits approval: have it decided first.',
  );
  return changeRequestView({ ...request, requesterName: ctx.user.name });
}

async function rowsWhere(ctx: Staff, where: SQL | undefined) {
  const deciderName = sql<string | null>`(SELECT name FROM users WHERE id = ${catalogueChangeRequests.decidedBy})`;
  const rows = await ctx.db
    .select({ request: catalogueChangeRequests, requesterName: users.name, deciderName })
    .from(catalogueChangeRequests)
    .leftJoin(users, eq(users.id, catalogueChangeRequests.requestedBy))
    .where(where)
    .orderBy(...pendingFirst(catalogueChangeRequests))
    .limit(100);
  return rows.map((row) => changeRequestView({ ...row.request, requesterName: row.requesterName, deciderName: row.deciderName }));
}

/** GET /api/admin/catalog/change-requests: pending first, newest first. */
export function listChangeRequests(ctx: Staff, input: { status?: CatalogueChangeRequest['status'] | undefined }) {
  return rowsWhere(ctx, input.status ? eq(catalogueChangeRequests.status, input.status) : undefined);
}

const CHANGE_REQUEST: RequestNames = { request: 'change request', subject: 'change' };

async function view(ctx: Staff, id: string) {
  const [row] = await rowsWhere(ctx, eq(catalogueChangeRequests.id, id));
  return row!;
}

/** POST /api/admin/catalog/change-requests/{id}/approve: another administrator approves; the change is made once. */
export async function approveChange(ctx: Staff, input: z.output<typeof changeRequestDecideInput>) {
  const request = await requestToDecide(ctx.db, catalogueChangeRequests, CHANGE_REQUEST, input.id, ctx.user.id);
  const entry: Change | undefined = CHANGES[request.procedure as ChangeProcedure];
  if (!entry) throw new TRPCError({ code: 'CONFLICT', message: 'This change request names a catalogue call that no longer exists: refuse it.' });
  const now = ctx.ports.clock.now();
  const decided = { status: 'approved' as const, decidedBy: ctx.user.id, decidedAt: now, decisionReason: input.reason ?? null };
  await claimDecision(ctx.db, catalogueChangeRequests, CHANGE_REQUEST, request.id, decided);
  const parsed = entry.parse(request.input);
  try {
    if (!parsed.success) throw badRequest('The stored change is no longer valid.');
    await entry.run({ ...ctx, approval: { kind: 'approved', requestId: request.id, requestedBy: request.requestedBy } }, parsed.data as never);
  } catch (error) {
    // Not made (the item changed meanwhile, a code was taken): the request is pending again.
    await ctx.db
      .update(catalogueChangeRequests)
      .set({ status: 'pending', decidedBy: null, decidedAt: null, decisionReason: null })
      .where(and(eq(catalogueChangeRequests.id, request.id), eq(catalogueChangeRequests.decidedAt, now), eq(catalogueChangeRequests.decidedBy, ctx.user.id)));
    throw error;
  }
  await ctx.db.batch([
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        action: 'catalog.change_approved',
        targetType: 'catalogue_change_request',
        targetId: request.id,
        ipAddress: ctx.request.ipAddress,
        metadata: { procedure: request.procedure, subject: request.subject, summary: request.summary, requestedBy: request.requestedBy, reason: input.reason ?? null },
      },
      now,
    ),
  ]);
  return view(ctx, request.id);
}

/** POST /api/admin/catalog/change-requests/{id}/reject: another administrator refuses it, with a reason. */
export async function rejectChange(ctx: Staff, input: z.output<typeof changeRequestDecideInput>) {
  const claimed = await rejectRequest(ctx, catalogueChangeRequests, CHANGE_REQUEST, input, (request, reason) => ({
    action: 'catalog.change_rejected',
    targetType: 'catalogue_change_request',
    targetId: request.id,
    metadata: { procedure: request.procedure, subject: request.subject, summary: request.summary, requestedBy: request.requestedBy, reason },
  }));
  return view(ctx, claimed.id);
}
