import type { z } from 'zod';

/**
 * What the Worker keeps in an isolate's memory so that the same answer does not cost a database
 * round trip on every request: the public catalogue (the same for every visitor; it changes when
 * staff edit it or a scheduled price takes effect) and validated sessions (ADR 19).
 *
 * Freshness rules:
 * - an entry lives at most `ttlMs` (other isolates learn of a change within that time);
 * - never past `changesAt`, the moment the loader knows the answer changes (a scheduled price, a
 *   session's next touch or expiry);
 * - `invalidate()` forgets everything at once; the tRPC layer calls it after every mutation, so an
 *   edit (a staff catalogue change, a sign-out, a role change) is visible to the next read on the
 *   same isolate;
 * - at most `maxEntries` entries (default 1,000): past it, the oldest goes first. A load that was already running when an
 *   invalidation happened returns its answer to its caller but does not store it, since it may
 *   have read the catalogue from before the edit.
 */
export interface IsolateCache {
  /** The fresh value under `key` at `now`, or what `load` returns (stored for the next reads). */
  read<T>(key: string, now: number, load: () => Promise<CacheEntry<T>>): Promise<T>;
  invalidate(): void;
}

export interface CacheEntry<T> {
  value: T;
  /** UTC epoch ms from which the value may be out of date (a scheduled price change); null: none known. */
  changesAt: number | null;
}

/** Every read goes to the database: the default outside the Worker (tests, scripts). */
export const noIsolateCache: IsolateCache = {
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

/**
 * An output schema that checks each cached value once (issue 35, ADR 44). tRPC parses a
 * procedure's answer on every call; an answer read from an isolate cache is the same deep-frozen
 * value for every reader until it expires, and a value that cannot change passes (or fails) the
 * same way every time. So the first check's result is kept for that value (weakly: it goes with
 * the entry) and handed out frozen as well; anything not frozen is parsed as usual. The schema
 * object itself is returned, so its JSON Schema (OpenAPI, the SDK) is unchanged; wrap it where it
 * is passed to `.output()`, which takes its parse function once.
 */
export function checkedOnce<T extends z.ZodType>(schema: T): T {
  const checked = new WeakMap<object, unknown>();
  const parseAsync = schema.parseAsync.bind(schema);
  const once: typeof schema.parseAsync = async (value, params) => {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return parseAsync(value, params);
    if (checked.has(value)) return checked.get(value) as z.output<T>;
    const parsed = deepFreeze(await parseAsync(value, params));
    checked.set(value, parsed);
    return parsed;
  };
  schema.parseAsync = once;
  return schema;
}

const DEFAULT_MAX_ENTRIES = 1_000;

export function memoryIsolateCache(options: { ttlMs: number; maxEntries?: number }): IsolateCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, { value: unknown; loadedAt: number; expiresAt: number }>();
  let generation = 0;
  return {
    async read<T>(key: string, now: number, load: () => Promise<CacheEntry<T>>): Promise<T> {
      const entry = entries.get(key);
      // A clock that went back (a test's manual clock) cannot trust what was loaded "later".
      if (entry && now >= entry.loadedAt && now < entry.expiresAt) return entry.value as T;
      if (entry) entries.delete(key);
      const startedIn = generation;
      const { value, changesAt } = await load();
      const expiresAt = Math.min(now + options.ttlMs, changesAt ?? Number.POSITIVE_INFINITY);
      if (startedIn === generation && expiresAt > now) {
        // A Map iterates in insertion order: the first key is the oldest entry.
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value: deepFreeze(value), loadedAt: now, expiresAt });
      }
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
