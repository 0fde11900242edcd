/** The words of a list's range: "No clusters", "Cluster 1 of 1" (when there is a singular), "Clusters 21–40 of 57". */
export interface RangeWords {
  none: string;
  one?: string;
  many: string;
}

/** "Clusters 21–40 of 57" for the page shown ("No clusters" when there is none). */
export function rangeLabel(page: number, pageSize: number, total: number, words: RangeWords): string {
  if (total === 0) return words.none;
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  if (first === last && words.one) return `${words.one} ${first} of ${total}`;
  return `${words.many} ${first}–${last} of ${total}`;
}

/** "21–40 of 95 users" for the page of a search, or "No user matches." */
export function matchRangeLabel(total: number, page: number, pageSize: number, noun: readonly [string, string]): string {
  if (total === 0) return `No ${noun[0]} matches.`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`;
}

/** The range, and which page it is when there are several: "Orders 11–20 of 42, page 2 of 5". */
export function withPageOf(range: string, page: number, pages: number): string {
  return pages > 1 ? `${range}, page ${page} of ${pages}` : range;
}
