import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRONS } from '../src/scheduled';
import { json, TestClient, uniqueUser } from './client';
import { runCron } from './cron';
import { standInDigitalOcean } from './digitalocean-stand-in';

const TOKEN = 'dop_v1_crontestreader0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6';

afterEach(() => {
  vi.restoreAllMocks();
});

interface StoredCluster {
  connectionId: string;
  name: string;
  region: string;
  nodeCount: number | null;
  refreshedAt: number;
}

describe('the hourly refresh of cloud connections', () => {
  it("lists each saved connection's clusters again with its stored credentials, and keeps the last ones when the provider refuses", async () => {
    const provider = standInDigitalOcean();
    provider.tokens.set(TOKEN, [{ name: 'doks-ams', region: 'ams3', nodes: [2] }]);
    const client = await new TestClient('198.51.100.71').prime();
    expect((await client.post('/api/register', uniqueUser('cron'))).status).toBe(200);
    const saved = await client.post('/api/provider-connections', { provider: 'doks', name: 'DigitalOcean', credentials: { token: TOKEN } });
    expect(saved.status).toBe(201);
    const { connection } = await json<{ connection: { id: string } }>(saved);
    const before = await json<StoredCluster[]>(await client.get('/api/external-clusters'));
    expect(before.map((cluster) => cluster.name)).toEqual(['doks-ams']);

    // An hour later DigitalOcean lists another cluster, and the first one has grown.
    provider.tokens.set(TOKEN, [
      { name: 'doks-ams', region: 'ams3', nodes: [2, 3] },
      { name: 'doks-fra', region: 'fra1', nodes: [1] },
    ]);
    const calls = provider.calls.length;
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    await runCron(CRONS.housekeeping, Date.now());
    // The cron opened the credentials sealed under the Worker's keyring and sent the token.
    expect(provider.calls.slice(calls)).toContainEqual({ token: TOKEN, status: 200 });
    expect(logged).toHaveBeenCalledWith('Cloud connections refreshed', expect.objectContaining({ refreshed: expect.any(Number) }));
    const after = await json<StoredCluster[]>(await client.get('/api/external-clusters'));
    expect(after.map(({ connectionId, name, region, nodeCount }) => ({ connectionId, name, region, nodeCount }))).toEqual([
      { connectionId: connection.id, name: 'doks-ams', region: 'ams3', nodeCount: 5 },
      { connectionId: connection.id, name: 'doks-fra', region: 'fra1', nodeCount: 1 },
    ]);
    expect(after[0]!.refreshedAt).toBeGreaterThanOrEqual(before[0]!.refreshedAt);
    const [listed] = await json<Array<{ lastResultKind: string; clusterCount: number }>>(await client.get('/api/provider-connections'));
    expect(listed).toMatchObject({ lastResultKind: 'ok', clusterCount: 2 });

    // The token is revoked: the next hour records the refusal and keeps the clusters last listed.
    provider.tokens.delete(TOKEN);
    const refreshed = provider.calls.length;
    await runCron(CRONS.housekeeping, Date.now());
    expect(provider.calls.slice(refreshed)).toContainEqual({ token: TOKEN, status: 401 });
    expect((await json<StoredCluster[]>(await client.get('/api/external-clusters'))).map((cluster) => cluster.name)).toEqual(['doks-ams', 'doks-fra']);
    const [refused] = await json<Array<{ lastResultKind: string; clusterCount: number }>>(await client.get('/api/provider-connections'));
    expect(refused).toMatchObject({ lastResultKind: 'bad_credentials', clusterCount: 2 });
    expect(provider.violations).toEqual([]);
  });
});
