/**
 * GKE: a service account signs a JWT (RS256, its PKCS#8 key) and trades it at Google's OAuth token
 * endpoint for an access token (RFC 7523 "jwt-bearer" grant), then lists the project's clusters in
 * every location (`locations/-`). The token endpoint is our configuration, never the key file's
 * `token_uri`: a pasted file must not choose where we send a signed assertion.
 */
import { toBase64Url } from '../crypto';
import { cloudClient, knownClusters, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, baseUrl, type CallContext, stateOf, versionOf } from './http';
import { gkeCredentialsSchema, type ExternalCluster, type GcpServiceAccountKey, type GkeCredentials } from './port';

export interface GkeBaseUrls {
  /** Token endpoint host; the JWT's audience is `${oauth}/token`. */
  oauth: string;
  container: string;
}

export const GKE_BASE_URLS: GkeBaseUrls = { oauth: 'https://oauth2.googleapis.com', container: 'https://container.googleapis.com' };
export const GCP_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const LABEL = 'Google Cloud';
const encoder = new TextEncoder();

function pemToPkcs8(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem
    .replace(/\\n/g, '\n')
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\s+/g, '');
  const binary = atob(body);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The signed assertion: header.claims.signature, base64url. */
export async function signServiceAccountJwt(key: GcpServiceAccountKey, audience: string, at: number): Promise<string> {
  let privateKey: Awaited<ReturnType<typeof crypto.subtle.importKey>>;
  try {
    privateKey = await crypto.subtle.importKey('pkcs8', pemToPkcs8(key.private_key), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  } catch {
    throw new ProviderFailure('bad_credentials', 'The private_key in the service-account key file is not a readable RSA key.');
  }
  const iat = Math.floor(at / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: key.private_key_id };
  const claims = { iss: key.client_email, scope: GCP_SCOPE, aud: audience, iat, exp: iat + 3600 };
  const unsigned = `${toBase64Url(encoder.encode(JSON.stringify(header)))}.${toBase64Url(encoder.encode(JSON.stringify(claims)))}`;
  const signature = new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, encoder.encode(unsigned)));
  return `${unsigned}.${toBase64Url(signature)}`;
}

async function accessToken(context: CallContext, key: GcpServiceAccountKey, urls: GkeBaseUrls): Promise<string> {
  const tokenUrl = `${baseUrl(urls.oauth)}/token`;
  const assertion = await signServiceAccountJwt(key, tokenUrl, context.now());
  const response = await call(context, tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  const error = text(response.json, 'error');
  const description = text(response.json, 'error_description');
  if (response.status === 429) throw rateLimited(context, response, description);
  // Google answers a bad signature, an unknown or disabled account and a deleted key alike with
  // 400/401 invalid_grant or invalid_client: all of them mean the key file is not usable.
  if (error === 'invalid_grant' || error === 'invalid_client' || error === 'unauthorized_client' || response.status === 401) {
    throw new ProviderFailure('bad_credentials', `Google rejected the service-account key${description ? `: ${description}` : '.'}`);
  }
  if (response.status !== 200) throw failureForStatus(context, response.status, description ?? error);
  const token = text(response.json, 'access_token');
  if (!token) throw malformed(context, 'token response');
  return token;
}

interface GkeCluster {
  name?: unknown;
  selfLink?: unknown;
  location?: unknown;
  currentMasterVersion?: unknown;
  currentNodeCount?: unknown;
  status?: unknown;
  nodePools?: unknown;
}

function toCluster(raw: GkeCluster, project: string): ExternalCluster | null {
  if (typeof raw.name !== 'string' || typeof raw.location !== 'string') return null;
  let nodeCount: number | null = typeof raw.currentNodeCount === 'number' ? raw.currentNodeCount : null;
  if (nodeCount === null && Array.isArray(raw.nodePools)) {
    // Autopilot clusters and newer API answers may leave out the deprecated total.
    const counts = raw.nodePools.map((pool: { currentNodeCount?: unknown; initialNodeCount?: unknown }) =>
      typeof pool.currentNodeCount === 'number' ? pool.currentNodeCount : typeof pool.initialNodeCount === 'number' ? pool.initialNodeCount : null,
    );
    nodeCount = counts.every((count) => count !== null) ? counts.reduce<number>((sum, count) => sum + (count ?? 0), 0) : null;
  }
  return {
    providerId: `projects/${project}/locations/${raw.location}/clusters/${raw.name}`,
    name: raw.name,
    region: raw.location,
    kubernetesVersion: versionOf(raw.currentMasterVersion),
    nodeCount,
    status: stateOf(raw.status),
  };
}

async function list(context: CallContext, credentials: GkeCredentials, urls: GkeBaseUrls): Promise<ExternalCluster[]> {
  const key = credentials.serviceAccountKey;
  const token = await accessToken(context, key, urls);
  const project = key.project_id;
  const response = await call(context, `${baseUrl(urls.container)}/v1/projects/${encodeURIComponent(project)}/locations/-/clusters`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.status !== 200) {
    const message = text(response.json, 'error', 'message');
    const status = text(response.json, 'error', 'status');
    if (response.status === 429 || status === 'RESOURCE_EXHAUSTED') throw rateLimited(context, response, message);
    // A project that does not exist answers 403 like a missing role (Google does not reveal which
    // projects exist), but a 404 or NOT_FOUND names the project as unknown.
    if (response.status === 404 || status === 'NOT_FOUND') throw new ProviderFailure('unknown_region', `Google Cloud has no project "${project}"${message ? `: ${message}` : '.'}`);
    throw failureForStatus(context, response.status, message);
  }
  const clusters = (response.json as { clusters?: unknown } | undefined)?.clusters ?? [];
  if (!Array.isArray(clusters)) throw malformed(context, 'cluster list');
  return knownClusters(clusters.map((raw: GkeCluster) => toCluster(raw, project)));
}

export const gkeClient = cloudClient({
  provider: 'gke', label: LABEL, defaultBaseUrls: GKE_BASE_URLS, credentialsSchema: gkeCredentialsSchema,
  secrets: (credentials) => [credentials.serviceAccountKey.private_key, credentials.serviceAccountKey.private_key_id],
  list,
});
