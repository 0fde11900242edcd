// Before @peculiar/x509, whose tsyringe container throws without the Reflect metadata polyfill.
import 'reflect-metadata';
import { createHash, X509Certificate as NodeX509Certificate } from 'node:crypto';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509ChainBuilder,
} from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CLOCK_SKEW_MS,
  CLUSTER_ADMINS_GROUP,
  caFingerprint,
  createClusterCa,
  issueClientCertificate,
  kubeconfigYaml,
  simulatorKubeconfig,
} from './pki';
import {
  KUBECONFIG_DEFAULT_SECONDS,
  KUBECONFIG_MAX_SECONDS,
  KUBECONFIG_MIN_SECONDS,
  ProvisionerError,
  type CertificateAuthority,
  type ClusterSpec,
  type KubeconfigRequest,
} from './port';

/** 2026-01-01T00:00:00Z, with milliseconds on top where a test needs them. */
const NOW = Date.UTC(2026, 0, 1);

const cluster: ClusterSpec = {
  id: 'clu_pki',
  organizationId: 'org_pki',
  name: 'payments-prod',
  region: 'eu-central',
  zones: ['eu-central-1a'],
  tierId: 'standard',
  purpose: 'production',
  kubernetesVersion: '1.33.1',
  highAvailability: false,
  networking: { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
  maintenance: { day: 'sunday', startHour: 2, autoUpgrade: true },
  hibernation: null,
  pools: [],
  providerRef: 'sim-payments-prod',
  endpoint: 'https://api.payments-prod.clu-pki.sim.kubemarket.test:6443',
};

interface Kubeconfig {
  apiVersion: string;
  kind: string;
  clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { name: string; user: { 'client-certificate-data': string; 'client-key-data': string } }[];
  contexts: { name: string; context: { cluster: string; user: string } }[];
  'current-context': string;
}

function request(ca: CertificateAuthority | null, overrides: Partial<KubeconfigRequest> = {}): KubeconfigRequest {
  return {
    cluster,
    ca,
    user: { id: 'usr_ada', username: 'ada', organizationId: 'org_pki' },
    expiresInSeconds: KUBECONFIG_DEFAULT_SECONDS,
    now: NOW,
    ...overrides,
  };
}

/** The kubeconfig as kubectl would read it: YAML, then base64 PEM fields. */
function readKubeconfig(text: string) {
  const config = parse(text) as Kubeconfig;
  return {
    config,
    caPem: atob(config.clusters[0]!.cluster['certificate-authority-data']),
    certificatePem: atob(config.users[0]!.user['client-certificate-data']),
    keyPem: atob(config.users[0]!.user['client-key-data']),
  };
}

/** Proves a PKCS#8 private key belongs to a certificate: what it signs, the certificate's key verifies. */
async function keyMatchesCertificate(privateKeyPem: string, certificate: X509Certificate): Promise<boolean> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const privateKey = await crypto.subtle.importKey('pkcs8', PemConverter.decodeFirst(privateKeyPem), algorithm, false, ['sign']);
  const data = new TextEncoder().encode('proof of possession');
  const signature = await crypto.subtle.sign(algorithm, privateKey, data);
  const publicKey = await certificate.publicKey.export(algorithm, ['verify']);
  return crypto.subtle.verify(algorithm, publicKey, signature, data);
}

