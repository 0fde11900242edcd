import { catalogPrices, priceHistories, priceHistoryKey, priceInEffect, type CatalogPrice, type Database, type PricedItemKind } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { claimGiveaway, fourEyes, giveawayLimit, priceChangeLimit, type Allowance, type Approval } from './four-eyes';
import { euros } from '@kubemarket/shared';

/**
 * Dated prices of catalogue items. A price change never rewrites history: it is a new
 * catalog_prices row effective from a date. The items' own price columns are the list price in
 * effect when last written; the catalogue readers and quotes take the price in effect at the time
 * they price (priceInEffect over catalog_prices), so a change dated later applies on its date
 * without anyone touching the item. Orders keep their own amounts: no change here alters one.
 */

/** A price change may be dated this far back (a form submitted a little late), never further. */
export const PRICE_DATE_TOLERANCE_MS = 60_000;

export interface PriceValues {
  monthlyPriceCents: number;
  yearlyPriceCents: number | null;
  hourlyPriceMillicents: number | null;
  percentOfSpendBasisPoints: number | null;
}

export const NO_EXTRA_PRICES = { yearlyPriceCents: null, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null } as const;

/** How one kind of price row maps onto an item's columns; read() is null when the item has no such price. */
export interface PriceAccessor<R> {
  kind: PricedItemKind;
  read(record: R): PriceValues | null;
  write(record: R, price: PriceValues): R;
}

const valuesOf = (row: PriceValues): PriceValues => ({
  monthlyPriceCents: row.monthlyPriceCents,
  yearlyPriceCents: row.yearlyPriceCents,
  hourlyPriceMillicents: row.hourlyPriceMillicents,
  percentOfSpendBasisPoints: row.percentOfSpendBasisPoints,
});

function samePrice(a: PriceValues | null, b: PriceValues | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.monthlyPriceCents === b.monthlyPriceCents &&
    a.yearlyPriceCents === b.yearlyPriceCents &&
    a.hourlyPriceMillicents === b.hourlyPriceMillicents &&
    a.percentOfSpendBasisPoints === b.percentOfSpendBasisPoints
  );
}

export type PriceRows = Map<string, CatalogPrice[]>;

const shown = (format: (value: number) => string) => (value: number | null) => (value === null ? 'none' : format(value));

/** Each part of a price, for the four-eyes check and its summary. */
const PRICE_PARTS: ReadonlyArray<{ key: keyof PriceValues; label: string; show: (value: number | null) => string }> = [
  { key: 'monthlyPriceCents', label: 'The monthly price', show: shown(euros) },
  { key: 'yearlyPriceCents', label: 'The yearly price', show: shown(euros) },
  { key: 'hourlyPriceMillicents', label: 'The hourly price', show: shown((millicents) => `${euros(millicents / 1000)}/h`) },
  { key: 'percentOfSpendBasisPoints', label: 'The share of spend', show: shown((basisPoints) => `${basisPoints / 100} %`) },
];

/** Price rows of these items, by kind and id. */
export async function loadPrices(db: Database, kinds: readonly PricedItemKind[], itemIds: readonly string[]): Promise<PriceRows> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(catalogPrices)
    .where(and(inArray(catalogPrices.itemKind, [...kinds]), inArray(catalogPrices.itemId, [...itemIds])))
    .orderBy(asc(catalogPrices.effectiveFrom));
  return priceHistories(rows);
}

/**
 * The record with the prices in effect at `now`. Its columns may lag behind a change dated later
 * that has since started; staff see, and edits start from, what customers pay now.
 */
export function withPricesInEffect<R>(record: R, accessors: readonly PriceAccessor<R>[], itemId: string, rows: PriceRows, now: number): R {
  let result = record;
  for (const accessor of accessors) {
    const row = priceInEffect(rows.get(priceHistoryKey(accessor.kind, itemId)) ?? [], now);
    if (row && accessor.read(result) !== null) result = accessor.write(result, valuesOf(row));
  }
  return result;
}

/** The accessor of an item with one monthly and one yearly price (add-ons, middleware plans). */
export function monthlyAndYearly<R extends { monthlyPriceCents: number; yearlyPriceCents: number | null }>(kind: PricedItemKind): PriceAccessor<R>[] {
  return [
    {
      kind,
      read: (item) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: item.monthlyPriceCents, yearlyPriceCents: item.yearlyPriceCents }),
      write: (item, price) => ({ ...item, monthlyPriceCents: price.monthlyPriceCents, yearlyPriceCents: price.yearlyPriceCents }),
    },
  ];
}

/**
 * Items as staff see them: each with the prices in effect at `now` and those scheduled after it;
 * `about` adds what the entity says of each item (what uses it, what requires it).
 */
