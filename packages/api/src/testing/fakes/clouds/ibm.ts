/**
 * Test only: IBM Cloud IAM's API-key grant and the Kubernetes Service v2 clusters list, with
 * IAM's and IKS's field names and error shapes. Only tokens the fake issued are accepted.
 */
import { randomUUID } from 'node:crypto';
import { HOLD, opaqueToken, startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeIbmKey {
  apiKey: string;
  accountId: string;
  /** Viewer platform role on Kubernetes Service. */
  canList: boolean;
  /** Kubernetes Service holds this account's cluster listing without ever answering (IAM still issues its token). */
  unresponsive?: boolean;
}

export interface FakeIbmOptions {
  keys: FakeIbmKey[];
  /** Clusters by account id, in the v2 API's shape. */
  clusters: Record<string, unknown[]>;
}

export interface FakeIbm extends FakeServer {
  baseUrls: { iam: string; containers: string };
}

export function fakeIksCluster(name: string, region: string, workers: number): Record<string, unknown> {
  return {
    id: `c${randomUUID().replace(/-/g, '').slice(0, 19)}`,
    name,
    region,
    resourceGroup: 'a8f1c2e9d0b34f6e8a7b6c5d4e3f2a1b',
    resourceGroupName: 'default',
    location: `${region === 'eu-de' ? 'fra' : 'dal'}02`,
    provider: 'vpc-gen2',
    type: 'kubernetes',
    state: 'normal',
    status: 'All Workers Normal',
    masterKubeVersion: '1.30.6_1544',
    targetVersion: '1.30.6_1544',
    workerCount: workers,
    workerZones: [`${region}-1`],
    createdDate: '2026-03-02T11:20:05+0000',
  };
}

const iamError = (status: number, code: string, message: string): FakeHttpResponse => ({
  status,
  body: { errorCode: code, errorMessage: message, context: { requestId: randomUUID(), requestType: 'incoming.Identity_Token', startTime: '20.11.2026 09:30:00:000 UTC' } },
});
const iksError = (status: number, code: string, description: string, type: string): FakeHttpResponse => ({
  status,
  body: { incidentID: randomUUID(), code, description, type },
});

export async function startFakeIbm(options: FakeIbmOptions): Promise<FakeIbm> {
  const tokens = new Map<string, FakeIbmKey>();

  const token = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    if (request.method !== 'POST') violation(`token with ${request.method}`);
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) violation('token request is not form-encoded');
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'urn:ibm:params:oauth:grant-type:apikey') {
      violation(`grant_type ${form.get('grant_type')}`);
      return iamError(400, 'BXNIM0103E', 'Grant type is not supported.');
    }
    const key = options.keys.find((candidate) => candidate.apiKey === form.get('apikey'));
    if (!key) return iamError(400, 'BXNIM0415E', 'Provided API key could not be found.');
    const access = opaqueToken('eyJraWQiOiIyMDI2MTEyMCIs.');
    tokens.set(access, key);
    return { status: 200, body: { access_token: access, refresh_token: 'not_supported', token_type: 'Bearer', expires_in: 3600, expiration: 1_795_000_000, scope: 'ibm openid' } };
  };

  const list = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    if (request.method !== 'GET') violation(`list with ${request.method}`);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const key = bearer ? tokens.get(bearer) : undefined;
    if (!key) return iksError(401, 'E0023', 'Your IBM Cloud IAM token is not valid. Log in again.', 'Authentication');
    if (key.unresponsive) return HOLD;
    if (!key.canList) {
      return iksError(403, 'E03ba', 'You do not have the required permissions to list clusters. Ask the account owner for the Viewer platform access role on Kubernetes Service.', 'Authorization');
    }
    return { status: 200, body: options.clusters[key.accountId] ?? [] };
  };

  const server = await startFakeServer({
    handle(request, violation) {
      if (request.path === '/identity/token') return token(request, violation);
      if (request.path === '/global/v2/getClusters') return list(request, violation);
      violation('unknown path');
      return iksError(404, 'E0004', 'The requested resource could not be found.', 'General');
    },
    rateLimited: () => iksError(429, 'E0155', 'Too many requests. Wait a few minutes and try again.', 'Throttling'),
  });
  return Object.assign(server, { baseUrls: { iam: server.url, containers: server.url } });
}
