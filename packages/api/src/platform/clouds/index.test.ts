/**
 * Every client against its local fake provider: the success answer, and each failure class the
 * provider can produce, told apart; no credential in any message. The fakes verify signatures
 * and tokens themselves, so a client that signs wrongly fails the "ok" case.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedUrl, startFakeClouds, type FakeClouds, type FakeServer } from '../../testing/fakes';
import { ackClient, cloudClients, type ListClustersResult, type SupportedCloudProvider } from './index';

let clouds: FakeClouds;

beforeAll(async () => {
  clouds = await startFakeClouds();
});

afterAll(async () => {
  await clouds.close();
});

afterEach(() => {
  for (const fake of servers()) expect(fake.violations).toEqual([]);
});

function servers(): FakeServer[] {
  return [clouds.gcp, clouds.aws, clouds.azure, clouds.ibm, clouds.huawei, clouds.alibaba, clouds.digitalocean];
}

const PROVIDERS: SupportedCloudProvider[] = ['gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks'];

const LIST_PATH: Record<SupportedCloudProvider, RegExp> = {
  gke: /\/clusters$/,
  eks: /\/clusters$/,
  aks: /\/managedClusters$/,
  iks: /\/getClusters$/,
  cce: /\/clusters$/,
  ack: /\/clusters$/,
  doks: /\/clusters$/,
};
const TOKEN_PATH = { gke: /^\/token$/, aks: /\/oauth2\/v2\.0\/token$/, iks: /^\/identity\/token$/ };

function fakeOf(provider: SupportedCloudProvider): FakeServer {
  return { gke: clouds.gcp, eks: clouds.aws, aks: clouds.azure, iks: clouds.ibm, cce: clouds.huawei, ack: clouds.alibaba, doks: clouds.digitalocean }[provider];
}

/** The secret parts of a credential set: what must never be echoed. */
function secretsOf(input: Record<string, string | undefined>): string[] {
  const secretFields = ['serviceAccountKey', 'secretAccessKey', 'clientSecret', 'apiKey', 'secretKey', 'accessKeySecret', 'token'];
  return Object.entries(input)
    .filter(([name]) => secretFields.includes(name))
    .flatMap(([, value]) => {
      if (!value) return [];
      if (!value.startsWith('{')) return [value];
      const key = JSON.parse(value) as { private_key: string };
      return key.private_key.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----'));
    });
}

async function list(
  provider: SupportedCloudProvider,
  which: 'ok' | 'denied' | 'wrong' | 'role' | 'throttled' | 'unresponsive',
  options: { timeoutMs?: number; baseUrls?: Record<string, string> } = {},
): Promise<ListClustersResult> {
  const input = (clouds.credentials[provider] as Record<string, Record<string, string>>)[which];
  if (!input) throw new Error(`the fake ${provider} has no "${which}" credentials`);
  const client = cloudClients[provider];
  const credentials = client.credentialsSchema.parse(input);
  const result = await (client.listClusters as (c: unknown, o: unknown) => Promise<ListClustersResult>)(credentials, {
    baseUrls: options.baseUrls ?? clouds.baseUrls[provider],
    timeoutMs: options.timeoutMs,
  });
  if (!result.ok) for (const secret of secretsOf(input)) expect(result.message).not.toContain(secret);
  return result;
}

function failureOf(result: ListClustersResult) {
  if (result.ok) throw new Error(`expected a failure, got ${result.clusters.length} clusters`);
  return result;
}

