/**
 * The named fields of an object and no others: a row narrowed to what a view answers, or an API
 * answer to what a screen reads, each field named once (the type checks that none is missing).
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}