describe('cluster certificate authority', () => {
  it('is a self-signed P-256 CA with the constrained extensions and a PKCS#8 key', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const certificate = new X509Certificate(ca.certificatePem);

    expect(certificate.subject).toBe('CN=payments-prod-ca, O=KubeMarket');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(await certificate.isSelfSigned()).toBe(true);
    expect(certificate.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    expect(certificate.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-256' } });
    expect(certificate.notAfter.getTime()).toBe(Date.UTC(2036, 0, 1));
    expect(certificate.notBefore.getTime()).toBe(NOW - CLOCK_SKEW_MS);

    const basic = certificate.getExtension(BasicConstraintsExtension);
    expect(basic).toMatchObject({ ca: true, pathLength: 0, critical: true });
    const usage = certificate.getExtension(KeyUsagesExtension);
    expect(usage).toMatchObject({ usages: KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, critical: true });
    expect(certificate.getExtension(SubjectKeyIdentifierExtension)?.keyId).toMatch(/^[0-9a-f]{40}$/);

    expect(ca.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\r?\n/);
    expect(await keyMatchesCertificate(ca.privateKeyPem, certificate)).toBe(true);

    // OpenSSL (through Node) reads it as a CA too, not only the library that wrote it.
    const node = new NodeX509Certificate(ca.certificatePem);
    expect(node.ca).toBe(true);
    expect(node.verify(node.publicKey)).toBe(true);
  });

  it('draws a fresh key and a random serial for every CA, and honours validityYears', async () => {
    const first = await createClusterCa({ clusterName: 'a', clusterId: 'clu_a', now: NOW });
    const second = await createClusterCa({ clusterName: 'a', clusterId: 'clu_a', now: NOW, validityYears: 2 });
    const one = new X509Certificate(first.certificatePem);
    const two = new X509Certificate(second.certificatePem);
    expect(one.serialNumber).not.toBe(two.serialNumber);
    expect(one.serialNumber.length).toBeGreaterThanOrEqual(30);
    expect(first.privateKeyPem).not.toBe(second.privateKeyPem);
    expect(two.notAfter.getTime()).toBe(Date.UTC(2028, 0, 1));
    await expect(createClusterCa({ clusterName: 'a', clusterId: 'clu_a', now: NOW, validityYears: 0 })).rejects.toThrow(RangeError);
  });

  it('fingerprints the DER encoding with SHA-256', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const der = Buffer.from(PemConverter.decodeFirst(ca.certificatePem));
    expect(await caFingerprint(ca.certificatePem)).toBe(createHash('sha256').update(der).digest('hex'));
    expect(await caFingerprint(ca.certificatePem)).toBe(
      new NodeX509Certificate(ca.certificatePem).fingerprint256.replaceAll(':', '').toLowerCase(),
    );
  });
});

