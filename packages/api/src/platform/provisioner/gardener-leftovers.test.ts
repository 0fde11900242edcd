/**
 * The Gardener adapter listing what a Shoot would leave billable (issue 34): a short admin
 * kubeconfig from the garden, then the shoot's own API server read with its client certificate.
 */
import { describe, expect, it } from 'vitest';
import type { ShootAccess } from './gardener-common';
import { ProvisionerError } from './port';
import { fakeGardenerBed, SHOOTS } from '../../testing/gardener-bed';

const bed = fakeGardenerBed();
const { adapter, requestsAfter, provisioned } = bed;

const shootObjects = {
  services: [
    { metadata: { name: 'kubernetes', namespace: 'default' }, spec: { type: 'ClusterIP' } },
    { metadata: { name: 'traefik', namespace: 'traefik' }, spec: { type: 'LoadBalancer' }, status: { loadBalancer: { ingress: [{ ip: '51.159.24.7' }] } } },
    { metadata: { name: 'shop-web', namespace: 'shop' }, spec: { type: 'LoadBalancer' }, status: { loadBalancer: {} } },
  ],
  persistentVolumes: [
    { metadata: { name: 'pv-unbound' }, spec: { capacity: { storage: '5Gi' } } },
    { metadata: { name: 'pv-shop-db' }, spec: { capacity: { storage: '50Gi' }, claimRef: { namespace: 'shop', name: 'data-shop-db-0' }, csi: { volumeHandle: 'fr-par-1/vol-8d3f' } } },
    { metadata: { name: 'pv-cache' }, spec: { capacity: { storage: '1500Mi' }, claimRef: { namespace: 'shop', name: 'cache' } } },
  ],
  volumeSnapshotContents: [
    { metadata: { name: 'snapcontent-1' }, spec: { volumeSnapshotRef: { namespace: 'velero', name: 'daily-shop-db' } }, status: { restoreSize: 21_474_836_480, snapshotHandle: 'snap-77a1' } },
  ],
};

describe('leftovers', () => {
  it("lists the shoot's load balancers, claimed volumes and snapshots with their monthly prices, over a 10-minute kubeconfig", async () => {
    const port = adapter({ shootFetch: (access) => bed.fake.shootFetch(access) });
    const cluster = await provisioned(port);
    const name = cluster.providerRef!;
    bed.fake.shootObjects.set(name, shootObjects);
    const before = bed.fake.requests.length;

    const leftovers = await port.leftovers!({ cluster, addonIds: [] });

    expect(leftovers).toEqual([
      { id: 'load_balancer:shop/shop-web', kind: 'load_balancer', name: 'shop/shop-web', providerRef: null, sizeGb: null, monthlyCents: 1_000 },
      { id: 'load_balancer:traefik/traefik', kind: 'load_balancer', name: 'traefik/traefik', providerRef: '51.159.24.7', sizeGb: null, monthlyCents: 1_000 },
      // 1500 MiB is 1.46 GiB: a part GB is billed whole.
      { id: 'volume:shop/cache', kind: 'volume', name: 'shop/cache', providerRef: 'pv-cache', sizeGb: 2, monthlyCents: 20 },
      { id: 'volume:shop/data-shop-db-0', kind: 'volume', name: 'shop/data-shop-db-0', providerRef: 'fr-par-1/vol-8d3f', sizeGb: 50, monthlyCents: 500 },
      { id: 'snapshot:velero/daily-shop-db', kind: 'snapshot', name: 'velero/daily-shop-db', providerRef: 'snap-77a1', sizeGb: 20, monthlyCents: 100 },
    ]);
    const [kubeconfig, ...reads] = requestsAfter(before);
    expect(`${kubeconfig!.method} ${kubeconfig!.path} ${kubeconfig!.authorization}`).toBe(`POST ${SHOOTS}/${name}/adminkubeconfig Bearer gardener-sa-token-7Hq2vX9kLm3nB8pR`);
    expect(kubeconfig!.body).toEqual({ apiVersion: 'authentication.gardener.cloud/v1alpha1', kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: 600 } });
    const server = `https://api.${name}.km.shoot.fake.test`;
    expect(reads.map((request) => `${request.method} ${request.path} ${request.status}`).sort()).toEqual([
      `GET ${server}/api/v1/persistentvolumes 200`,
      `GET ${server}/api/v1/services 200`,
      `GET ${server}/apis/snapshot.storage.k8s.io/v1/volumesnapshotcontents 200`,
    ]);
    for (const read of reads) {
      expect(read.authorization).toMatch(/^certificate CN=gardener\.cloud:admin:/);
      expect(read.body).toBeUndefined();
    }
  });

  it('lists no snapshots where the snapshot CRDs are not installed, and nothing for a cluster without a Shoot', async () => {
    const port = adapter({ shootFetch: (access) => bed.fake.shootFetch(access) });
    const cluster = await provisioned(port);
    bed.fake.shootObjects.set(cluster.providerRef!, { services: [], persistentVolumes: shootObjects.persistentVolumes.slice(1, 2) });
    expect((await port.leftovers!({ cluster, addonIds: [] })).map((leftover) => leftover.id)).toEqual(['volume:shop/data-shop-db-0']);
    expect(await port.leftovers!({ cluster: { ...cluster, providerRef: null }, addonIds: [] })).toEqual([]);
  });

  it('says it cannot list what a shoot holds where its API server cannot be reached, and a refusal is a readable error', async () => {
    const plain = adapter();
    const cluster = await provisioned(plain);
    await expect(plain.leftovers!({ cluster, addonIds: [] })).rejects.toThrow(`The API server of ${cluster.name} cannot be reached from here, so what it holds cannot be listed.`);

    // A certificate of another shoot is refused by this one's API server.
    const other = await provisioned(plain, { ...cluster, id: 'clu_other0000000000000', name: 'other-prod', providerRef: null });
    let stolen: ShootAccess | null = null;
    const capturing = adapter({ shootFetch: (access) => ((stolen = access), bed.fake.shootFetch(access)) });
    await capturing.leftovers!({ cluster: other, addonIds: [] });
    const wrongKey = adapter({ shootFetch: (access) => bed.fake.shootFetch({ ...access, certificatePem: stolen!.certificatePem }) });
    const refused = wrongKey.leftovers!({ cluster, addonIds: [] });
    await expect(refused).rejects.toThrow(`The API server of ${cluster.name} answered HTTP 401 while listing its`);
    await expect(refused).rejects.toBeInstanceOf(ProvisionerError);
    expect(bed.fake.violations.every((violation) => violation.endsWith('a client certificate the API server does not accept'))).toBe(true);
    expect(bed.fake.violations.length).toBeGreaterThan(0);
    bed.fake.violations.length = 0;
  });
});
