import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doksClient } from './doks';
import { fakeDoksCluster, startFakeDigitalOcean, type FakeDigitalOcean } from '../../testing/fakes/clouds/digitalocean';

const TOKEN = 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
let fake: FakeDigitalOcean;

beforeAll(async () => {
  fake = await startFakeDigitalOcean({
    tokens: [{ token: TOKEN, scopes: ['kubernetes:read'] }],
    clusters: [fakeDoksCluster('a', 'ams3', [1]), fakeDoksCluster('b', 'fra1', [2, 3]), fakeDoksCluster('c', 'nyc1', [4])],
    maxPerPage: 2,
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

describe('DOKS client', () => {
  it('follows links.pages.next and reads versions without the -do suffix', async () => {
    const result = await doksClient.listClusters(doksClient.credentialsSchema.parse({ token: TOKEN }), { baseUrls: fake.baseUrls });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters.map((cluster) => [cluster.name, cluster.region, cluster.kubernetesVersion, cluster.nodeCount])).toEqual([
      ['a', 'ams3', '1.31.1', 1],
      ['b', 'fra1', '1.31.1', 5],
      ['c', 'nyc1', '1.31.1', 4],
    ]);
    expect(fake.requests.slice(-2).map((request) => request.path)).toEqual(['/v2/kubernetes/clusters', '/v2/kubernetes/clusters']);
  });

  it('keeps the token out of a rate-limit message and passes on Retry-After', async () => {
    fake.failNext('rate_limited');
    const result = await doksClient.listClusters(doksClient.credentialsSchema.parse({ token: TOKEN }), { baseUrls: fake.baseUrls });
    expect(result).toMatchObject({ ok: false, kind: 'rate_limited' });
    if (!result.ok) {
      expect(result.message).toContain('Retry after 30 s');
      expect(result.message).not.toContain(TOKEN);
    }
  });
});
