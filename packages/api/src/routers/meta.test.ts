import { describe, expect, it } from 'vitest';
import { createTestCaller } from '../test-utils';

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
