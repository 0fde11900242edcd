/**
 * Test and browser-test only: every fake provider at once, each with one account that may list
 * clusters and one that may not, and the credentials to use for each. A browser test starts this
 * in its own process, passes `baseUrls` to the server as configuration, and drives failures with
 * credentials alone, each checked by its fake before it fails the way the provider does: `wrong`
 * and `denied` everywhere, `throttled` (Azure, Alibaba Cloud: rate limited), `unresponsive` (IBM
 * Cloud: the listing is never answered) and `role` (AWS: a role to assume, through STS). Tests in
 * this process can also inject failures with each fake's `failNext`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { fakeAckCluster, startFakeAlibaba, type FakeAlibaba } from './alibaba';
import { fakeEksCluster, startFakeAws, type FakeAws } from './aws';
import { fakeManagedCluster, startFakeAzure, type FakeAzure } from './azure';
import { fakeDoksCluster, startFakeDigitalOcean, type FakeDigitalOcean } from './digitalocean';
import { fakeGkeCluster, startFakeGcp, type FakeGcp } from './gcp';
import { fakeCceCluster, startFakeHuawei, type FakeHuawei } from './huawei';
import { fakeIksCluster, startFakeIbm, type FakeIbm } from './ibm';

export { startFakeAlibaba, startFakeAws, startFakeAzure, startFakeDigitalOcean, startFakeGcp, startFakeHuawei, startFakeIbm };
export { closedUrl, silentProvider, type FakeServer, type InjectedFailure } from './server';

/**
 * Form input (what a customer types), per provider: `ok` lists clusters, `denied` lacks the
 * permission, `wrong` has a bad secret; `role` (EKS) lists through an assumed role, `throttled`
 * (AKS, ACK) is a valid key its provider is rate limiting, `unresponsive` (IKS) a valid key whose
 * listing the provider never answers.
 */
export interface FakeCloudCredentials {
  gke: { ok: { serviceAccountKey: string }; denied: { serviceAccountKey: string }; wrong: { serviceAccountKey: string } };
  eks: Record<'ok' | 'denied' | 'wrong' | 'role', { accessKeyId: string; secretAccessKey: string; roleArn?: string; regions?: string[] }>;
  aks: Record<'ok' | 'denied' | 'wrong' | 'throttled', { tenantId: string; clientId: string; clientSecret: string; subscriptionId: string }>;
  iks: Record<'ok' | 'denied' | 'wrong' | 'unresponsive', { apiKey: string }>;
  cce: Record<'ok' | 'denied' | 'wrong', { accessKey: string; secretKey: string; projectId: string; region: string }>;
  ack: Record<'ok' | 'denied' | 'wrong' | 'throttled', { accessKeyId: string; accessKeySecret: string; region?: string }>;
  doks: Record<'ok' | 'denied' | 'wrong', { token: string }>;
}

export interface FakeClouds {
  gcp: FakeGcp;
  aws: FakeAws;
  azure: FakeAzure;
  ibm: FakeIbm;
  huawei: FakeHuawei;
  alibaba: FakeAlibaba;
  digitalocean: FakeDigitalOcean;
  baseUrls: { gke: FakeGcp['baseUrls']; eks: FakeAws['baseUrls']; aks: FakeAzure['baseUrls']; iks: FakeIbm['baseUrls']; cce: FakeHuawei['baseUrls']; ack: FakeAlibaba['baseUrls']; doks: FakeDigitalOcean['baseUrls'] };
  credentials: FakeCloudCredentials;
  close(): Promise<void>;
}

