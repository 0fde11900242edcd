import { describe, expect, it } from 'vitest';
import { DEVTEST, ECONOMY, ENTERPRISE, FLAVORS, PARIS, SANDBOX, STANDARD, VERSIONS, WARSAW } from './test-fixtures';
import { DEFAULT_NETWORK, referenceTopology, subnetOf, typicalFlavor } from './topology-model';
import type { TopologyModel } from './topology-model';

const ofKind = (model: TopologyModel, kind: string) => model.components.filter((component) => component.kind === kind);

describe('referenceTopology', () => {
  it('draws three control-plane replicas over three zones for a tier with HA included', () => {
    const model = referenceTopology(STANDARD, PARIS, { flavors: FLAVORS, kubernetesVersions: VERSIONS });
    const replicas = ofKind(model, 'control-plane');
    expect(replicas).toHaveLength(3);
    expect(new Set(replicas.map((replica) => replica.zoneId))).toEqual(new Set(PARIS.zones));
    expect(model.controlPlane).toMatchObject({ mode: 'included', highAvailability: true, replicas: 3, kubernetesVersion: '1.37.1', slaBasisPoints: 9995 });
    // The replicas replicate etcd between them.
    expect(model.connections.filter((connection) => connection.kind === 'replication')).toHaveLength(2);
  });

  it('draws one control plane when HA is unavailable, even if asked for', () => {
    for (const tier of [DEVTEST, SANDBOX]) {
      const model = referenceTopology(tier, PARIS, { highAvailability: true });
      expect(ofKind(model, 'control-plane')).toHaveLength(1);
      expect(model.controlPlane.highAvailability).toBe(false);
      expect(model.connections.some((connection) => connection.kind === 'replication')).toBe(false);
    }
  });

  it('follows the HA toggle when HA is optional', () => {
    expect(ofKind(referenceTopology(ECONOMY, PARIS), 'control-plane')).toHaveLength(1);
    expect(ofKind(referenceTopology(ECONOMY, PARIS, { highAvailability: false }), 'control-plane')).toHaveLength(1);
    const ha = referenceTopology(ECONOMY, PARIS, { highAvailability: true });
    expect(ofKind(ha, 'control-plane').map((replica) => replica.zoneId)).toEqual(PARIS.zones);
  });

  it('keeps three replicas in a two-zone region, two of them in the first zone', () => {
    const model = referenceTopology(ECONOMY, WARSAW, { highAvailability: true });
    expect(ofKind(model, 'control-plane').map((replica) => replica.zoneId)).toEqual(['pl-waw-1a', 'pl-waw-1b', 'pl-waw-1a']);
    expect(model.zones.map((zone) => zone.id)).toEqual(WARSAW.zones);
  });

  it("spreads the tier's baseline nodes over the zones with its typical flavour", () => {
    const model = referenceTopology(ENTERPRISE, PARIS, { flavors: FLAVORS });
    const pools = ofKind(model, 'node-pool');
    expect(pools.map((pool) => [pool.zoneId, pool.nodeCount])).toEqual([
      ['fr-par-1a', 2],
      ['fr-par-1b', 2],
      ['fr-par-1c', 1],
    ]);
    expect(pools[0]?.details).toBe('2 nodes · General purpose 8 vCPU, 32 GB');

    // A single node sits in the first zone; the other zones stay empty.
    const sandbox = ofKind(referenceTopology(SANDBOX, PARIS, { flavors: FLAVORS }), 'node-pool');
    expect(sandbox.map((pool) => [pool.zoneId, pool.nodeCount, pool.details])).toEqual([['fr-par-1a', 1, '1 node · General purpose 2 vCPU, 4 GB']]);
  });

  it("names the nodes by their size when the tier's flavours are not known", () => {
    const [pool] = ofKind(referenceTopology(STANDARD, PARIS), 'node-pool');
    expect(pool?.details).toBe('1 node · 4 vCPU, 16 GB');
  });

  it('picks the flavour matching the baseline, else the first offered', () => {
    expect(typicalFlavor(STANDARD, FLAVORS)?.id).toBe('gp-4-16');
    expect(typicalFlavor({ ...STANDARD, vcpu: 64 }, FLAVORS)?.id).toBe('gp-2-8');
    expect(typicalFlavor(STANDARD, [])).toBeNull();
  });

  it('has a public load balancer in front of every pool, and the networks and badges of the region', () => {
    const model = referenceTopology(STANDARD, PARIS);
    const pools = ofKind(model, 'node-pool');
    const fromBalancer = model.connections.filter((connection) => connection.from === 'load-balancer').map((connection) => connection.to);
    expect(fromBalancer).toEqual(pools.map((pool) => pool.id));
    expect(model.network).toEqual(DEFAULT_NETWORK);
    expect(model.zones.map((zone) => zone.subnetCidr)).toEqual(['10.0.0.0/20', '10.0.16.0/20', '10.0.32.0/20']);
    expect(model.badges.map((badge) => badge.label)).toEqual([
      'etcd encrypted at rest',
      'Private network between nodes',
      'ISO 27001',
      'HDS',
      'SecNumCloud',
      'GDPR',
      'CISPE',
    ]);
    expect(model.title).toBe('Standard (Blue) in Paris PAR1');
  });

  it('joins only components it has, with unique ids', () => {
    for (const model of [referenceTopology(STANDARD, PARIS), referenceTopology(ECONOMY, WARSAW, { highAvailability: true }), referenceTopology(SANDBOX, PARIS)]) {
      const ids = model.components.map((component) => component.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const connection of model.connections) {
        expect(ids).toContain(connection.from);
        expect(ids).toContain(connection.to);
      }
      expect(new Set(model.connections.map((connection) => connection.id)).size).toBe(model.connections.length);
    }
  });

  it('treats a region without listed zones as a single site', () => {
    const model = referenceTopology(STANDARD, { ...PARIS, zones: [] });
    expect(model.zones.map((zone) => zone.id)).toEqual(['fr-par-1']);
    expect(ofKind(model, 'control-plane').every((replica) => replica.zoneId === 'fr-par-1')).toBe(true);
  });
});

describe('subnetOf', () => {
  it('splits a network into equal subnets', () => {
    expect(subnetOf('10.0.0.0/16', 0)).toBe('10.0.0.0/20');
    expect(subnetOf('10.0.0.0/16', 2)).toBe('10.0.32.0/20');
    expect(subnetOf('192.168.0.0/24', 3, 2)).toBe('192.168.0.192/26');
    expect(subnetOf('10.1.2.3/16', 1)).toBe('10.1.16.0/20');
  });

  it('refuses what does not fit', () => {
    expect(() => subnetOf('10.0.0.0/16', 16)).toThrow(RangeError);
    expect(() => subnetOf('10.0.0.0/30', 0)).toThrow(RangeError);
    expect(() => subnetOf('10.0.0/16', 0)).toThrow(RangeError);
  });
});
