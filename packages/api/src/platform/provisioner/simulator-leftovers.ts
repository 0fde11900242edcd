import { fnv1a, leftoverMonthlyCents, stableUid } from '@kubemarket/shared';
import type { ClusterSpec, Leftover, LeftoverScope } from './port';

/**
 * What a simulated cluster holds besides its nodes (issue 34), derived from its build like the rest
 * of the simulator, so every read answers the same: the persistent volumes its workloads claim (the
 * very gigabytes the hourly metering bills as storage), the load balancer each ingress add-on puts
 * in front of it, and the Velero snapshots of each volume when the backup add-on runs.
 */

/** A PersistentVolumeClaim and the volume bound to it. */
export interface SimulatedVolume {
  /** "<namespace>/<claim>". */
  claim: string;
  /** The PersistentVolume's name, as the CSI provisioner names it: "pvc-<uid>". */
  volumeName: string;
  sizeGb: number;
}

/** The add-ons that expose a Service of type LoadBalancer, and that Service. */
const LOAD_BALANCED_ADDONS: Record<string, string> = {
  addon_traefik: 'traefik/traefik',
  addon_istio: 'istio-system/istio-ingressgateway',
};

/** Velero's add-on: with it, every volume has its restore points as CSI snapshots. */
const SNAPSHOT_ADDON = 'addon_backup';


/** What the derivation reads of a cluster: its id and name, and how many nodes each pool asks for. */
type SimulatedBuild = Pick<ClusterSpec, 'id' | 'name'> & { pools: ReadonlyArray<{ count: number }> };

/** One claim of 20–40 GB per node (the size is the cluster's own), in the default namespace. */
export function simulatedVolumes(cluster: SimulatedBuild): SimulatedVolume[] {
  const nodes = cluster.pools.reduce((sum, pool) => sum + pool.count, 0);
  const perNodeGb = 20 + (fnv1a(`${cluster.id}/storage`) % 21);
  return Array.from({ length: nodes }, (_, index) => ({
    claim: `default/data-${cluster.name}-${index}`,
    volumeName: `pvc-${stableUid(`${cluster.id}/volume/${index}`)}`,
    sizeGb: perNodeGb,
  }));
}

function leftover(kind: Leftover['kind'], name: string, providerRef: string | null, sizeGb: number | null): Leftover {
  return { id: `${kind}:${name}`, kind, name, providerRef, sizeGb, monthlyCents: leftoverMonthlyCents(kind, sizeGb) };
}

/** The simulated cluster's load balancers, volumes and snapshots, in that order. */
export function simulatedLeftovers({ cluster, addonIds }: Omit<LeftoverScope, 'cluster'> & { cluster: SimulatedBuild }): Leftover[] {
  const volumes = simulatedVolumes(cluster);
  const balancers = addonIds.flatMap((addonId) => {
    const service = LOAD_BALANCED_ADDONS[addonId];
    if (!service) return [];
    // An address of the region's public range, as the cloud controller assigns one.
    const address = fnv1a(`${cluster.id}/${service}/ip`);
    return [leftover('load_balancer', service, `51.159.${(address >>> 8) % 256}.${(address % 254) + 1}`, null)];
  });
  const snapshots = addonIds.includes(SNAPSHOT_ADDON)
    ? volumes.map((volume) => leftover('snapshot', `velero/${volume.claim.split('/')[1]}-snapshots`, `snapshot-${stableUid(`${cluster.id}/snapshot/${volume.volumeName}`)}`, volume.sizeGb))
    : [];
  return [...balancers.sort((a, b) => a.name.localeCompare(b.name)), ...volumes.map((volume) => leftover('volume', volume.claim, volume.volumeName, volume.sizeGb)), ...snapshots];
}