describe.each(PROVIDERS)('%s client against its fake', (provider) => {
  it('lists the clusters with name, region, version, node count and status', async () => {
    const result = await list(provider, 'ok');
    if (!result.ok) throw new Error(`${result.kind}: ${result.message}`);
    expect(result.clusters.length).toBeGreaterThan(0);
    for (const cluster of result.clusters) {
      expect(cluster.name).not.toBe('');
      expect(cluster.providerId).not.toBe('');
      expect(cluster.region).not.toBe('');
      expect(cluster.kubernetesVersion).toMatch(/^\d+\.\d+(\.\d+)?/);
      expect(cluster.nodeCount).toBeGreaterThan(0);
      // EKS's word for a cluster that serves is ACTIVE; the others' are in the list.
      expect(provider === 'eks' ? ['active'] : ['running', 'available', 'normal']).toContain(cluster.status);
    }
    expect(result.tookMs).toBeGreaterThanOrEqual(0);
  });

  it('tells a wrong secret (bad_credentials) from a valid key without the permission (missing_permission)', async () => {
    const wrong = failureOf(await list(provider, 'wrong'));
    expect(wrong.kind).toBe('bad_credentials');
    const denied = failureOf(await list(provider, 'denied'));
    expect(denied.kind).toBe('missing_permission');
    expect(denied.message).not.toBe(wrong.message);
  });

  it('reports rate limiting of the cluster listing as rate_limited', async () => {
    fakeOf(provider).failNext('rate_limited', 1, LIST_PATH[provider]);
    const result = failureOf(await list(provider, 'ok'));
    expect(result.kind).toBe('rate_limited');
    expect(fakeOf(provider).requests.at(-1)).toMatchObject({ status: provider === 'ack' ? 400 : 429 });
  });

  it('gives up after the timeout when the provider never answers the listing', async () => {
    fakeOf(provider).failNext('hang', 1, LIST_PATH[provider]);
    const started = Date.now();
    const result = failureOf(await list(provider, 'ok', { timeoutMs: 300 }));
    expect(result.kind).toBe('timeout');
    expect(result.message).toContain('0.3 s');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a refused connection as unreachable', async () => {
    const nowhere = await closedUrl();
    const baseUrls = Object.fromEntries(Object.entries(clouds.baseUrls[provider]).map(([name, value]) => [name, value.replace(/^http:\/\/127\.0\.0\.1:\d+/, nowhere)]));
    const result = failureOf(await list(provider, 'ok', { baseUrls }));
    expect(result.kind).toBe('unreachable');
    expect(result.message).toContain('ECONNREFUSED');
  });
});

describe.each(['gke', 'aks', 'iks'] as const)('%s token exchange', (provider) => {
  it('reports rate limiting of the token endpoint as rate_limited', async () => {
    fakeOf(provider).failNext('rate_limited', 1, TOKEN_PATH[provider]);
    const result = failureOf(await list(provider, 'ok'));
    expect(result.kind).toBe('rate_limited');
    expect(fakeOf(provider).requests.at(-1)?.path).toMatch(TOKEN_PATH[provider]);
  });

  it('times out when the token endpoint never answers', async () => {
    fakeOf(provider).failNext('hang', 1, TOKEN_PATH[provider]);
    const result = failureOf(await list(provider, 'ok', { timeoutMs: 200 }));
    expect(result.kind).toBe('timeout');
  });
});

/**
 * The credentials a browser test uses to show each failure on a page (it cannot call `failNext`
 * in the fakes' process): each is checked by its fake like any other, then fails the provider's way.
 */
describe('credentials that fail the way their provider does, once their fake has checked them', () => {
  it('eks role: the key assumes the role through STS, and the role lists the clusters', async () => {
    const result = await list('eks', 'role');
    if (!result.ok) throw new Error(`${result.kind}: ${result.message}`);
    expect(result.clusters.map((cluster) => cluster.name).sort()).toEqual(['eks-dublin', 'eks-virginia']);
    expect(clouds.aws.requests.some((request) => request.method === 'POST' && request.path === '/sts/' && request.status === 200)).toBe(true);
  });

  it('aks throttled: Entra ID issues the token, then ARM answers 429 with its Retry-After', async () => {
    const result = failureOf(await list('aks', 'throttled'));
    expect(result.kind).toBe('rate_limited');
    expect(result.message).toContain('Retry after 17 s.');
    expect(clouds.azure.requests.slice(-2).map((request) => request.status)).toEqual([200, 429]);
  });

  it('ack throttled: the gateway checks the signature first, then denies by flow control', async () => {
    const result = failureOf(await list('ack', 'throttled'));
    expect(result.kind).toBe('rate_limited');
    expect(clouds.alibaba.requests.at(-1)).toMatchObject({ status: 400 });
    // Signed with another secret, the same key is a bad signature, not a throttled call.
    const input = { ...clouds.credentials.ack.throttled, accessKeySecret: 'notTheBusySecret000000000000000' };
    const forged = await ackClient.listClusters(ackClient.credentialsSchema.parse(input), { baseUrls: clouds.baseUrls.ack });
    expect(forged).toMatchObject({ ok: false, kind: 'bad_credentials' });
  });

  it('iks unresponsive: IAM issues the token, the listing is held until the deadline', async () => {
    const started = Date.now();
    const result = failureOf(await list('iks', 'unresponsive', { timeoutMs: 300 }));
    expect(result.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(clouds.ibm.requests.slice(-2)).toMatchObject([
      { path: '/identity/token', status: 200 },
      { path: '/global/v2/getClusters', status: 0 },
    ]);
  });
});