export async function presentPriced<R extends { id: string }, A extends object>(db: Database, items: R[], accessors: readonly PriceAccessor<R>[], now: number, about: (item: R) => A) {
  const kinds = accessors.map((accessor) => accessor.kind);
  const prices = await loadPrices(db, kinds, items.map((item) => item.id));
  return items.map((item) => ({ ...withPricesInEffect(item, accessors, item.id, prices, now), ...about(item), scheduledPrices: scheduledPrices(kinds, item.id, prices, now) }));
}

/** Changes dated after `now`, soonest first. */
export function scheduledPrices(kinds: readonly PricedItemKind[], itemId: string, rows: PriceRows, now: number) {
  return kinds
    .flatMap((kind) => rows.get(priceHistoryKey(kind, itemId)) ?? [])
    .filter((row) => row.effectiveFrom > now)
    .sort((a, b) => a.effectiveFrom - b.effectiveFrom)
    .map((row) => ({ itemKind: row.itemKind, effectiveFrom: row.effectiveFrom, ...valuesOf(row) }));
}

function priceRowStatement(db: Database, kind: PricedItemKind, itemId: string, effectiveFrom: number, price: PriceValues, now: number, userId: string) {
  const values = { ...valuesOf(price), createdAt: now, createdBy: userId };
  // Two changes dated the same millisecond: the later one corrects the earlier (a schedule, not history yet).
  return db
    .insert(catalogPrices)
    .values({ itemKind: kind, itemId, effectiveFrom, ...values })
    .onConflictDoUpdate({ target: [catalogPrices.itemKind, catalogPrices.itemId, catalogPrices.effectiveFrom], set: values });
}

/** The first price rows of a new item, effective now. */
export function initialPriceStatements<R>(db: Database, accessors: readonly PriceAccessor<R>[], itemId: string, record: R, now: number, userId: string) {
  return accessors.flatMap((accessor) => {
    const price = accessor.read(record);
    return price ? [priceRowStatement(db, accessor.kind, itemId, now, price, now, userId)] : [];
  });
}

export interface PriceChange {
  itemKind: PricedItemKind;
  /** UTC epoch ms. */
  effectiveFrom: number;
  from: PriceValues | null;
  to: PriceValues;
}

/**
 * The price rows an edit adds, and the record to store: its price columns stay at the price in
 * effect now when the change is dated later. A price the item did not have before (an HA control
 * plane that becomes optional) applies at once: there is no earlier price to keep until then.
 */
export function planPriceChanges<R>(
  db: Database,
  options: { accessors: readonly PriceAccessor<R>[]; itemId: string; before: R; after: R; requestedFrom: number | undefined; now: number; userId: string; approval?: Approval | undefined; allowance: Allowance },
) {
  const { accessors, itemId, before, after, requestedFrom, now, userId } = options;
  const changed = accessors.flatMap((accessor) => {
    const from = accessor.read(before);
    const to = accessor.read(after);
    return to !== null && !samePrice(from, to) ? [{ accessor, from, to }] : [];
  });
  // Four eyes (ADR 27): a cut or rise above what one person makes alone waits for an approval, and
  // so does any cut once the person's monthly allowance of giveaways is spent.
  const moves = changed.flatMap(({ from, to }) => (from === null ? [] : PRICE_PARTS.map((part) => ({ part, from: from[part.key], to: to[part.key] })).filter((move) => move.from !== move.to)));
  const limits = moves.map((move) => priceChangeLimit(move.part.label, move.from, move.to)).filter((reason): reason is string => reason !== null);
  const cut = moves.some((move) => move.from !== null && move.to !== null && move.to < move.from);
  const monthly = cut ? giveawayLimit(options.allowance) : null;
  if (monthly) limits.push(monthly);
  const summary = `Price of ${itemId}: ${moves.map((move) => `${move.part.label.replace(/^The /, '')} ${move.part.show(move.from)} → ${move.part.show(move.to)}`).join(', ')}`;
  fourEyes(options.approval, summary, limits.length ? limits.join(' ') : null);
  if (changed.length === 0) return { record: after, statements: [], audit: null };
  if (requestedFrom !== undefined && requestedFrom < now - PRICE_DATE_TOLERANCE_MS) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'A price change cannot take effect in the past: leave the date out to apply it now, or choose a later date.' });
  }
  const dated = Math.max(now, requestedFrom ?? now);
  let record = after;
  const changes: PriceChange[] = [];
  const statements: BatchItem<'sqlite'>[] = changed.map(({ accessor, from, to }) => {
    const effectiveFrom = from === null ? now : dated;
    // Until then, the list columns keep showing the price customers pay now.
    if (from !== null && effectiveFrom > now) record = accessor.write(record, from);
    changes.push({ itemKind: accessor.kind, effectiveFrom, from, to });
    return priceRowStatement(db, accessor.kind, itemId, effectiveFrom, to, now, userId);
  });
  // A cut made alone counts against the allowance, in the change's own batch.
  if (cut && options.approval?.kind !== 'approved') statements.push(claimGiveaway(db, options.allowance, `${changed[0]!.accessor.kind}:${itemId}`));
  return { record, statements, audit: { changes } };
}
