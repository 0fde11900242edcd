/**
 * Test only: STS AssumeRole (query protocol, JSON answers) and EKS's ListClusters,
 * DescribeCluster, ListNodegroups and DescribeNodegroup (REST-JSON, errors named by the
 * x-amzn-ErrorType header). Every request's Signature Version 4 is recomputed here with
 * node:crypto, independently of aws4fetch: the credential scope (date, region, service), the
 * signed headers (host and x-amz-date at least, the session token when there is one), the
 * date's 15-minute window, and the signature over the request exactly as received. Regions are a
 * path prefix (`${url}/eks/{region}`) since a local server cannot answer per-region host names.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { opaqueToken, parseSigningDate, startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeAwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  accountId: string;
  userName: string;
  /** eks:ListClusters, DescribeCluster, ListNodegroups, DescribeNodegroup on every cluster. */
  canList: boolean;
  /** Role ARNs whose trust policy names this user (and the user holds sts:AssumeRole on). */
  canAssume?: string[];
}

export interface FakeAwsRole {
  arn: string;
  canList: boolean;
}

export interface FakeEksCluster {
  /** DescribeCluster's `cluster` object. */
  cluster: Record<string, unknown> & { name: string };
  /** DescribeNodegroup's `nodegroup` objects. */
  nodegroups: Array<Record<string, unknown> & { nodegroupName: string }>;
}

export interface FakeAwsOptions {
  keys: FakeAwsKey[];
  roles?: FakeAwsRole[];
  /** Clusters by region. */
  clusters: Record<string, FakeEksCluster[]>;
  /** Clusters per ListClusters page at most (EKS's limit is 100; tests make it small). */
  pageSize?: number;
  now?: () => number;
}

export interface FakeAws extends FakeServer {
  baseUrls: { eks: string; sts: string };
}

