import { leftoverMonthlyCents } from '@kubemarket/shared';
import { parse as parseYaml } from 'yaml';
import { ProvisionerError, type Leftover, type LeftoverScope } from './port';
import { AUTHENTICATION_API_VERSION, REQUEST_TIMEOUT_MS } from './gardener-api';
import { shootsPath, type GardenerClient } from './gardener-client';
import type { GardenerConfig, ShootAccess } from './gardener-common';
import { decodeBase64 } from './gardener-kubeconfig';
import { parseQuantity } from './gardener-status';

/**
 * What a Shoot would leave billable (issue 34), read from the shoot cluster's own API: the Shoot in
 * the garden does not list its Services or volumes. The adapter asks Gardener for an admin
 * kubeconfig of the shortest lifetime it grants (10 minutes) and reads, with its client
 * certificate, the Services of type LoadBalancer, the PersistentVolumes bound to a claim, and the
 * CSI VolumeSnapshotContents (Velero's restore points; absent where no snapshot CRD is installed).
 */

/** gardener-apiserver refuses an AdminKubeconfigRequest under 10 minutes. */
export const LEFTOVERS_KUBECONFIG_SECONDS = 600;

const GIB = 2 ** 30;

interface KubeList<T> {
  items?: T[];
}

interface ServiceObject {
  metadata: { name: string; namespace?: string };
  spec?: { type?: string };
  status?: { loadBalancer?: { ingress?: Array<{ ip?: string; hostname?: string }> } };
}

interface PersistentVolumeObject {
  metadata: { name: string };
  spec?: { capacity?: { storage?: string }; claimRef?: { namespace?: string; name?: string }; csi?: { volumeHandle?: string } };
}

interface VolumeSnapshotContentObject {
  metadata: { name: string };
  spec?: { volumeSnapshotRef?: { namespace?: string; name?: string } };
  status?: { restoreSize?: number; snapshotHandle?: string };
}

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: Array<{ name: string; context: { cluster: string; user: string } }>;
  clusters?: Array<{ name: string; cluster: { server?: string; 'certificate-authority-data'?: string } }>;
  users?: Array<{ name: string; user: { 'client-certificate-data'?: string; 'client-key-data'?: string } }>;
}

/** The API server and credentials of a kubeconfig's current context. */
export function shootAccessOf(yamlText: string): ShootAccess {
  const file = parseYaml(yamlText) as KubeconfigFile;
  const context = file.contexts?.find((candidate) => candidate.name === file['current-context']) ?? file.contexts?.[0];
  const cluster = file.clusters?.find((candidate) => candidate.name === context?.context.cluster)?.cluster;
  const user = file.users?.find((candidate) => candidate.name === context?.context.user)?.user;
  if (!cluster?.server || !user?.['client-certificate-data'] || !user['client-key-data']) throw new ProvisionerError('Gardener sent a kubeconfig without a server or a client certificate.', false);
  return {
    server: cluster.server.replace(/\/+$/, ''),
    caPem: cluster['certificate-authority-data'] ? decodeBase64(cluster['certificate-authority-data']) : '',
    certificatePem: decodeBase64(user['client-certificate-data']),
    privateKeyPem: decodeBase64(user['client-key-data']),
  };
}

const gb = (bytes: number) => Math.ceil(bytes / GIB);
const named = (namespace: string | undefined, name: string | undefined) => `${namespace ?? 'default'}/${name ?? ''}`;

function priced(kind: Leftover['kind'], name: string, providerRef: string | null, sizeGb: number | null): Leftover {
  return { id: `${kind}:${name}`, kind, name, providerRef, sizeGb, monthlyCents: leftoverMonthlyCents(kind, sizeGb) };
}

export async function shootLeftovers(client: GardenerClient, config: GardenerConfig, { cluster }: LeftoverScope): Promise<Leftover[]> {
  const name = cluster.providerRef;
  if (!name) return [];
  if (!config.shootFetch) throw new ProvisionerError(`The API server of ${cluster.name} cannot be reached from here, so what it holds cannot be listed.`, false);
  const answer = await client.request<{ status?: { kubeconfig?: string } }>('POST', shootsPath(config.namespace, name, 'adminkubeconfig'), `requesting a kubeconfig to list what the Shoot ${name} holds`, {
    body: { apiVersion: AUTHENTICATION_API_VERSION, kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: LEFTOVERS_KUBECONFIG_SECONDS } },
  });
  if (!answer?.status?.kubeconfig) throw new ProvisionerError(`Gardener sent no kubeconfig for the Shoot ${name}.`, true);
  const access = shootAccessOf(decodeBase64(answer.status.kubeconfig));
  const shootFetch = config.shootFetch(access);

  async function list<T>(path: string, what: string, optional = false): Promise<T[]> {
    let response: Response;
    try {
      response = await shootFetch(`${access.server}${path}`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ProvisionerError(`The API server of ${cluster.name} could not be reached while listing its ${what} (${error instanceof Error ? error.message : String(error)}).`, true);
    }
    // No such resource: the snapshot CRDs are installed only with a CSI snapshot controller.
    if (optional && response.status === 404) return [];
    if (!response.ok) throw new ProvisionerError(`The API server of ${cluster.name} answered HTTP ${response.status} while listing its ${what}.`, response.status >= 500);
    return ((await response.json()) as KubeList<T>).items ?? [];
  }

  const [services, volumes, snapshots] = await Promise.all([
    list<ServiceObject>('/api/v1/services', 'services'),
    list<PersistentVolumeObject>('/api/v1/persistentvolumes', 'persistent volumes'),
    list<VolumeSnapshotContentObject>('/apis/snapshot.storage.k8s.io/v1/volumesnapshotcontents', 'volume snapshots', true),
  ]);
  const balancers = services
    .filter((service) => service.spec?.type === 'LoadBalancer')
    .map((service) => {
      const ingress = service.status?.loadBalancer?.ingress?.[0];
      return priced('load_balancer', named(service.metadata.namespace, service.metadata.name), ingress?.ip ?? ingress?.hostname ?? null, null);
    });
  const claimed = volumes
    .filter((volume) => volume.spec?.claimRef?.name)
    .map((volume) => {
      const claim = volume.spec!.claimRef!;
      return priced('volume', named(claim.namespace, claim.name), volume.spec?.csi?.volumeHandle ?? volume.metadata.name, gb(parseQuantity(volume.spec?.capacity?.storage ?? 0)));
    });
  const restorePoints = snapshots.map((content) => {
    const ref = content.spec?.volumeSnapshotRef;
    return priced('snapshot', ref?.name ? named(ref.namespace, ref.name) : content.metadata.name, content.status?.snapshotHandle ?? content.metadata.name, gb(content.status?.restoreSize ?? 0));
  });
  const byName = (a: Leftover, b: Leftover) => a.name.localeCompare(b.name);
  return [...balancers.sort(byName), ...claimed.sort(byName), ...restorePoints.sort(byName)];
}
