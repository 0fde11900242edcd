/**
 * ACK: Container Service's DescribeClustersV1 (ROA style, GET /api/v1/clusters), signed with
 * ACS3-HMAC-SHA256 (see acs3-signer.ts). Without a region, the account's clusters in every region
 * are listed; a region is checked against Alibaba Cloud's list before any call.
 */
import { toHex } from './hmac';
import { cloudClient, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, stateOf, versionOf } from './http';
import { signAcs3Request } from './acs3-signer';
import { ackCredentialsSchema, type AckCredentials, type ExternalCluster } from './port';

export interface AckBaseUrls {
  cs: string;
}

export const ACK_BASE_URLS: AckBaseUrls = { cs: 'https://cs.aliyuncs.com' };
export const ACK_API_VERSION = '2015-12-15';
const LABEL = 'Alibaba Cloud';
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/** Regions where Alibaba Cloud offers ACK (its endpoint list). */
export const ALIBABA_REGIONS: readonly string[] = [
  'cn-qingdao', 'cn-beijing', 'cn-zhangjiakou', 'cn-huhehaote', 'cn-wulanchabu', 'cn-hangzhou', 'cn-shanghai', 'cn-nanjing', 'cn-fuzhou',
  'cn-shenzhen', 'cn-heyuan', 'cn-guangzhou', 'cn-chengdu', 'cn-wuhan-lr', 'cn-hongkong', 'ap-northeast-1', 'ap-northeast-2', 'ap-southeast-1',
  'ap-southeast-3', 'ap-southeast-5', 'ap-southeast-6', 'ap-southeast-7', 'us-east-1', 'us-west-1', 'eu-west-1', 'eu-central-1',
  'me-east-1', 'me-central-1', 'na-south-1',
];

interface AckCluster {
  cluster_id?: unknown;
  name?: unknown;
  region_id?: unknown;
  current_version?: unknown;
  size?: unknown;
  state?: unknown;
}

function toCluster(raw: AckCluster): ExternalCluster | null {
  if (typeof raw.cluster_id !== 'string' || typeof raw.name !== 'string') return null;
  return {
    providerId: raw.cluster_id,
    name: raw.name,
    region: typeof raw.region_id === 'string' ? raw.region_id : '',
    // ACK appends its build: "1.31.1-aliyun.1".
    kubernetesVersion: versionOf(raw.current_version, /-aliyun\.\d+$/),
    nodeCount: typeof raw.size === 'number' ? raw.size : null,
    status: stateOf(raw.state),
  };
}

function failure(context: CallContext, response: { status: number; json: unknown; headers: Headers; text: string }, region: string | undefined): ProviderFailure {
  // The gateway answers in PascalCase ({Code, Message}); Container Service itself in camelCase.
  const code = text(response.json, 'code') ?? text(response.json, 'Code') ?? '';
  const message = text(response.json, 'message') ?? text(response.json, 'Message');
  if (response.status === 429 || code.startsWith('Throttling')) return rateLimited(context, response, message);
  if (code.startsWith('InvalidAccessKeyId') || code === 'SignatureDoesNotMatch' || code === 'IncompleteSignature' || response.status === 401) {
    return new ProviderFailure('bad_credentials', `Alibaba Cloud rejected the AccessKey${message ? `: ${message}` : '.'}`);
  }
  if (code.startsWith('InvalidRegionId') || code === 'ErrorRegionNotFound') {
    return new ProviderFailure('unknown_region', `Alibaba Cloud does not know the region "${region ?? ''}"${message ? `: ${message}` : '.'}`);
  }
  if (response.status === 403 || code.startsWith('Forbidden') || code === 'NoPermission') {
    return new ProviderFailure('missing_permission', `The AccessKey may not list ACK clusters (it needs cs:DescribeClusters, e.g. AliyunCSReadOnlyAccess)${message ? `: ${message}` : '.'}`);
  }
  return failureForStatus(context, response.status, message ?? (code || null));
}

async function list(context: CallContext, credentials: AckCredentials, urls: AckBaseUrls): Promise<ExternalCluster[]> {
  if (credentials.region !== undefined && !ALIBABA_REGIONS.includes(credentials.region)) {
    throw new ProviderFailure('unknown_region', `"${credentials.region}" is not an Alibaba Cloud region with ACK (for example eu-central-1).`);
  }
  const clusters: ExternalCluster[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const url = new URL(`${baseUrl(urls.cs)}/api/v1/clusters`);
    if (credentials.region) url.searchParams.set('region_id', credentials.region);
    url.searchParams.set('page_number', String(page));
    url.searchParams.set('page_size', String(PAGE_SIZE));
    const signed = await signAcs3Request({
      method: 'GET',
      url,
      action: 'DescribeClustersV1',
      version: ACK_API_VERSION,
      body: '',
      accessKeyId: credentials.accessKeyId,
      accessKeySecret: credentials.accessKeySecret,
      at: context.now(),
      nonce: toHex(crypto.getRandomValues(new Uint8Array(16))),
      headers: { accept: 'application/json' },
    });
    const response = await call(context, url.toString(), { headers: signed.headers });
    if (response.status !== 200) throw failure(context, response, credentials.region);
    const items = (response.json as { clusters?: unknown } | undefined)?.clusters;
    if (!Array.isArray(items)) throw malformed(context, 'cluster list');
    for (const raw of items as AckCluster[]) {
      const cluster = toCluster(raw);
      if (cluster) clusters.push(cluster);
    }
    const total = (response.json as { page_info?: { total_count?: unknown } }).page_info?.total_count;
    if (items.length < PAGE_SIZE || typeof total !== 'number' || page * PAGE_SIZE >= total) return clusters;
  }
  return clusters;
}

export const ackClient = cloudClient({
  provider: 'ack', label: LABEL, defaultBaseUrls: ACK_BASE_URLS, credentialsSchema: ackCredentialsSchema,
  secrets: (credentials) => [credentials.accessKeySecret],
  list,
});
