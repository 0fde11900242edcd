import type { HaControlPlaneMode } from '@kubemarket/shared';
import { DEFAULT_NETWORK, subnetOf } from '../topology';
import type { ComponentStatus, TopologyComponent, TopologyConnection, TopologyModel, TopologyZone } from '../topology';
import { CLUSTER_STATUS_LABELS, NODE_STATUS_LABELS } from './cluster-types';
import type { ClusterDetail, ClusterNode, ClusterStatus, NodePool, NodeStatus } from './cluster-types';

/**
 * A running cluster's own topology, in the model the reference architecture uses (features/
 * topology), from what clusters.get answers: its control plane, zones, pools and nodes with their
 * live status, the load balancer, the API endpoint and the networks.
 */

/** Up to this many nodes each gets its own card; a larger cluster is drawn one card per pool and zone. */
export const MAX_NODE_CARDS = 24;

/** What the catalogue adds about the tier and region; the topology is drawn without it while it loads. */
export interface LiveTopologyContext {
  region?: { city: string; country: string; certifications: readonly string[] };
  tier?: { haControlPlane: HaControlPlaneMode; slaBasisPoints: number | null };
}

export function nodeComponentStatus(status: NodeStatus): ComponentStatus {
  switch (status) {
    case 'ready':
      return 'healthy';
    case 'joining':
      return 'provisioning';
    case 'draining':
      return 'degraded';
    case 'not_ready':
      return 'unhealthy';
    case 'hibernated':
      return 'unknown';
  }
}

/** A pool's part in one zone: healthy when every node is ready, else as bad as its worst node. */
export function poolComponentStatus(nodes: readonly Pick<ClusterNode, 'status'>[], clusterStatus: ClusterStatus): ComponentStatus {
  if (nodes.length === 0) return clusterStatus === 'provisioning' || clusterStatus === 'updating' || clusterStatus === 'waking' ? 'provisioning' : 'unknown';
  const statuses = nodes.map((candidate) => nodeComponentStatus(candidate.status));
  if (statuses.every((status) => status === 'unhealthy')) return 'unhealthy';
  if (statuses.some((status) => status === 'unhealthy' || status === 'degraded')) return 'degraded';
  if (statuses.some((status) => status === 'provisioning')) return 'provisioning';
  if (statuses.every((status) => status === 'healthy')) return 'healthy';
  return 'unknown';
}

