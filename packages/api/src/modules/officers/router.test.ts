import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';

describe('officers.checkAccess', () => {
  it('is false when anonymous', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.officers.checkAccess()).resolves.toBe(false);
  });

  it.each([
    ['alice', false],
    ['marc', false],
    ['olivia', true],
    ['adam', true],
    ['sophie', true],
  ])('answers a plain boolean for %s: %s', async (username, expected) => {
    const { ctx, db } = await createTestCaller();
    await expect(callerAs(ctx, await sessionUserOf(db, username)).officers.checkAccess()).resolves.toBe(expected);
  });
});
