import { describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { createTestCaller } from '../../testing';

describe('meta.versionSummary', () => {
  it('returns the display version and environment', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.meta.versionSummary()).resolves.toEqual({
      displayVersion: 'v1.16.0',
      environment: 'development',
    });
  });

  it('reports production when configured so', async () => {
    const { caller } = await createTestCaller({ config: { appVersion: '2.0.1', environment: 'production' } });
    await expect(caller.meta.versionSummary()).resolves.toEqual({
      displayVersion: 'v2.0.1',
      environment: 'production',
    });
  });
});

describe('meta.health', () => {
  const DAY = 24 * 60 * 60_000;

  it('reports the API, the database round trip and current rates', async () => {
    const { caller } = await createTestCaller({ ports: { clock: { now: () => 2 * DAY } } });
    const health = await caller.meta.health();
    expect(health).toEqual({ api: { ok: true }, database: { ok: true, latencyMs: 0 }, rates: { ok: true, updatedAt: 0 } });
  });

  it('flags rates that no refresh has renewed for over a week', async () => {
    const { caller } = await createTestCaller({ ports: { clock: { now: () => 8 * DAY } } });
    await expect(caller.meta.health()).resolves.toMatchObject({ rates: { ok: false, updatedAt: 0 } });
  });

  it('reports a database that does not answer', async () => {
    const { caller, db } = await createTestCaller();
    const broken = Object.create(db, { run: { value: () => Promise.reject(new Error('D1_ERROR: network lost')) } });
    const failing = createCaller(createContext({ db: broken, config: { appVersion: '1.16.0', environment: 'development' } }));
    await expect(failing.meta.health()).resolves.toMatchObject({ api: { ok: true }, database: { ok: false }, rates: { ok: false, updatedAt: null } });
    await expect(caller.meta.health()).resolves.toMatchObject({ database: { ok: true } });
  });
});
