import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clusterTiers } from './schema';
import { seed } from './seed';
import { createTestDb } from './testing';

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
  it('inserts the seven tiers of SPEC.md once, however often it runs', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await seed(db, 2_000);
    const rows = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
    expect(rows.map((row) => row.name)).toEqual(clusterTierNamesInOrder);
    expect(rows.every((row) => row.createdAt === 1_000 && row.updatedAt === 2_000)).toBe(true);
    expect(rows.every((row) => row.yearlyPriceCents < row.monthlyPriceCents * 12)).toBe(true);
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
