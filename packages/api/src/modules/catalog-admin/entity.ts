import type { addons, clusterTiers, Database, middlewarePlans, middlewares, nodeFlavors, supportPlans } from '@kubemarket/db';
import { asc, eq } from 'drizzle-orm';
import { giveawayAllowance } from './four-eyes';
import { initialPriceStatements, loadPrices, planPriceChanges, withPricesInEffect, type PriceAccessor } from './prices';
import { type Entity, type Staff, type Statement, auditChange, changedFields, commit, conflict, given, nextSortOrder, notFound, pick, setArchived } from './common';

/**
 * The flow every catalogue entity goes through (issue 32): find one by id (404), list them, create
 * one (409 on a taken id; its first price rows and audit row in the same batch), edit one (the
 * stored item with its prices in effect, the edit applied, checked as a whole, dated price rows,
 * audited with what changed), archive and restore one. What differs between entities (their
 * table, noun, prices, checks and presenter) is the spec; each entity's file keeps its rules.
 */

type CatalogTable = typeof addons | typeof nodeFlavors | typeof middlewares | typeof middlewarePlans | typeof supportPlans | typeof clusterTiers;
type Row<T extends CatalogTable> = T['$inferSelect'];
type Field<T extends CatalogTable> = keyof Row<T> & string;

export interface EntitySpec<T extends CatalogTable, Out> {
  table: T;
  entity: Entity;
  /** How its messages name it: `No ${noun} with the id …`, `${article} ${noun} with the id … already exists.` */
  noun: string;
  article: 'A' | 'An';
  /** The fields staff edit, audited as changes. */
  fields: readonly Field<T>[];
  /** What is written and recorded: the fields and the price columns. */
  columns: readonly Field<T>[];
  /** Its prices (./prices.ts); none for an entity sold through others (middlewares). */
  prices?: readonly PriceAccessor<Row<T>>[];
  /** Every item as staff see it. */
  present(ctx: Staff, rows: Row<T>[]): Promise<Out[]>;
  /** What each audit row of an item says first (a plan's middleware). */
  auditContext?(row: Row<T>): Record<string, unknown>;
}

/** An edit: the item's id, when its new prices apply, and the fields it sets. */
type EditInput<T extends CatalogTable> = { id: string; priceEffectiveFrom?: number | undefined } & Partial<Row<T>>;

export interface EditOptions<T extends CatalogTable, Loaded> {
  /** What the checks need besides the item, read with its prices. */
  load?(db: Database, id: string): Promise<Loaded>;
  /** The edited item made consistent (fields that go together); may refuse. */
  normalise?(after: Row<T>, patch: Partial<Row<T>>, before: Row<T>): Row<T>;
  check(after: Row<T>, before: Row<T>, loaded: Loaded, edit: { priceEffectiveFrom: number | undefined; now: number }): void | Promise<void>;
  /** Rows the edit changes besides the item (written after it, before its price rows). */
  statements?(before: Row<T>, after: Row<T>, loaded: Loaded): Statement[];
  conflictMessage?(after: Row<T>): string;
}

export function catalogEntity<T extends CatalogTable, Out>(spec: EntitySpec<T, Out>) {
  type R = Row<T>;
  // Every catalogue table has the same id, sortOrder, archivedAt and updatedAt columns: one table's builder types the queries.
  const table = spec.table as typeof addons;
  const prices = spec.prices ?? [];
  const kinds = prices.map((accessor) => accessor.kind);
  const alreadyExists = (id: string) => `${spec.article} ${spec.noun} with the id ${id} already exists.`;

  async function find(db: Database, id: string): Promise<R> {
    const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(`No ${spec.noun} with the id ${id}.`);
    return row as R;
  }

  const output = async (ctx: Staff, id: string) => (await spec.present(ctx, [await find(ctx.db, id)]))[0]!;

  return {
    find,
    output,

    async list(ctx: Staff) {
      return spec.present(ctx, (await ctx.db.select().from(table).orderBy(asc(table.sortOrder), asc(table.id))) as R[]);
    },

    /** Refuses an id already taken. */
    async checkNewId(db: Database, id: string) {
      if ((await db.$count(table, eq(table.id, id))) > 0) throw conflict(alreadyExists(id));
    },

    /** The columns every new item starts with: on sale, last in the list unless placed. */
    async newRow(db: Database, sortOrder: number | undefined, now: number) {
      return { sortOrder: sortOrder ?? (await nextSortOrder(db, table, table.sortOrder)), archivedAt: null, createdAt: now, updatedAt: now };
    },

    /** Writes a checked new item with its first prices and audit row; `statements` change other rows. */
    async insert(ctx: Staff, item: R, options: { statements?: Statement[]; conflictMessage?: string } = {}) {
      const now = ctx.ports.clock.now();
      await commit(
        ctx.db,
        [
          ctx.db.insert(table).values(item as Row<typeof addons>),
          ...(options.statements ?? []),
          ...initialPriceStatements(ctx.db, prices, item.id, item, now, ctx.user.id),
          auditChange(ctx, spec.entity, 'created', item.id, { ...spec.auditContext?.(item), values: pick(item, spec.columns) }, now),
        ],
        options.conflictMessage ?? alreadyExists(item.id),
      );
      return output(ctx, item.id);
    },

    async update<Loaded = undefined>(ctx: Staff, input: EditInput<T>, options: EditOptions<T, Loaded>) {
      const { id, priceEffectiveFrom, ...rest } = input;
      const patch = rest as Partial<R>;
      const now = ctx.ports.clock.now();
      const row = await find(ctx.db, id);
      const [rows, loaded] = await Promise.all([prices.length ? loadPrices(ctx.db, kinds, [id]) : new Map(), options.load ? options.load(ctx.db, id) : (undefined as Loaded)]);
      const before = withPricesInEffect(row, prices, id, rows, now);
      const edited = { ...before, ...given(patch) } as R;
      const after = options.normalise ? options.normalise(edited, patch, before) : edited;
      await options.check(after, before, loaded, { priceEffectiveFrom, now });
      const plan = prices.length
        ? planPriceChanges(ctx.db, { accessors: prices, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) })
        : { record: after, statements: [], audit: null };
      const changes = changedFields(before, after, spec.fields);
      if (!plan.audit && Object.keys(changes).length === 0) return output(ctx, id);
      await commit(
        ctx.db,
        [
          ctx.db.update(table).set({ ...pick(plan.record, spec.columns), updatedAt: now }).where(eq(table.id, id)),
          ...(options.statements?.(before, after, loaded) ?? []),
          ...plan.statements,
          auditChange(ctx, spec.entity, 'updated', id, { ...spec.auditContext?.(row), changes, ...(plan.audit ? { price: plan.audit } : {}) }, now),
        ],
        options.conflictMessage?.(after),
      );
      return output(ctx, id);
    },

    /**
     * Takes an item off sale (`archived`) or puts it back; nothing to do when it already is.
     * `allowed` refuses the change when it would leave the catalogue inconsistent.
     */
    async setArchived(ctx: Staff, id: string, archived: boolean, allowed?: (item: R) => Promise<void> | void) {
      const now = ctx.ports.clock.now();
      const item = await find(ctx.db, id);
      if ((item.archivedAt !== null) === archived) return output(ctx, id);
      await allowed?.(item);
      await setArchived(ctx, table, spec.entity, id, archived, { ...spec.auditContext?.(item), name: item.name }, now);
      return output(ctx, id);
    },
  };
}
