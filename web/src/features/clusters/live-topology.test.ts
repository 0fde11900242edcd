import { describe, expect, it } from 'vitest';
import type { ClusterNode } from './cluster-types';
import { controlPlaneStatus, liveTopology, MAX_NODE_CARDS, nodeComponentStatus, poolComponentStatus, topologyZones } from './live-topology';
import { clusterDetail, GP_4_16, node, pool } from './test-fixtures';

const ofKind = (model: ReturnType<typeof liveTopology>, kind: string) => model.components.filter((component) => component.kind === kind);

describe('statuses', () => {
  it('maps each node status to a component status', () => {
    expect(nodeComponentStatus('ready')).toBe('healthy');
    expect(nodeComponentStatus('joining')).toBe('provisioning');
    expect(nodeComponentStatus('draining')).toBe('degraded');
    expect(nodeComponentStatus('not_ready')).toBe('unhealthy');
    expect(nodeComponentStatus('hibernated')).toBe('unknown');
  });

  it('rates a group of nodes by its worst member', () => {
    expect(poolComponentStatus([{ status: 'ready' }, { status: 'ready' }], 'running')).toBe('healthy');
    expect(poolComponentStatus([{ status: 'ready' }, { status: 'joining' }], 'updating')).toBe('provisioning');
    expect(poolComponentStatus([{ status: 'ready' }, { status: 'not_ready' }], 'running')).toBe('degraded');
    expect(poolComponentStatus([{ status: 'not_ready' }], 'running')).toBe('unhealthy');
    expect(poolComponentStatus([], 'provisioning')).toBe('provisioning');
    expect(poolComponentStatus([], 'hibernated')).toBe('unknown');
  });

  it('rates the control plane by the cluster status', () => {
    expect(controlPlaneStatus('running')).toBe('healthy');
    expect(controlPlaneStatus('upgrading')).toBe('provisioning');
    expect(controlPlaneStatus('failed')).toBe('unhealthy');
    expect(controlPlaneStatus('hibernated')).toBe('unknown');
    expect(controlPlaneStatus('deleting')).toBe('degraded');
  });
});

describe('liveTopology', () => {
  it('draws each node in its zone with its live status, and one control plane without HA', () => {
    const detail = clusterDetail({ nodes: [node(), node({ name: 'staging-default-d3e4f', zone: 'fr-par-1b', status: 'joining' })] });
    const model = liveTopology(detail);
    expect(model.zones.map((zone) => zone.id)).toEqual(['fr-par-1a', 'fr-par-1b']);
    expect(model.zones.map((zone) => zone.subnetCidr)).toEqual(['10.0.0.0/20', '10.0.16.0/20']);
    expect(ofKind(model, 'node-pool').map((component) => [component.name, component.zoneId, component.status])).toEqual([
      ['staging-default-a1b2c', 'fr-par-1a', 'healthy'],
      ['staging-default-d3e4f', 'fr-par-1b', 'provisioning'],
    ]);
    expect(ofKind(model, 'node-pool')[0]?.details).toBe('Ready · pool default · 2 vCPU, 8 GB');
    expect(ofKind(model, 'control-plane')).toHaveLength(1);
    expect(model.connections.some((connection) => connection.kind === 'replication')).toBe(false);
    expect(model.network).toEqual({ vpcCidr: '10.0.0.0/16', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12' });
    expect(model.controlPlane).toMatchObject({ highAvailability: false, replicas: 1, kubernetesVersion: '1.37.1', mode: 'unavailable' });
  });

  it('spreads three replicas over the zones of an HA cluster, and takes the tier and region facts when given', () => {
    const detail = clusterDetail({ highAvailability: true, zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'] });
    const model = liveTopology(detail, {
      region: { city: 'Paris', country: 'France', certifications: ['SecNumCloud'] },
      tier: { haControlPlane: 'included', slaBasisPoints: 9_995 },
    });
    expect(ofKind(model, 'control-plane').map((replica) => replica.zoneId)).toEqual(['fr-par-1a', 'fr-par-1b', 'fr-par-1c']);
    expect(model.connections.filter((connection) => connection.kind === 'replication')).toHaveLength(2);
    expect(model.controlPlane).toMatchObject({ mode: 'included', slaBasisPoints: 9_995 });
    expect(model.badges.map((badge) => badge.label)).toContain('SecNumCloud');
    expect(model.components.find((component) => component.id === 'load-balancer')?.details).toContain('Paris');
  });

  it('connects every worker to the load balancer and to the replica of its zone', () => {
    const model = liveTopology(clusterDetail());
    for (const worker of ofKind(model, 'node-pool')) {
      expect(model.connections.some((connection) => connection.from === 'load-balancer' && connection.to === worker.id)).toBe(true);
      expect(model.connections.some((connection) => connection.from === worker.id && connection.to === 'control-plane-1')).toBe(true);
    }
    // Every component in a zone is in one the model has (the layout refuses others).
    const zones = new Set(model.zones.map((zone) => zone.id));
    expect(model.components.every((component) => component.zoneId === null || zones.has(component.zoneId))).toBe(true);
  });

  it('draws a large cluster one card per pool and zone, with its ready count', () => {
    const nodes: ClusterNode[] = Array.from({ length: MAX_NODE_CARDS + 6 }, (_, index) =>
      node({ name: `big-${index}`, poolId: index % 2 === 0 ? 'npl_default' : 'npl_batch', zone: index % 3 === 0 ? 'fr-par-1a' : 'fr-par-1b', status: index === 1 ? 'not_ready' : 'ready' }),
    );
    const detail = clusterDetail({ nodes, nodePools: [pool({ count: 15 }), pool({ id: 'npl_batch', name: 'batch', flavor: GP_4_16, count: 15 })], readyNodes: nodes.length - 1 });
    const workers = ofKind(liveTopology(detail), 'node-pool');
    expect(workers.map((worker) => worker.id)).toEqual(['pool:npl_default@fr-par-1a', 'pool:npl_default@fr-par-1b', 'pool:npl_batch@fr-par-1a', 'pool:npl_batch@fr-par-1b']);
    expect(workers.reduce((sum, worker) => sum + (worker.nodeCount ?? 0), 0)).toBe(nodes.length);
    const degraded = workers.find((worker) => worker.id === 'pool:npl_batch@fr-par-1b');
    expect(degraded?.status).toBe('degraded');
    expect(degraded?.details).toMatch(/^\d+ of \d+ nodes ready · 4 vCPU, 16 GB$/);
  });

  it('shows a pool whose nodes do not exist yet, and a cluster without zones as a single site', () => {
    const detail = clusterDetail({ status: 'provisioning', zones: [], nodes: [], readyNodes: 0, endpoint: null });
    const model = liveTopology(detail);
    expect(topologyZones(detail)).toEqual(['fr-par-1']);
    expect(ofKind(model, 'node-pool')).toEqual([expect.objectContaining({ id: 'pool:npl_default', zoneId: 'fr-par-1', status: 'provisioning', details: '0 of 2 nodes running · 2 vCPU, 8 GB' })]);
    expect(model.components.find((component) => component.id === 'api-endpoint')).toMatchObject({ status: 'provisioning', details: 'Not reachable yet' });
  });
});
