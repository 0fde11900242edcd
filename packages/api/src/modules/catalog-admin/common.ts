import {
  dataCenters,
  type addons,
  type Database,
  type middlewarePlans,
  type middlewares,
  type nodeFlavors,
  type supportPlans,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq, max } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context, SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { euros } from '@kubemarket/shared';
import { isUniqueViolation } from '../../platform/db-errors';
import { allowanceSpent, isAllowanceSpent, type Approval } from './four-eyes';

/**
 * Staff editing of the catalogue. Items are never deleted: archiving takes one off sale and keeps
 * every cluster, order and price row that points at it. Each change is checked as a whole (the
 * stored item with the edit applied), written in one batch with its audit row
 * (`catalog.<entity>_<created|updated|archived|restored>`, metadata saying what changed), and
 * never rewrites a price: see ./prices.ts.
 */

/** The caller; `approval` is set when an approved change request is carried out, or probed (./four-eyes.ts). */
export type Staff = Context & { user: SessionUser; approval?: Approval };
export type Statement = BatchItem<'sqlite'>;
export type Entity = 'cluster_tier' | 'node_flavor' | 'kubernetes_version' | 'addon' | 'middleware' | 'middleware_plan' | 'support_plan' | 'promotion' | 'region' | 'power_factor';
type Event = 'created' | 'updated' | 'archived' | 'restored';

export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

export const listOf = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The fields an edit sets: an absent field keeps its stored value, null clears it. */
export function given<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function pick<R, K extends keyof R>(record: R, keys: readonly K[]): Pick<R, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<R, K>;
}

/** `{ field: { from, to } }` for the audit log. */
export function changedFields<R>(before: R, after: R, keys: readonly (keyof R & string)[]) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

export function auditChange(ctx: Staff, entity: Entity, event: Event, targetId: string, metadata: Record<string, unknown>, now: number) {
  const approval = ctx.approval?.kind === 'approved' ? { approval: { requestId: ctx.approval.requestId, requestedBy: ctx.approval.requestedBy, approvedBy: ctx.user.id } } : {};
  return auditInsert(ctx.db, { actorUserId: ctx.user.id, action: `catalog.${entity}_${event}`, targetType: entity, targetId, ipAddress: ctx.request.ipAddress, metadata: { ...metadata, ...approval } }, now);
}

/** One atomic batch; a UNIQUE refusal (a concurrent edit won the race) is a 409 with `conflictMessage`. */
export async function commit(db: Database, statements: Statement[], conflictMessage?: string) {
  try {
    await db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    // A giveaway past the monthly allowance, spent by a parallel change after this one read it.
    if (isAllowanceSpent(error)) throw allowanceSpent();
    if (conflictMessage && isUniqueViolation(error)) throw conflict(conflictMessage);
    throw error;
  }
}

/** The catalogue's tables whose rows staff archive and restore by id. */
type ArchivableTable = typeof addons | typeof nodeFlavors | typeof middlewares | typeof middlewarePlans | typeof supportPlans;

/**
 * Takes an entry off sale (`archived`) or puts it back, with its audit row, in one batch; the
 * caller has checked that the change is allowed. `metadata` is the audit row's (its name at least).
 */
export async function setArchived(ctx: Staff, table: ArchivableTable, entity: Entity, id: string, archived: boolean, metadata: Record<string, unknown>, now: number) {
  // Each table has the same id, archivedAt and updatedAt columns: one table's builder types the update.
  const update = ctx.db.update(table as typeof addons).set({ archivedAt: archived ? now : null, updatedAt: now }).where(eq(table.id, id));
  await commit(ctx.db, [update, auditChange(ctx, entity, archived ? 'archived' : 'restored', id, metadata, now)]);
}

export async function nextSortOrder(db: Database, table: SQLiteTable, column: SQLiteColumn) {
  const [row] = await db.select({ value: max(column) }).from(table);
  return Number(row?.value ?? 0) + 1;
}

export function checkYearly(label: string, monthly: number, yearly: number | null) {
  if (yearly !== null && yearly > monthly * 12) {
    throw badRequest(`${label}: the yearly price (${euros(yearly)}) cannot be more than 12 monthly payments (${euros(monthly * 12)}).`);
  }
}

/**
 * Every id names an existing item; one that is archived may stay where it already was, but is
 * not added anew.
 */
export function checkReferences(noun: { one: string; many: string }, ids: readonly string[], known: ReadonlyMap<string, number | null>, previous: readonly string[] = []) {
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown ${unknown.length > 1 ? noun.many : noun.one}: ${listOf(unknown)}.`);
  const archived = ids.filter((id) => known.get(id) !== null && !previous.includes(id));
  if (archived.length) {
    throw badRequest(`${archived.length > 1 ? `The ${noun.many}` : `The ${noun.one}`} ${listOf(archived)} ${archived.length > 1 ? 'are' : 'is'} archived: restore ${archived.length > 1 ? 'them' : 'it'} first.`);
  }
}

const REGION = { one: 'region', many: 'regions' };
export const FLAVOR = { one: 'node flavour', many: 'node flavours' };
export const TIER = { one: 'cluster tier', many: 'cluster tiers' };
export const ADDON = { one: 'add-on', many: 'add-ons' };

export async function regionIds(db: Database): Promise<Map<string, null>> {
  const rows = await db.select({ id: dataCenters.id }).from(dataCenters);
  return new Map(rows.map((row) => [row.id, null]));
}

export function checkRegions(ids: readonly string[], known: ReadonlyMap<string, null>, what: string) {
  if (ids.length === 0) throw badRequest(`Choose at least one region where the ${what} can be ordered.`);
  checkReferences(REGION, ids, known);
}
