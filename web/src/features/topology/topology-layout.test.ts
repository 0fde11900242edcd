import { describe, expect, it } from 'vitest';
import { FLAVORS, PARIS, REGIONS, TIERS, VERSIONS, WARSAW, DEVTEST, ECONOMY, STANDARD } from './test-fixtures';
import { LAYOUT, layoutTopology, NETWORK_NODE_ID, zoneNodeId } from './topology-layout';
import type { TopologyFlowNode, TopologyLayout } from './topology-layout';
import { referenceTopology } from './topology-model';
import type { TopologyModel } from './topology-model';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every node's rectangle on the plane (child positions are relative to their parent). */
function boxes(nodes: readonly TopologyFlowNode[]): Map<string, Box> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const result = new Map<string, Box>();
  const place = (node: TopologyFlowNode): Box => {
    const known = result.get(node.id);
    if (known) return known;
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (node.parentId && !parent) throw new Error(`${node.id} has a missing parent ${node.parentId}`);
    const origin = parent ? place(parent) : { x: 0, y: 0 };
    const box = { x: origin.x + node.position.x, y: origin.y + node.position.y, width: node.width ?? 0, height: node.height ?? 0 };
    result.set(node.id, box);
    return box;
  };
  nodes.forEach(place);
  return result;
}

function ancestors(nodes: readonly TopologyFlowNode[], id: string): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const chain: string[] = [];
  for (let parent = byId.get(id)?.parentId; parent; parent = byId.get(parent)?.parentId) chain.push(parent);
  return chain;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (child: Box, parent: Box) =>
  child.x >= parent.x && child.y >= parent.y && child.x + child.width <= parent.x + parent.width && child.y + child.height <= parent.y + parent.height;

const componentNodes = (layout: TopologyLayout, kind: string) =>
  layout.nodes.filter((node) => node.type === 'component' && node.data.component.kind === kind);

/** Every tier in every region, with and without the HA toggle. */
const MODELS: TopologyModel[] = TIERS.flatMap((tier) =>
  REGIONS.flatMap((region) => [false, true].map((highAvailability) => referenceTopology(tier, region, { highAvailability, flavors: FLAVORS, kubernetesVersions: VERSIONS }))),
);

