import { AwsV4Signer } from 'aws4fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eksClient } from './eks';
import { canonicalRequest, fakeEksCluster, sigV4Signature, startFakeAws, type FakeAws } from '../../testing/fakes/clouds/aws';

// AWS's Signature Version 4 test suite (aws-sig-v4-test-suite, "get-vanilla", "post-vanilla" and
// "get-vanilla-query-order-key-case"): credentials AKIDEXAMPLE, region us-east-1, service
// "service", 2015-08-30T12:36:00Z, host example.amazonaws.com. The signatures are the published ones.
const SUITE = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', service: 'service', region: 'us-east-1', datetime: '20150830T123600Z' };
const SUITE_PREFIX = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=';

async function suiteAuthorization(method: string, url: string): Promise<string> {
  const signed = await new AwsV4Signer({ ...SUITE, method, url }).sign();
  return signed.headers.get('authorization') ?? '';
}

describe('aws4fetch against the published SigV4 test suite', () => {
  it('signs get-vanilla as published', async () => {
    expect(await suiteAuthorization('GET', 'https://example.amazonaws.com/')).toBe(`${SUITE_PREFIX}5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`);
  });

  it('signs post-vanilla as published', async () => {
    expect(await suiteAuthorization('POST', 'https://example.amazonaws.com/')).toBe(`${SUITE_PREFIX}5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b`);
  });

  it('signs get-vanilla-query-order-key-case as published (parameters sorted)', async () => {
    expect(await suiteAuthorization('GET', 'https://example.amazonaws.com/?Param2=value2&Param1=value1')).toBe(
      `${SUITE_PREFIX}b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500`,
    );
  });

  it("the fake's own node:crypto verifier reproduces the same published signatures", () => {
    const headers = { host: 'example.amazonaws.com', 'x-amz-date': SUITE.datetime };
    const scope = '20150830/us-east-1/service/aws4_request';
    const sign = (method: string, rawQuery: string) => sigV4Signature(canonicalRequest({ method, path: '/', rawQuery, headers, body: '' }, ['host', 'x-amz-date']), SUITE.datetime, scope, SUITE.secretAccessKey);
    expect(sign('GET', '')).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
    expect(sign('POST', '')).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
    expect(sign('GET', 'Param2=value2&Param1=value1')).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });
});

const ACCOUNT = '123456789012';
const ROLE = `arn:aws:iam::${ACCOUNT}:role/KubeMarketReadEks`;
const LOCKED_ROLE = `arn:aws:iam::${ACCOUNT}:role/NotTrusted`;
const KEY = { accessKeyId: 'AKIATESTREADER000001', secretAccessKey: 'testReaderSecret/abcdefghijklmnop0123456789' };
const ASSUMER = { accessKeyId: 'AKIATESTASSUMER00002', secretAccessKey: 'testAssumerSecret/abcdefghijklmnop012345678' };
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);

let fake: FakeAws;

