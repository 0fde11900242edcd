import type { Edge, Node } from '@xyflow/react';
import type { ConnectionKind, TopologyComponent, TopologyComponentKind, TopologyModel, TopologyNetwork, TopologyZone } from './topology-model';

/**
 * Places a topology model on the diagram's plane (pure, so it is tested without a browser): the
 * private network is a group holding one group per zone, each holding its node pools above its
 * control-plane replicas; what talks to the cluster from outside sits in rows above (internet, load
 * balancer) and below (API endpoint, your team). Positions of children are relative to their parent.
 */

export const LAYOUT = {
  cardWidth: 260,
  cardHeight: 84,
  cardGap: 16,
  zonePadding: 16,
  zoneHeader: 52,
  zoneGap: 28,
  networkPadding: 20,
  networkHeader: 56,
  rowGap: 72,
  columnGap: 32,
} as const;

export type ComponentNodeData = { component: TopologyComponent };
export type ZoneNodeData = { zone: TopologyZone };
export type NetworkNodeData = { network: TopologyNetwork; zoneCount: number };

export type ComponentFlowNode = Node<ComponentNodeData, 'component'>;
export type ZoneFlowNode = Node<ZoneNodeData, 'zone'>;
export type NetworkFlowNode = Node<NetworkNodeData, 'network'>;
export type TopologyFlowNode = ComponentFlowNode | ZoneFlowNode | NetworkFlowNode;

export type TopologyFlowEdge = Edge<{ kind: ConnectionKind; label: string }>;

export interface TopologyLayout {
  /** Parents come before their children, as xyflow requires. */
  nodes: TopologyFlowNode[];
  edges: TopologyFlowEdge[];
}

export const NETWORK_NODE_ID = 'network';
export const zoneNodeId = (zoneId: string) => `zone:${zoneId}`;

/** Rows of what lives outside the zones, top to bottom, around the private network. */
const ROWS_ABOVE: readonly TopologyComponentKind[] = ['internet', 'load-balancer'];
const ROWS_BELOW: readonly TopologyComponentKind[] = ['api-endpoint', 'administrators'];
/** Inside a zone: worker nodes first (the load balancer reaches them from above), the control plane under them. */
const ZONE_ORDER: readonly TopologyComponentKind[] = ['node-pool', 'control-plane'];

/**
 * Stroke of each kind of connection: Mantine's blue 6, gray 6 and orange 8, which keep a 3:1
 * contrast on both the light and the dark background (plain colours: xyflow names its arrow
 * markers after them).
 */
export const CONNECTION_STYLES: Record<ConnectionKind, { color: string; dash?: string; name: string }> = {
  traffic: { color: '#228be6', name: 'Traffic of your workloads' },
  control: { color: '#868e96', dash: '6 4', name: 'Kubernetes API calls' },
  replication: { color: '#e8590c', dash: '2 4', name: 'etcd replication' },
};

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Side = 'top' | 'bottom' | 'left' | 'right';

/** Which sides an edge leaves and enters by: vertically between rows, sideways within one. */
function sides(source: Rect, target: Rect): [Side, Side] {
  if (target.y >= source.y + source.height) return ['bottom', 'top'];
  if (target.y + target.height <= source.y) return ['top', 'bottom'];
  return target.x >= source.x + source.width ? ['right', 'left'] : ['left', 'right'];
}

