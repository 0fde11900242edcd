/**
 * The simulator's cluster PKI: one certificate authority per cluster and kubeconfigs whose client
 * certificate it signs. Only Web Crypto is used, so this runs unchanged in Node and in workerd.
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which throws at import time unless the
// Reflect metadata polyfill is installed, so this import has to come before the library's.
import 'reflect-metadata';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  type Extension,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectAlternativeNameExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509CertificateGenerator,
  type X509CertificateCreateWithKeyParams,
} from '@peculiar/x509';
import { stringify } from 'yaml';
import {
  KUBECONFIG_MAX_SECONDS,
  KUBECONFIG_MIN_SECONDS,
  ProvisionerError,
  type CertificateAuthority,
  type IssuedKubeconfig,
  type KubeconfigRequest,
} from './port';

/** For readers of certificates that load this module on first use (kube-sim): the polyfill above is then in place. */
export { X509Certificate };

// Web Crypto's parameter and key types are left to inference: the api package is typed without the
// DOM library, and Node's and the Workers' typings spell those types differently.
const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const SECOND = 1000;

/**
 * How far notBefore is set back from the moment of issue. A client (or an API server) whose clock
 * runs a little behind ours would otherwise reject a certificate fresh from here as "not yet valid".
 */
export const CLOCK_SKEW_MS = 5 * 60 * SECOND;

/**
 * The group every simulator kubeconfig carries (Kubernetes reads a client certificate's O as its
 * groups). The simulator grants cluster admin to the organisation's users, so one group bound to
 * cluster-admin is enough; `system:masters` is avoided because it bypasses RBAC and no binding
 * could ever take it back.
 */
export const CLUSTER_ADMINS_GROUP = 'kubemarket:cluster-admins';

/** X.509 times carry whole seconds: anything finer is dropped, always downwards. */
function floorToSecond(epochMs: number): number {
  return Math.floor(epochMs / SECOND) * SECOND;
}

// The Workers typings widen generateKey to "a key or a pair" and exportKey to "bytes or a JWK" for
// every algorithm and format; the checks narrow them, and hold in any runtime.
async function generateKeyPair() {
  const keys = await crypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
  if (!('privateKey' in keys)) throw new Error('ECDSA key generation returned a single key.');
  return keys;
}

async function privateKeyPem(key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']): Promise<string> {
  const der = await crypto.subtle.exportKey('pkcs8', key);
  if (!(der instanceof ArrayBuffer)) throw new Error('PKCS#8 export returned no bytes.');
  return PemConverter.encode(der, PemConverter.PrivateKeyTag);
}

