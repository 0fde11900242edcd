import type { HaControlPlaneMode } from '@kubemarket/shared';

/**
 * What a cluster is made of and how its parts talk, independent of how it is drawn. The reference
 * architecture of a tier (referenceTopology) and, later, a running cluster's own topology (its
 * pools and nodes, with their live status) both produce this model; layoutTopology draws either.
 */

/** Live state of a part of a running cluster; a reference architecture has none. */
export type ComponentStatus = 'healthy' | 'degraded' | 'unhealthy' | 'provisioning' | 'unknown';

export type TopologyComponentKind = 'internet' | 'administrators' | 'load-balancer' | 'api-endpoint' | 'control-plane' | 'node-pool';

export interface TopologyComponent {
  /** Unique in the model; also the id of its node in the diagram. */
  id: string;
  kind: TopologyComponentKind;
  /** Short name, e.g. "Control plane replica 2" or "pool-1". */
  name: string;
  /** One line of facts, e.g. "3 nodes · General purpose 4 vCPU, 16 GB". */
  details: string;
  /** The availability zone it runs in; null for what lives outside the zones (internet, load balancers). */
  zoneId: string | null;
  /** Worker nodes it stands for (node pools only). */
  nodeCount?: number;
  status?: ComponentStatus;
}

/** traffic: requests of the workloads; control: Kubernetes API calls; replication: etcd between replicas. */
export type ConnectionKind = 'traffic' | 'control' | 'replication';

export interface TopologyConnection {
  id: string;
  from: string;
  to: string;
  kind: ConnectionKind;
  /** What flows, e.g. "HTTPS requests from your users". */
  label: string;
}

export interface TopologyZone {
  /** Zone code, e.g. "fr-par-1a". */
  id: string;
  /** The zone's subnet of the private network, e.g. "10.0.16.0/20". */
  subnetCidr: string;
}

export interface TopologyNetwork {
  /** The cluster's private network (VPC) its nodes live in. */
  vpcCidr: string;
  /** Addresses of pods (the CNI's cluster CIDR). */
  podCidr: string;
  /** Addresses of Kubernetes services (ClusterIP). */
  serviceCidr: string;
}

export interface TopologyBadge {
  label: string;
  kind: 'security' | 'certification';
}

export interface TopologyModel {
  /** e.g. "Standard (Blue) in Paris PAR1". */
  title: string;
  region: { id: string; name: string; city: string; country: string };
  zones: readonly TopologyZone[];
  network: TopologyNetwork;
  controlPlane: {
    mode: HaControlPlaneMode;
    highAvailability: boolean;
    replicas: number;
    /** Monthly control-plane availability promised, basis points; null: no SLA. */
    slaBasisPoints: number | null;
    /** e.g. "1.37.1"; null when unknown. */
    kubernetesVersion: string | null;
  };
  components: readonly TopologyComponent[];
  connections: readonly TopologyConnection[];
  badges: readonly TopologyBadge[];
}

// ---------------------------------------------------------------------------------------------
// The reference architecture of a tier

/** What referenceTopology reads of a tier (the catalogue's cluster tier satisfies it). */
export interface TopologyTierInput {
  id: string;
  name: string;
  /** Baseline worker nodes and their size. */
  nodes: number;
  vcpu: number;
  memoryGb: number;
  slaBasisPoints: number | null;
  haControlPlane: HaControlPlaneMode;
  flavorIds: readonly string[];
}

export interface TopologyRegionInput {
  id: string;
  name: string;
  city: string;
  country: string;
  zones: readonly string[];
  certifications: readonly string[];
}

export interface TopologyFlavorInput {
  id: string;
  name: string;
  vcpu: number;
  memoryGb: number;
}

export interface TopologyVersionInput {
  version: string;
  patch: number | null;
  isDefault: boolean;
}

export interface ReferenceTopologyOptions {
  /** The HA control plane when the tier offers it as an option; ignored otherwise. */
  highAvailability?: boolean;
  /** Node flavours of the catalogue, to name the tier's typical flavour. */
  flavors?: readonly TopologyFlavorInput[];
  /** Kubernetes versions of the catalogue; the default one is shown on the control plane. */
  kubernetesVersions?: readonly TopologyVersionInput[];
  network?: TopologyNetwork;
}

