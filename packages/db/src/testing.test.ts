import { scryptSync, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clusters, orders, organizations, tickets, usageRecords, users } from './schema';
import { seed } from './seed';
import { DEMO_PASSWORD } from './seed-data';
import { createSeededTestDb, createTestDb, DEMO_PASSWORD_TEST_HASH } from './testing';

describe('createSeededTestDb', () => {
  it('gives what migrating and seeding give, as a database of its own each time', async () => {
    const expected = await createTestDb();
    await seed(expected, 0);
    const first = await createSeededTestDb(0);
    const second = await createSeededTestDb(0);
    for (const table of [organizations, clusters, orders, tickets]) {
      expect(await first.select().from(table)).toEqual(await expected.select().from(table));
    }
    // TOTP seeds are sealed with a random nonce at each seeding: compare everything else.
    const withoutSeal = (rows: Array<typeof users.$inferSelect>) => rows.map((row) => ({ ...row, totpSecret: row.totpSecret === null ? null : 'sealed' }));
    expect(withoutSeal(await first.select().from(users))).toEqual(withoutSeal(await expected.select().from(users)));

    await first.delete(tickets);
    expect(await first.$count(tickets)).toBe(0);
    expect(await second.$count(tickets)).toBe(await expected.$count(tickets));
    expect(await second.$count(tickets)).toBeGreaterThan(0);
    // Foreign keys are enforced again after the replay, as in createTestDb.
    await expect(second.insert(usageRecords).values({ id: 'use_orphan', organizationId: 'org_missing', subjectId: 'x', clusterId: null, hour: 0, kind: 'node', resourceId: 'r', quantityMilli: 1, unitPriceMillicents: 1, amountMillicents: 1, orderId: null, createdAt: 0 })).rejects.toThrow();
  });

  it('seeds the demo accounts with the cheap test hash of the demo password when asked, and only them', async () => {
    const [, params, salt, key] = DEMO_PASSWORD_TEST_HASH.split('$');
    expect(params).toBe('N=1024,r=8,p=1');
    const derived = scryptSync(DEMO_PASSWORD, Buffer.from(salt!, 'base64url'), 32, { N: 1024, r: 8, p: 1 });
    expect(timingSafeEqual(derived, Buffer.from(key!, 'base64url'))).toBe(true);

    const production = await createSeededTestDb(0);
    const cheap = await createSeededTestDb(0, { demoPasswordHash: DEMO_PASSWORD_TEST_HASH });
    const hashes = async (db: typeof cheap) => (await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users)).sort((a, b) => a.username.localeCompare(b.username));
    const before = await hashes(production);
    const after = await hashes(cheap);
    expect(before.some((row) => row.passwordHash?.startsWith('scrypt$N=16384,r=8,p=5$'))).toBe(true);
    expect(after).toEqual(before.map((row) => (row.passwordHash?.startsWith('scrypt$N=16384,r=8,p=5$') ? { ...row, passwordHash: DEMO_PASSWORD_TEST_HASH } : row)));
  });
});
