import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ackClient } from './ack';
import { fakeAckCluster, startFakeAlibaba, type FakeAlibaba } from '../../testing/fakes/clouds/alibaba';

const KEY = 'LTAI5tAckTestKey00001';
const SECRET = 'ackTestSecret0123456789abcdefXYZ';
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);

let fake: FakeAlibaba;

beforeAll(async () => {
  const many = Array.from({ length: 130 }, (_, index) => fakeAckCluster(`c-${index}`, index % 2 === 0 ? 'eu-central-1' : 'cn-hangzhou', 2));
  fake = await startFakeAlibaba({ keys: [{ accessKeyId: KEY, accessKeySecret: SECRET, canList: true }], clusters: many, now: () => NOW });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

const credentials = (overrides: Record<string, string> = {}) => ackClient.credentialsSchema.parse({ accessKeyId: KEY, accessKeySecret: SECRET, ...overrides });

describe('ACK client', () => {
  it('pages through every region with a fresh nonce per signed request', async () => {
    const result = await ackClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters).toHaveLength(130);
    expect(result.clusters[0]).toMatchObject({ name: 'c-0', region: 'eu-central-1', kubernetesVersion: '1.31.1', nodeCount: 2, status: 'running' });
    expect(fake.requests.slice(-2).map((request) => request.status)).toEqual([200, 200]);
  });

  it('lists one region when a region is given', async () => {
    const result = await ackClient.listClusters(credentials({ region: 'cn-hangzhou' }), { baseUrls: fake.baseUrls, now: () => NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters).toHaveLength(65);
    expect(new Set(result.clusters.map((cluster) => cluster.region))).toEqual(new Set(['cn-hangzhou']));
  });

  it('reports a region Alibaba Cloud does not have as unknown_region', async () => {
    const result = await ackClient.listClusters(credentials({ region: 'eu-south-7' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'unknown_region' });
  });

  it('reports an unknown AccessKey ID as bad_credentials', async () => {
    const result = await ackClient.listClusters(credentials({ accessKeyId: 'LTAI5tNoSuchKey000001' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).toContain('access key is not found');
  });

  it('is refused when its clock is off by more than 15 minutes', async () => {
    const result = await ackClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW - 3600_000 });
    expect(result).toMatchObject({ ok: false, kind: 'unexpected' });
    if (!result.ok) expect(result.message).toContain('expired');
  });

  it('is refused when the request is changed after signing (the fake recomputes the signature)', async () => {
    const tampering: typeof fetch = (input, init) => fetch(String(input).replace('page_size=100', 'page_size=99'), init);
    const result = await ackClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW, fetch: tampering });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).toContain('signature is not matched');
  });
});