/**
 * Addresses of a new cluster unless it is given its own: the nodes' private network is split into
 * one subnet per zone; pods and services get ranges outside it (the kubeadm defaults).
 */
export const DEFAULT_NETWORK: TopologyNetwork = { vpcCidr: '10.0.0.0/16', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12' };

/** Zones a highly available control plane spreads its replicas (and etcd members) over. */
export const HA_CONTROL_PLANE_REPLICAS = 3;

/** Each zone's subnet is 1/16 of the private network (a /16 gives /20s of 4,096 addresses). */
const ZONE_SUBNET_EXTRA_BITS = 4;

function parseIpv4(address: string): number {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    throw new RangeError(`Not an IPv4 address: ${address}`);
  }
  return parts.reduce((value, part) => value * 256 + part, 0);
}

function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The `index`th subnet of `cidr` with `extraBits` more prefix bits: ("10.0.0.0/16", 1, 4) -> "10.0.16.0/20". */
export function subnetOf(cidr: string, index: number, extraBits = ZONE_SUBNET_EXTRA_BITS): string {
  const [address = '', prefixText = ''] = cidr.split('/');
  const prefix = Number(prefixText);
  const subnetPrefix = prefix + extraBits;
  if (!Number.isInteger(prefix) || prefix < 0 || subnetPrefix > 32) throw new RangeError(`Cannot split ${cidr} into /${subnetPrefix} subnets`);
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** extraBits) throw new RangeError(`${cidr} has no subnet number ${index}`);
  const size = 2 ** (32 - prefix);
  const base = parseIpv4(address) - (parseIpv4(address) % size);
  return `${formatIpv4(base + index * 2 ** (32 - subnetPrefix))}/${subnetPrefix}`;
}

/** Whether the control plane runs three replicas: always when included, on request when optional, never when unavailable. */
export function hasHighAvailability(mode: HaControlPlaneMode, requested: boolean): boolean {
  return mode === 'included' || (mode === 'optional' && requested);
}

/** The flavour of the tier's baseline nodes among those it offers, else the first it offers. */
export function typicalFlavor(tier: TopologyTierInput, flavors: readonly TopologyFlavorInput[]): TopologyFlavorInput | null {
  const offered = tier.flavorIds.map((id) => flavors.find((flavor) => flavor.id === id)).filter((flavor) => flavor !== undefined);
  return offered.find((flavor) => flavor.vcpu === tier.vcpu && flavor.memoryGb === tier.memoryGb) ?? offered[0] ?? null;
}