beforeAll(async () => {
  fake = await startFakeAws({
    keys: [
      { ...KEY, accountId: ACCOUNT, userName: 'reader', canList: true },
      { ...ASSUMER, accountId: ACCOUNT, userName: 'assumer', canList: false, canAssume: [ROLE] },
    ],
    roles: [
      { arn: ROLE, canList: true },
      { arn: LOCKED_ROLE, canList: true },
    ],
    clusters: {
      'eu-west-1': [fakeEksCluster('a', 'eu-west-1', ACCOUNT, [2, 3]), fakeEksCluster('b', 'eu-west-1', ACCOUNT, []), fakeEksCluster('c', 'eu-west-1', ACCOUNT, [1])],
      'us-east-2': [fakeEksCluster('d', 'us-east-2', ACCOUNT, [5])],
    },
    pageSize: 2,
    now: () => NOW,
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

const credentials = (overrides: Record<string, unknown> = {}) => eksClient.credentialsSchema.parse({ ...KEY, regions: ['eu-west-1', 'us-east-2'], ...overrides });

describe('EKS client against the fake', () => {
  it('lists every region, follows nextToken, and counts nodes from the managed node groups', async () => {
    const result = await eksClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters.map((cluster) => [cluster.name, cluster.region, cluster.kubernetesVersion, cluster.nodeCount, cluster.status])).toEqual([
      ['a', 'eu-west-1', '1.31', 5, 'active'],
      ['b', 'eu-west-1', '1.31', null, 'active'],
      ['c', 'eu-west-1', '1.31', 1, 'active'],
      ['d', 'us-east-2', '1.31', 5, 'active'],
    ]);
    expect(result.clusters[0]?.providerId).toBe(`arn:aws:eks:eu-west-1:${ACCOUNT}:cluster/a`);
    const listings = fake.requests.filter((request) => request.path === '/eks/eu-west-1/clusters');
    expect(listings.length).toBeGreaterThanOrEqual(2);
  });

  it('assumes the role with STS first and lists with the role credentials (session token signed)', async () => {
    const result = await eksClient.listClusters(credentials({ ...ASSUMER, roleArn: ROLE, regions: ['us-east-2'] }), { baseUrls: fake.baseUrls, now: () => NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.clusters.map((cluster) => cluster.name)).toEqual(['d']);
    const recent = fake.requests.slice(-5);
    expect(recent.map((request) => request.path)).toEqual(['/sts/', '/eks/us-east-2/clusters', '/eks/us-east-2/clusters/d', '/eks/us-east-2/clusters/d/node-groups', '/eks/us-east-2/clusters/d/node-groups/ng-0']);
  });

  it('without the role, the same key is missing_permission (it may only assume the role)', async () => {
    const result = await eksClient.listClusters(credentials({ ...ASSUMER }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'missing_permission' });
    if (!result.ok) expect(result.message).toContain('eks:ListClusters');
  });

  it('reports a role whose trust policy does not name the user as missing_permission mentioning sts:AssumeRole', async () => {
    const result = await eksClient.listClusters(credentials({ ...ASSUMER, roleArn: LOCKED_ROLE }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'missing_permission' });
    if (!result.ok) expect(result.message).toContain('sts:AssumeRole');
  });

  it('reports an unknown access key and a wrong secret as bad_credentials, without the secret', async () => {
    const unknown = await eksClient.listClusters(credentials({ accessKeyId: 'AKIAUNKNOWNKEY000000' }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(unknown).toMatchObject({ ok: false, kind: 'bad_credentials' });
    const secret = 'notTheSecret/abcdefghijklmnop0123456789xyz';
    const wrong = await eksClient.listClusters(credentials({ secretAccessKey: secret }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(wrong).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!wrong.ok) {
      expect(wrong.message).toContain('signature we calculated does not match');
      expect(wrong.message).not.toContain(secret);
    }
  });

  it('is refused when its clock is off by more than 15 minutes (the signature date is checked)', async () => {
    const result = await eksClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW - 20 * 60_000 });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).toContain('clock');
  });

  it('is refused when the request is changed after signing (the fake recomputes the signature)', async () => {
    const tampering: typeof fetch = (input, init) => fetch(String(input).replace('maxResults=100', 'maxResults=99'), init);
    const result = await eksClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW, fetch: tampering });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
  });

  it('reports a region AWS does not have as unknown_region without calling anything', async () => {
    const before = fake.requests.length;
    const result = await eksClient.listClusters(credentials({ regions: ['eu-west-1', 'eu-north-9'] }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'unknown_region' });
    if (!result.ok) expect(result.message).toContain('eu-north-9');
    expect(fake.requests.length).toBe(before);
  });

  it('passes on throttling of DescribeCluster as rate_limited', async () => {
    fake.failNext('rate_limited', 1, /^\/eks\/eu-west-1\/clusters\/a$/);
    const result = await eksClient.listClusters(credentials(), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'rate_limited' });
  });
});
