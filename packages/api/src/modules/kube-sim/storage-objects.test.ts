import { describe, expect, it } from 'vitest';
import { simulatedLeftovers } from '../../platform/provisioner';
import { simulatedClusterAt } from './fixtures';
import { CLAIMS, serviceObjects, SERVICES, storageObjects, VOLUMES } from './storage-objects';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * 3_600_000;

const cluster = simulatedClusterAt(NOW, {
  id: 'clu_storage',
  networking: { cni: 'cilium', podCidr: '10.244.0.0/16' },
  updatedAt: NOW - DAY,
  pools: [{ id: 'npl_1', name: 'workers', flavorId: 'gp-4-16', count: 2, labels: {}, taints: [] }],
  addons: [{ id: 'addon_traefik', name: 'Traefik ingress', installedAt: NOW - 2 * DAY }],
});

describe("a simulated cluster's volumes and services", () => {
  it('serves as claims, bound volumes and a LoadBalancer Service exactly what deleting the cluster would leave', () => {
    const leftovers = simulatedLeftovers({ cluster, addonIds: ['addon_traefik'] });
    const { claims, volumes } = storageObjects(cluster);
    // kubectl get pvc -A, and get pv: one claim per node, each bound to its volume.
    const volumeLeftovers = leftovers.filter((leftover) => leftover.kind === 'volume');
    expect(claims.map((claim) => `${claim.metadata.namespace}/${claim.metadata.name}`)).toEqual(volumeLeftovers.map((leftover) => leftover.name));
    expect(claims.map((claim) => CLAIMS.cells(claim, NOW).slice(0, 6))).toEqual(
      volumeLeftovers.map((leftover) => [leftover.name.split('/')[1], 'Bound', leftover.providerRef, `${leftover.sizeGb}Gi`, 'RWO', 'default']),
    );
    expect(volumes.map((volume) => VOLUMES.cells(volume, NOW).slice(0, 6))).toEqual(
      volumeLeftovers.map((leftover) => [leftover.providerRef, `${leftover.sizeGb}Gi`, 'RWO', 'Delete', 'Bound', leftover.name]),
    );
    // kubectl get svc -A: the API server's, and Traefik's load balancer at the address the simulator reports.
    const balancer = leftovers.find((leftover) => leftover.kind === 'load_balancer')!;
    expect(serviceObjects(cluster).map((service) => SERVICES.cells(service, NOW).slice(0, 4))).toEqual([
      ['kubernetes', 'ClusterIP', '10.96.0.1', '<none>'],
      ['traefik', 'LoadBalancer', expect.stringMatching(/^10\.96\.\d+\.\d+$/), balancer.providerRef],
    ]);
    expect(serviceObjects(cluster)[1]!.metadata).toMatchObject({ namespace: 'traefik', creationTimestamp: new Date(NOW - 2 * DAY).toISOString().replace('.000Z', 'Z') });
  });
});
