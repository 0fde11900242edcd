import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aksClient } from './aks';
import { fakeManagedCluster, startFakeAzure, type FakeAzure } from '../../testing/fakes/clouds/azure';

const TENANT = '11111111-2222-4333-8444-555555555555';
const CLIENT = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const SECRET = 'Kq81Q~aksTestSecretValue.ZZtop42';
const SUB = 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff';
const OTHER_SUB = 'cccccccc-dddd-4eee-8fff-000000000000';

let fake: FakeAzure;

beforeAll(async () => {
  fake = await startFakeAzure({
    principals: [{ tenantId: TENANT, clientId: CLIENT, clientSecret: SECRET, readableSubscriptions: [SUB] }],
    clusters: {
      [SUB]: [fakeManagedCluster(SUB, 'rg', 'one', 'westeurope', [1]), fakeManagedCluster(SUB, 'rg', 'two', 'northeurope', [2, 3]), fakeManagedCluster(SUB, 'rg', 'three', 'eastus', [4])],
      [OTHER_SUB]: [],
    },
    pageSize: 2,
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

const credentials = (overrides: Record<string, string> = {}) => aksClient.credentialsSchema.parse({ tenantId: TENANT, clientId: CLIENT, clientSecret: SECRET, subscriptionId: SUB, ...overrides });

describe('AKS client', () => {
  it('follows nextLink across pages and sums agent pool counts', async () => {
    const result = await aksClient.listClusters(credentials(), { baseUrls: fake.baseUrls });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters.map((cluster) => [cluster.name, cluster.region, cluster.nodeCount, cluster.kubernetesVersion, cluster.status])).toEqual([
      ['one', 'westeurope', 1, '1.30.6', 'running'],
      ['two', 'northeurope', 5, '1.30.6', 'running'],
      ['three', 'eastus', 4, '1.30.6', 'running'],
    ]);
  });

  it('does not follow a nextLink to another host (the token stays with ARM)', async () => {
    const seen: string[] = [];
    const redirecting: typeof fetch = async (input, init) => {
      seen.push(String(input));
      const response = await fetch(input, init);
      if (!String(input).includes('managedClusters')) return response;
      const body = (await response.json()) as { nextLink?: string };
      if (body.nextLink) body.nextLink = 'https://attacker.example/steal';
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const result = await aksClient.listClusters(credentials(), { baseUrls: fake.baseUrls, fetch: redirecting });
    expect(result).toMatchObject({ ok: true });
    expect(seen.some((url) => url.includes('attacker'))).toBe(false);
  });

  it('reports an unknown tenant and an unknown subscription as unknown_region', async () => {
    const tenant = await aksClient.listClusters(credentials({ tenantId: '99999999-2222-4333-8444-555555555555' }), { baseUrls: fake.baseUrls });
    expect(tenant).toMatchObject({ ok: false, kind: 'unknown_region' });
    if (!tenant.ok) expect(tenant.message).toContain('AADSTS90002');
    const subscription = await aksClient.listClusters(credentials({ subscriptionId: 'dddddddd-cccc-4ddd-8eee-ffffffffffff' }), { baseUrls: fake.baseUrls });
    expect(subscription).toMatchObject({ ok: false, kind: 'unknown_region' });
  });

  it('reports a subscription the principal has no role on as missing_permission', async () => {
    const result = await aksClient.listClusters(credentials({ subscriptionId: OTHER_SUB }), { baseUrls: fake.baseUrls });
    expect(result).toMatchObject({ ok: false, kind: 'missing_permission' });
    if (!result.ok) expect(result.message).toContain('managedClusters/read');
  });

  it('passes on the Retry-After of a throttled ARM call', async () => {
    fake.failNext('rate_limited', 1, /managedClusters$/);
    const result = await aksClient.listClusters(credentials(), { baseUrls: fake.baseUrls });
    expect(result).toMatchObject({ ok: false, kind: 'rate_limited' });
    if (!result.ok) expect(result.message).toContain('Retry after 17 s');
  });
});
