/**
 * Huawei Cloud AK/SK request signing (SDK-HMAC-SHA256, the API Gateway's "APIG" signature): a
 * canonical request of method, path (each segment escaped, always ending in "/"), sorted query,
 * signed headers and body hash; the string to sign is the algorithm, X-Sdk-Date and the canonical
 * request's hash; the signature is HMAC-SHA256 with the secret key, in hex.
 */
import { canonicalQuery, hmacSha256, percentEncode, sha256HexOf, toHex } from './hmac';

export const HUAWEI_ALGORITHM = 'SDK-HMAC-SHA256';

export interface HuaweiSignInput {
  method: string;
  url: URL;
  /** Headers to send and sign besides Host and X-Sdk-Date. */
  headers: Record<string, string>;
  body: string;
  accessKey: string;
  secretKey: string;
  /** Signing time, epoch ms. */
  at: number;
}

export interface HuaweiSignature {
  /** Every header to send (Host excepted: fetch sets it from the URL). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
}

/** 20191115T033655Z */
export function huaweiSdkDate(at: number): string {
  return new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function huaweiCanonicalUri(pathname: string): string {
  const escaped = pathname
    .split('/')
    .map((segment) => percentEncode(decodeURIComponent(segment)))
    .join('/');
  return escaped.endsWith('/') ? escaped : `${escaped}/`;
}

/** Headers lower-cased and sorted; returns the canonical block and the SignedHeaders list. */
export function huaweiCanonicalHeaders(headers: Record<string, string>): { canonical: string; signed: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    canonical: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signed: entries.map(([name]) => name).join(';'),
  };
}

export async function huaweiCanonicalRequest(method: string, url: URL, signedHeaders: Record<string, string>, body: string): Promise<string> {
  const { canonical, signed } = huaweiCanonicalHeaders(signedHeaders);
  return [method.toUpperCase(), huaweiCanonicalUri(url.pathname), canonicalQuery(url.searchParams), canonical, signed, await sha256HexOf(body)].join('\n');
}

export async function signHuaweiRequest(input: HuaweiSignInput): Promise<HuaweiSignature> {
  const sdkDate = huaweiSdkDate(input.at);
  const toSign = { ...input.headers, host: input.url.host, 'x-sdk-date': sdkDate };
  const canonicalRequest = await huaweiCanonicalRequest(input.method, input.url, toSign, input.body);
  const stringToSign = `${HUAWEI_ALGORITHM}\n${sdkDate}\n${await sha256HexOf(canonicalRequest)}`;
  const signature = toHex(await hmacSha256(input.secretKey, stringToSign));
  const { signed } = huaweiCanonicalHeaders(toSign);
  return {
    headers: {
      ...input.headers,
      'X-Sdk-Date': sdkDate,
      Authorization: `${HUAWEI_ALGORITHM} Access=${input.accessKey}, SignedHeaders=${signed}, Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
  };
}
