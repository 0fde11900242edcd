/**
 * A simulated cluster's Services, PersistentVolumeClaims and PersistentVolumes (issue 34): the
 * objects behind what deleting it would leave billable, from the simulator's own derivation
 * (platform/provisioner/simulator-leftovers.ts), so `kubectl get pvc,svc -A` shows exactly the
 * volumes and load balancers the delete dialog offers to keep, and the storage the metering bills.
 */
import { fnv1a, stableUid } from '@kubemarket/shared';
import { simulatedLeftovers, simulatedVolumes } from '../../platform/provisioner';
import { humanDuration, kubeTime, type KubeObject, type KubeResource, type TableColumn } from './kubernetes';
import type { SimulatedCluster } from './objects';

/** The block-storage class of every simulated cluster, and its CSI driver. */
const STORAGE_CLASS = 'default';
const CSI_DRIVER = 'block.csi.kubemarket.eu';


function metadataOf(cluster: SimulatedCluster, kind: string, name: string, namespace: string | undefined, since: number): KubeObject['metadata'] {
  return { name, ...(namespace ? { namespace } : {}), uid: stableUid(`${cluster.id}/${kind}/${namespace ?? ''}/${name}`), resourceVersion: String(Math.floor(since)), creationTimestamp: kubeTime(since) };
}

const column = (name: string, description: string, priority: TableColumn['priority'] = 0): TableColumn => ({ name, type: 'string', description, priority });
const nameColumn = (kind: string): TableColumn => ({ name: 'Name', type: 'string', format: 'name', description: `Name of the ${kind}.`, priority: 0 });
const ageColumn = column('Age', 'Time since the object was created.');
const age = (object: KubeObject, now: number) => humanDuration(now - Date.parse(object.metadata.creationTimestamp));

// ------------------------------------------------------------------------------------------------
// PersistentVolumeClaims and PersistentVolumes

export type ClaimObject = KubeObject & {
  kind: 'PersistentVolumeClaim';
  apiVersion: 'v1';
  spec: { accessModes: string[]; resources: { requests: { storage: string } }; storageClassName: string; volumeName: string; volumeMode: 'Filesystem' };
  status: { phase: 'Bound'; accessModes: string[]; capacity: { storage: string } };
};

export type VolumeObject = KubeObject & {
  kind: 'PersistentVolume';
  apiVersion: 'v1';
  spec: {
    accessModes: string[];
    capacity: { storage: string };
    claimRef: { kind: 'PersistentVolumeClaim'; namespace: string; name: string; apiVersion: 'v1' };
    csi: { driver: string; volumeHandle: string; fsType: 'ext4' };
    persistentVolumeReclaimPolicy: 'Delete';
    storageClassName: string;
    volumeMode: 'Filesystem';
  };
  status: { phase: 'Bound' };
};

export function storageObjects(cluster: SimulatedCluster): { claims: ClaimObject[]; volumes: VolumeObject[] } {
  const claims: ClaimObject[] = [];
  const volumes: VolumeObject[] = [];
  for (const volume of simulatedVolumes(cluster)) {
    const [namespace = 'default', claim = volume.claim] = volume.claim.split('/');
    const storage = `${volume.sizeGb}Gi`;
    const accessModes = ['ReadWriteOnce'];
    claims.push({
      kind: 'PersistentVolumeClaim',
      apiVersion: 'v1',
      metadata: metadataOf(cluster, 'pvc', claim, namespace, cluster.createdAt),
      spec: { accessModes, resources: { requests: { storage } }, storageClassName: STORAGE_CLASS, volumeName: volume.volumeName, volumeMode: 'Filesystem' },
      status: { phase: 'Bound', accessModes, capacity: { storage } },
    });
    volumes.push({
      kind: 'PersistentVolume',
      apiVersion: 'v1',
      metadata: metadataOf(cluster, 'pv', volume.volumeName, undefined, cluster.createdAt),
      spec: {
        accessModes,
        capacity: { storage },
        claimRef: { kind: 'PersistentVolumeClaim', namespace, name: claim, apiVersion: 'v1' },
        csi: { driver: CSI_DRIVER, volumeHandle: `${cluster.region}/${volume.volumeName}`, fsType: 'ext4' },
        persistentVolumeReclaimPolicy: 'Delete',
        storageClassName: STORAGE_CLASS,
        volumeMode: 'Filesystem',
      },
      status: { phase: 'Bound' },
    });
  }
  return { claims, volumes };
}

