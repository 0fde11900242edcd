import { describe, expect, it } from 'vitest';
import { acs3Date, signAcs3Request } from './acs3-signer';

// Alibaba Cloud's "Request syntax and signature method V3" works a RunInstances call through with
// AccessKey YourAccessKeyId / YourAccessKeySecret; the "ROA-style request body & signature"
// page shows the same request signed with another date and nonce. Both published signatures are
// reproduced here.
const EXAMPLE_URL = new URL('https://ecs.cn-shanghai.aliyuncs.com/?ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai');
const SIGNED = 'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version';

async function example(at: number, nonce: string) {
  return signAcs3Request({
    method: 'POST',
    url: EXAMPLE_URL,
    action: 'RunInstances',
    version: '2014-05-26',
    body: '',
    accessKeyId: 'YourAccessKeyId',
    accessKeySecret: 'YourAccessKeySecret',
    at,
    nonce,
  });
}

describe('Alibaba ACS3-HMAC-SHA256 signer', () => {
  it('reproduces the V3 guide example signature', async () => {
    const signed = await example(Date.UTC(2023, 9, 26, 10, 22, 32), '3156853299f313e23d1673dc12e1703d');
    expect(signed.headers.Authorization).toBe(
      `ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=${SIGNED},Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0`,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 3)).toEqual(['POST', '/', 'ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai']);
    expect(signed.headers['x-acs-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('reproduces the ROA page example signature (other date and nonce)', async () => {
    const signed = await example(Date.UTC(2023, 9, 26, 9, 1, 1), 'd410180a5abf7fe235dd9b74aca91fc0');
    expect(signed.headers.Authorization).toContain('Signature=e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804');
  });

  it('formats x-acs-date without milliseconds', () => {
    expect(acs3Date(Date.UTC(2023, 9, 26, 10, 22, 32, 999))).toBe('2023-10-26T10:22:32Z');
  });

  it('percent-encodes query values the RFC 3986 way, sorted by name', async () => {
    const signed = await signAcs3Request({
      method: 'GET',
      url: new URL("https://cs.aliyuncs.com/api/v1/clusters?name=a b*'&page_size=10"),
      action: 'DescribeClustersV1',
      version: '2015-12-15',
      body: '',
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
      at: 0,
      nonce: 'n',
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('name=a%20b%2A%27&page_size=10');
  });
});
