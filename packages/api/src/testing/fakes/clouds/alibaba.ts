/**
 * Test only: Alibaba Cloud's API gateway in front of Container Service's DescribeClustersV1. The
 * gateway's ACS3-HMAC-SHA256 check is recomputed here with node:crypto, independently of the
 * client's signer: the required signed headers, action and version, payload hash, a 15-minute
 * date window, a nonce never seen before, and the signature over the request as received.
 * Gateway errors come in PascalCase ({ Code, Message }), as the real gateway sends them.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeAlibabaKey {
  accessKeyId: string;
  accessKeySecret: string;
  /** cs:DescribeClusters allowed by a RAM policy. */
  canList: boolean;
  /** The gateway's flow control denies this key's calls (once their signature is checked), as when its quota is spent. */
  throttled?: boolean;
}

export interface FakeAlibabaOptions {
  keys: FakeAlibabaKey[];
  /** The account's clusters in DescribeClustersV1's shape (region_id says where). */
  clusters: unknown[];
  now?: () => number;
}

export interface FakeAlibaba extends FakeServer {
  baseUrls: { cs: string };
}

/** The gateway's flow-control answer (400 with a Throttling code, not 429). */
const throttled = (): FakeHttpResponse => gatewayError(400, 'Throttling.User', 'Request was denied due to user flow control.');

const REQUIRED_SIGNED = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];

export function fakeAckCluster(name: string, region: string, size: number): Record<string, unknown> {
  return {
    cluster_id: `c${randomUUID().replace(/-/g, '')}`,
    name,
    region_id: region,
    state: 'running',
    cluster_type: 'ManagedKubernetes',
    cluster_spec: 'ack.pro.small',
    profile: 'Default',
    current_version: '1.31.1-aliyun.1',
    init_version: '1.31.1-aliyun.1',
    size,
    vpc_id: `vpc-${randomUUID().slice(0, 20)}`,
    resource_group_id: 'rg-acfmyvw3wjmb5vy',
    created: '2026-06-01T10:22:33+08:00',
    updated: '2026-06-01T10:40:12+08:00',
  };
}

const gatewayError = (status: number, code: string, message: string): FakeHttpResponse => ({
  status,
  body: { RequestId: randomUUID().toUpperCase(), HostId: 'cs.aliyuncs.com', Code: code, Message: message, Recommend: `https://api.aliyun.com/troubleshoot?q=${code}` },
});

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function expectedSignature(request: FakeHttpRequest, signedHeaders: string[], secret: string): string {
  const uri = request.path.split('/').map((segment) => encode(decodeURIComponent(segment))).join('/') || '/';
  const pairs = [...request.query].map(([name, value]) => `${encode(name)}=${encode(value)}`).sort();
  const headers = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [request.method, uri, pairs.join('&'), headers, signedHeaders.join(';'), request.headers['x-acs-content-sha256'] ?? ''].join('\n');
  return createHmac('sha256', secret).update(`ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`).digest('hex');
}

export async function startFakeAlibaba(options: FakeAlibabaOptions): Promise<FakeAlibaba> {
  const now = options.now ?? Date.now;
  const nonces = new Set<string>();

  const handle = (request: FakeHttpRequest, violation: (text: string) => void): FakeHttpResponse => {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
    if (!auth) {
      violation(`Authorization header ${request.headers.authorization ?? '(none)'}`);
      return gatewayError(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    }
    const [, accessKeyId, signedList, signature] = auth as unknown as [string, string, string, string];
    const signedHeaders = signedList.split(';');
    if (signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) violation('SignedHeaders not sorted');
    for (const name of REQUIRED_SIGNED) if (!signedHeaders.includes(name)) violation(`${name} is not signed`);
    if (request.headers['x-acs-action'] !== 'DescribeClustersV1' || request.headers['x-acs-version'] !== '2015-12-15') {
      violation(`action ${request.headers['x-acs-action']} version ${request.headers['x-acs-version']}`);
      return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }
    if (request.headers['x-acs-content-sha256'] !== createHash('sha256').update(request.body).digest('hex')) violation('x-acs-content-sha256 is not the payload hash');
    const date = Date.parse(request.headers['x-acs-date'] ?? '');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(request.headers['x-acs-date'] ?? '') || Number.isNaN(date)) {
      violation(`x-acs-date ${request.headers['x-acs-date']}`);
      return gatewayError(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    if (Math.abs(date - now()) > 15 * 60_000) return gatewayError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const key = options.keys.find((candidate) => candidate.accessKeyId === accessKeyId);
    if (!key) return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const expected = Buffer.from(expectedSignature(request, signedHeaders, key.accessKeySecret));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return gatewayError(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    const nonce = request.headers['x-acs-signature-nonce'] ?? '';
    if (nonces.has(nonce)) {
      violation('nonce reused');
      return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    nonces.add(nonce);
    if (key.throttled) return throttled();
    if (request.path !== '/api/v1/clusters' || request.method !== 'GET') {
      violation('unknown path');
      return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }
    if (!key.canList) return gatewayError(403, 'Forbidden.RAM', "User not authorized to operate on the specified resource, or this API doesn't support RAM.");
    const region = request.query.get('region_id');
    const pageSize = Number(request.query.get('page_size') ?? '10');
    const pageNumber = Number(request.query.get('page_number') ?? '1');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100 || !Number.isInteger(pageNumber) || pageNumber < 1) violation(`paging ${request.rawQuery}`);
    const matching = options.clusters.filter((cluster) => !region || (cluster as { region_id?: unknown }).region_id === region);
    return {
      status: 200,
      body: {
        clusters: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        page_info: { page_size: pageSize, page_number: pageNumber, total_count: matching.length },
      },
    };
  };

  const server = await startFakeServer({ handle, rateLimited: throttled });
  return Object.assign(server, { baseUrls: { cs: server.url } });
}
