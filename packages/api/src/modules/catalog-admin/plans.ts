import {
  middlewarePlans,
  middlewares,
  type MiddlewarePlan,
} from '@kubemarket/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogEntity } from './entity';
import { monthlyAndYearly, presentPriced } from './prices';
import type {
  planCreateInput,
  planUpdateInput,
} from './schemas';
import { type Staff, badRequest, checkYearly } from './common';
import { findMiddleware } from './middlewares';

// Middleware plans: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const PLAN_PRICES = monthlyAndYearly<MiddlewarePlan>('middleware_plan');
const PLAN_FIELDS = ['name', 'nodes', 'vcpu', 'memoryGb', 'storageGb', 'highAvailability', 'sortOrder'] as const;
const PLAN_COLUMNS = [...PLAN_FIELDS, 'monthlyPriceCents', 'yearlyPriceCents'] as const;

async function presentPlans(ctx: Staff, rows: MiddlewarePlan[]) {
  return presentPriced(ctx.db, rows, PLAN_PRICES, ctx.ports.clock.now(), () => ({ inUse: null }));
}

const plans = catalogEntity({
  table: middlewarePlans,
  entity: 'middleware_plan',
  noun: 'middleware plan',
  article: 'A',
  fields: PLAN_FIELDS,
  columns: PLAN_COLUMNS,
  prices: PLAN_PRICES,
  present: presentPlans,
  auditContext: (plan) => ({ middlewareId: plan.middlewareId }),
});

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
  await plans.checkNewId(ctx.db, input.id);
  const [middleware] = await ctx.db.select().from(middlewares).where(eq(middlewares.id, input.middlewareId)).limit(1);
  if (!middleware) throw badRequest(`Unknown middleware: ${input.middlewareId}.`);
  if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it before adding plans.`);
  const plan: MiddlewarePlan = {
    ...input,
    nodes: input.nodes ?? null,
    vcpu: input.vcpu ?? null,
    memoryGb: input.memoryGb ?? null,
    yearlyPriceCents: input.yearlyPriceCents ?? null,
    ...(await plans.newRow(ctx.db, input.sortOrder, now)),
  };
  checkPlan(plan);
  return plans.insert(ctx, plan);
}

export async function updatePlan(ctx: Staff, input: z.infer<typeof planUpdateInput>) {
  return plans.update(ctx, input, { check: checkPlan });
}

/** Refused for the last plan on sale of a middleware on sale: archive the middleware instead. */
export async function archivePlan(ctx: Staff, id: string) {
  return plans.setArchived(ctx, id, true, async (plan) => {
    const middleware = await findMiddleware(ctx.db, plan.middlewareId);
    const others = await ctx.db.$count(middlewarePlans, and(eq(middlewarePlans.middlewareId, middleware.id), isNull(middlewarePlans.archivedAt), ne(middlewarePlans.id, id)));
    if (middleware.archivedAt === null && others === 0) {
      throw badRequest(`${plan.name} is the last plan of ${middleware.name} on sale: archive the middleware instead, or add another plan first.`);
    }
  });
}

export async function restorePlan(ctx: Staff, id: string) {
  return plans.setArchived(ctx, id, false, async (plan) => {
    const middleware = await findMiddleware(ctx.db, plan.middlewareId);
    if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it first.`);
  });
}
