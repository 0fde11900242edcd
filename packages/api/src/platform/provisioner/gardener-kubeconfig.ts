import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { parse as parseYaml } from 'yaml';
import {
  ProvisionerError,
} from './port';

// Kubeconfigs

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: Array<{ name: string; context: { cluster: string; user: string } }>;
  clusters?: Array<{ name: string; cluster: { server?: string; 'certificate-authority-data'?: string } }>;
  users?: Array<{ name: string; user: { 'client-certificate-data'?: string } }>;
}

export function decodeBase64(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data.replace(/\s+/g, '')), (char) => char.charCodeAt(0)));
}

export function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The client certificate and the CA bundle of the kubeconfig's current context. */
export function kubeconfigCredentials(yamlText: string): { client: x509.X509Certificate; cas: x509.X509Certificate[] } {
  let file: KubeconfigFile;
  try {
    file = parseYaml(yamlText) as KubeconfigFile;
  } catch {
    throw new ProvisionerError('Gardener sent a kubeconfig that is not valid YAML.', false);
  }
  const context = file.contexts?.find((candidate) => candidate.name === file['current-context']) ?? file.contexts?.[0];
  const user = file.users?.find((candidate) => candidate.name === context?.context.user) ?? file.users?.[0];
  const cluster = file.clusters?.find((candidate) => candidate.name === context?.context.cluster) ?? file.clusters?.[0];
  const certificateData = user?.user['client-certificate-data'];
  if (!certificateData) throw new ProvisionerError('Gardener sent a kubeconfig without a client certificate.', false);
  try {
    const client = new x509.X509Certificate(decodeBase64(certificateData));
    const bundle = cluster?.cluster['certificate-authority-data'];
    const cas = bundle ? x509.PemConverter.decode(decodeBase64(bundle)).map((raw) => new x509.X509Certificate(raw)) : [];
    return { client, cas };
  } catch {
    throw new ProvisionerError('Gardener sent a kubeconfig whose certificates cannot be read.', false);
  }
}

/**
 * The CA the client certificate belongs to. Gardener signs admin kubeconfigs with a client CA it
 * does not publish and ships the cluster CA (server side) in the kubeconfig; `rotate-ca-start`
 * replaces both together, so the newest cluster CA names the generation the certificate belongs
 * to. A bundle CA that verifies the certificate's signature is taken first.
 */
export async function signingCaFingerprint(client: x509.X509Certificate, cas: x509.X509Certificate[]): Promise<string> {
  for (const ca of cas) {
    if (ca.subject === client.issuer && (await client.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false))) {
      return toHex(await ca.getThumbprint('SHA-256'));
    }
  }
  const newest = cas.reduce<x509.X509Certificate | null>((best, ca) => (best === null || ca.notBefore.getTime() >= best.notBefore.getTime() ? ca : best), null);
  if (!newest) throw new ProvisionerError('Gardener sent a kubeconfig without the cluster CA.', false);
  return toHex(await newest.getThumbprint('SHA-256'));
}
