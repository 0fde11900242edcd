import { describe, expect, it } from 'vitest';
import { clusters, orders, organizations, tickets, usageRecords, users } from './schema';
import { seed } from './seed';
import { createSeededTestDb, createTestDb } from './testing';

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
});
