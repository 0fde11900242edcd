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
