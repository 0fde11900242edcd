import { describe, expect, it } from 'vitest';
import { huaweiCanonicalRequest, huaweiCanonicalUri, huaweiSdkDate, signHuaweiRequest } from './huawei-signer';
import { sha256HexOf } from './hmac';

// Huawei Cloud's "API Request Signing Guide" (devg-apisign, sections "Constructing a Standard
// Request" and "Creating a To-Be-Signed String") works one example through: a VPC list request at
// 20191115T033655Z whose canonical request hashes to b25362e6… . The guide does not publish a
// secret key with a resulting signature, so the HMAC step is checked by the fake gateway instead.
const EXAMPLE_URL = new URL('https://service.region.example.com/v1/77b6a44cba5143ab91d13ab9a8ff44fd/vpcs?limit=2&marker=13551d6b-755d-4757-b956-536f674975c0');
const EXAMPLE_AT = Date.UTC(2019, 10, 15, 3, 36, 55);
const EXAMPLE_HASH = 'b25362e603ee30f4f25e7858e8a7160fd36e803bb2dfe206278659d71a9bcd7a';

describe('Huawei SDK-HMAC-SHA256 signer', () => {
  it('formats X-Sdk-Date as the guide does', () => {
    expect(huaweiSdkDate(EXAMPLE_AT)).toBe('20191115T033655Z');
  });

  it('builds the canonical request of the published example, hash included', async () => {
    const canonical = await huaweiCanonicalRequest(
      'GET',
      EXAMPLE_URL,
      { 'Content-Type': 'application/json', Host: 'service.region.example.com', 'X-Sdk-Date': '20191115T033655Z' },
      '',
    );
    expect(canonical).toBe(
      [
        'GET',
        '/v1/77b6a44cba5143ab91d13ab9a8ff44fd/vpcs/',
        'limit=2&marker=13551d6b-755d-4757-b956-536f674975c0',
        'content-type:application/json\nhost:service.region.example.com\nx-sdk-date:20191115T033655Z\n',
        'content-type;host;x-sdk-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(await sha256HexOf(canonical)).toBe(EXAMPLE_HASH);
  });

  it('produces the published string to sign and a header in the gateway format', async () => {
    const signed = await signHuaweiRequest({
      method: 'GET',
      url: EXAMPLE_URL,
      headers: { 'content-type': 'application/json' },
      body: '',
      accessKey: 'HPUAEXAMPLEACCESSKEY',
      secretKey: 'example-secret-key-not-real-0123456789',
      at: EXAMPLE_AT,
    });
    expect(signed.stringToSign).toBe(`SDK-HMAC-SHA256\n20191115T033655Z\n${EXAMPLE_HASH}`);
    expect(signed.headers['X-Sdk-Date']).toBe('20191115T033655Z');
    expect(signed.headers.Authorization).toMatch(/^SDK-HMAC-SHA256 Access=HPUAEXAMPLEACCESSKEY, SignedHeaders=content-type;host;x-sdk-date, Signature=[0-9a-f]{64}$/);
  });

  it('escapes path segments and always ends the canonical URI with a slash', () => {
    expect(huaweiCanonicalUri('/v3/projects/a b/clusters')).toBe('/v3/projects/a%20b/clusters/');
    expect(huaweiCanonicalUri('/')).toBe('/');
  });
});
