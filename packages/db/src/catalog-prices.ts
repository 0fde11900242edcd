/** The part of a catalog_prices row that decides when it applies. */
export interface EffectivePrice {
  /** UTC epoch ms. */
  effectiveFrom: number;
}

/**
 * The price in effect at `at` among one item's price rows (in any order): the row with the latest
 * effectiveFrom at or before `at`; undefined when none had started yet. Pure, so quotes, order
 * checks and tests share it.
 */
export function priceInEffect<T extends EffectivePrice>(rows: readonly T[], at: number): T | undefined {
  let best: T | undefined;
  for (const row of rows) {
    if (row.effectiveFrom <= at && (best === undefined || row.effectiveFrom > best.effectiveFrom)) best = row;
  }
  return best;
}

/** The key of one item's price history: its kind and id. */
export function priceHistoryKey(itemKind: string, itemId: string): string {
  return `${itemKind}:${itemId}`;
}

/** catalog_prices rows grouped per item (priceHistoryKey), each group in the rows' order. */
export function priceHistories<T extends EffectivePrice & { itemKind: string; itemId: string }>(rows: readonly T[]): Map<string, T[]> {
  const histories = new Map<string, T[]>();
  for (const row of rows) {
    const key = priceHistoryKey(row.itemKind, row.itemId);
    const history = histories.get(key);
    if (history) history.push(row);
    else histories.set(key, [row]);
  }
  return histories;
}
