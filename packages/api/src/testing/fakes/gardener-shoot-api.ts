/**
 * Test only: the API servers of the fake Gardener's shoots, for the reads of what a cluster would
 * leave billable (issue 34). A shoot's API server answers at its advertised external address and
 * checks each request as kube-apiserver with client-certificate authentication would: the
 * certificate was signed by the shoot's client CA now in force and is within its validity, the
 * private key presented is the certificate's, the client trusts the shoot's cluster CA, the
 * request is a GET without a body of a resource it serves. Anything else is a violation.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { ShootAccess } from '../../platform/provisioner/gardener';
import { json, statusBody, type FakeRequest } from './gardener-rules';

/** What a shoot cluster holds, as its API server lists it (Kubernetes object shapes). */
export interface FakeShootObjects {
  services: unknown[];
  persistentVolumes: unknown[];
  /** Undefined: the snapshot CRDs are not installed (404). */
  volumeSnapshotContents?: unknown[];
}

export interface ShootApiDeps {
  now: () => number;
  project: string;
  objects: Map<string, FakeShootObjects>;
  /** The shoot's client CA now and its cluster CAs (PEM), or null if it has none. */
  secretsOf(name: string): { clientCa: x509.X509Certificate; clusterCas: x509.X509Certificate[] } | null;
  requests: FakeRequest[];
  violations: string[];
}

const RESOURCES: Record<string, keyof FakeShootObjects> = {
  '/api/v1/services': 'services',
  '/api/v1/persistentvolumes': 'persistentVolumes',
  '/apis/snapshot.storage.k8s.io/v1/volumesnapshotcontents': 'volumeSnapshotContents',
};

async function keyMatches(certificate: x509.X509Certificate, privateKeyPem: string): Promise<boolean> {
  try {
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
    const key = await crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(privateKeyPem), algorithm, false, ['sign']);
    const data = new TextEncoder().encode('proof of possession');
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data);
    const publicKey = await certificate.publicKey.export(algorithm, ['verify']);
    return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data);
  } catch {
    return false;
  }
}

/** A fetch that presents `access`'s client certificate to whichever shoot API server it calls. */
export function shootApiFetch(deps: ShootApiDeps, access: ShootAccess): typeof fetch {
  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const shootName = new RegExp(`^https://api\\.([^.]+)\\.${deps.project}\\.shoot\\.fake\\.test$`).exec(url.origin)?.[1];
    const secrets = shootName ? deps.secretsOf(shootName) : null;
    if (!shootName || !secrets) {
      deps.violations.push(`${request.method} ${request.url}: no shoot API server answers there`);
      throw new TypeError('fetch failed');
    }
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const certificate = new x509.X509Certificate(access.certificatePem);
    const record: FakeRequest = { method: request.method, path: `${url.origin}${url.pathname}${url.search}`, contentType: request.headers.get('content-type'), authorization: `certificate ${certificate.subject}`, body: text || undefined, status: 0 };
    deps.requests.push(record);
    const answer = (status: number, body: unknown, violation?: string) => {
      if (violation) deps.violations.push(`${request.method} ${url.pathname}: ${violation}`);
      record.status = status;
      return json(status, body);
    };
    // The TLS handshake: the client must trust the server's CA, and present a certificate of the client CA in force.
    const trusted = secrets.clusterCas.some((ca) => access.caPem.includes(ca.toString('base64').slice(0, 64)));
    if (!trusted) return answer(495, statusBody(495, 'BadCertificate', 'the client does not trust the API server certificate'), 'the client does not trust the cluster CA');
    const at = new Date(deps.now());
    const signed = certificate.issuer === secrets.clientCa.subject && (await certificate.verify({ publicKey: secrets.clientCa.publicKey, signatureOnly: true }).catch(() => false));
    if (!signed || at < certificate.notBefore || at > certificate.notAfter || !(await keyMatches(certificate, access.privateKeyPem))) {
      return answer(401, statusBody(401, 'Unauthorized', 'Unauthorized'), 'a client certificate the API server does not accept');
    }
    if (request.method !== 'GET' || text !== '') return answer(405, statusBody(405, 'MethodNotAllowed', 'only lists are served here'), `${request.method} with a body of ${text.length} bytes`);
    const resource = RESOURCES[url.pathname];
    if (!resource || url.search !== '') return answer(404, statusBody(404, 'NotFound', 'the server could not find the requested resource'), `an unknown resource ${url.pathname}${url.search}`);
    const items = deps.objects.get(shootName)?.[resource] ?? (resource === 'volumeSnapshotContents' ? undefined : []);
    if (items === undefined) return answer(404, statusBody(404, 'NotFound', 'the server could not find the requested resource'));
    return answer(200, { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '1' }, items });
  };
  return handler as typeof fetch;
}
