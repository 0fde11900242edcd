/**
 * Alibaba Cloud signature V3 (ACS3-HMAC-SHA256): a canonical request of method, path, sorted query,
 * the host, x-acs-* and content-type headers, the signed header names and the payload hash; the
 * string to sign is the algorithm and the canonical request's hash; the signature is HMAC-SHA256
 * with the AccessKey secret, in hex.
 */
import { canonicalQuery, hmacSha256, percentEncode, sha256HexOf, toHex } from './hmac';

export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256';

export interface Acs3SignInput {
  method: string;
  url: URL;
  action: string;
  version: string;
  body: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Signing time, epoch ms. */
  at: number;
  /** Unique per request: the gateway refuses a nonce it has seen (replay protection). */
  nonce: string;
  /** Extra headers to send and sign (content-type, other x-acs-*). */
  headers?: Record<string, string>;
}

export interface Acs3Signature {
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
}

/** 2023-10-26T10:22:32Z */
export function acs3Date(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function acs3CanonicalUri(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => percentEncode(decodeURIComponent(segment)))
    .join('/');
}

export async function acs3CanonicalRequest(method: string, url: URL, signedHeaders: Record<string, string>, payloadHash: string): Promise<string> {
  const entries = Object.entries(signedHeaders)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = entries.map(([name, value]) => `${name}:${value}\n`).join('');
  const names = entries.map(([name]) => name).join(';');
  return [method.toUpperCase(), acs3CanonicalUri(url.pathname || '/'), canonicalQuery(url.searchParams), canonicalHeaders, names, payloadHash].join('\n');
}

export async function signAcs3Request(input: Acs3SignInput): Promise<Acs3Signature> {
  const payloadHash = await sha256HexOf(input.body);
  const headers: Record<string, string> = {
    ...input.headers,
    'x-acs-action': input.action,
    'x-acs-version': input.version,
    'x-acs-date': acs3Date(input.at),
    'x-acs-signature-nonce': input.nonce,
    'x-acs-content-sha256': payloadHash,
  };
  const signed = { ...headers, host: input.url.host };
  const canonicalRequest = await acs3CanonicalRequest(input.method, input.url, signed, payloadHash);
  const stringToSign = `${ACS3_ALGORITHM}\n${await sha256HexOf(canonicalRequest)}`;
  const signature = toHex(await hmacSha256(input.accessKeySecret, stringToSign));
  const names = Object.keys(signed)
    .map((name) => name.toLowerCase())
    .sort()
    .join(';');
  return {
    headers: { ...headers, Authorization: `${ACS3_ALGORITHM} Credential=${input.accessKeyId},SignedHeaders=${names},Signature=${signature}` },
    canonicalRequest,
    stringToSign,
  };
}
