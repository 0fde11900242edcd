import { asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageTotal, totalRows } from './pages';
import { preparedOnce } from './prepared';
import { clusters } from './schema';
import { createSeededTestDb } from './testing';

describe('totalRows and pageTotal', () => {
  it('read a page and how many rows its WHERE matches in one statement, and count again only past the end', async () => {
    const db = await createSeededTestDb(0);
    const [organization] = await db.select({ id: clusters.organizationId, value: count() }).from(clusters).groupBy(clusters.organizationId).orderBy(asc(clusters.organizationId));
    const where = eq(clusters.organizationId, organization!.id);
    const expected = organization!.value;
    expect(expected).toBeGreaterThan(2);
    const page = (offset: number) => db.select({ id: clusters.id, total: totalRows() }).from(clusters).where(where).orderBy(asc(clusters.id)).limit(2).offset(offset);
    let counted = 0;
    const countRows = async () => {
      counted += 1;
      return (await db.select({ value: count() }).from(clusters).where(where))[0]!.value;
    };

    const first = await page(0);
    expect(first).toHaveLength(2);
    expect(first.every((row) => row.total === expected)).toBe(true);
    expect(await pageTotal(first, 0, countRows)).toBe(expected);
    // The last page is short but still carries the whole total.
    const last = await page(expected - 1);
    expect(last).toHaveLength(1);
    expect(await pageTotal(last, expected - 1, countRows)).toBe(expected);
    expect(counted).toBe(0);

    // Past the end: no row carries the total, so it is counted.
    expect(await pageTotal(await page(expected + 10), expected + 10, countRows)).toBe(expected);
    expect(counted).toBe(1);
    // An empty first page means nothing matches: no second statement.
    const none = await db.select({ id: clusters.id, total: totalRows() }).from(clusters).where(eq(clusters.organizationId, 'org_none')).limit(2);
    expect(await pageTotal(none, 0, countRows)).toBe(0);
    expect(counted).toBe(1);
  });
});

describe('preparedOnce', () => {
  it('builds a statement once per database handle and key, and binds each call its own values', async () => {
    const [db, other] = [await createSeededTestDb(0), await createSeededTestDb(0)];
    const [organization] = await db.selectDistinct({ id: clusters.organizationId }).from(clusters).limit(1);
    let builds = 0;
    const statement = (handle: typeof db) =>
      preparedOnce(handle, 'clusters.of', () => {
        builds += 1;
        return handle.select({ organizationId: clusters.organizationId }).from(clusters).where(eq(clusters.organizationId, sql.placeholder('organizationId'))).prepare();
      });
    const rows = await statement(db).all({ organizationId: organization!.id });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.organizationId === organization!.id)).toBe(true);
    expect(await statement(db).all({ organizationId: 'org_none' })).toEqual([]);
    expect(builds).toBe(1);
    expect(await statement(other).all({ organizationId: organization!.id })).toEqual(rows);
    expect(builds).toBe(2);
  });
});
