/**
 * Test only: Huawei Cloud's API gateway in front of CCE's cluster list. The gateway's check is
 * recomputed here with node:crypto, independently of the client's Web Crypto signer: the
 * Authorization header's form, the signed headers (host and X-Sdk-Date at least), the date's
 * 15-minute window, and the signature over the request exactly as received. Regions are a path
 * prefix (`${url}/{region}`) since a local server cannot answer per-region host names.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { parseSigningDate, startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeHuaweiAccount {
  accessKey: string;
  secretKey: string;
  projectId: string;
  region: string;
  /** cce:cluster:list granted on the project. */
  canList: boolean;
}

export interface FakeHuaweiOptions {
  accounts: FakeHuaweiAccount[];
  /** CCE clusters by project id, in the v3 API's shape. */
  clusters: Record<string, unknown[]>;
  now?: () => number;
}

export interface FakeHuawei extends FakeServer {
  baseUrls: { cce: string };
}

export function fakeCceCluster(name: string, nodes: number): Record<string, unknown> {
  return {
    kind: 'Cluster',
    apiVersion: 'v3',
    metadata: {
      name,
      uid: randomUUID(),
      creationTimestamp: '2026-04-09 07:12:40.113211 +0000 UTC',
      updateTimestamp: '2026-04-09 07:20:02.551028 +0000 UTC',
      annotations: { totalNodesNumber: String(nodes), activeNodesNumber: String(nodes), totalNodesCPU: String(nodes * 4000), totalNodesMemory: String(nodes * 16384) },
    },
    spec: { category: 'CCE', type: 'VirtualMachine', flavor: 'cce.s2.small', version: 'v1.29', platformVersion: 'cce.10.0', description: '' },
    status: { phase: 'Available', endpoints: [{ url: 'https://192.168.0.10:5443', type: 'Internal' }] },
  };
}

const apigError = (status: number, code: string, message: string): FakeHttpResponse => ({ status, body: { error_msg: message, error_code: code, request_id: randomUUID().replace(/-/g, '') } });

/** Huawei's escaping: RFC 3986 unreserved characters stay, everything else is %XX (upper case). */
function escape(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function expectedSignature(request: FakeHttpRequest, signedHeaders: string[], secretKey: string): string {
  const uri = request.path.split('/').map((segment) => escape(decodeURIComponent(segment))).join('/');
  const canonicalUri = uri.endsWith('/') ? uri : `${uri}/`;
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of request.query) pairs.push([escape(name), escape(value)]);
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const query = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  const headers = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [request.method, canonicalUri, query, headers, signedHeaders.join(';'), createHash('sha256').update(request.body).digest('hex')].join('\n');
  const stringToSign = `SDK-HMAC-SHA256\n${request.headers['x-sdk-date']}\n${createHash('sha256').update(canonical).digest('hex')}`;
  return createHmac('sha256', secretKey).update(stringToSign).digest('hex');
}

export async function startFakeHuawei(options: FakeHuaweiOptions): Promise<FakeHuawei> {
  const now = options.now ?? Date.now;

  const handle = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    const match = /^\/([a-z0-9-]+)\/api\/v3\/projects\/([^/]+)\/clusters$/.exec(request.path);
    if (!match) {
      violation('unknown path');
      return apigError(404, 'APIGW.0101', 'The API does not exist or has not been published in the environment');
    }
    const [, region, projectId] = match as unknown as [string, string, string];
    if (request.method !== 'GET') violation(`list with ${request.method}`);
    const auth = /^SDK-HMAC-SHA256 Access=([^,\s]+), SignedHeaders=([^,\s]+), Signature=([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
    if (!auth) {
      violation(`Authorization header ${request.headers.authorization ?? '(none)'}`);
      return apigError(401, 'APIGW.0301', 'Incorrect IAM authentication information: Authorization format is incorrect');
    }
    const [, accessKey, signedList, signature] = auth as unknown as [string, string, string, string];
    const signedHeaders = signedList.split(';');
    const sorted = [...signedHeaders].sort();
    if (signedHeaders.join(';') !== sorted.join(';')) violation('SignedHeaders not sorted');
    if (!signedHeaders.includes('host') || !signedHeaders.includes('x-sdk-date')) violation('host and x-sdk-date must be signed');
    const date = parseSigningDate(request.headers['x-sdk-date']);
    if (date === null) {
      violation(`X-Sdk-Date ${request.headers['x-sdk-date'] ?? '(none)'}`);
      return apigError(401, 'APIGW.0301', 'Incorrect IAM authentication information: x-sdk-date format is incorrect');
    }
    if (Math.abs(date - now()) > 15 * 60_000) return apigError(401, 'APIGW.0301', 'Incorrect IAM authentication information: request time expired');
    const account = options.accounts.find((candidate) => candidate.accessKey === accessKey);
    if (!account) return apigError(401, 'APIGW.0301', 'Incorrect IAM authentication information: ak not exist');
    const expected = Buffer.from(expectedSignature(request, signedHeaders, account.secretKey));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return apigError(401, 'APIGW.0301', 'Incorrect IAM authentication information: verify aksk signature fail');
    if (request.headers['x-project-id'] !== undefined && request.headers['x-project-id'] !== projectId) violation('X-Project-Id differs from the path');
    if (account.projectId !== projectId || account.region !== region) {
      return apigError(404, 'CCE.01404001', `Project ${projectId} does not exist in region ${region}.`);
    }
    if (!account.canList) return apigError(403, 'CCE.01403001', "Policy doesn't allow cce:cluster:list to be performed.");
    const detail = request.query.get('detail') === 'true';
    const items = (options.clusters[projectId] ?? []).map((cluster) => {
      if (detail) return cluster;
      const copy = structuredClone(cluster) as { metadata?: { annotations?: unknown } };
      if (copy.metadata) delete copy.metadata.annotations;
      return copy;
    });
    return { status: 200, body: { kind: 'Cluster', apiVersion: 'v3', items } };
  };

  const server = await startFakeServer({
    handle,
    rateLimited: () => apigError(429, 'APIGW.0308', 'The throttling threshold has been reached: policy user over ratelimit,limit:20,time:1 minute'),
  });
  return Object.assign(server, { baseUrls: { cce: `${server.url}/{region}` } });
}
