/**
 * The named fields of an object and no others: a row narrowed to what a view answers, or an API
 * answer to what a screen reads, each field named once (the type checks that none is missing).
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}

/** The named fields of an object, and the others: the props a component hands to each of its two parts. */
export function split<T extends object, K extends keyof T>(source: T, keys: readonly K[]): [Pick<T, K>, Omit<T, K>] {
  const rest = { ...source };
  for (const key of keys) delete rest[key];
  return [pick(source, keys), rest];
}

/**
 * The keys of a record of labels, in the record's order, as the non-empty tuple `z.enum` and a
 * column's enum take: a set of choices names each value once, beside its label.
 */
export function keysOf<K extends string>(labels: Readonly<Record<K, unknown>>): [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}
