/**
 * The named fields of an object and no others: an API answer narrowed to what a screen's type
 * declares, each field named once (the type checks that none is missing).
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}