export function controlPlaneStatus(status: ClusterStatus): ComponentStatus {
  switch (status) {
    case 'running':
    case 'updating':
      return 'healthy';
    case 'provisioning':
    case 'upgrading':
    case 'waking':
      return 'provisioning';
    case 'failed':
    case 'deleted':
      return 'unhealthy';
    case 'deleting':
      return 'degraded';
    // Asleep on purpose: not a fault; the details say "Hibernated".
    case 'hibernating':
    case 'hibernated':
      return 'unknown';
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The zones to draw: the cluster's, then any its nodes run in, else the region itself as a single site. */
export function topologyZones(detail: Pick<ClusterDetail, 'zones' | 'nodes' | 'region'>): string[] {
  const zones = [...detail.zones];
  for (const node of detail.nodes) if (!zones.includes(node.zone)) zones.push(node.zone);
  return zones.length > 0 ? zones : [detail.region.id];
}

function flavorLabel(pool: NodePool): string {
  return `${pool.flavor.vcpu} vCPU, ${pool.flavor.memoryGb} GB`;
}

function workerComponents(detail: ClusterDetail, zones: readonly string[]): TopologyComponent[] {
  const pools = new Map(detail.nodePools.map((pool) => [pool.id, pool]));
  const components: TopologyComponent[] = [];
  const perNode = detail.nodes.length <= MAX_NODE_CARDS;
  if (perNode) {
    for (const node of detail.nodes) {
      const pool = pools.get(node.poolId);
      components.push({
        id: `node:${node.name}`,
        kind: 'node-pool',
        name: node.name,
        details: `${NODE_STATUS_LABELS[node.status]} · pool ${pool?.name ?? node.poolId}${pool ? ` · ${flavorLabel(pool)}` : ''}`,
        zoneId: node.zone,
        nodeCount: 1,
        status: nodeComponentStatus(node.status),
      });
    }
  } else {
    for (const pool of detail.nodePools) {
      for (const zone of zones) {
        const nodes = detail.nodes.filter((candidate) => candidate.poolId === pool.id && candidate.zone === zone);
        if (nodes.length === 0) continue;
        const ready = nodes.filter((candidate) => candidate.status === 'ready').length;
        components.push({
          id: `pool:${pool.id}@${zone}`,
          kind: 'node-pool',
          name: pool.name,
          details: `${ready} of ${plural(nodes.length, 'node')} ready · ${flavorLabel(pool)}`,
          zoneId: zone,
          nodeCount: nodes.length,
          status: poolComponentStatus(nodes, detail.status),
        });
      }
    }
  }
  // A pool none of whose nodes exist yet (being built, or hibernated away) still shows where it will run.
  for (const pool of detail.nodePools) {
    if (detail.nodes.some((candidate) => candidate.poolId === pool.id)) continue;
    components.push({
      id: `pool:${pool.id}`,
      kind: 'node-pool',
      name: pool.name,
      details: `0 of ${plural(pool.count, 'node')} running · ${flavorLabel(pool)}`,
      zoneId: zones[0] ?? null,
      nodeCount: 0,
      status: poolComponentStatus([], detail.status),
    });
  }
  return components;
}

export function liveTopology(detail: ClusterDetail, context: LiveTopologyContext = {}): TopologyModel {
  const zoneIds = topologyZones(detail);
  const zones = zoneIds.map((id, index): TopologyZone => ({ id, subnetCidr: subnetOf(DEFAULT_NETWORK.vpcCidr, index % 16) }));
  const replicaCount = detail.highAvailability ? 3 : 1;
  const planeStatus = controlPlaneStatus(detail.status);
  const reachable = detail.endpoint !== null && planeStatus === 'healthy';
  const where = context.region ? `${context.region.city}` : detail.region.name;

  const workers = workerComponents(detail, zoneIds);
  const replicas = Array.from({ length: replicaCount }, (_, index): TopologyComponent => ({
    id: `control-plane-${index + 1}`,
    kind: 'control-plane',
    name: detail.highAvailability ? `Control plane replica ${index + 1}` : 'Control plane',
    details: `Kubernetes ${detail.kubernetesVersion} · ${CLUSTER_STATUS_LABELS[detail.status]}`,
    zoneId: zoneIds[index % zoneIds.length] ?? null,
    status: planeStatus,
  }));

  const components: TopologyComponent[] = [
    { id: 'internet', kind: 'internet', name: 'Internet', details: 'Your users and the clients of your services', zoneId: null },
    {
      id: 'load-balancer',
      kind: 'load-balancer',
      name: 'Public load balancer',
      details: `Public IP in ${where}, spreads requests over the ready nodes`,
      zoneId: null,
      status: detail.readyNodes > 0 ? 'healthy' : planeStatus === 'provisioning' ? 'provisioning' : 'unknown',
    },
    ...workers,
    ...replicas,
    {
      id: 'api-endpoint',
      kind: 'api-endpoint',
      name: 'Kubernetes API endpoint',
      details: detail.endpoint ? `${detail.endpoint}${detail.networking.apiAllowList.length > 0 ? ` · from ${detail.networking.apiAllowList.join(', ')}` : ''}` : 'Not reachable yet',
      zoneId: null,
      status: reachable ? 'healthy' : planeStatus === 'provisioning' ? 'provisioning' : 'unknown',
    },
    { id: 'administrators', kind: 'administrators', name: 'Your team', details: 'kubectl, CI/CD pipelines and the KubeMarket console', zoneId: null },
  ];

  const connections: TopologyConnection[] = [{ id: 'internet->load-balancer', from: 'internet', to: 'load-balancer', kind: 'traffic', label: 'HTTPS requests from your users' }];
  for (const worker of workers) {
    connections.push({ id: `load-balancer->${worker.id}`, from: 'load-balancer', to: worker.id, kind: 'traffic', label: 'Requests to the ingress controller on the nodes' });
  }
  for (const worker of workers) {
    const replica = replicas.find((candidate) => candidate.zoneId === worker.zoneId) ?? replicas[0]!;
    connections.push({ id: `${worker.id}->${replica.id}`, from: worker.id, to: replica.id, kind: 'control', label: 'Kubelets report to the API server' });
  }
  connections.push({ id: 'administrators->api-endpoint', from: 'administrators', to: 'api-endpoint', kind: 'control', label: 'kubectl and API calls over TLS' });
  for (const replica of replicas) {
    connections.push({ id: `api-endpoint->${replica.id}`, from: 'api-endpoint', to: replica.id, kind: 'control', label: 'API requests to the API server' });
  }
  for (let index = 1; index < replicas.length; index++) {
    const from = replicas[index - 1]!;
    const to = replicas[index]!;
    connections.push({ id: `${from.id}<->${to.id}`, from: from.id, to: to.id, kind: 'replication', label: 'etcd replication (Raft)' });
  }

  return {
    title: `${detail.name} in ${detail.region.name}`,
    region: { id: detail.region.id, name: detail.region.name, city: context.region?.city ?? detail.region.name, country: context.region?.country ?? '' },
    zones,
    network: { vpcCidr: DEFAULT_NETWORK.vpcCidr, podCidr: detail.networking.podCidr, serviceCidr: detail.networking.serviceCidr },
    controlPlane: {
      mode: context.tier?.haControlPlane ?? (detail.highAvailability ? 'included' : 'unavailable'),
      highAvailability: detail.highAvailability,
      replicas: replicaCount,
      slaBasisPoints: context.tier?.slaBasisPoints ?? null,
      kubernetesVersion: detail.kubernetesVersion,
    },
    components,
    connections,
    badges: [
      { label: 'etcd encrypted at rest', kind: 'security' },
      { label: 'Private network between nodes', kind: 'security' },
      ...(context.region?.certifications ?? []).map((certification) => ({ label: certification, kind: 'certification' as const })),
    ],
  };
}
