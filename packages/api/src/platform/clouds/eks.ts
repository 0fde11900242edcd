/**
 * EKS: every call is signed with AWS Signature Version 4 by aws4fetch (Web Crypto, so it runs in
 * workerd unchanged). When a role ARN is given, STS AssumeRole first turns the access key into
 * short-lived role credentials, and only those reach EKS. EKS is regional: for each region,
 * ListClusters (paged by nextToken), DescribeCluster for version and status, and the managed node
 * groups' desired sizes for the node count (EKS's cluster itself does not count nodes).
 *
 * Only commercial-partition regions are accepted: GovCloud and China need their own keys and
 * endpoints, and an unknown region would only show as a DNS failure of eks.<region>.amazonaws.com.
 */
import { AwsClient } from 'aws4fetch';
import { cloudClient, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, type ProviderResponse, stateOf, versionOf } from './http';
import { eksCredentialsSchema, type EksCredentials, type ExternalCluster } from './port';

export interface EksBaseUrls {
  /** `{region}` is replaced by each region scanned. */
  eks: string;
  /** STS's global endpoint; its calls are signed for us-east-1. */
  sts: string;
}

export const EKS_BASE_URLS: EksBaseUrls = { eks: 'https://eks.{region}.amazonaws.com', sts: 'https://sts.amazonaws.com' };
const LABEL = 'AWS';
const MAX_PAGES = 20;
const PAGE_SIZE = 100;
const ROLE_SESSION_NAME = 'kubemarket-cluster-listing';

/** Commercial regions where EKS is offered (AWS's regional endpoint list). */
export const AWS_REGIONS: readonly string[] = [
  'us-east-1', 'us-east-2', 'us-west-1', 'us-west-2', 'af-south-1', 'ap-east-1', 'ap-south-1', 'ap-south-2', 'ap-southeast-1',
  'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ap-southeast-7', 'ap-northeast-1', 'ap-northeast-2',
  'ap-northeast-3', 'ca-central-1', 'ca-west-1', 'eu-central-1', 'eu-central-2', 'eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-south-1',
  'eu-south-2', 'eu-north-1', 'il-central-1', 'me-south-1', 'me-central-1', 'mx-central-1', 'sa-east-1',
];

/** Error types that mean the key or its signature, not its rights. */
const BAD_KEY = new Set(['UnrecognizedClientException', 'InvalidClientTokenId', 'InvalidSignatureException', 'SignatureDoesNotMatch', 'IncompleteSignature', 'ExpiredTokenException', 'ExpiredToken', 'MissingAuthenticationToken']);
const THROTTLED = new Set(['ThrottlingException', 'Throttling', 'TooManyRequestsException', 'RequestLimitExceeded']);
const DENIED = new Set(['AccessDeniedException', 'AccessDenied']);

interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** `20150830T123600Z`: SigV4's date, from the listing's clock so tests can pin it. */
export function amzDate(at: number): string {
  return new Date(at).toISOString().replace(/[:-]|\.\d{3}/g, '');
}

async function signedCall(context: CallContext, key: AwsKey, scope: { service: string; region: string }, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<ProviderResponse> {
  // retries: 0, because the client's own fetch is not used: the listing's `call` owns the deadline and errors.
  const signer = new AwsClient({ ...key, service: scope.service, region: scope.region, retries: 0 });
  const signed = await signer.sign(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body, aws: { datetime: amzDate(context.now()) } });
  return call(context, signed.url, { method: signed.method, headers: signed.headers, body: init.body });
}

/** The error type of an AWS answer: the x-amzn-ErrorType header (REST-JSON), or the JSON body's code (query protocol). */
function errorOf(response: ProviderResponse): { type: string | null; message: string | null } {
  const header = response.headers.get('x-amzn-errortype')?.split(':')[0] ?? null;
  const type = header ?? text(response.json, 'Error', 'Code') ?? text(response.json, '__type')?.split('#').pop() ?? null;
  const message = text(response.json, 'message') ?? text(response.json, 'Message') ?? text(response.json, 'Error', 'Message');
  return { type, message };
}

function failureOf(context: CallContext, response: ProviderResponse, what: string, permission: string): ProviderFailure {
  const { type, message } = errorOf(response);
  const detail = message ? `: ${message}` : '.';
  if (response.status === 429 || (type !== null && THROTTLED.has(type))) return rateLimited(context, response, message);
  if (type !== null && BAD_KEY.has(type)) {
    const clock = /expired|earlier than|later than/i.test(message ?? '') ? ' (check the clock: the signature date is outside AWS\'s window)' : '';
    return new ProviderFailure('bad_credentials', `AWS rejected the access key or its signature${clock}${detail}`);
  }
  if ((type !== null && DENIED.has(type)) || response.status === 403) {
    return new ProviderFailure('missing_permission', `The credentials may not ${what} (they need ${permission})${detail}`);
  }
  return failureForStatus(context, response.status, message ?? type);
}

