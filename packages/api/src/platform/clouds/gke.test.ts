import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeGkeCluster, startFakeGcp, type FakeGcp } from '../../testing/fakes/clouds/gcp';
import { gkeClient } from './gke';
import { gkeCredentialsSchema } from './port';

const PROJECT = 'fleet-test-204817';
const EMAIL = `lister@${PROJECT}.iam.gserviceaccount.com`;
const KEY_ID = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9';
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let fake: FakeGcp;

function keyFile(overrides: Record<string, string> = {}): string {
  return JSON.stringify({ type: 'service_account', project_id: PROJECT, private_key_id: KEY_ID, private_key: PRIVATE_PEM, client_email: EMAIL, token_uri: 'https://oauth2.googleapis.com/token', ...overrides });
}

beforeAll(async () => {
  fake = await startFakeGcp({
    accounts: [{ clientEmail: EMAIL, privateKeyId: KEY_ID, publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), projectId: PROJECT, canList: true }],
    clusters: { [PROJECT]: [fakeGkeCluster('alpha', 'europe-west4', 4, PROJECT)] },
    now: () => NOW,
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

describe('GKE client', () => {
  it('signs an RS256 assertion for this token endpoint with the key id, cloud-platform scope and a one-hour lifetime', async () => {
    const assertions: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/token')) assertions.push(new URLSearchParams(String(init?.body)).get('assertion') ?? '');
      return fetch(input, init);
    };
    const result = await gkeClient.listClusters(gkeCredentialsSchema.parse({ serviceAccountKey: keyFile() }), { baseUrls: fake.baseUrls, now: () => NOW, fetch: spy });
    expect(result).toMatchObject({ ok: true, clusters: [{ name: 'alpha', region: 'europe-west4', kubernetesVersion: '1.30.5-gke.1014001', nodeCount: 4, status: 'running', providerId: `projects/${PROJECT}/locations/europe-west4/clusters/alpha` }] });
    const [header, claims] = (assertions[0] ?? '').split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: KEY_ID });
    expect(claims).toEqual({ iss: EMAIL, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: `${fake.url}/token`, iat: NOW / 1000, exp: NOW / 1000 + 3600 });
  });

  it("never sends the assertion to the key file's token_uri", async () => {
    const result = await gkeClient.listClusters(gkeCredentialsSchema.parse({ serviceAccountKey: keyFile({ token_uri: 'http://127.0.0.1:9/steal' }) }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result.ok).toBe(true);
  });

  it('is refused (bad_credentials) when its clock is two hours off, as Google refuses stale assertions', async () => {
    const result = await gkeClient.listClusters(gkeCredentialsSchema.parse({ serviceAccountKey: keyFile() }), { baseUrls: fake.baseUrls, now: () => NOW - 2 * 3600_000 });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).toContain('iat and exp');
  });

  it('reports a project that does not exist as unknown_region', async () => {
    const result = await gkeClient.listClusters(gkeCredentialsSchema.parse({ serviceAccountKey: keyFile({ project_id: 'no-such-project-1' }) }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'unknown_region' });
  });

  it('rejects a key file that is not JSON without quoting it', () => {
    const broken = keyFile().slice(0, -5);
    const parsed = gkeCredentialsSchema.safeParse({ serviceAccountKey: broken });
    expect(parsed.success).toBe(false);
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).toContain('not valid JSON');
    expect(text).not.toContain(PRIVATE_PEM.split('\n')[1]);
  });

  it('answers bad_credentials, never an exception, for a private key that is not RSA PKCS#8', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const result = await gkeClient.listClusters(gkeCredentialsSchema.parse({ serviceAccountKey: keyFile({ private_key: ec }) }), { baseUrls: fake.baseUrls, now: () => NOW });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) for (const line of ec.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----'))) expect(result.message).not.toContain(line);
  });
});
