import { describe, expect, it } from 'vitest';
import { createTestCaller } from '../../test-utils';

describe('dev router', () => {
  it('does not exist in production', async () => {
    const { caller } = await createTestCaller({ config: { appVersion: '1.16.0', environment: 'production' } });
    await expect(caller.dev.demoAccounts()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.dev.login({ username: 'alice' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.dev.mailbox()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists the seeded demo accounts in development', async () => {
    const { caller } = await createTestCaller();
    const accounts = await caller.dev.demoAccounts();
    expect(accounts.map((account) => [account.username, account.role])).toEqual([
      ['alice', 'user'],
      ['marc', 'user'],
      ['bruno', 'user'],
      ['vera', 'user'],
      ['gabriel', 'user'],
      ['olivia', 'officer'],
      ['adam', 'admin'],
      ['sophie', 'super_admin'],
      ['pauline', 'user'],
    ]);
  });
});
