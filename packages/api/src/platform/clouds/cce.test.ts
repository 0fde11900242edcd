import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cceClient } from './cce';
import { fakeCceCluster, startFakeHuawei, type FakeHuawei } from '../../testing/fakes/clouds/huawei';

const AK = 'HPUATESTACCESSKEY001';
const SK = 'cceTestSecretKey0123456789abcdefABCDEF';
const PROJECT = '4f3e2d1c0b9a48776655443322110fed';
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);

let fake: FakeHuawei;

beforeAll(async () => {
  fake = await startFakeHuawei({
    accounts: [{ accessKey: AK, secretKey: SK, projectId: PROJECT, region: 'eu-west-101', canList: true }],
    clusters: { [PROJECT]: [fakeCceCluster('one', 3), fakeCceCluster('two', 7)] },
    now: () => NOW,
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

const credentials = (overrides: Record<string, string> = {}) => cceClient.credentialsSchema.parse({ accessKey: AK, secretKey: SK, projectId: PROJECT, region: 'eu-west-101', ...overrides });

describe('CCE client', () => {
  it('signs the regional request the gateway verifies and reads node counts from the detail annotations', async () => {
    const result = await cceClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters.map((cluster) => [cluster.name, cluster.region, cluster.kubernetesVersion, cluster.nodeCount, cluster.status])).toEqual([
      ['one', 'eu-west-101', '1.29', 3, 'available'],
      ['two', 'eu-west-101', '1.29', 7, 'available'],
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/eu-west-101/api/v3/projects/${PROJECT}/clusters`, status: 200 });
  });

  it('is refused when its clock is off by more than 15 minutes (the signature date is checked)', async () => {
    const result = await cceClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW + 20 * 60_000 });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
  });

  it('reports a region Huawei Cloud does not have as unknown_region without calling anything', async () => {
    const before = fake.requests.length;
    const result = await cceClient.listClusters(credentials({ region: 'eu-north-9' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'unknown_region' });
    expect(fake.requests.length).toBe(before);
  });

  it('reports a project that is not in the region as unknown_region', async () => {
    const result = await cceClient.listClusters(credentials({ region: 'ap-southeast-3' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'unknown_region' });
  });

  it('reports an unknown access key as bad_credentials and keeps the secret out of the message', async () => {
    const result = await cceClient.listClusters(credentials({ accessKey: 'HPUAUNKNOWNKEY000000' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).not.toContain(SK);
  });

  it('is refused when the request is changed after signing (the fake recomputes the signature)', async () => {
    const tampering: typeof fetch = (input, init) => fetch(String(input).replace('detail=true', 'detail=false'), init);
    const result = await cceClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW, fetch: tampering });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).toContain('verify aksk signature fail');
  });
});