function serviceAccount(project: string, email: string, keyId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keyFile = JSON.stringify({
    type: 'service_account',
    project_id: project,
    private_key_id: keyId,
    private_key: privatePem,
    client_email: email,
    client_id: '104857392017364829101',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { keyFile, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export async function startFakeClouds(): Promise<FakeClouds> {
  const project = 'fleet-demo-481203';
  const reader = serviceAccount(project, `km-reader@${project}.iam.gserviceaccount.com`, '3f9a1c0e5b7d2468ace0135792468bdf13579ace');
  const nobody = serviceAccount(project, `km-nobody@${project}.iam.gserviceaccount.com`, '7c2e4a6b8d0f1357924680ace13579bdf2468ace');
  const impostor = serviceAccount(project, `km-reader@${project}.iam.gserviceaccount.com`, '3f9a1c0e5b7d2468ace0135792468bdf13579ace');
  const gcp = await startFakeGcp({
    accounts: [
      { clientEmail: `km-reader@${project}.iam.gserviceaccount.com`, privateKeyId: '3f9a1c0e5b7d2468ace0135792468bdf13579ace', publicKeyPem: reader.publicPem, projectId: project, canList: true },
      { clientEmail: `km-nobody@${project}.iam.gserviceaccount.com`, privateKeyId: '7c2e4a6b8d0f1357924680ace13579bdf2468ace', publicKeyPem: nobody.publicPem, projectId: project, canList: false },
    ],
    clusters: { [project]: [fakeGkeCluster('web-prod', 'europe-west1', 6, project), fakeGkeCluster('batch', 'us-central1', 3, project)] },
  });

  const awsAccount = '481203774512';
  const awsRole = `arn:aws:iam::${awsAccount}:role/KubeMarketReadEks`;
  const aws = await startFakeAws({
    keys: [
      { accessKeyId: 'AKIAFAKEREADER000001', secretAccessKey: 'fakeAwsReaderSecret/0123456789abcdefGHIJKL', accountId: awsAccount, userName: 'km-reader', canList: true, canAssume: [awsRole] },
      { accessKeyId: 'AKIAFAKENOBODY000002', secretAccessKey: 'fakeAwsNobodySecret/0123456789abcdefGHIJKL', accountId: awsAccount, userName: 'km-nobody', canList: false },
    ],
    roles: [{ arn: awsRole, canList: true }],
    clusters: {
      'eu-west-1': [fakeEksCluster('eks-dublin', 'eu-west-1', awsAccount, [3, 2])],
      'us-east-1': [fakeEksCluster('eks-virginia', 'us-east-1', awsAccount, [4])],
    },
  });

  const tenantId = '6b1f0c3e-2a4d-4e8f-9b7a-1c2d3e4f5a6b';
  const subscriptionId = '0e9d8c7b-6a5f-4e3d-2c1b-0a9f8e7d6c5b';
  const azure = await startFakeAzure({
    principals: [
      { tenantId, clientId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', clientSecret: 'Qx48Q~fakeReaderSecret.9hLmN0pRsTuV', readableSubscriptions: [subscriptionId] },
      { tenantId, clientId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', clientSecret: 'Zr71Q~fakeNobodySecret.3kJhG5fDsAqW', readableSubscriptions: [] },
      { tenantId, clientId: 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f', clientSecret: 'Wp93Q~fakeBusySecret.7tGhJ2kLmNoPqR', readableSubscriptions: [subscriptionId], throttled: true },
    ],
    clusters: { [subscriptionId]: [fakeManagedCluster(subscriptionId, 'rg-prod', 'aks-prod', 'westeurope', [3, 5])] },
  });

  const ibm = await startFakeIbm({
    keys: [
      { apiKey: 'fakeIbmReaderKey_6Yh3Kq9Lm2Nx8Pw4Rt7Vz1Bc5', accountId: 'acc-1', canList: true },
      { apiKey: 'fakeIbmNobodyKey_2Dg8Jf4Hs6Ka9Lq3Mw5Ne7Pr1', accountId: 'acc-1', canList: false },
      { apiKey: 'fakeIbmSilentKey_4Fh7Kd2Ls9Pq6Wm3Nx8Rt5Vb1', accountId: 'acc-1', canList: true, unresponsive: true },
    ],
    clusters: { 'acc-1': [fakeIksCluster('iks-eu', 'eu-de', 3)] },
  });

  const projectId = '0b2f7c3d9e8a4b1c8d7e6f5a4b3c2d1e';
  const huawei = await startFakeHuawei({
    accounts: [
      { accessKey: 'HPUAFAKEREADER0KEY12', secretKey: 'fakeHuaweiReaderSecretKey0123456789abcd', projectId, region: 'ap-southeast-3', canList: true },
      { accessKey: 'HPUAFAKENOBODY0KEY34', secretKey: 'fakeHuaweiNobodySecretKey0123456789abcd', projectId, region: 'ap-southeast-3', canList: false },
    ],
    clusters: { [projectId]: [fakeCceCluster('cce-sg', 4)] },
  });

  const alibaba = await startFakeAlibaba({
    keys: [
      { accessKeyId: 'LTAI5tFakeReader0Key1x', accessKeySecret: 'fakeAlibabaReaderSecret0123456789', canList: true },
      { accessKeyId: 'LTAI5tFakeNobody0Key2y', accessKeySecret: 'fakeAlibabaNobodySecret0123456789', canList: false },
      { accessKeyId: 'LTAI5tFakeBusy000Key3z', accessKeySecret: 'fakeAlibabaBusySecret00123456789', canList: true, throttled: true },
    ],
    clusters: [fakeAckCluster('ack-fra', 'eu-central-1', 5), fakeAckCluster('ack-hz', 'cn-hangzhou', 2)],
  });

  const digitalocean = await startFakeDigitalOcean({
    tokens: [
      { token: 'dop_v1_fakereader0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071', scopes: ['kubernetes:read'] },
      { token: 'dop_v1_fakenobody0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071', scopes: ['droplet:read'] },
    ],
    clusters: [fakeDoksCluster('doks-ams', 'ams3', [2, 2])],
  });

  const fakes = [gcp, aws, azure, ibm, huawei, alibaba, digitalocean];
  return {
    gcp,
    aws,
    azure,
    ibm,
    huawei,
    alibaba,
    digitalocean,
    baseUrls: { gke: gcp.baseUrls, eks: aws.baseUrls, aks: azure.baseUrls, iks: ibm.baseUrls, cce: huawei.baseUrls, ack: alibaba.baseUrls, doks: digitalocean.baseUrls },
    credentials: {
      gke: { ok: { serviceAccountKey: reader.keyFile }, denied: { serviceAccountKey: nobody.keyFile }, wrong: { serviceAccountKey: impostor.keyFile } },
      eks: {
        ok: { accessKeyId: 'AKIAFAKEREADER000001', secretAccessKey: 'fakeAwsReaderSecret/0123456789abcdefGHIJKL', regions: ['eu-west-1', 'us-east-1'] },
        denied: { accessKeyId: 'AKIAFAKENOBODY000002', secretAccessKey: 'fakeAwsNobodySecret/0123456789abcdefGHIJKL', regions: ['eu-west-1', 'us-east-1'] },
        wrong: { accessKeyId: 'AKIAFAKEREADER000001', secretAccessKey: 'fakeAwsWrongSecret/00000000000000000000000', regions: ['eu-west-1', 'us-east-1'] },
        role: { accessKeyId: 'AKIAFAKEREADER000001', secretAccessKey: 'fakeAwsReaderSecret/0123456789abcdefGHIJKL', roleArn: awsRole, regions: ['eu-west-1', 'us-east-1'] },
      },
      aks: {
        ok: { tenantId, clientId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', clientSecret: 'Qx48Q~fakeReaderSecret.9hLmN0pRsTuV', subscriptionId },
        denied: { tenantId, clientId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', clientSecret: 'Zr71Q~fakeNobodySecret.3kJhG5fDsAqW', subscriptionId },
        wrong: { tenantId, clientId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', clientSecret: 'Qx48Q~notTheSecretAtAll.0000000000', subscriptionId },
        throttled: { tenantId, clientId: 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f', clientSecret: 'Wp93Q~fakeBusySecret.7tGhJ2kLmNoPqR', subscriptionId },
      },
      iks: {
        ok: { apiKey: 'fakeIbmReaderKey_6Yh3Kq9Lm2Nx8Pw4Rt7Vz1Bc5' },
        denied: { apiKey: 'fakeIbmNobodyKey_2Dg8Jf4Hs6Ka9Lq3Mw5Ne7Pr1' },
        wrong: { apiKey: 'fakeIbmRevokedKey_9Zx8Cv7Bn6Ml5Kj4Hg3Fd2S' },
        unresponsive: { apiKey: 'fakeIbmSilentKey_4Fh7Kd2Ls9Pq6Wm3Nx8Rt5Vb1' },
      },
      cce: {
        ok: { accessKey: 'HPUAFAKEREADER0KEY12', secretKey: 'fakeHuaweiReaderSecretKey0123456789abcd', projectId, region: 'ap-southeast-3' },
        denied: { accessKey: 'HPUAFAKENOBODY0KEY34', secretKey: 'fakeHuaweiNobodySecretKey0123456789abcd', projectId, region: 'ap-southeast-3' },
        wrong: { accessKey: 'HPUAFAKEREADER0KEY12', secretKey: 'fakeHuaweiWrongSecretKey00000000000000', projectId, region: 'ap-southeast-3' },
      },
      ack: {
        ok: { accessKeyId: 'LTAI5tFakeReader0Key1x', accessKeySecret: 'fakeAlibabaReaderSecret0123456789' },
        denied: { accessKeyId: 'LTAI5tFakeNobody0Key2y', accessKeySecret: 'fakeAlibabaNobodySecret0123456789' },
        wrong: { accessKeyId: 'LTAI5tFakeReader0Key1x', accessKeySecret: 'fakeAlibabaWrongSecret00000000000' },
        throttled: { accessKeyId: 'LTAI5tFakeBusy000Key3z', accessKeySecret: 'fakeAlibabaBusySecret00123456789' },
      },
      doks: {
        ok: { token: 'dop_v1_fakereader0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071' },
        denied: { token: 'dop_v1_fakenobody0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071' },
        wrong: { token: 'dop_v1_fakerevoked0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607' },
      },
    },
    async close() {
      await Promise.all(fakes.map((fake) => fake.close()));
    },
  };
}
