import {
  middlewarePlans,
  middlewares,
  type Database,
  type Middleware,
} from '@kubemarket/db';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  middlewareCreateInput,
  middlewareUpdateInput,
} from './schemas';
import { type Staff, auditChange, changedFields, checkRegions, commit, conflict, given, nextSortOrder, notFound, pick, regionIds, setArchived } from './common';

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

export async function findMiddleware(db: Database, id: string) {
  const [row] = await db.select().from(middlewares).where(eq(middlewares.id, id)).limit(1);
  if (!row) throw notFound(`No middleware with the id ${id}.`);
  return row;
}

const middlewareOutput = async (ctx: Staff, id: string) => (await presentMiddlewares(ctx, [await findMiddleware(ctx.db, id)]))[0]!;

export async function listMiddlewares(ctx: Staff) {
  return presentMiddlewares(ctx, await ctx.db.select().from(middlewares).orderBy(asc(middlewares.sortOrder), asc(middlewares.id)));
}

export async function createMiddleware(ctx: Staff, input: z.infer<typeof middlewareCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(middlewares, eq(middlewares.id, input.id))) > 0) throw conflict(`A middleware with the id ${input.id} already exists.`);
  const middleware: Middleware = {
    ...input,
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, middlewares, middlewares.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkRegions(middleware.regionIds, await regionIds(ctx.db), 'middleware');
  await commit(
    ctx.db,
    [ctx.db.insert(middlewares).values(middleware), auditChange(ctx, 'middleware', 'created', middleware.id, { values: pick(middleware, MIDDLEWARE_FIELDS) }, now)],
    `A middleware with the id ${middleware.id} already exists.`,
  );
  return middlewareOutput(ctx, middleware.id);
}

export async function updateMiddleware(ctx: Staff, input: z.infer<typeof middlewareUpdateInput>) {
  const { id, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findMiddleware(ctx.db, id);
  const after = { ...before, ...given(patch) };
  checkRegions(after.regionIds, await regionIds(ctx.db), 'middleware');
  const changes = changedFields(before, after, MIDDLEWARE_FIELDS);
  if (Object.keys(changes).length === 0) return middlewareOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewares).set({ ...pick(after, MIDDLEWARE_FIELDS), updatedAt: now }).where(eq(middlewares.id, id)),
      auditChange(ctx, 'middleware', 'updated', id, { changes }, now),
    ],
  );
  return middlewareOutput(ctx, id);
}

/** Its plans stay as they are: off sale with it, back with it. */
export async function archiveMiddleware(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const middleware = await findMiddleware(ctx.db, id);
  if (middleware.archivedAt !== null) return middlewareOutput(ctx, id);
  await setArchived(ctx, middlewares, 'middleware', id, true, { name: middleware.name }, now);
  return middlewareOutput(ctx, id);
}

export async function restoreMiddleware(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const middleware = await findMiddleware(ctx.db, id);
  if (middleware.archivedAt === null) return middlewareOutput(ctx, id);
  await setArchived(ctx, middlewares, 'middleware', id, false, { name: middleware.name }, now);
  return middlewareOutput(ctx, id);
}
