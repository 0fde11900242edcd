/**
 * CCE: every call is signed with the access key pair (SDK-HMAC-SHA256, see huawei-signer.ts) and
 * sent to the region's CCE endpoint; `detail=true` makes CCE add the node count to each cluster's
 * annotations. CCE endpoints are per region, so an unknown region would only show as a DNS failure:
 * the region is checked against Huawei Cloud's list first.
 */
import { cloudClient, knownClusters, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, stateOf, versionOf } from './http';
import { signHuaweiRequest } from './huawei-signer';
import { cceCredentialsSchema, type CceCredentials, type ExternalCluster } from './port';

export interface CceBaseUrls {
  /** `{region}` is replaced by the credentials' region. */
  cce: string;
}

export const CCE_BASE_URLS: CceBaseUrls = { cce: 'https://cce.{region}.myhuaweicloud.com' };
const LABEL = 'Huawei Cloud';

/** Regions where Huawei Cloud offers CCE (its endpoint list), international and Chinese mainland. */
export const HUAWEI_REGIONS: readonly string[] = [
  'af-south-1', 'ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ae-ad-1',
  'cn-east-2', 'cn-east-3', 'cn-east-4', 'cn-east-5', 'cn-north-1', 'cn-north-2', 'cn-north-4', 'cn-north-9', 'cn-north-11', 'cn-north-12',
  'cn-south-1', 'cn-south-2', 'cn-south-4', 'cn-southwest-2', 'eu-west-0', 'eu-west-101', 'la-north-2', 'la-south-2', 'me-east-1',
  'my-kualalumpur-1', 'na-mexico-1', 'ru-northwest-2', 'sa-brazil-1', 'tr-west-1',
];

/** Regions served under another domain than myhuaweicloud.com (used only with the real endpoints). */
const REGION_HOSTS: Record<string, string> = { 'eu-west-101': 'https://cce.eu-west-101.myhuaweicloud.eu' };

interface CceCluster {
  metadata?: { name?: unknown; uid?: unknown; annotations?: Record<string, unknown> };
  spec?: { version?: unknown };
  status?: { phase?: unknown };
}

function toCluster(raw: CceCluster, region: string): ExternalCluster | null {
  const name = raw.metadata?.name;
  const uid = raw.metadata?.uid;
  if (typeof name !== 'string' || typeof uid !== 'string') return null;
  const total = raw.metadata?.annotations?.totalNodesNumber;
  const nodeCount = typeof total === 'number' ? total : typeof total === 'string' && /^\d+$/.test(total) ? Number(total) : null;
  return {
    providerId: uid,
    name,
    region,
    // CCE names versions without the patch, prefixed: "v1.29".
    kubernetesVersion: versionOf(raw.spec?.version, /^v/),
    nodeCount,
    status: stateOf(raw.status?.phase),
  };
}

async function list(context: CallContext, credentials: CceCredentials, urls: CceBaseUrls, custom: boolean): Promise<ExternalCluster[]> {
  if (!HUAWEI_REGIONS.includes(credentials.region)) {
    throw new ProviderFailure('unknown_region', `"${credentials.region}" is not a Huawei Cloud region with CCE (for example ap-southeast-3 or eu-west-101).`);
  }
  const root = !custom && REGION_HOSTS[credentials.region] ? (REGION_HOSTS[credentials.region] as string) : baseUrl(urls.cce, credentials.region);
  const url = new URL(`${root}/api/v3/projects/${encodeURIComponent(credentials.projectId)}/clusters?detail=true`);
  const signed = await signHuaweiRequest({
    method: 'GET',
    url,
    headers: { 'content-type': 'application/json', 'x-project-id': credentials.projectId },
    body: '',
    accessKey: credentials.accessKey,
    secretKey: credentials.secretKey,
    at: context.now(),
  });
  const response = await call(context, url.toString(), { headers: signed.headers });
  if (response.status !== 200) {
    const code = text(response.json, 'error_code') ?? text(response.json, 'errorCode');
    const message = text(response.json, 'error_msg') ?? text(response.json, 'errorMessage') ?? text(response.json, 'message');
    // APIGW.0308: the API gateway's throttling, whatever the status.
    if (response.status === 429 || code === 'APIGW.0308') throw rateLimited(context, response, message);
    if (response.status === 401 || code === 'APIGW.0301' || code === 'APIGW.0303') {
      throw new ProviderFailure('bad_credentials', `Huawei Cloud rejected the access key or its signature${message ? `: ${message}` : '.'}`);
    }
    if (response.status === 403) {
      throw new ProviderFailure('missing_permission', `The access key may not list CCE clusters in this project (it needs cce:cluster:list, e.g. the CCE ReadOnlyAccess policy)${message ? `: ${message}` : '.'}`);
    }
    if (response.status === 404) throw new ProviderFailure('unknown_region', `Huawei Cloud has no project ${credentials.projectId} in ${credentials.region}${message ? `: ${message}` : '.'}`);
    throw failureForStatus(context, response.status, message ?? code);
  }
  const items = (response.json as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) throw malformed(context, 'cluster list');
  return knownClusters((items as CceCluster[]).map((raw) => toCluster(raw, credentials.region)));
}

export const cceClient = cloudClient({
  provider: 'cce', label: LABEL, defaultBaseUrls: CCE_BASE_URLS, credentialsSchema: cceCredentialsSchema,
  secrets: (credentials) => [credentials.secretKey],
  list: (context, credentials, urls, options) => list(context, credentials, urls, options.baseUrls?.cce !== undefined),
});