describe('simulator kubeconfig', () => {
  it('writes a standard kubeconfig whose client certificate the cluster CA signed', async () => {
    const now = Date.now();
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now });
    const issued = await simulatorKubeconfig(request(ca, { now }));
    const { config, caPem, certificatePem, keyPem } = readKubeconfig(issued.yaml);

    expect(config).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'payments-prod', cluster: { server: cluster.endpoint, 'certificate-authority-data': expect.any(String) } }],
      users: [{ name: 'ada', user: { 'client-certificate-data': expect.any(String), 'client-key-data': expect.any(String) } }],
      contexts: [{ name: 'ada@payments-prod', context: { cluster: 'payments-prod', user: 'ada' } }],
      'current-context': 'ada@payments-prod',
      preferences: {},
    });
    expect(caPem).toBe(ca.certificatePem);

    const caCertificate = new X509Certificate(caPem);
    const client = new X509Certificate(certificatePem);
    // No date given: checked against the real clock, which lies inside the validity window.
    expect(await client.verify({ publicKey: caCertificate.publicKey })).toBe(true);
    const chain = await new X509ChainBuilder({ certificates: [caCertificate] }).build(client);
    expect(chain.map((item) => item.serialNumber)).toEqual([client.serialNumber, caCertificate.serialNumber]);

    expect(client.subject).toBe(`CN=ada, O=${CLUSTER_ADMINS_GROUP}`);
    expect(client.issuer).toBe(caCertificate.subject);
    expect(client.serialNumber).toBe(issued.serialNumber);
    expect(issued.caFingerprint).toBe(await caFingerprint(ca.certificatePem));
    expect(client.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    expect(keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\r?\n/);
    expect(await keyMatchesCertificate(keyPem, client)).toBe(true);

    // OpenSSL agrees: issued by this CA and signed with its key.
    const nodeClient = new NodeX509Certificate(certificatePem);
    const nodeCa = new NodeX509Certificate(caPem);
    expect(nodeClient.checkIssued(nodeCa)).toBe(true);
    expect(nodeClient.verify(nodeCa.publicKey)).toBe(true);
    expect(nodeClient.ca).toBe(false);
  });

  it('carries client-auth extensions pointing at the CA key', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const client = new X509Certificate(readKubeconfig((await simulatorKubeconfig(request(ca))).yaml).certificatePem);

    expect(client.getExtension(ExtendedKeyUsageExtension)?.usages).toEqual([ExtendedKeyUsage.clientAuth]);
    expect(client.getExtension(KeyUsagesExtension)).toMatchObject({ usages: KeyUsageFlags.digitalSignature, critical: true });
    expect(client.getExtension(BasicConstraintsExtension)).toMatchObject({ ca: false, critical: true });
    const caKeyId = new X509Certificate(ca.certificatePem).getExtension(SubjectKeyIdentifierExtension)?.keyId;
    expect(caKeyId).toBeTruthy();
    expect(client.getExtension(AuthorityKeyIdentifierExtension)?.keyId).toBe(caKeyId);
  });

  it('expires exactly expiresInSeconds after now, and starts before now for clock skew', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const issued = await simulatorKubeconfig(request(ca, { expiresInSeconds: 3 * 24 * 3600 }));
    const client = new X509Certificate(readKubeconfig(issued.yaml).certificatePem);
    expect(issued.notAfter).toBe(NOW + 3 * 24 * 3600 * 1000);
    expect(client.notAfter.getTime()).toBe(issued.notAfter);
    expect(client.notBefore.getTime()).toBe(NOW - CLOCK_SKEW_MS);
    expect(await client.verify({ publicKey: new X509Certificate(ca.certificatePem).publicKey, date: new Date(NOW) })).toBe(true);
    expect(await client.verify({ publicKey: new X509Certificate(ca.certificatePem).publicKey, date: new Date(issued.notAfter + 1000) })).toBe(false);
  });

  it('floors a now with milliseconds to the second, the same in the certificate and in the answer', async () => {
    const now = NOW + 59_999;
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now });
    const issued = await simulatorKubeconfig(request(ca, { now, expiresInSeconds: KUBECONFIG_MIN_SECONDS }));
    const client = new X509Certificate(readKubeconfig(issued.yaml).certificatePem);
    expect(issued.notAfter).toBe(NOW + 59_000 + KUBECONFIG_MIN_SECONDS * 1000);
    expect(client.notAfter.getTime()).toBe(issued.notAfter);
    expect(client.notBefore.getTime()).toBe(NOW + 59_000 - CLOCK_SKEW_MS);
    expect(new NodeX509Certificate(readKubeconfig(issued.yaml).certificatePem).validToDate.getTime()).toBe(issued.notAfter);
  });

  it('accepts the longest lifetime and refuses lifetimes outside 1 hour to 365 days', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const longest = await simulatorKubeconfig(request(ca, { expiresInSeconds: KUBECONFIG_MAX_SECONDS }));
    expect(new X509Certificate(readKubeconfig(longest.yaml).certificatePem).notAfter.getTime()).toBe(Date.UTC(2027, 0, 1));

    for (const expiresInSeconds of [KUBECONFIG_MIN_SECONDS - 1, KUBECONFIG_MAX_SECONDS + 1, 7200.5, Number.NaN]) {
      const attempt = simulatorKubeconfig(request(ca, { expiresInSeconds }));
      await expect(attempt).rejects.toBeInstanceOf(ProvisionerError);
      await expect(attempt).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('1 hour') });
    }
  });

  it('refuses a cluster without a CA or an endpoint', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const noCa = simulatorKubeconfig(request(null));
    await expect(noCa).rejects.toBeInstanceOf(ProvisionerError);
    await expect(noCa).rejects.toThrow('Cluster payments-prod has no certificate authority yet');
    const noEndpoint = simulatorKubeconfig(request(ca, { cluster: { ...cluster, endpoint: null } }));
    await expect(noEndpoint).rejects.toBeInstanceOf(ProvisionerError);
    await expect(noEndpoint).rejects.toThrow('Cluster payments-prod has no API endpoint yet');
  });

  it('stops trusting earlier kubeconfigs once the CA is rotated', async () => {
    const before = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW });
    const after = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW + 1000 });
    const issued = await simulatorKubeconfig(request(before));
    const client = new X509Certificate(readKubeconfig(issued.yaml).certificatePem);
    const rotated = new X509Certificate(after.certificatePem);

    // Same subject, so only the key tells them apart.
    expect(rotated.subject).toBe(client.issuer);
    expect(await client.verify({ publicKey: rotated.publicKey, signatureOnly: true })).toBe(false);
    const chain = await new X509ChainBuilder({ certificates: [rotated] }).build(client);
    expect(chain).toHaveLength(1);
    expect(issued.caFingerprint).not.toBe(await caFingerprint(after.certificatePem));
    expect(new NodeX509Certificate(client.toString('pem')).verify(new NodeX509Certificate(after.certificatePem).publicKey)).toBe(false);
  });
});

