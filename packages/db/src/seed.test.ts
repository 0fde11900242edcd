import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clusters,
  clusterTiers,
  dataCenters,
  exchangeRates,
  orders,
} from './schema';
import { DEMO_ORDERS, seed } from './seed';
import { createTestDb, createTestDbSeededAt } from './testing';

const clusterTierNamesInOrder = [
  'Standard (Blue)',
  'Enterprise (Red)',
  'Economy (Green)',
  'Data Analytics',
  'AI/ML (Violet)',
  'Dev/Test (Orange)',
  'Sandbox (Gray)',
];

describe('seed', () => {
  it('inserts the seven cluster tiers once, however often it runs', async () => {
    const db = await createTestDbSeededAt(1_000, 2_000);
    const rows = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
    expect(rows.map((row) => row.name)).toEqual(clusterTierNamesInOrder);
    expect(rows.every((row) => row.createdAt === 1_000 && row.updatedAt === 2_000)).toBe(true);
    expect(rows.every((row) => row.yearlyPriceCents < row.monthlyPriceCents * 12)).toBe(true);
  });

  it('seeds the regions, the rates and the demo customer\'s clusters and orders', async () => {
    const db = await createTestDbSeededAt(1_000, 2_000);
    expect((await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder))).map((row) => row.city)).toEqual([
      'Paris',
      'Frankfurt am Main',
      'Amsterdam',
      'Milan',
      'Warsaw',
      'Madrid',
    ]);
    // Three that run, and legacy-shop, deleted with a volume kept (issue 34).
    expect(await db.$count(clusters, eq(clusters.organizationId, 'org_demo_acme'))).toBe(4);
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_acme'))).toBe(DEMO_ORDERS.length);
    const rates = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
    expect(rates.map((row) => [row.currency, row.rate])).toEqual([
      ['CNY', 7.8112],
      ['EUR', 1],
      ['GBP', 0.8527],
      ['USD', 1.0841],
    ]);
  });

  it('never overwrites rates a refresh stored', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await db.update(exchangeRates).set({ rate: 1.1, fetchedAt: 5_000, source: 'ecb', rateDate: '2026-12-01' }).where(eq(exchangeRates.currency, 'USD'));
    await seed(db, 9_000);
    const [usd] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(usd).toEqual({ currency: 'USD', rate: 1.1, fetchedAt: 5_000, source: 'ecb', rateDate: '2026-12-01' });
  });

  it('enforces foreign keys like D1 does', async () => {
    const db = await createTestDb();
    const { users } = await import('./schema');
    await expect(
      db.insert(users).values({
        id: 'usr_x',
        organizationId: 'org_missing',
        username: 'x',
        email: 'x@example.com',
        name: 'X',
        createdAt: 0,
        updatedAt: 0,
      }),
    ).rejects.toThrow();
  });
});