function versionLabel(versions: readonly TopologyVersionInput[]): string | null {
  const version = versions.find((candidate) => candidate.isDefault) ?? versions[0];
  if (!version) return null;
  return version.patch === null ? version.version : `${version.version}.${version.patch}`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The reference architecture of `tier` in `region`: its control plane (three replicas over three
 * zones when highly available, else one), its baseline node pool spread over the region's zones,
 * the public load balancer and API endpoint, the networks, and the badges of the site.
 */
export function referenceTopology(tier: TopologyTierInput, region: TopologyRegionInput, options: ReferenceTopologyOptions = {}): TopologyModel {
  const network = options.network ?? DEFAULT_NETWORK;
  // A region always has a zone to draw; one without listed zones is a single site.
  const zoneIds = region.zones.length > 0 ? region.zones : [region.id];
  const zones = zoneIds.map((id, index): TopologyZone => ({ id, subnetCidr: subnetOf(network.vpcCidr, index) }));
  const highAvailability = hasHighAvailability(tier.haControlPlane, options.highAvailability ?? false);
  const replicaCount = highAvailability ? HA_CONTROL_PLANE_REPLICAS : 1;
  const kubernetesVersion = versionLabel(options.kubernetesVersions ?? []);

  const components: TopologyComponent[] = [
    { id: 'internet', kind: 'internet', name: 'Internet', details: 'Your users and the clients of your services', zoneId: null },
    {
      id: 'load-balancer',
      kind: 'load-balancer',
      name: 'Public load balancer',
      details: `Public IP in ${region.city}, spreads requests over the nodes of every zone`,
      zoneId: null,
    },
  ];
  const connections: TopologyConnection[] = [
    { id: 'internet->load-balancer', from: 'internet', to: 'load-balancer', kind: 'traffic', label: 'HTTPS requests from your users' },
  ];

  // Worker nodes: the tier's baseline pool, one node per zone in turn.
  const flavor = typicalFlavor(tier, options.flavors ?? []);
  const flavorName = flavor?.name ?? `${tier.vcpu} vCPU, ${tier.memoryGb} GB`;
  const perZone = zones.map((_, index) => Math.floor(tier.nodes / zones.length) + (index < tier.nodes % zones.length ? 1 : 0));
  const pools = zones.flatMap((zone, index) => {
    const count = perZone[index] ?? 0;
    if (count === 0) return [];
    return [
      {
        id: `pool-1@${zone.id}`,
        kind: 'node-pool' as const,
        name: 'pool-1',
        details: `${plural(count, 'node')} · ${flavorName}`,
        zoneId: zone.id,
        nodeCount: count,
      },
    ];
  });

  // Control plane: API server, etcd member, scheduler and controllers per replica, one zone each.
  const replicas = Array.from({ length: replicaCount }, (_, index): TopologyComponent => {
    const zone = zones[index % zones.length] as TopologyZone;
    return {
      id: `control-plane-${index + 1}`,
      kind: 'control-plane',
      name: highAvailability ? `Control plane replica ${index + 1}` : 'Control plane',
      details: highAvailability ? 'API server, etcd member, scheduler, controllers' : 'API server, etcd, scheduler, controllers (single replica)',
      zoneId: zone.id,
    };
  });

  components.push(...pools, ...replicas, {
    id: 'api-endpoint',
    kind: 'api-endpoint',
    name: 'Kubernetes API endpoint',
    details: `${kubernetesVersion ? `Kubernetes ${kubernetesVersion} · ` : ''}TLS on port 6443${highAvailability ? ', balanced over the replicas' : ''}`,
    zoneId: null,
  });
  components.push({ id: 'administrators', kind: 'administrators', name: 'Your team', details: 'kubectl, CI/CD pipelines and the KubeMarket console', zoneId: null });

  for (const pool of pools) {
    connections.push({ id: `load-balancer->${pool.id}`, from: 'load-balancer', to: pool.id, kind: 'traffic', label: 'Requests to the ingress controller on the nodes' });
  }
  for (const pool of pools) {
    // The kubelets report to the replica of their own zone when there is one.
    const replica = replicas.find((candidate) => candidate.zoneId === pool.zoneId) ?? (replicas[0] as TopologyComponent);
    connections.push({ id: `${pool.id}->${replica.id}`, from: pool.id, to: replica.id, kind: 'control', label: 'Kubelets report to the API server' });
  }
  connections.push({ id: 'administrators->api-endpoint', from: 'administrators', to: 'api-endpoint', kind: 'control', label: 'kubectl and API calls over TLS' });
  for (const replica of replicas) {
    connections.push({ id: `api-endpoint->${replica.id}`, from: 'api-endpoint', to: replica.id, kind: 'control', label: 'API requests to the API server' });
  }
  for (let index = 1; index < replicas.length; index++) {
    const from = replicas[index - 1] as TopologyComponent;
    const to = replicas[index] as TopologyComponent;
    connections.push({ id: `${from.id}<->${to.id}`, from: from.id, to: to.id, kind: 'replication', label: 'etcd replication (Raft)' });
  }

  return {
    title: `${tier.name} in ${region.name}`,
    region: { id: region.id, name: region.name, city: region.city, country: region.country },
    zones,
    network,
    controlPlane: { mode: tier.haControlPlane, highAvailability, replicas: replicaCount, slaBasisPoints: tier.slaBasisPoints, kubernetesVersion },
    components,
    connections,
    badges: [
      { label: 'etcd encrypted at rest', kind: 'security' },
      { label: 'Private network between nodes', kind: 'security' },
      ...region.certifications.map((certification): TopologyBadge => ({ label: certification, kind: 'certification' })),
    ],
  };
}