export function layoutTopology(model: TopologyModel): TopologyLayout {
  const { cardWidth, cardHeight, cardGap, zonePadding, zoneHeader, zoneGap, networkPadding, networkHeader, rowGap, columnGap } = LAYOUT;
  const zoneIds = new Set(model.zones.map((zone) => zone.id));
  for (const component of model.components) {
    if (component.zoneId !== null && !zoneIds.has(component.zoneId)) {
      throw new RangeError(`${component.id} runs in zone ${component.zoneId}, which the model does not have`);
    }
  }

  // Inside the zones: one row per card, rows aligned across zones so replicas line up.
  const rank = (component: TopologyComponent) => {
    const index = ZONE_ORDER.indexOf(component.kind);
    return index === -1 ? ZONE_ORDER.length : index;
  };
  const inZone = (zoneId: string) => model.components.filter((component) => component.zoneId === zoneId);
  const rowsOfRank = (value: number) => Math.max(0, ...model.zones.map((zone) => inZone(zone.id).filter((component) => rank(component) === value).length));
  const rankRows = Array.from({ length: ZONE_ORDER.length + 1 }, (_, value) => rowsOfRank(value));
  const zoneRows = rankRows.reduce((sum, rows) => sum + rows, 0);
  const zoneWidth = cardWidth + 2 * zonePadding;
  const zoneHeight = zoneHeader + Math.max(0, zoneRows * (cardHeight + cardGap) - cardGap) + zonePadding;
  const zoneCount = model.zones.length;
  const networkWidth = zoneCount * zoneWidth + Math.max(0, zoneCount - 1) * zoneGap + 2 * networkPadding;
  const networkHeight = networkHeader + zoneHeight + networkPadding;

  const rowWidth = (count: number) => count * cardWidth + Math.max(0, count - 1) * columnGap;
  const outside = (kind: TopologyComponentKind) => model.components.filter((component) => component.zoneId === null && component.kind === kind);
  const rowsAbove = ROWS_ABOVE.map(outside).filter((row) => row.length > 0);
  const rowsBelow = ROWS_BELOW.map(outside).filter((row) => row.length > 0);
  const otherOutside = model.components.filter(
    (component) => component.zoneId === null && !ROWS_ABOVE.includes(component.kind) && !ROWS_BELOW.includes(component.kind),
  );
  if (otherOutside.length > 0) rowsBelow.push(otherOutside);
  const width = Math.max(networkWidth, ...[...rowsAbove, ...rowsBelow].map((row) => rowWidth(row.length)));
  const centre = width / 2;

  const nodes: TopologyFlowNode[] = [];
  const absolute = new Map<string, Rect>();
  const card = (component: TopologyComponent, position: { x: number; y: number }, origin: { x: number; y: number }, parentId?: string) => {
    nodes.push({
      id: component.id,
      type: 'component',
      position,
      width: cardWidth,
      height: cardHeight,
      data: { component },
      ...(parentId ? { parentId, extent: 'parent' as const } : {}),
    });
    absolute.set(component.id, { x: origin.x + position.x, y: origin.y + position.y, width: cardWidth, height: cardHeight });
  };
  const row = (components: readonly TopologyComponent[], y: number) => {
    const left = centre - rowWidth(components.length) / 2;
    components.forEach((component, index) => card(component, { x: left + index * (cardWidth + columnGap), y }, { x: 0, y: 0 }));
  };

  rowsAbove.forEach((components, index) => row(components, index * (cardHeight + rowGap)));

  const networkPosition = { x: centre - networkWidth / 2, y: rowsAbove.length * (cardHeight + rowGap) };
  nodes.push({
    id: NETWORK_NODE_ID,
    type: 'network',
    position: networkPosition,
    width: networkWidth,
    height: networkHeight,
    data: { network: model.network, zoneCount },
  });

  model.zones.forEach((zone, zoneIndex) => {
    const id = zoneNodeId(zone.id);
    const position = { x: networkPadding + zoneIndex * (zoneWidth + zoneGap), y: networkHeader };
    const origin = { x: networkPosition.x + position.x, y: networkPosition.y + position.y };
    nodes.push({ id, type: 'zone', position, width: zoneWidth, height: zoneHeight, parentId: NETWORK_NODE_ID, extent: 'parent', data: { zone } });
    let rowsBefore = 0;
    rankRows.forEach((rows, value) => {
      inZone(zone.id)
        .filter((component) => rank(component) === value)
        .forEach((component, index) => card(component, { x: zonePadding, y: zoneHeader + (rowsBefore + index) * (cardHeight + cardGap) }, origin, id));
      rowsBefore += rows;
    });
  });

  const belowTop = networkPosition.y + networkHeight + rowGap;
  rowsBelow.forEach((components, index) => row(components, belowTop + index * (cardHeight + rowGap)));

  const edges = model.connections.map((connection): TopologyFlowEdge => {
    const source = absolute.get(connection.from);
    const target = absolute.get(connection.to);
    if (!source || !target) throw new RangeError(`Connection ${connection.id} joins a component the model does not have`);
    const [sourceSide, targetSide] = sides(source, target);
    const style = CONNECTION_STYLES[connection.kind];
    return {
      id: connection.id,
      source: connection.from,
      target: connection.to,
      sourceHandle: `${sourceSide}-source`,
      targetHandle: `${targetSide}-target`,
      data: { kind: connection.kind, label: connection.label },
      style: { stroke: style.color, strokeWidth: 2, ...(style.dash ? { strokeDasharray: style.dash } : {}) },
      markerEnd: { type: 'arrowclosed', color: style.color },
      ...(connection.kind === 'replication' ? { markerStart: { type: 'arrowclosed' as const, color: style.color } } : {}),
    };
  });

  return { nodes, edges };
}
