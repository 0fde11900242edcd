import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customSolutionRequests } from './schema';
import { seed } from './seed';
import { createTestDb } from './testing';

describe('seed: custom solution requests', () => {
  it('gives Acme two requests and Globex one, in different states, once however often it runs', async () => {
    const db = await createTestDb();
    await seed(db, 100_000_000_000);
    await db.update(customSolutionRequests).set({ status: 'closed' }).where(eq(customSolutionRequests.id, 'csr_demo_acme_hds'));
    await seed(db, 200_000_000_000);
    const rows = await db.select().from(customSolutionRequests).orderBy(asc(customSolutionRequests.id));
    expect(rows.map((row) => [row.id, row.organizationId, row.status])).toEqual([
      ['csr_demo_acme_gpu', 'org_demo_acme', 'proposal_sent'],
      // What staff changed stays.
      ['csr_demo_acme_hds', 'org_demo_acme', 'closed'],
      ['csr_demo_globex_sap', 'org_demo_globex', 'in_review'],
    ]);
    const answered = rows.filter((row) => row.staffResponse !== null);
    expect(answered.map((row) => row.id)).toEqual(['csr_demo_acme_gpu']);
    expect(answered[0]!.respondedAt).toBe(answered[0]!.updatedAt);
    expect(rows.every((row) => row.createdAt <= row.updatedAt && row.updatedAt < 100_000_000_000)).toBe(true);
  });

  it('refuses a negative budget and a request of an organisation that does not exist', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    const row = { id: 'csr_x', organizationId: 'org_demo_acme', subject: 'Test', category: 'other' as const, description: 'Test', createdAt: 0, updatedAt: 0 };
    await expect(db.insert(customSolutionRequests).values({ ...row, monthlyBudgetCents: -1 })).rejects.toThrow();
    await expect(db.insert(customSolutionRequests).values({ ...row, organizationId: 'org_missing' })).rejects.toThrow();
    await db.insert(customSolutionRequests).values(row);
  });
});