describe('layoutTopology', () => {
  it('draws an HA tier with three control-plane replicas, each in its own zone', () => {
    const layout = layoutTopology(referenceTopology(STANDARD, PARIS));
    const replicas = componentNodes(layout, 'control-plane');
    expect(replicas).toHaveLength(3);
    expect(replicas.map((node) => node.parentId)).toEqual(PARIS.zones.map(zoneNodeId));
    // The zones of the region are groups inside the private network.
    const zones = layout.nodes.filter((node) => node.type === 'zone');
    expect(zones.map((node) => node.id)).toEqual(PARIS.zones.map(zoneNodeId));
    expect(zones.every((node) => node.parentId === NETWORK_NODE_ID)).toBe(true);
    // The replicas line up, so etcd replication runs sideways between neighbours.
    const placed = boxes(layout.nodes);
    expect(new Set(replicas.map((node) => placed.get(node.id)?.y)).size).toBe(1);
    const replication = layout.edges.filter((edge) => edge.data?.kind === 'replication');
    expect(replication.map((edge) => [edge.sourceHandle, edge.targetHandle])).toEqual([
      ['right-source', 'left-target'],
      ['right-source', 'left-target'],
    ]);
  });

  it('draws a non-HA tier with one control plane', () => {
    expect(componentNodes(layoutTopology(referenceTopology(DEVTEST, PARIS)), 'control-plane')).toHaveLength(1);
    expect(componentNodes(layoutTopology(referenceTopology(ECONOMY, PARIS)), 'control-plane')).toHaveLength(1);
  });

  it('puts every pool and replica inside a zone, and everything else outside', () => {
    for (const model of MODELS) {
      const layout = layoutTopology(model);
      const placed = boxes(layout.nodes);
      for (const node of layout.nodes) {
        if (node.type !== 'component') continue;
        const { kind, zoneId } = node.data.component;
        if (kind === 'node-pool' || kind === 'control-plane') {
          expect(node.parentId).toBe(zoneNodeId(zoneId ?? ''));
          expect(inside(placed.get(node.id) as Box, placed.get(node.parentId ?? '') as Box)).toBe(true);
        } else {
          expect(node.parentId).toBeUndefined();
          expect(overlap(placed.get(node.id) as Box, placed.get(NETWORK_NODE_ID) as Box)).toBe(false);
        }
      }
      for (const zone of layout.nodes.filter((node) => node.type === 'zone')) {
        expect(inside(placed.get(zone.id) as Box, placed.get(NETWORK_NODE_ID) as Box)).toBe(true);
      }
    }
  });

  it('never overlaps two rectangles unless one holds the other', () => {
    for (const model of MODELS) {
      const layout = layoutTopology(model);
      const placed = boxes(layout.nodes);
      for (const [i, a] of layout.nodes.entries()) {
        for (const b of layout.nodes.slice(i + 1)) {
          if (ancestors(layout.nodes, a.id).includes(b.id) || ancestors(layout.nodes, b.id).includes(a.id)) continue;
          expect(overlap(placed.get(a.id) as Box, placed.get(b.id) as Box), `${model.title}: ${a.id} and ${b.id}`).toBe(false);
        }
      }
    }
  });

  it('joins existing nodes with every edge, and lists parents before their children', () => {
    for (const model of MODELS) {
      const layout = layoutTopology(model);
      const ids = layout.nodes.map((node) => node.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const edge of layout.edges) {
        expect(ids).toContain(edge.source);
        expect(ids).toContain(edge.target);
        expect(edge.sourceHandle).toMatch(/^(top|bottom|left|right)-source$/);
        expect(edge.targetHandle).toMatch(/^(top|bottom|left|right)-target$/);
      }
      expect(layout.edges.map((edge) => edge.id)).toEqual(model.connections.map((connection) => connection.id));
      layout.nodes.forEach((node, index) => {
        if (node.parentId) expect(ids.indexOf(node.parentId)).toBeLessThan(index);
      });
    }
  });

  it('draws one node per component of the model', () => {
    for (const model of MODELS) {
      const layout = layoutTopology(model);
      const components = layout.nodes.filter((node) => node.type === 'component').map((node) => node.id);
      expect(components.toSorted()).toEqual(model.components.map((component) => component.id).toSorted());
    }
  });

  it('leaves traffic from the load balancer downwards into the pools', () => {
    const layout = layoutTopology(referenceTopology(STANDARD, WARSAW));
    const fromBalancer = layout.edges.filter((edge) => edge.source === 'load-balancer');
    expect(fromBalancer).toHaveLength(2);
    expect(fromBalancer.every((edge) => edge.sourceHandle === 'bottom-source' && edge.targetHandle === 'top-target')).toBe(true);
    const placed = boxes(layout.nodes);
    const network = placed.get(NETWORK_NODE_ID) as Box;
    expect(network.width).toBe(2 * (LAYOUT.cardWidth + 2 * LAYOUT.zonePadding) + LAYOUT.zoneGap + 2 * LAYOUT.networkPadding);
  });

  it('refuses a component in a zone the model does not have', () => {
    const model = referenceTopology(STANDARD, PARIS);
    const broken: TopologyModel = { ...model, components: [...model.components, { id: 'stray', kind: 'node-pool', name: 'stray', details: '', zoneId: 'de-fra-1a' }] };
    expect(() => layoutTopology(broken)).toThrow(RangeError);
    const dangling: TopologyModel = { ...model, connections: [...model.connections, { id: 'x', from: 'internet', to: 'nowhere', kind: 'traffic', label: '' }] };
    expect(() => layoutTopology(dangling)).toThrow(RangeError);
  });
});
