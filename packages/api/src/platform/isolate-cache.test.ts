import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOnce, memoryIsolateCache, type CacheEntry } from './isolate-cache';

const NOW = Date.UTC(2026, 10, 23, 12);
const TTL_MS = 10_000;

/** A loader that counts its calls and answers with the call number. */
function countingLoader(changesAt: number | null = null) {
  let calls = 0;
  const load = async (): Promise<CacheEntry<{ call: number }>> => {
    calls += 1;
    return { value: { call: calls }, changesAt };
  };
  return { load, calls: () => calls };
}

describe('memoryIsolateCache', () => {
  it('answers from memory within the TTL and loads again after it', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    expect(await cache.read('tiers', NOW, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + TTL_MS - 1, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + TTL_MS, loader.load)).toEqual({ call: 2 });
    expect(loader.calls()).toBe(2);
  });

  it('keeps each key apart', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const tiers = countingLoader();
    const flavors = countingLoader();
    await cache.read('tiers', NOW, tiers.load);
    await cache.read('flavors', NOW, flavors.load);
    await cache.read('tiers', NOW + 1, tiers.load);
    expect([tiers.calls(), flavors.calls()]).toEqual([1, 1]);
  });

  it('never serves an entry past the moment the loader said it changes (a scheduled price)', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const loader = countingLoader(NOW + 500);
    await cache.read('tiers', NOW, loader.load);
    expect(await cache.read('tiers', NOW + 499, loader.load)).toEqual({ call: 1 });
    expect(await cache.read('tiers', NOW + 500, loader.load)).toEqual({ call: 2 });
  });

  it('loads again after invalidate()', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    await cache.read('tiers', NOW, loader.load);
    cache.invalidate();
    expect(await cache.read('tiers', NOW + 1, loader.load)).toEqual({ call: 2 });
  });

  it('does not keep what a load read before an invalidation that happened while it ran', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    let release!: () => void;
    const stale = cache.read('tiers', NOW, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'before the edit', changesAt: null };
    });
    cache.invalidate();
    release();
    // Its own caller still gets the answer it loaded.
    expect(await stale).toBe('before the edit');
    expect(await cache.read('tiers', NOW + 1, async () => ({ value: 'after the edit', changesAt: null }))).toBe('after the edit');
  });

  it('loads again when the clock went back before the entry was loaded', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const loader = countingLoader();
    await cache.read('tiers', NOW, loader.load);
    expect(await cache.read('tiers', NOW - 1, loader.load)).toEqual({ call: 2 });
  });

  it('hands out frozen values, so no caller can change what the next one gets', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    await cache.read('tiers', NOW, async () => ({ value: [{ regionIds: ['fr-par-1'] }], changesAt: null }));
    const cached = await cache.read('tiers', NOW, async () => ({ value: [] as Array<{ regionIds: string[] }>, changesAt: null }));
    expect(() => cached[0]!.regionIds.push('de-fra-1')).toThrow(TypeError);
    expect(Object.isFrozen(cached[0])).toBe(true);
  });

  it('keeps at most maxEntries, forgetting the oldest first', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS, maxEntries: 2 });
    const loaders = { a: countingLoader(), b: countingLoader(), c: countingLoader() };
    for (const key of ['a', 'b', 'c'] as const) await cache.read(key, NOW, loaders[key].load);
    await cache.read('c', NOW + 1, loaders.c.load);
    await cache.read('b', NOW + 1, loaders.b.load);
    expect([loaders.b.calls(), loaders.c.calls()]).toEqual([1, 1]);
    await cache.read('a', NOW + 1, loaders.a.load);
    expect(loaders.a.calls()).toBe(2);
  });

  it('keeps nothing the loader says has already changed (an invalid session)', async () => {
    const cache = memoryIsolateCache({ ttlMs: TTL_MS });
    const loader = countingLoader(NOW);
    await cache.read('a', NOW, loader.load);
    await cache.read('a', NOW, loader.load);
    expect(loader.calls()).toBe(2);
  });
});

describe('checkedOnce', () => {
  /** A schema whose check counts its runs, wrapped as a cached catalogue answer's output is. */
  function countingSchema() {
    let runs = 0;
    const schema = checkedOnce(
      z.array(z.object({ id: z.string(), cents: z.number().int() })).superRefine(() => {
        runs += 1;
      }),
    );
    return { schema, runs: () => runs };
  }

  it('checks a frozen (cached) value once and hands the same frozen answer out after that', async () => {
    const { schema, runs } = countingSchema();
    const cached = Object.freeze([Object.freeze({ id: 'tier_a', cents: 100, extra: 'dropped' })]);
    const first = await schema.parseAsync(cached);
    expect(first).toEqual([{ id: 'tier_a', cents: 100 }]);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    expect(await schema.parseAsync(cached)).toBe(first);
    expect(runs()).toBe(1);
  });

  it('checks every value that is not frozen, and never keeps a value that failed', async () => {
    const { schema, runs } = countingSchema();
    const fresh = [{ id: 'tier_a', cents: 100 }];
    await schema.parseAsync(fresh);
    await schema.parseAsync(fresh);
    expect(runs()).toBe(2);
    const wrong = Object.freeze([Object.freeze({ id: 'tier_a', cents: 1.5 })]);
    await expect(schema.parseAsync(wrong)).rejects.toThrow();
    await expect(schema.parseAsync(wrong)).rejects.toThrow();
  });

  it('leaves the JSON Schema (OpenAPI, the SDK) as it was', () => {
    const plain = z.object({ id: z.string().describe('The tier.') });
    const before = z.toJSONSchema(plain);
    expect(z.toJSONSchema(checkedOnce(plain))).toEqual(before);
  });
});