const ACCESS_MODES = (modes: string[]) => modes.map((mode) => ({ ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX' })[mode] ?? mode).join(',');

export const CLAIMS: KubeResource<ClaimObject> = {
  name: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
  shortNames: ['pvc'],
  columns: [
    nameColumn('persistent volume claim'),
    column('Status', 'The phase of the claim.'),
    column('Volume', 'The volume bound to the claim.'),
    column('Capacity', 'The storage capacity of the volume.'),
    column('Access Modes', 'The access modes of the volume.'),
    column('StorageClass', 'The storage class of the claim.'),
    column('VolumeAttributesClass', 'The volume attributes class of the claim.'),
    ageColumn,
    column('VolumeMode', 'Filesystem or Block.', 1),
  ],
  cells: (claim, now) => [claim.metadata.name, claim.status.phase, claim.spec.volumeName, claim.status.capacity.storage, ACCESS_MODES(claim.status.accessModes), claim.spec.storageClassName, '<unset>', age(claim, now), claim.spec.volumeMode],
  fields: { 'status.phase': (claim) => claim.status.phase },
};

export const VOLUMES: KubeResource<VolumeObject> = {
  name: 'persistentvolumes',
  kind: 'PersistentVolume',
  namespaced: false,
  shortNames: ['pv'],
  columns: [
    nameColumn('persistent volume'),
    column('Capacity', 'The storage capacity of the volume.'),
    column('Access Modes', 'The access modes of the volume.'),
    column('Reclaim Policy', 'What happens to the volume when its claim is deleted.'),
    column('Status', 'The phase of the volume.'),
    column('Claim', 'The claim bound to the volume.'),
    column('StorageClass', 'The storage class of the volume.'),
    column('VolumeAttributesClass', 'The volume attributes class of the volume.'),
    column('Reason', 'Why the volume is in its phase.'),
    ageColumn,
    column('VolumeMode', 'Filesystem or Block.', 1),
  ],
  cells: (volume, now) => [
    volume.metadata.name,
    volume.spec.capacity.storage,
    ACCESS_MODES(volume.spec.accessModes),
    volume.spec.persistentVolumeReclaimPolicy,
    volume.status.phase,
    `${volume.spec.claimRef.namespace}/${volume.spec.claimRef.name}`,
    volume.spec.storageClassName,
    '<unset>',
    '',
    age(volume, now),
    volume.spec.volumeMode,
  ],
  fields: { 'status.phase': (volume) => volume.status.phase },
};

// ------------------------------------------------------------------------------------------------
// Services

export type ServiceObject = KubeObject & {
  kind: 'Service';
  apiVersion: 'v1';
  spec: { type: 'ClusterIP' | 'LoadBalancer'; clusterIP: string; ports: Array<{ name: string; port: number; protocol: 'TCP'; targetPort: number; nodePort?: number }> };
  status: { loadBalancer: { ingress?: Array<{ ip: string }> } };
};

/** An address of the service network, stable per service. */
function clusterIp(cluster: SimulatedCluster, service: string): string {
  const slot = fnv1a(`${cluster.id}/${service}/cluster-ip`) % 65_000;
  return `10.96.${Math.floor(slot / 254) % 256}.${(slot % 254) + 1}`;
}

/** `default/kubernetes`, and a LoadBalancer Service for each ingress add-on, with the public address the simulator reports. */
export function serviceObjects(cluster: SimulatedCluster): ServiceObject[] {
  const kubernetes: ServiceObject = {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { ...metadataOf(cluster, 'service', 'kubernetes', 'default', cluster.createdAt), labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { type: 'ClusterIP', clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 443 }] },
    status: { loadBalancer: {} },
  };
  const addonIds = cluster.addons.map((addon) => addon.id);
  const balancers = simulatedLeftovers({ cluster, addonIds }).flatMap((leftover): ServiceObject[] => {
    if (leftover.kind !== 'load_balancer') return [];
    const [namespace = 'default', name = leftover.name] = leftover.name.split('/');
    const since = Math.min(...cluster.addons.map((addon) => addon.installedAt), cluster.updatedAt);
    const nodePort = (port: number) => 30_000 + (fnv1a(`${cluster.id}/${leftover.name}/${port}`) % 2_768);
    return [
      {
        kind: 'Service',
        apiVersion: 'v1',
        metadata: metadataOf(cluster, 'service', name, namespace, since),
        spec: {
          type: 'LoadBalancer',
          clusterIP: clusterIp(cluster, leftover.name),
          ports: [
            { name: 'web', port: 80, protocol: 'TCP', targetPort: 8000, nodePort: nodePort(80) },
            { name: 'websecure', port: 443, protocol: 'TCP', targetPort: 8443, nodePort: nodePort(443) },
          ],
        },
        status: { loadBalancer: { ingress: leftover.providerRef ? [{ ip: leftover.providerRef }] : [] } },
      },
    ];
  });
  return [kubernetes, ...balancers].sort((a, b) => (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') || a.metadata.name.localeCompare(b.metadata.name));
}

export const SERVICES: KubeResource<ServiceObject> = {
  name: 'services',
  kind: 'Service',
  namespaced: true,
  shortNames: ['svc'],
  columns: [
    nameColumn('service'),
    column('Type', 'The type of the service.'),
    column('Cluster-IP', 'The address of the service inside the cluster.'),
    column('External-IP', 'The public address of a load balancer.'),
    column('Port(s)', 'The ports the service exposes.'),
    ageColumn,
    column('Selector', 'The pods the service sends traffic to.', 1),
  ],
  cells: (service, now) => [
    service.metadata.name,
    service.spec.type,
    service.spec.clusterIP,
    service.status.loadBalancer.ingress?.map((ingress) => ingress.ip).join(',') || (service.spec.type === 'LoadBalancer' ? '<pending>' : '<none>'),
    service.spec.ports.map((port) => `${port.port}${port.nodePort ? `:${port.nodePort}` : ''}/${port.protocol}`).join(','),
    age(service, now),
    '<none>',
  ],
  fields: { 'spec.type': (service) => service.spec.type },
};
