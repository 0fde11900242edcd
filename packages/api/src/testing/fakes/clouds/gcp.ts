/**
 * Test only: Google's OAuth token endpoint and the GKE clusters list. The token endpoint verifies
 * the assertion as Google does: RS256 signature against the service account's public key, the key
 * id, issuer, audience (this endpoint), scope and a short lifetime around the fake's clock. The
 * list accepts only tokens it issued, and answers with GKE's field names and error shapes.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { opaqueToken, startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeGcpServiceAccount {
  clientEmail: string;
  privateKeyId: string;
  /** SPKI PEM of the key pair whose private half is in the key file. */
  publicKeyPem: string;
  projectId: string;
  /** Whether the account has container.clusters.list on its project. */
  canList: boolean;
}

export interface FakeGcpOptions {
  accounts: FakeGcpServiceAccount[];
  /** GKE clusters by project, in the API's own shape. */
  clusters?: Record<string, unknown[]>;
  now?: () => number;
}

export interface FakeGcp extends FakeServer {
  baseUrls: { oauth: string; container: string };
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

export function fakeGkeCluster(name: string, location: string, nodes: number, project: string): Record<string, unknown> {
  return {
    name,
    location,
    locations: [`${location}-a`, `${location}-b`],
    selfLink: `https://container.googleapis.com/v1/projects/${project}/locations/${location}/clusters/${name}`,
    id: randomUUID().replace(/-/g, ''),
    currentMasterVersion: '1.30.5-gke.1014001',
    currentNodeVersion: '1.30.5-gke.1014001',
    currentNodeCount: nodes,
    status: 'RUNNING',
    endpoint: '34.77.10.20',
    nodePools: [{ name: 'default-pool', initialNodeCount: nodes, status: 'RUNNING', version: '1.30.5-gke.1014001' }],
    createTime: '2026-05-04T09:12:44+00:00',
  };
}

const googleError = (code: number, status: string, message: string): FakeHttpResponse => ({ status: code, body: { error: { code, message, status } } });
const invalidGrant = (description: string): FakeHttpResponse => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startFakeGcp(options: FakeGcpOptions): Promise<FakeGcp> {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, FakeGcpServiceAccount>();
  let url = '';

  const token = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    if (request.method !== 'POST') return googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) violation('token request is not form-encoded');
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== JWT_BEARER) {
      violation(`grant_type ${form.get('grant_type')}`);
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' } };
    }
    const parts = (form.get('assertion') ?? '').split('.');
    const header = parts[0] ? decodeJson(parts[0]) : null;
    const claims = parts[1] ? decodeJson(parts[1]) : null;
    if (parts.length !== 3 || !header || !claims) {
      violation('assertion is not a JWT');
      return invalidGrant('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe');
    }
    if (header.alg !== 'RS256') violation(`JWT alg ${String(header.alg)}`);
    const account = options.accounts.find((candidate) => candidate.clientEmail === claims.iss);
    if (!account) return invalidGrant('Invalid grant: account not found');
    if (header.kid !== account.privateKeyId) violation(`JWT kid ${String(header.kid)} is not the account's key`);
    const signed = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), createPublicKey(account.publicKeyPem), Buffer.from(parts[2] as string, 'base64url'));
    if (!signed) return invalidGrant('Invalid JWT Signature.');
    if (claims.aud !== `${url}/token`) violation(`JWT aud ${String(claims.aud)}`);
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(SCOPE)) violation(`JWT scope ${String(claims.scope)}`);
    const nowSeconds = Math.floor(now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!Number.isInteger(iat) || !Number.isInteger(exp) || exp - iat > 3600 || exp <= iat || Math.abs(iat - nowSeconds) > 300) {
      return invalidGrant('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    }
    const access = opaqueToken('ya29.c.');
    tokens.set(access, account);
    return { status: 200, body: { access_token: access, expires_in: 3599, token_type: 'Bearer' } };
  };

  const list = (request: FakeHttpRequest, violation: (text: string) => void, project: string): FakeHttpResponse => {
    if (request.method !== 'GET') violation(`list with ${request.method}`);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const account = bearer ? tokens.get(bearer) : undefined;
    if (!account) {
      return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    }
    if (!(project in (options.clusters ?? {})) && project !== account.projectId) return googleError(404, 'NOT_FOUND', `Project "${project}" not found.`);
    if (!account.canList || account.projectId !== project) {
      return googleError(403, 'PERMISSION_DENIED', `Required "container.clusters.list" permission(s) for "projects/${project}".`);
    }
    return { status: 200, body: { clusters: options.clusters?.[project] ?? [] } };
  };

  const server = await startFakeServer({
    handle(request, violation) {
      if (request.path === '/token') return token(request, violation);
      const match = /^\/v1\/projects\/([^/]+)\/locations\/-\/clusters$/.exec(request.path);
      if (match) return list(request, violation, decodeURIComponent(match[1] as string));
      violation('unknown path');
      return googleError(404, 'NOT_FOUND', 'Not found');
    },
    rateLimited: () => googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service 'container.googleapis.com'."),
  });
  url = server.url;
  return Object.assign(server, { baseUrls: { oauth: server.url, container: server.url } });
}