export function fakeEksCluster(name: string, region: string, accountId: string, nodegroupSizes: number[]): FakeEksCluster {
  const arn = `arn:aws:eks:${region}:${accountId}:cluster/${name}`;
  return {
    cluster: {
      name,
      arn,
      createdAt: 1_767_225_600.123,
      version: '1.31',
      endpoint: `https://${randomUUID().replace(/-/g, '').toUpperCase()}.gr7.${region}.eks.amazonaws.com`,
      roleArn: `arn:aws:iam::${accountId}:role/eksClusterRole`,
      resourcesVpcConfig: { subnetIds: ['subnet-0a1b2c3d4e5f60718'], securityGroupIds: [], endpointPublicAccess: true, endpointPrivateAccess: false },
      kubernetesNetworkConfig: { serviceIpv4Cidr: '10.100.0.0/16', ipFamily: 'ipv4' },
      status: 'ACTIVE',
      certificateAuthority: { data: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t' },
      platformVersion: 'eks.12',
      tags: {},
      accessConfig: { authenticationMode: 'API_AND_CONFIG_MAP' },
    },
    nodegroups: nodegroupSizes.map((size, index) => ({
      nodegroupName: `ng-${index}`,
      nodegroupArn: `arn:aws:eks:${region}:${accountId}:nodegroup/${name}/ng-${index}/${randomUUID()}`,
      clusterName: name,
      version: '1.31',
      releaseVersion: '1.31.2-20241121',
      status: 'ACTIVE',
      capacityType: 'ON_DEMAND',
      scalingConfig: { minSize: 1, maxSize: size + 2, desiredSize: size },
      instanceTypes: ['m6i.large'],
      amiType: 'AL2023_x86_64_STANDARD',
    })),
  };
}

/** EKS's REST-JSON errors: the type in x-amzn-ErrorType, the message in the body. */
const eksError = (status: number, type: string, message: string): FakeHttpResponse => ({
  status,
  body: { message },
  headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.coral.service/`, 'x-amzn-requestid': randomUUID() },
});
/** STS's query-protocol errors, as JSON when asked with Accept: application/json. */
const stsError = (status: number, code: string, message: string): FakeHttpResponse => ({
  status,
  body: { Error: { Code: code, Message: message, Type: 'Sender' }, RequestId: randomUUID() },
  headers: { 'x-amzn-requestid': randomUUID() },
});

/** SigV4's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX (upper case). */
function uriEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** The canonical request of AWS's "Create a canonical request" page, for every service but S3 (segments encoded twice). */
export function canonicalRequest(request: Pick<FakeHttpRequest, 'method' | 'path' | 'rawQuery' | 'headers' | 'body'>, signedHeaders: string[]): string {
  const path = request.path.split('/').map((segment) => uriEncode(uriEncode(decodeURIComponent(segment)))).join('/') || '/';
  const pairs = request.rawQuery
    .split('&')
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent((at === -1 ? pair : pair.slice(0, at)).replace(/\+/g, ' '));
      const value = at === -1 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const headers = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payload = request.headers['x-amz-content-sha256'] ?? createHash('sha256').update(request.body).digest('hex');
  return [request.method, path, pairs.map(([name, value]) => `${name}=${value}`).join('&'), headers, signedHeaders.join(';'), payload].join('\n');
}

export function sigV4Signature(canonical: string, datetime: string, scope: string, secretAccessKey: string): string {
  const [date, region, service] = scope.split('/') as [string, string, string];
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

interface Principal {
  accountId: string;
  arn: string;
  canList: boolean;
  key: FakeAwsKey | null;
}

type Verified = { ok: true; principal: Principal } | { ok: false; answer: FakeHttpResponse };

export async function startFakeAws(options: FakeAwsOptions): Promise<FakeAws> {
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 100;
  const sessions = new Map<string, { secretAccessKey: string; sessionToken: string; principal: Principal }>();

  /** Checks the Authorization header the way AWS's front end does; `error` speaks the service's error dialect. */
  const verify = (request: FakeHttpRequest, violation: (text: string) => void, service: string, region: string, error: (status: number, type: string, message: string) => FakeHttpResponse): Verified => {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
    if (!auth) {
      violation(`Authorization header ${request.headers.authorization ?? '(none)'}`);
      return { ok: false, answer: error(403, service === 'sts' ? 'IncompleteSignature' : 'MissingAuthenticationTokenException', 'Authorization header requires Credential, SignedHeaders and Signature.') };
    }
    const [, accessKeyId, date, scopeRegion, scopeService, signedList, signature] = auth as unknown as [string, string, string, string, string, string, string];
    const signedHeaders = signedList.split(';');
    if (signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) violation('SignedHeaders not sorted');
    if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) violation('host and x-amz-date must be signed');
    if (scopeService !== service) violation(`credential scope names service ${scopeService}, not ${service}`);
    if (scopeRegion !== region) {
      return { ok: false, answer: error(403, service === 'sts' ? 'SignatureDoesNotMatch' : 'InvalidSignatureException', `Credential should be scoped to a valid region. Wrong region: '${scopeRegion}', expected '${region}'.`) };
    }
    const datetime = request.headers['x-amz-date'];
    const at = parseSigningDate(datetime);
    if (at === null || datetime?.slice(0, 8) !== date) {
      violation(`X-Amz-Date ${datetime ?? '(none)'} does not match the credential date ${date}`);
      return { ok: false, answer: error(400, 'IncompleteSignature', 'Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP.') };
    }
    if (Math.abs(at - now()) > 15 * 60_000) {
      return { ok: false, answer: error(403, service === 'sts' ? 'SignatureDoesNotMatch' : 'InvalidSignatureException', `Signature expired: ${datetime} is now earlier than ${new Date(now() - 15 * 60_000).toISOString().replace(/[:-]|\.\d{3}/g, '')}.`) };
    }
    const session = sessions.get(accessKeyId);
    const key = options.keys.find((candidate) => candidate.accessKeyId === accessKeyId);
    const secret = session?.secretAccessKey ?? key?.secretAccessKey;
    if (!secret) {
      return { ok: false, answer: error(403, service === 'sts' ? 'InvalidClientTokenId' : 'UnrecognizedClientException', 'The security token included in the request is invalid.') };
    }
    if (session) {
      if (!signedHeaders.includes('x-amz-security-token')) violation('session token not signed');
      if (request.headers['x-amz-security-token'] !== session.sessionToken) {
        return { ok: false, answer: error(403, service === 'sts' ? 'InvalidClientTokenId' : 'UnrecognizedClientException', 'The security token included in the request is invalid.') };
      }
    }
    const expected = Buffer.from(sigV4Signature(canonicalRequest(request, signedHeaders), datetime, `${date}/${scopeRegion}/${scopeService}/aws4_request`, secret));
    if (!timingSafeEqual(expected, Buffer.from(signature))) {
      return {
        ok: false,
        answer: error(
          403,
          service === 'sts' ? 'SignatureDoesNotMatch' : 'InvalidSignatureException',
          'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
        ),
      };
    }
    if (session) return { ok: true, principal: session.principal };
    const user = key as FakeAwsKey;
    return { ok: true, principal: { accountId: user.accountId, arn: `arn:aws:iam::${user.accountId}:user/${user.userName}`, canList: user.canList, key: user } };
  };

  const sts = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    if (request.method !== 'POST') violation(`STS with ${request.method}`);
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) violation('STS request is not form-encoded');
    if (!request.headers.accept?.includes('application/json')) violation('STS asked for XML; the client reads JSON');
    const verified = verify(request, violation, 'sts', 'us-east-1', stsError);
    if (!verified.ok) return verified.answer;
    const form = new URLSearchParams(request.body);
    if (form.get('Version') !== '2011-06-15') violation(`STS Version ${form.get('Version')}`);
    if (form.get('Action') !== 'AssumeRole') {
      violation(`STS Action ${form.get('Action')}`);
      return stsError(400, 'InvalidAction', `Could not find operation ${form.get('Action')} for version 2011-06-15`);
    }
    const roleArn = form.get('RoleArn') ?? '';
    const sessionName = form.get('RoleSessionName') ?? '';
    if (!/^[\w+=,.@-]{2,64}$/.test(sessionName)) violation(`RoleSessionName ${sessionName}`);
    const role = options.roles?.find((candidate) => candidate.arn === roleArn);
    if (!role || !verified.principal.key?.canAssume?.includes(roleArn)) {
      return stsError(403, 'AccessDenied', `User: ${verified.principal.arn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`);
    }
    const accessKeyId = `ASIA${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const secretAccessKey = opaqueToken('').slice(0, 40);
    const sessionToken = opaqueToken('IQoJb3JpZ2luX2VjE');
    const accountId = /::(\d{12}):/.exec(roleArn)?.[1] ?? verified.principal.accountId;
    sessions.set(accessKeyId, { secretAccessKey, sessionToken, principal: { accountId, arn: `${roleArn.replace(':iam::', ':sts::').replace(':role/', ':assumed-role/')}/${sessionName}`, canList: role.canList, key: null } });
    return {
      status: 200,
      body: {
        AssumeRoleResponse: {
          AssumeRoleResult: {
            AssumedRoleUser: { Arn: `${roleArn}/${sessionName}`, AssumedRoleId: `AROA${accessKeyId.slice(4)}:${sessionName}` },
            Credentials: { AccessKeyId: accessKeyId, SecretAccessKey: secretAccessKey, SessionToken: sessionToken, Expiration: (now() + 900_000) / 1000 },
            PackedPolicySize: null,
            SourceIdentity: null,
          },
          ResponseMetadata: { RequestId: randomUUID() },
        },
      },
    };
  };

  const eks = (request: FakeHttpRequest, violation: (text: string) => void, region: string, rest: string): FakeHttpResponse => {
    if (request.method !== 'GET') violation(`EKS ${rest} with ${request.method}`);
    const verified = verify(request, violation, 'eks', region, eksError);
    if (!verified.ok) return verified.answer;
    const { principal } = verified;
    const inRegion = (options.clusters[region] ?? []).filter((entry) => (entry.cluster.arn as string).includes(`:${principal.accountId}:`));
    const denied = (action: string, resource: string) =>
      eksError(403, 'AccessDeniedException', `User: ${principal.arn} is not authorized to perform: eks:${action} on resource: ${resource}`);
    if (rest === '/clusters') {
      if (!principal.canList) return denied('ListClusters', `arn:aws:eks:${region}:${principal.accountId}:cluster/*`);
      const max = Number(request.query.get('maxResults') ?? '100');
      if (!Number.isInteger(max) || max < 1 || max > 100) return eksError(400, 'InvalidParameterException', 'maxResults must be between 1 and 100.');
      const start = Number(request.query.get('nextToken') ?? '0');
      const take = Math.min(max, pageSize);
      const names = inRegion.slice(start, start + take).map((entry) => entry.cluster.name);
      return { status: 200, body: { clusters: names, nextToken: start + take < inRegion.length ? String(start + take) : null } };
    }
    const match = /^\/clusters\/([^/]+)(\/node-groups(?:\/([^/]+))?)?$/.exec(rest);
    if (!match) {
      violation('unknown EKS path');
      return eksError(404, 'UnknownOperationException', 'Unknown operation.');
    }
    const name = decodeURIComponent(match[1] as string);
    const entry = inRegion.find((candidate) => candidate.cluster.name === name);
    const resource = `arn:aws:eks:${region}:${principal.accountId}:cluster/${name}`;
    if (!principal.canList) return denied(match[2] ? 'ListNodegroups' : 'DescribeCluster', resource);
    if (!entry) return eksError(404, 'ResourceNotFoundException', `No cluster found for name: ${name}.`);
    if (!match[2]) return { status: 200, body: { cluster: entry.cluster } };
    if (!match[3]) return { status: 200, body: { nodegroups: entry.nodegroups.map((group) => group.nodegroupName), nextToken: null } };
    const group = entry.nodegroups.find((candidate) => candidate.nodegroupName === decodeURIComponent(match[3] as string));
    if (!group) return eksError(404, 'ResourceNotFoundException', `No node group found for name: ${match[3]}.`);
    return { status: 200, body: { nodegroup: group } };
  };

  const server = await startFakeServer({
    handle(request, violation) {
      if (request.path === '/sts/') return sts(request, violation);
      const regional = /^\/eks\/([a-z0-9-]+)(\/.*)$/.exec(request.path);
      if (regional) return eks(request, violation, regional[1] as string, regional[2] as string);
      violation('unknown path');
      return eksError(404, 'UnknownOperationException', 'Unknown operation.');
    },
    rateLimited: () => eksError(429, 'TooManyRequestsException', 'Rate exceeded'),
  });
  return Object.assign(server, { baseUrls: { eks: `${server.url}/eks/{region}`, sts: `${server.url}/sts` } });
}
