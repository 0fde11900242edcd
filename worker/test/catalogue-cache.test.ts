import { afterEach, describe, expect, it } from 'vitest';
import { json, signedIn, TestClient } from './client';

// The Worker keeps the public catalogue in its isolate (context.ts catalogueCacheFor): what a
// visitor reads must still be what a signed-in customer reads, and a staff edit must show at once.

type Tier = { id: string; purpose: string };

const TIER = 'tier_sandbox';
let restore: (() => Promise<void>) | undefined;

afterEach(async () => {
  // Put the tier back through the API (a mutation, so the isolate's copy is dropped as well):
  // the next test file's database starts from the seed again, the isolate's memory does not.
  await restore?.();
  restore = undefined;
});

describe('catalogue reads through the isolate cache', () => {
  it('answers a visitor and a signed-in customer with the same tiers, over REST and tRPC', async () => {
    const visitor = new TestClient('203.0.113.91');
    const alice = await signedIn('alice', '203.0.113.92');
    const anonymous = await (await visitor.get('/api/cluster-tiers')).text();
    expect(JSON.parse(anonymous)).toHaveLength(7);
    expect(await (await alice.get('/api/cluster-tiers')).text()).toBe(anonymous);
    const trpc = await json<{ result: { data: unknown } }>(await alice.get('/trpc/catalog.clusterTiers'));
    expect(trpc.result.data).toEqual(JSON.parse(anonymous));
    expect(await json(await visitor.get(`/api/cluster-tiers/${TIER}`))).toEqual((JSON.parse(anonymous) as Tier[]).find((tier) => tier.id === TIER));
  });

  it('shows a staff edit to the very next read, then takes an archived tier off sale at once', async () => {
    const visitor = new TestClient('203.0.113.93');
    const staff = await signedIn('olivia', '203.0.113.94');
    const before = await json<Tier>(await visitor.get(`/api/cluster-tiers/${TIER}`));
    // Read twice, so the list's JSON text is the one kept for the cached answer (rest.ts jsonText).
    const listedBefore = await visitor.get('/api/cluster-tiers');
    expect(listedBefore.headers.get('Content-Type')).toBe('application/json');
    expect(await visitor.get('/api/cluster-tiers').then((answer) => answer.text())).toBe(await listedBefore.text());
    restore = async () => {
      await staff.post(`/api/admin/catalog/cluster-tiers/${TIER}/restore`);
      expect((await staff.request('PATCH', `/api/admin/catalog/cluster-tiers/${TIER}`, { purpose: before.purpose })).status).toBe(200);
    };
    expect((await staff.request('PATCH', `/api/admin/catalog/cluster-tiers/${TIER}`, { purpose: 'Edited by staff just now' })).status).toBe(200);
    expect(await json(await visitor.get(`/api/cluster-tiers/${TIER}`))).toMatchObject({ purpose: 'Edited by staff just now' });
    const listed = await json<{ result: { data: Tier[] } }>(await visitor.get('/trpc/catalog.clusterTiers'));
    expect(listed.result.data.find((tier) => tier.id === TIER)).toMatchObject({ purpose: 'Edited by staff just now' });
    expect((await json<Tier[]>(await visitor.get('/api/cluster-tiers'))).find((tier) => tier.id === TIER)).toMatchObject({ purpose: 'Edited by staff just now' });

    expect((await staff.post(`/api/admin/catalog/cluster-tiers/${TIER}/archive`)).status).toBe(200);
    expect((await visitor.get(`/api/cluster-tiers/${TIER}`)).status).toBe(404);
    expect((await json<Tier[]>(await visitor.get('/api/cluster-tiers'))).map((tier) => tier.id)).not.toContain(TIER);
  });
});
