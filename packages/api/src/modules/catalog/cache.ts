/**
 * The public catalogue is the same for every visitor, signed in or not, and changes only when
 * staff edit it or when a scheduled price takes effect. The Worker keeps one of these per isolate
 * so that a catalogue read does not pay for several database queries each time.
 *
 * Freshness rules:
 * - an entry lives at most `ttlMs` (other isolates learn of a staff edit within that time);
 * - never past `changesAt`, the moment a scheduled price (or anything else the loader knows of)
 *   changes the answer;
 * - `invalidate()` forgets everything at once; the tRPC layer calls it after every mutation, so an
 *   edit is visible to the next read on the same isolate. A load that was already running when an
 *   invalidation happened returns its answer to its caller but does not store it, since it may
 *   have read the catalogue from before the edit.
 */
export interface CatalogueCache {
  /** The fresh value under `key` at `now`, or what `load` returns (stored for the next reads). */
  read<T>(key: string, now: number, load: () => Promise<CatalogueEntry<T>>): Promise<T>;
  invalidate(): void;
}

export interface CatalogueEntry<T> {
  value: T;
  /** UTC epoch ms from which the value may be out of date (a scheduled price change); null: none known. */
  changesAt: number | null;
}

/** Every read goes to the database: the default outside the Worker (tests, scripts). */
export const uncachedCatalogue: CatalogueCache = {
  async read(_key, _now, load) {
    return (await load()).value;
  },
  invalidate() {},
};

/** Cached values are handed to every caller: nobody may change one in place. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function memoryCatalogueCache(options: { ttlMs: number }): CatalogueCache {
  const entries = new Map<string, { value: unknown; loadedAt: number; expiresAt: number }>();
  let generation = 0;
  return {
    async read<T>(key: string, now: number, load: () => Promise<CatalogueEntry<T>>): Promise<T> {
      const entry = entries.get(key);
      // A clock that went back (a test's manual clock) cannot trust what was loaded "later".
      if (entry && now >= entry.loadedAt && now < entry.expiresAt) return entry.value as T;
      const startedIn = generation;
      const { value, changesAt } = await load();
      const expiresAt = Math.min(now + options.ttlMs, changesAt ?? Number.POSITIVE_INFINITY);
      if (startedIn === generation && expiresAt > now) entries.set(key, { value: deepFreeze(value), loadedAt: now, expiresAt });
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