async function assumeRole(context: CallContext, credentials: EksCredentials, roleArn: string, urls: EksBaseUrls): Promise<AwsKey> {
  const body = new URLSearchParams({ Action: 'AssumeRole', Version: '2011-06-15', RoleArn: roleArn, RoleSessionName: ROLE_SESSION_NAME, DurationSeconds: '900' }).toString();
  const response = await signedCall(context, credentials, { service: 'sts', region: 'us-east-1' }, `${baseUrl(urls.sts)}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
    body,
  });
  if (response.status !== 200) throw failureOf(context, response, `assume the role ${roleArn}`, "sts:AssumeRole on the role, and the role's trust policy must name this user");
  const role = (response.json as { AssumeRoleResponse?: { AssumeRoleResult?: { Credentials?: Record<string, unknown> } } } | undefined)?.AssumeRoleResponse?.AssumeRoleResult?.Credentials;
  const accessKeyId = text(role, 'AccessKeyId');
  const secretAccessKey = text(role, 'SecretAccessKey');
  const sessionToken = text(role, 'SessionToken');
  if (!accessKeyId || !secretAccessKey || !sessionToken) throw malformed(context, 'AssumeRole response');
  return { accessKeyId, secretAccessKey, sessionToken };
}

interface EksCluster {
  name?: unknown;
  arn?: unknown;
  version?: unknown;
  status?: unknown;
}

async function clusterNames(context: CallContext, key: AwsKey, root: string, region: string): Promise<string[]> {
  const names: string[] = [];
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ maxResults: String(PAGE_SIZE) });
    if (token) query.set('nextToken', token);
    const response = await signedCall(context, key, { service: 'eks', region }, `${root}/clusters?${query.toString()}`, { headers: { accept: 'application/json' } });
    if (response.status !== 200) throw failureOf(context, response, `list EKS clusters in ${region}`, 'eks:ListClusters');
    const page = (response.json as { clusters?: unknown } | undefined)?.clusters;
    if (!Array.isArray(page) || !page.every((name) => typeof name === 'string')) throw malformed(context, 'cluster list');
    names.push(...(page as string[]));
    token = text(response.json, 'nextToken');
    if (!token) break;
  }
  return names;
}

/** The sum of the managed node groups' desired sizes; null when the cluster has none (self-managed nodes or Fargate only). */
async function nodeCount(context: CallContext, key: AwsKey, root: string, region: string, cluster: string): Promise<number | null> {
  const path = `${root}/clusters/${encodeURIComponent(cluster)}/node-groups`;
  const response = await signedCall(context, key, { service: 'eks', region }, `${path}?maxResults=${PAGE_SIZE}`, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw failureOf(context, response, `list the node groups of ${cluster}`, 'eks:ListNodegroups');
  const groups = (response.json as { nodegroups?: unknown } | undefined)?.nodegroups;
  if (!Array.isArray(groups)) throw malformed(context, 'node group list');
  if (groups.length === 0) return null;
  let total = 0;
  for (const group of groups) {
    if (typeof group !== 'string') throw malformed(context, 'node group list');
    const described = await signedCall(context, key, { service: 'eks', region }, `${path}/${encodeURIComponent(group)}`, { headers: { accept: 'application/json' } });
    if (described.status !== 200) throw failureOf(context, described, `describe the node group ${group}`, 'eks:DescribeNodegroup');
    const size = (described.json as { nodegroup?: { scalingConfig?: { desiredSize?: unknown } } } | undefined)?.nodegroup?.scalingConfig?.desiredSize;
    if (typeof size !== 'number') return null;
    total += size;
  }
  return total;
}

async function listRegion(context: CallContext, key: AwsKey, urls: EksBaseUrls, region: string): Promise<ExternalCluster[]> {
  const root = baseUrl(urls.eks, region);
  const clusters: ExternalCluster[] = [];
  for (const name of await clusterNames(context, key, root, region)) {
    const response = await signedCall(context, key, { service: 'eks', region }, `${root}/clusters/${encodeURIComponent(name)}`, { headers: { accept: 'application/json' } });
    if (response.status === 404) continue; // deleted between the listing and the description
    if (response.status !== 200) throw failureOf(context, response, `describe the EKS cluster ${name}`, 'eks:DescribeCluster');
    const raw = (response.json as { cluster?: EksCluster } | undefined)?.cluster;
    if (!raw || typeof raw.name !== 'string') throw malformed(context, 'cluster description');
    clusters.push({
      providerId: typeof raw.arn === 'string' ? raw.arn : `${region}/${raw.name}`,
      name: raw.name,
      region,
      kubernetesVersion: versionOf(raw.version),
      nodeCount: await nodeCount(context, key, root, region, raw.name),
      status: stateOf(raw.status),
    });
  }
  return clusters;
}

async function list(context: CallContext, credentials: EksCredentials, urls: EksBaseUrls): Promise<ExternalCluster[]> {
  const unknown = credentials.regions.filter((region) => !AWS_REGIONS.includes(region));
  if (unknown.length > 0) {
    throw new ProviderFailure('unknown_region', `${unknown.map((region) => `"${region}"`).join(', ')} ${unknown.length === 1 ? 'is not an AWS region' : 'are not AWS regions'} with EKS (for example eu-west-1 or us-east-1).`);
  }
  const key: AwsKey = credentials.roleArn ? await assumeRole(context, credentials, credentials.roleArn, urls) : credentials;
  const clusters: ExternalCluster[] = [];
  for (const region of [...new Set(credentials.regions)]) clusters.push(...(await listRegion(context, key, urls, region)));
  return clusters;
}

export const eksClient = cloudClient({
  provider: 'eks', label: LABEL, defaultBaseUrls: EKS_BASE_URLS, credentialsSchema: eksCredentialsSchema,
  secrets: (credentials) => [credentials.secretAccessKey],
  list,
});