export async function createClusterCa(input: {
  clusterName: string;
  clusterId: string;
  now: number;
  validityYears?: number;
}): Promise<CertificateAuthority> {
  const validityYears = input.validityYears ?? 10;
  if (!Number.isInteger(validityYears) || validityYears < 1) {
    throw new RangeError(`A cluster CA lives a whole number of years, at least one (got ${validityYears}).`);
  }
  const keys = await generateKeyPair();
  // Set back like the client certificates, so a client certificate never predates its issuer.
  const notBefore = floorToSecond(input.now - CLOCK_SKEW_MS);
  const notAfter = new Date(floorToSecond(input.now));
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + validityYears);
  const certificate = await X509CertificateGenerator.createSelfSigned({
    // The structured form keeps a cluster name with "," or "=" from being parsed as more attributes.
    name: [{ CN: [`${input.clusterName}-ca`] }, { O: ['KubeMarket'] }],
    notBefore: new Date(notBefore),
    notAfter,
    keys,
    signingAlgorithm: SIGNING,
    extensions: [
      // Path length 0: this CA signs end-entity certificates only, never another CA.
      new BasicConstraintsExtension(true, 0, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
      await SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyPem(keys.privateKey) };
}

/**
 * Signs a client certificate with the cluster CA. `notAfter` must be whole seconds (epoch ms
 * divisible by 1000), since that is all an X.509 time can hold: a finer value is refused rather
 * than rounded, so the expiry a caller reports is always the one in the certificate. `notBefore`
 * is floored to the second.
 */
export async function issueClientCertificate(input: {
  ca: CertificateAuthority;
  commonName: string;
  organization: string;
  notBefore: number;
  notAfter: number;
}): Promise<{ certificatePem: string; privateKeyPem: string; serialNumber: string }> {
  if (!Number.isInteger(input.notAfter) || input.notAfter % SECOND !== 0) {
    throw new RangeError(`notAfter must be whole seconds in epoch ms (got ${input.notAfter}).`);
  }
  const notBefore = floorToSecond(input.notBefore);
  if (input.notAfter <= notBefore) {
    throw new RangeError('notAfter must come after notBefore.');
  }
  // Verifiers reject a chain once its CA has expired, so a later expiry would be a false promise.
  const { caCertificate } = caOf(input.ca);
  if (input.notAfter > caCertificate.notAfter.getTime()) {
    throw new ProvisionerError(
      `The cluster's certificate authority expires on ${caCertificate.notAfter.toISOString()}, before the requested ` +
        'expiry. Rotate the cluster credentials, or choose a shorter lifetime.',
      false,
    );
  }
  const keys = await generateKeyPair();
  const certificate = await signEndEntity(input.ca, {
    subject: [{ CN: [input.commonName] }, { O: [input.organization] }],
    notBefore,
    notAfter: input.notAfter,
    publicKey: keys.publicKey,
    extensions: [new ExtendedKeyUsageExtension([ExtendedKeyUsage.clientAuth])],
  });
  return {
    certificatePem: certificate.toString('pem'),
    privateKeyPem: await privateKeyPem(keys.privateKey),
    serialNumber: certificate.serialNumber,
  };
}

function caOf(ca: CertificateAuthority) {
  const caCertificate = new X509Certificate(ca.certificatePem);
  const caKeyId = caCertificate.getExtension(SubjectKeyIdentifierExtension)?.keyId;
  if (!caKeyId) throw new Error('The cluster CA certificate has no subject key identifier.');
  return { caCertificate, caKeyId };
}

/** An end-entity certificate signed by the cluster CA, with the extensions every such certificate carries. */
async function signEndEntity(
  ca: CertificateAuthority,
  input: Pick<X509CertificateCreateWithKeyParams, 'subject' | 'publicKey'> & { notBefore: number; notAfter: number; extensions: Extension[] },
): Promise<X509Certificate> {
  const { caCertificate, caKeyId } = caOf(ca);
  const signingKey = await crypto.subtle.importKey('pkcs8', PemConverter.decodeFirst(ca.privateKeyPem), EC_KEY, false, ['sign']);
  return X509CertificateGenerator.create({
    subject: input.subject,
    // The CA's own encoded name, so the issuer matches its subject byte for byte.
    issuer: caCertificate.subjectName,
    notBefore: new Date(input.notBefore),
    notAfter: new Date(input.notAfter),
    publicKey: input.publicKey,
    signingKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new BasicConstraintsExtension(false, undefined, true),
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature, true),
      // The CA's subject key identifier as stored, so chain builders find the issuer by key id.
      new AuthorityKeyIdentifierExtension(caKeyId),
      ...input.extensions,
    ],
  });
}

/** How long a server certificate signed for the local API gateway lasts (it asks again at every connection). */
export const SERVER_CERTIFICATE_MS = 24 * 3600 * SECOND;

/**
 * Signs a TLS server certificate for `serverName` with the cluster CA, over a public key the server
 * keeps to itself (SPKI PEM, ECDSA P-256): the local API gateway of the simulator (ADR 32) presents
 * it, so a kubeconfig that trusts this cluster's CA, and only that, accepts the connection. It never
 * outlives the CA.
 */
