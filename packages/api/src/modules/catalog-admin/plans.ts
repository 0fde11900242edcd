import {
  middlewarePlans,
  middlewares,
  type Database,
  type MiddlewarePlan,
} from '@kubemarket/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { giveawayAllowance } from './four-eyes';
import {
  initialPriceStatements,
  loadPrices,
  monthlyAndYearly,
  presentPriced,
  planPriceChanges,
  withPricesInEffect,
} from './prices';
import type {
  planCreateInput,
  planUpdateInput,
} from './schemas';
import { type Staff, auditChange, badRequest, changedFields, checkYearly, commit, conflict, given, nextSortOrder, notFound, pick, setArchived } from './common';
import { findMiddleware } from './middlewares';

// Middleware plans: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const PLAN_PRICES = monthlyAndYearly<MiddlewarePlan>('middleware_plan');
const PLAN_KINDS = PLAN_PRICES.map((accessor) => accessor.kind);
const PLAN_FIELDS = ['name', 'nodes', 'vcpu', 'memoryGb', 'storageGb', 'highAvailability', 'sortOrder'] as const;
const PLAN_COLUMNS = [...PLAN_FIELDS, 'monthlyPriceCents', 'yearlyPriceCents'] as const;

async function presentPlans(ctx: Staff, rows: MiddlewarePlan[]) {
  return presentPriced(ctx.db, rows, PLAN_PRICES, ctx.ports.clock.now(), () => ({ inUse: null }));
}

async function findPlan(db: Database, id: string) {
  const [row] = await db.select().from(middlewarePlans).where(eq(middlewarePlans.id, id)).limit(1);
  if (!row) throw notFound(`No middleware plan with the id ${id}.`);
  return row;
}

const planOutput = async (ctx: Staff, id: string) => (await presentPlans(ctx, [await findPlan(ctx.db, id)]))[0]!;

export async function listPlans(ctx: Staff, middlewareId?: string) {
  const rows = await ctx.db
    .select()
    .from(middlewarePlans)
    .where(middlewareId === undefined ? undefined : eq(middlewarePlans.middlewareId, middlewareId))
    .orderBy(asc(middlewarePlans.middlewareId), asc(middlewarePlans.sortOrder), asc(middlewarePlans.id));
  return presentPlans(ctx, rows);
}

function checkPlan(plan: MiddlewarePlan) {
  const sizing = [plan.nodes, plan.vcpu, plan.memoryGb];
  if (sizing.some((value) => value === null) && sizing.some((value) => value !== null)) {
    throw badRequest('Give machines, vCPU and memory together, or none of them for a service not sized in machines (object storage).');
  }
  if (plan.highAvailability && plan.nodes === 1) throw badRequest('A highly available plan needs at least 2 machines.');
  checkYearly('Plan', plan.monthlyPriceCents, plan.yearlyPriceCents);
}

export async function createPlan(ctx: Staff, input: z.infer<typeof planCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(middlewarePlans, eq(middlewarePlans.id, input.id))) > 0) throw conflict(`A middleware plan with the id ${input.id} already exists.`);
  const [middleware] = await ctx.db.select().from(middlewares).where(eq(middlewares.id, input.middlewareId)).limit(1);
  if (!middleware) throw badRequest(`Unknown middleware: ${input.middlewareId}.`);
  if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it before adding plans.`);
  const plan: MiddlewarePlan = {
    ...input,
    nodes: input.nodes ?? null,
    vcpu: input.vcpu ?? null,
    memoryGb: input.memoryGb ?? null,
    yearlyPriceCents: input.yearlyPriceCents ?? null,
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, middlewarePlans, middlewarePlans.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkPlan(plan);
  await commit(
    ctx.db,
    [
      ctx.db.insert(middlewarePlans).values(plan),
      ...initialPriceStatements(ctx.db, PLAN_PRICES, plan.id, plan, now, ctx.user.id),
      auditChange(ctx, 'middleware_plan', 'created', plan.id, { middlewareId: plan.middlewareId, values: pick(plan, PLAN_COLUMNS) }, now),
    ],
    `A middleware plan with the id ${plan.id} already exists.`,
  );
  return planOutput(ctx, plan.id);
}

export async function updatePlan(ctx: Staff, input: z.infer<typeof planUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findPlan(ctx.db, id);
  const before = withPricesInEffect(row, PLAN_PRICES, id, await loadPrices(ctx.db, PLAN_KINDS, [id]), now);
  const after = { ...before, ...given(patch) };
  checkPlan(after);
  const prices = planPriceChanges(ctx.db, { accessors: PLAN_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, PLAN_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return planOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewarePlans).set({ ...pick(prices.record, PLAN_COLUMNS), updatedAt: now }).where(eq(middlewarePlans.id, id)),
      ...prices.statements,
      auditChange(ctx, 'middleware_plan', 'updated', id, { middlewareId: row.middlewareId, changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
  );
  return planOutput(ctx, id);
}

/** Refused for the last plan on sale of a middleware on sale: archive the middleware instead. */
export async function archivePlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findPlan(ctx.db, id);
  if (plan.archivedAt !== null) return planOutput(ctx, id);
  const middleware = await findMiddleware(ctx.db, plan.middlewareId);
  const others = await ctx.db.$count(middlewarePlans, and(eq(middlewarePlans.middlewareId, middleware.id), isNull(middlewarePlans.archivedAt), ne(middlewarePlans.id, id)));
  if (middleware.archivedAt === null && others === 0) {
    throw badRequest(`${plan.name} is the last plan of ${middleware.name} on sale: archive the middleware instead, or add another plan first.`);
  }
  await setArchived(ctx, middlewarePlans, 'middleware_plan', id, true, { middlewareId: middleware.id, name: plan.name }, now);
  return planOutput(ctx, id);
}

export async function restorePlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findPlan(ctx.db, id);
  if (plan.archivedAt === null) return planOutput(ctx, id);
  const middleware = await findMiddleware(ctx.db, plan.middlewareId);
  if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it first.`);
  await setArchived(ctx, middlewarePlans, 'middleware_plan', id, false, { middlewareId: middleware.id, name: plan.name }, now);
  return planOutput(ctx, id);
}
