/**
 * IKS: IBM Cloud IAM trades the API key for an access token (grant type
 * `urn:ibm:params:oauth:grant-type:apikey`), then the Kubernetes Service v2 API lists the
 * account's clusters across regions and infrastructures (classic and VPC).
 */
import { cloudClient, knownClusters, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, stateOf, versionOf } from './http';
import { iksCredentialsSchema, type ExternalCluster, type IksCredentials } from './port';

export interface IksBaseUrls {
  iam: string;
  containers: string;
}

export const IKS_BASE_URLS: IksBaseUrls = { iam: 'https://iam.cloud.ibm.com', containers: 'https://containers.cloud.ibm.com' };
const LABEL = 'IBM Cloud';

async function accessToken(context: CallContext, credentials: IksCredentials, urls: IksBaseUrls): Promise<string> {
  const response = await call(context, `${baseUrl(urls.iam)}/identity/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'urn:ibm:params:oauth:grant-type:apikey', apikey: credentials.apiKey }).toString(),
  });
  if (response.status === 200) {
    const token = text(response.json, 'access_token');
    if (!token) throw malformed(context, 'token response');
    return token;
  }
  const message = text(response.json, 'errorMessage');
  if (response.status === 429) throw rateLimited(context, response, message);
  // IAM answers an unknown, deleted or locked key with 400 (BXNIM0415E and kin), not 401.
  if (response.status === 400 || response.status === 401) {
    throw new ProviderFailure('bad_credentials', `IBM Cloud IAM rejected the API key${message ? `: ${message}` : '.'}`);
  }
  throw failureForStatus(context, response.status, message);
}

interface IksCluster {
  id?: unknown;
  name?: unknown;
  region?: unknown;
  location?: unknown;
  masterKubeVersion?: unknown;
  workerCount?: unknown;
  state?: unknown;
}

function toCluster(raw: IksCluster): ExternalCluster | null {
  if (typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  return {
    providerId: raw.id,
    name: raw.name,
    region: typeof raw.region === 'string' ? raw.region : typeof raw.location === 'string' ? raw.location : '',
    // IKS appends its patch level to the Kubernetes version: "1.30.4_1532".
    kubernetesVersion: versionOf(raw.masterKubeVersion, /_\d+$/),
    nodeCount: typeof raw.workerCount === 'number' ? raw.workerCount : null,
    status: stateOf(raw.state),
  };
}

async function list(context: CallContext, credentials: IksCredentials, urls: IksBaseUrls): Promise<ExternalCluster[]> {
  const token = await accessToken(context, credentials, urls);
  const response = await call(context, `${baseUrl(urls.containers)}/global/v2/getClusters`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.status !== 200) {
    const description = text(response.json, 'description');
    if (response.status === 429) throw rateLimited(context, response, description);
    if (response.status === 403) {
      throw new ProviderFailure('missing_permission', `The API key may not list Kubernetes Service clusters (it needs the Viewer platform role on Kubernetes Service)${description ? `: ${description}` : '.'}`);
    }
    throw failureForStatus(context, response.status, description);
  }
  if (!Array.isArray(response.json)) throw malformed(context, 'cluster list');
  return knownClusters((response.json as IksCluster[]).map(toCluster));
}

export const iksClient = cloudClient({
  provider: 'iks', label: LABEL, defaultBaseUrls: IKS_BASE_URLS, credentialsSchema: iksCredentialsSchema,
  secrets: (credentials) => [credentials.apiKey],
  list,
});