export async function issueServerCertificate(input: {
  ca: CertificateAuthority;
  serverName: string;
  publicKeyPem: string;
  now: number;
}): Promise<{ certificatePem: string; notAfter: number }> {
  let publicKey;
  try {
    publicKey = await crypto.subtle.importKey('spki', PemConverter.decodeFirst(input.publicKeyPem), EC_KEY, true, ['verify']);
  } catch {
    throw new RangeError('The server key must be an ECDSA P-256 public key in SPKI PEM.');
  }
  const { caCertificate } = caOf(input.ca);
  const notAfter = Math.min(floorToSecond(input.now + SERVER_CERTIFICATE_MS), caCertificate.notAfter.getTime());
  const certificate = await signEndEntity(input.ca, {
    subject: [{ CN: [input.serverName] }],
    notBefore: floorToSecond(input.now - CLOCK_SKEW_MS),
    notAfter,
    publicKey,
    extensions: [new ExtendedKeyUsageExtension([ExtendedKeyUsage.serverAuth]), new SubjectAlternativeNameExtension([{ type: 'dns', value: input.serverName }])],
  });
  return { certificatePem: certificate.toString('pem'), notAfter };
}

/** SHA-256 of the certificate's DER encoding, lower-case hex. */
export async function caFingerprint(certificatePem: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', PemConverter.decodeFirst(certificatePem));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** PEM is ASCII, so btoa (present in Node and workerd, unlike Buffer) encodes it as is. */
function base64(pem: string): string {
  return btoa(pem);
}

export function kubeconfigYaml(input: {
  clusterName: string;
  endpoint: string;
  /** The name the server's certificate carries, when `endpoint` is another address (the local API gateway). */
  tlsServerName?: string | null;
  caCertificatePem: string;
  user: string;
  clientCertificatePem: string;
  clientKeyPem: string;
}): string {
  const context = `${input.user}@${input.clusterName}`;
  return stringify(
    {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name: input.clusterName,
          cluster: {
            server: input.endpoint,
            ...(input.tlsServerName ? { 'tls-server-name': input.tlsServerName } : {}),
            'certificate-authority-data': base64(input.caCertificatePem),
          },
        },
      ],
      users: [
        {
          name: input.user,
          user: {
            'client-certificate-data': base64(input.clientCertificatePem),
            'client-key-data': base64(input.clientKeyPem),
          },
        },
      ],
      contexts: [{ name: context, context: { cluster: input.clusterName, user: input.user } }],
      'current-context': context,
      preferences: {},
    },
    // Base64 runs are long; never fold them.
    { lineWidth: 0 },
  );
}

/**
 * The simulator's `issueKubeconfig`. With `apiGatewayUrl` (development only: the local API gateway
 * of ADR 32 runs), the kubeconfig reaches the cluster there, naming the cluster's own endpoint host
 * as the TLS server name; without it, the endpoint, where no API server answers.
 */
export async function simulatorKubeconfig(request: KubeconfigRequest, apiGatewayUrl?: string): Promise<IssuedKubeconfig> {
  const { cluster, ca, user, expiresInSeconds, now } = request;
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < KUBECONFIG_MIN_SECONDS ||
    expiresInSeconds > KUBECONFIG_MAX_SECONDS
  ) {
    throw new ProvisionerError(
      `A kubeconfig lasts a whole number of seconds from ${KUBECONFIG_MIN_SECONDS} (1 hour) to ` +
        `${KUBECONFIG_MAX_SECONDS} (365 days); got ${expiresInSeconds}.`,
      false,
    );
  }
  if (!ca) {
    throw new ProvisionerError(
      `Cluster ${cluster.name} has no certificate authority yet: its control plane is not ready.`,
      false,
    );
  }
  if (!cluster.endpoint) {
    throw new ProvisionerError(`Cluster ${cluster.name} has no API endpoint yet: its control plane is not ready.`, false);
  }
  const notAfter = floorToSecond(now + expiresInSeconds * SECOND);
  const client = await issueClientCertificate({
    ca,
    commonName: user.username,
    organization: CLUSTER_ADMINS_GROUP,
    notBefore: now - CLOCK_SKEW_MS,
    notAfter,
  });
  return {
    yaml: kubeconfigYaml({
      clusterName: cluster.name,
      endpoint: apiGatewayUrl ?? cluster.endpoint,
      tlsServerName: apiGatewayUrl ? new URL(cluster.endpoint).hostname : null,
      caCertificatePem: ca.certificatePem,
      user: user.username,
      clientCertificatePem: client.certificatePem,
      clientKeyPem: client.privateKeyPem,
    }),
    serialNumber: client.serialNumber,
    notAfter,
    caFingerprint: await caFingerprint(ca.certificatePem),
  };
}