describe('client certificates', () => {
  it('refuses a notAfter with milliseconds, after the CA expires, or before notBefore', async () => {
    const ca = await createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: NOW, validityYears: 1 });
    const base = { ca, commonName: 'ada', organization: CLUSTER_ADMINS_GROUP, notBefore: NOW };
    await expect(issueClientCertificate({ ...base, notAfter: NOW + 3600_500 })).rejects.toThrow(RangeError);
    await expect(issueClientCertificate({ ...base, notAfter: NOW })).rejects.toThrow('notAfter must come after notBefore.');
    const pastCa = issueClientCertificate({ ...base, notAfter: Date.UTC(2027, 0, 1) + 1000 });
    await expect(pastCa).rejects.toBeInstanceOf(ProvisionerError);
    await expect(pastCa).rejects.toThrow('Rotate the cluster credentials');
    const lastDay = await issueClientCertificate({ ...base, notAfter: Date.UTC(2027, 0, 1) });
    expect(new X509Certificate(lastDay.certificatePem).notAfter.getTime()).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('kubeconfig YAML', () => {
  it('keeps names that need quoting intact', () => {
    const text = kubeconfigYaml({
      clusterName: 'team: "ops"',
      endpoint: 'https://10.0.0.1:6443',
      caCertificatePem: '-----BEGIN CERTIFICATE-----\nQUJD\n-----END CERTIFICATE-----\n',
      user: "o'brien #1",
      clientCertificatePem: '-----BEGIN CERTIFICATE-----\nREVG\n-----END CERTIFICATE-----\n',
      clientKeyPem: '-----BEGIN PRIVATE KEY-----\nR0hJ\n-----END PRIVATE KEY-----\n',
    });
    const { config, caPem, keyPem } = readKubeconfig(text);
    expect(config.clusters[0]!.name).toBe('team: "ops"');
    expect(config.users[0]!.name).toBe("o'brien #1");
    expect(config['current-context']).toBe(`o'brien #1@team: "ops"`);
    expect(config.contexts[0]!.context).toEqual({ cluster: 'team: "ops"', user: "o'brien #1" });
    expect(caPem).toBe('-----BEGIN CERTIFICATE-----\nQUJD\n-----END CERTIFICATE-----\n');
    expect(keyPem).toBe('-----BEGIN PRIVATE KEY-----\nR0hJ\n-----END PRIVATE KEY-----\n');
  });
});
