/**
 * The simulator's report of what a cluster would leave billable (issue 34), from its build and
 * add-ons: the volumes are the very gigabytes the metering bills as storage.
 */
import { fnv1a } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { clusterSpec, GENERAL, GPU } from '../../testing/gardener-bed';
import { simulatorProvisioner } from './simulator';

const port = simulatorProvisioner();
const cluster = clusterSpec({ providerRef: 'webshop-prod', endpoint: 'https://api.webshop-prod.example' });
const perNodeGb = 20 + (fnv1a(`${cluster.id}/storage`) % 21);

describe('simulator leftovers', () => {
  it('reports one claimed volume per node, priced at €0.10 per GB-month, and their sum is the storage metered', async () => {
    const leftovers = await port.leftovers!({ cluster, addonIds: ['addon_monitoring'] });
    const nodes = GENERAL.count + GPU.count;
    expect(leftovers).toHaveLength(nodes);
    expect(leftovers[0]).toEqual({
      id: 'volume:default/data-webshop-prod-0',
      kind: 'volume',
      name: 'default/data-webshop-prod-0',
      providerRef: expect.stringMatching(/^pvc-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/),
      sizeGb: perNodeGb,
      monthlyCents: perNodeGb * 10,
    });
    expect(new Set(leftovers.map((leftover) => leftover.id)).size).toBe(nodes);
    const metered = port.usageMetrics!(cluster, Date.UTC(2026, 11, 1, 12))!;
    expect(leftovers.reduce((sum, leftover) => sum + leftover.sizeGb!, 0)).toBe(metered.storageGb);
    // The same answer every time: a delete request names what it keeps by these ids.
    expect(await port.leftovers!({ cluster, addonIds: ['addon_monitoring'] })).toEqual(leftovers);
  });

  it("adds an ingress add-on's load balancer at €10 a month and Velero's snapshots of each volume at €0.05 per GB-month", async () => {
    const leftovers = await port.leftovers!({ cluster, addonIds: ['addon_backup', 'addon_traefik'] });
    expect(leftovers[0]).toEqual({ id: 'load_balancer:traefik/traefik', kind: 'load_balancer', name: 'traefik/traefik', providerRef: expect.stringMatching(/^51\.159\.\d+\.\d+$/), sizeGb: null, monthlyCents: 1_000 });
    const snapshots = leftovers.filter((leftover) => leftover.kind === 'snapshot');
    expect(snapshots.map((snapshot) => snapshot.name)).toEqual(['velero/data-webshop-prod-0-snapshots', 'velero/data-webshop-prod-1-snapshots', 'velero/data-webshop-prod-2-snapshots', 'velero/data-webshop-prod-3-snapshots']);
    expect(snapshots[0]).toMatchObject({ sizeGb: perNodeGb, monthlyCents: perNodeGb * 5 });
  });

  it('reports no volumes for a cluster without nodes', async () => {
    expect(await port.leftovers!({ cluster: { ...cluster, pools: [] }, addonIds: [] })).toEqual([]);
  });
});
