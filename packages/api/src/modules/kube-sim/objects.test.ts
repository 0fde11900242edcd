import { describe, expect, it } from 'vitest';
import { simulatedClusterAt } from './fixtures';
import { humanDuration, tableVersionOf } from './kubernetes';
import { NODES, nodeObject, PODS, podObjects, type SimulatedCluster, type SimulatedNode } from './objects';

const NOW = Date.UTC(2026, 10, 23, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function node(name: string, status: SimulatedNode['status']): SimulatedNode {
  return { name, poolId: 'npl_1', zone: 'fr-par-1a', status, kubeletVersion: '1.36.4', cpuMillicores: 4000, memoryMib: 16384, createdAt: NOW - 2 * DAY, updatedAt: NOW - HOUR };
}

function cluster(nodes: SimulatedNode[]): SimulatedCluster {
  return simulatedClusterAt(NOW, {
    pools: [{ id: 'npl_1', name: 'workers', flavorId: 'gp-4-16', count: nodes.length, labels: { tier: 'web' }, taints: [] }],
    nodes,
    addons: [{ id: 'addon_cert_manager', name: 'cert-manager', installedAt: NOW - DAY }],
  });
}

describe('Kubernetes shapes', () => {
  it('prints ages as kubectl does', () => {
    const cases: Array<[number, string]> = [
      [-5_000, '<invalid>'],
      [45_000, '45s'],
      [119_000, '119s'],
      [3 * MINUTE + 12_000, '3m12s'],
      [9 * MINUTE, '9m'],
      [150 * MINUTE, '150m'],
      [5 * HOUR + 20 * MINUTE, '5h20m'],
      [30 * HOUR, '30h'],
      [3 * DAY + 4 * HOUR, '3d4h'],
      [200 * DAY, '200d'],
      [800 * DAY, '2y70d'],
      [3000 * DAY, '8y'],
    ];
    expect(cases.map(([ms]) => humanDuration(ms))).toEqual(cases.map(([, printed]) => printed));
  });

  it("reads the Table version kubectl asks for from its Accept header, or none", () => {
    expect(tableVersionOf('application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json')).toBe('v1');
    expect(tableVersionOf('application/json;as=Table;v=v1beta1;g=meta.k8s.io, application/json')).toBe('v1beta1');
    expect(tableVersionOf('application/json')).toBeNull();
    expect(tableVersionOf(null)).toBeNull();
  });
});

describe("a simulated cluster's objects", () => {
  it('shows a draining node Ready,SchedulingDisabled and a joining one NotReady, with the pool labels and zone', () => {
    const simulated = cluster([node('shop-workers-a', 'ready'), node('shop-workers-b', 'draining'), node('shop-workers-c', 'joining')]);
    const rows = simulated.nodes.map((each) => NODES.cells(nodeObject(simulated, each, NOW), NOW).slice(0, 5));
    expect(rows).toEqual([
      ['shop-workers-a', 'Ready', '<none>', '2d', 'v1.36.4'],
      ['shop-workers-b', 'Ready,SchedulingDisabled', '<none>', '2d', 'v1.36.4'],
      ['shop-workers-c', 'NotReady', '<none>', '2d', 'v1.36.4'],
    ]);
    const joining = nodeObject(simulated, simulated.nodes[2]!, NOW);
    expect(joining.metadata.labels).toMatchObject({ tier: 'web', 'worker.gardener.cloud/pool': 'workers', 'topology.kubernetes.io/zone': 'fr-par-1a', 'node.kubernetes.io/instance-type': 'gp-4-16' });
    expect(joining.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    // The same node reads the same every time: uid, address, pod range.
    expect(nodeObject(simulated, simulated.nodes[2]!, NOW + HOUR)).toMatchObject({ metadata: { uid: joining.metadata.uid }, spec: { podCIDR: joining.spec.podCIDR } });
  });

  it("runs the system DaemonSets on every node and places Deployments on ready nodes only; without one they wait", () => {
    const simulated = cluster([node('shop-workers-a', 'ready'), node('shop-workers-c', 'joining')]);
    const pods = podObjects(simulated);
    const status = (prefix: string) => pods.filter((pod) => pod.metadata.name.startsWith(prefix)).map((pod) => PODS.cells(pod, NOW).slice(1, 3).join(' '));
    expect(status('calico-node-')).toEqual(expect.arrayContaining(['1/1 Running', '0/1 ContainerCreating']));
    expect(status('coredns-')).toEqual(['1/1 Running', '1/1 Running']);
    expect(pods.filter((pod) => pod.metadata.name.startsWith('coredns-')).map((pod) => pod.spec.nodeName)).toEqual(['shop-workers-a', 'shop-workers-a']);
    // The add-on runs in a namespace of its own.
    expect(pods.filter((pod) => pod.metadata.namespace === 'cert-manager').map((pod) => pod.metadata.name)).toEqual([expect.stringMatching(/^cert-manager-[a-z0-9]{10}-[a-z0-9]{5}$/)]);

    const none = podObjects(cluster([node('shop-workers-c', 'joining')]));
    expect(none.filter((pod) => pod.metadata.name.startsWith('coredns-')).map((pod) => PODS.cells(pod, NOW).slice(1, 3).join(' '))).toEqual(['0/1 Pending', '0/1 Pending']);
  });
});
