import { describe, expect, it } from 'vitest';
import { loadUnlessUnauthorized } from './unauthorized-retry';

class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

function options() {
  const sleeps: number[] = [];
  return {
    sleeps,
    retries: 2,
    delayMs: 1000,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    isUnauthorized: (error: unknown) => error instanceof StatusError && error.status === 401,
  };
}

function sequence<T>(...results: Array<T | Error>) {
  let calls = 0;
  const load = async () => {
    const result = results[calls++];
    if (result instanceof Error) throw result;
    return result as T;
  };
  return { load, calls: () => calls };
}

describe('loadUnlessUnauthorized', () => {
  it('returns the value of a successful load', async () => {
    const opts = options();
    const { load, calls } = sequence({ id: 'usr_1' });
    expect(await loadUnlessUnauthorized(load, opts)).toEqual({ id: 'usr_1' });
    expect(calls()).toBe(1);
    expect(opts.sleeps).toEqual([]);
  });

  it('retries a 401 up to 2 times with 1 s between, then answers null', async () => {
    const opts = options();
    const { load, calls } = sequence(new StatusError(401), new StatusError(401), new StatusError(401));
    expect(await loadUnlessUnauthorized(load, opts)).toBeNull();
    expect(calls()).toBe(3);
    expect(opts.sleeps).toEqual([1000, 1000]);
  });

  it('returns the user when a retry succeeds', async () => {
    const opts = options();
    const { load } = sequence<{ id: string }>(new StatusError(401), { id: 'usr_1' });
    expect(await loadUnlessUnauthorized(load, opts)).toEqual({ id: 'usr_1' });
    expect(opts.sleeps).toEqual([1000]);
  });

  it('throws other errors at once', async () => {
    const opts = options();
    const { load, calls } = sequence(new StatusError(500));
    await expect(loadUnlessUnauthorized(load, opts)).rejects.toThrow('status 500');
    expect(calls()).toBe(1);
  });
});
