import {
  middlewarePlans,
  middlewares,
  type Middleware,
} from '@kubemarket/db';
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  middlewareCreateInput,
  middlewareUpdateInput,
} from './schemas';
import { type Staff, checkRegions, regionIds } from './common';
import { catalogEntity } from './entity';

// Middlewares: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const MIDDLEWARE_FIELDS = ['name', 'engine', 'category', 'description', 'versions', 'regionIds', 'sortOrder'] as const;

async function presentMiddlewares(ctx: Staff, rows: Middleware[]) {
  const ids = rows.map((row) => row.id);
  const plans = ids.length
    ? await ctx.db
        .select({ id: middlewarePlans.middlewareId, count: count() })
        .from(middlewarePlans)
        .where(and(inArray(middlewarePlans.middlewareId, ids), isNull(middlewarePlans.archivedAt)))
        .groupBy(middlewarePlans.middlewareId)
    : [];
  const planCounts = new Map(plans.map((row) => [row.id, row.count]));
  // Orders keep their amounts, not the services they bought: nothing records use yet.
  return rows.map((row) => ({ ...row, planCount: planCounts.get(row.id) ?? 0, inUse: null }));
}

const middlewaresEntity = catalogEntity({
  table: middlewares,
  entity: 'middleware',
  noun: 'middleware',
  article: 'A',
  fields: MIDDLEWARE_FIELDS,
  columns: MIDDLEWARE_FIELDS,
  present: presentMiddlewares,
});

export const findMiddleware = middlewaresEntity.find;
export const listMiddlewares = middlewaresEntity.list;

export async function createMiddleware(ctx: Staff, input: z.infer<typeof middlewareCreateInput>) {
  const now = ctx.ports.clock.now();
  await middlewaresEntity.checkNewId(ctx.db, input.id);
  const middleware: Middleware = { ...input, ...(await middlewaresEntity.newRow(ctx.db, input.sortOrder, now)) };
  checkRegions(middleware.regionIds, await regionIds(ctx.db), 'middleware');
  return middlewaresEntity.insert(ctx, middleware);
}

export async function updateMiddleware(ctx: Staff, input: z.infer<typeof middlewareUpdateInput>) {
  return middlewaresEntity.update(ctx, input, { check: async (after) => checkRegions(after.regionIds, await regionIds(ctx.db), 'middleware') });
}

/** Its plans stay as they are: off sale with it, back with it. */
export async function archiveMiddleware(ctx: Staff, id: string) {
  return middlewaresEntity.setArchived(ctx, id, true);
}

export async function restoreMiddleware(ctx: Staff, id: string) {
  return middlewaresEntity.setArchived(ctx, id, false);
}
