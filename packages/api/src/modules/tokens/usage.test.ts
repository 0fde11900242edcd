import { apiTokenUsage, auditLog, rateLimits } from '@kubemarket/db';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';
import { authenticateBearer, createToken, TOKEN_RATE_LIMIT } from './service';

/** 12:00:00 UTC: a whole hour ahead. */
const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR = 3_600_000;

async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW) } });
  const alice = await sessionUserOf(db, 'alice');
  const created = await createToken({ ...ctx, user: alice, credential: { kind: 'session' } }, { name: 'ci', expiresInDays: 30, scopes: ['clusters:read'] });
  const bearer = (at: number, path = '/api/clusters', ipAddress: string | null = '198.51.100.20') => authenticateBearer(db, created.token, at, { method: 'GET', path, ipAddress });
  const entries = (action: string) => db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, created.id)));
  const usage = () => db.select().from(apiTokenUsage).where(eq(apiTokenUsage.tokenId, created.id)).orderBy(apiTokenUsage.hourStart);
  return { ctx, db, alice, tokenId: created.id, bearer, entries, usage };
}

describe('API token use: one audit entry per token and hour, with a count', () => {
  it('audits the first request of the hour and counts every request, in sequence and 25 at once', async () => {
    const { bearer, entries, usage, tokenId } = await setup();
    expect(await bearer(NOW + 1, '/api/clusters')).toMatchObject({ ok: true });
    for (let index = 0; index < 4; index += 1) expect(await bearer(NOW + 10 + index, '/api/notifications')).toMatchObject({ ok: true });
    const parallel = await Promise.all(Array.from({ length: 25 }, (_, index) => bearer(NOW + 100 + index, '/api/clusters/x', '203.0.113.9')));
    expect(parallel.every((result) => result.ok)).toBe(true);

    const used = await entries('token.used');
    expect(used).toEqual([
      expect.objectContaining({ actorUserId: 'usr_demo_alice', organizationId: 'org_demo_acme', targetType: 'api_token', targetId: tokenId, ipAddress: '198.51.100.20', metadata: { method: 'GET', path: '/api/clusters' }, createdAt: NOW + 1 }),
    ]);
    expect(await usage()).toEqual([{ tokenId, hourStart: NOW, requests: 30, rateLimited: 0, lastUsedAt: NOW + 124, lastIpAddress: '203.0.113.9' }]);

    // The next hour is a new entry and a new count.
    expect(await bearer(NOW + HOUR + 5)).toMatchObject({ ok: true });
    expect((await entries('token.used')).map((entry) => entry.createdAt)).toEqual([NOW + 1, NOW + HOUR + 5]);
    expect((await usage()).map((row) => [row.hourStart, row.requests])).toEqual([
      [NOW, 30],
      [NOW + HOUR, 1],
    ]);
  });

  it('audits a rate-limited token once per hour and counts its refusals', async () => {
    const { db, bearer, entries, usage, tokenId } = await setup();
    await db.insert(rateLimits).values({ key: `api-token:${tokenId}`, windowStart: NOW, count: TOKEN_RATE_LIMIT.limit });
    const refused = await Promise.all(Array.from({ length: 10 }, (_, index) => bearer(NOW + 1 + index)));
    expect(refused.every((result) => !result.ok && result.status === 429)).toBe(true);
    expect(await entries('token.rate_limited')).toHaveLength(1);
    expect(await entries('token.used')).toHaveLength(0);
    expect(await usage()).toMatchObject([{ hourStart: NOW, requests: 0, rateLimited: 10 }]);
  });

  it("shows the hour's count in the organisation's activity and its CSV, and staff actions stay visible beside it", async () => {
    const { ctx, db, alice, bearer } = await setup();
    for (let index = 0; index < 50; index += 1) await bearer(NOW + 1 + index);
    const caller = callerAs(ctx, alice);
    const page = await caller.activity.list({ from: NOW - HOUR, page: 1, pageSize: 10 });
    const tokenEntries = page.items.filter((entry) => entry.action === 'token.used');
    expect(tokenEntries).toEqual([expect.objectContaining({ metadata: { method: 'GET', path: '/api/clusters', count: 50, lastUsedAt: NOW + 50 } })]);
    // 50 requests are one line: the token's creation is still on the first page.
    expect(page.items.map((entry) => entry.action)).toContain('token.created');
    const csv = await caller.activity.csv({ from: NOW - HOUR });
    expect(csv.csv).toContain('""count"":50');
    expect(await db.$count(auditLog, like(auditLog.action, 'token.%'))).toBe(2);
  });
});
