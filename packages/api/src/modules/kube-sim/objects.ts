/**
 * A simulated cluster's Kubernetes objects, derived from what we store of it (ADR 32): its nodes
 * from the node rows (status, capacity, pool and zone), the system pods a Gardener shoot runs in
 * kube-system (DaemonSets on every node, a few Deployments placed on ready nodes), one Deployment
 * per installed add-on in a namespace of its own, the namespaces, and its activity as Events.
 * Names, addresses and uids are derived from stable hashes, so every read answers the same.
 */
import type { ClusterEventType, ClusterNetworking, ClusterNode, NodeStatus, NodeTaint } from '@kubemarket/db';
import { fnv1a, stableUid } from '@kubemarket/shared';
import { humanDuration, kubeTime, type KubeObject, type KubeResource, type TableColumn } from './kubernetes';

export interface SimulatedPool {
  id: string;
  name: string;
  flavorId: string;
  /** Nodes the pool asks for (its volumes follow it: storage-objects.ts). */
  count: number;
  labels: Record<string, string>;
  taints: NodeTaint[];
}

/** A node as its row stores it. */
export type SimulatedNode = Pick<ClusterNode, 'name' | 'poolId' | 'zone' | 'status' | 'kubeletVersion' | 'cpuMillicores' | 'memoryMib' | 'createdAt' | 'updatedAt'>;

export interface SimulatedCluster {
  id: string;
  name: string;
  region: string;
  kubernetesVersion: string;
  networking: Pick<ClusterNetworking, 'cni' | 'podCidr'>;
  createdAt: number;
  updatedAt: number;
  pools: SimulatedPool[];
  nodes: SimulatedNode[];
  addons: Array<{ id: string; name: string; installedAt: number }>;
}

export interface SimulatedEvent {
  id: string;
  type: ClusterEventType;
  message: string;
  createdAt: number;
}


/** The letters Kubernetes draws generated name suffixes from (no vowels, no look-alikes). */
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

function suffixOf(seed: string, length: number): string {
  let out = '';
  for (let index = 0; out.length < length; index += 1) {
    let value = fnv1a(`${seed}#${index}`);
    for (let digit = 0; digit < 4 && out.length < length; digit += 1) {
      out += SUFFIX_ALPHABET[value % SUFFIX_ALPHABET.length];
      value = Math.floor(value / SUFFIX_ALPHABET.length);
    }
  }
  return out;
}

function ipv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

function cidrBase(cidr: string): number {
  const [address = '10.244.0.0'] = cidr.split('/');
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return (10 << 24) | (244 << 16);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

/** Gardener's default node network: 10.250.0.0/16. */
function nodeAddress(cluster: SimulatedCluster, node: SimulatedNode): string {
  const slot = fnv1a(`${cluster.id}/${node.name}/ip`) % (256 * 250);
  return `10.250.${Math.floor(slot / 250)}.${(slot % 250) + 2}`;
}

/** Each node gets a /24 of the pod network, as the node IPAM controller gives out. */
function nodePodCidr(cluster: SimulatedCluster, node: SimulatedNode): { cidr: string; base: number } {
  const base = (cidrBase(cluster.networking.podCidr) + (fnv1a(`${cluster.id}/${node.name}/pods`) % 256) * 256) >>> 0;
  return { cidr: `${ipv4(base)}/24`, base };
}

function resourceVersion(epochMs: number): string {
  return String(Math.floor(epochMs));
}

// ------------------------------------------------------------------------------------------------
// Nodes

/** Kubelet and OS reservations Gardener makes on a worker (cpu in millicores, memory in MiB). */
const RESERVED_CPU_MILLICORES = 80;
const RESERVED_MEMORY_MIB = 1024 + 100;

export type NodeObject = KubeObject & {
  kind: 'Node';
  apiVersion: 'v1';
  spec: { podCIDR: string; podCIDRs: string[]; providerID: string; taints?: NodeTaint[]; unschedulable?: boolean };
  status: {
    capacity: Record<string, string>;
    allocatable: Record<string, string>;
    conditions: Array<{ type: string; status: 'True' | 'False' | 'Unknown'; reason: string; message: string; lastHeartbeatTime: string; lastTransitionTime: string }>;
    addresses: Array<{ type: string; address: string }>;
    nodeInfo: Record<string, string>;
  };
};

const READY_CONDITION: Record<NodeStatus, { status: 'True' | 'False' | 'Unknown'; reason: string; message: string }> = {
  ready: { status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
  draining: { status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
  joining: { status: 'False', reason: 'KubeletNotReady', message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady' },
  not_ready: { status: 'False', reason: 'KubeletNotReady', message: 'the node failed its readiness checks' },
  hibernated: { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status: the cluster is hibernated.' },
};

export function nodeObject(cluster: SimulatedCluster, node: SimulatedNode, now: number): NodeObject {
  const pool = cluster.pools.find((candidate) => candidate.id === node.poolId);
  const pods = nodePodCidr(cluster, node);
  const memoryKi = node.memoryMib * 1024;
  const ready = READY_CONDITION[node.status];
  const heartbeat = kubeTime(node.status === 'hibernated' ? node.updatedAt : Math.max(node.updatedAt, now - 10_000));
  const pressure = (type: string, reason: string, message: string) => ({ type, status: 'False' as const, reason, message, lastHeartbeatTime: heartbeat, lastTransitionTime: kubeTime(node.createdAt) });
  const taints: NodeTaint[] = [...(pool?.taints ?? [])];
  if (node.status === 'draining') taints.push({ key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' });
  if (node.status === 'joining' || node.status === 'not_ready') taints.push({ key: 'node.kubernetes.io/not-ready', value: '', effect: 'NoSchedule' });
  const capacity = { cpu: String(node.cpuMillicores / 1000), memory: `${memoryKi}Ki`, pods: '110', 'ephemeral-storage': '50620216Ki' };
  return {
    kind: 'Node',
    apiVersion: 'v1',
    metadata: {
      name: node.name,
      uid: stableUid(`${cluster.id}/node/${node.name}`),
      resourceVersion: resourceVersion(node.updatedAt),
      creationTimestamp: kubeTime(node.createdAt),
      labels: {
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': node.name,
        'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': pool?.flavorId ?? 'unknown',
        'topology.kubernetes.io/region': cluster.region,
        'topology.kubernetes.io/zone': node.zone,
        // Gardener's label of a worker pool.
        ...(pool ? { 'worker.gardener.cloud/pool': pool.name } : {}),
        ...pool?.labels,
      },
    },
    spec: {
      podCIDR: pods.cidr,
      podCIDRs: [pods.cidr],
      providerID: `kubemarket://${cluster.region}/${node.name}`,
      ...(taints.length > 0 ? { taints: taints.map(({ key, value, effect }) => (value ? { key, value, effect } : { key, effect }) as NodeTaint) } : {}),
      ...(node.status === 'draining' ? { unschedulable: true } : {}),
    },
    status: {
      capacity,
      allocatable: {
        ...capacity,
        cpu: `${Math.max(0, node.cpuMillicores - RESERVED_CPU_MILLICORES)}m`,
        memory: `${Math.max(0, memoryKi - RESERVED_MEMORY_MIB * 1024)}Ki`,
      },
      conditions: [
        pressure('MemoryPressure', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        pressure('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        pressure('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        { type: 'Ready', ...ready, lastHeartbeatTime: heartbeat, lastTransitionTime: kubeTime(node.updatedAt) },
      ],
      addresses: [
        { type: 'InternalIP', address: nodeAddress(cluster, node) },
        { type: 'Hostname', address: node.name },
      ],
      nodeInfo: {
        machineID: stableUid(`${cluster.id}/machine/${node.name}`).replaceAll('-', ''),
        systemUUID: stableUid(`${cluster.id}/system/${node.name}`),
        bootID: stableUid(`${cluster.id}/boot/${node.name}/${node.createdAt}`),
        kernelVersion: '6.12.44-cloud-amd64',
        osImage: 'Garden Linux 1877.3',
        containerRuntimeVersion: 'containerd://2.1.4',
        kubeletVersion: `v${node.kubeletVersion}`,
        kubeProxyVersion: `v${node.kubeletVersion}`,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}

function nodeStatusCell(node: NodeObject): string {
  const ready = node.status.conditions.find((condition) => condition.type === 'Ready')?.status === 'True' ? 'Ready' : 'NotReady';
  return node.spec.unschedulable ? `${ready},SchedulingDisabled` : ready;
}

function nodeRoles(node: NodeObject): string {
  const roles = Object.keys(node.metadata.labels ?? {}).flatMap((label) => (label.startsWith('node-role.kubernetes.io/') ? [label.slice('node-role.kubernetes.io/'.length)] : []));
  return roles.length > 0 ? roles.sort().join(',') : '<none>';
}

const nameColumn = (kind: string) => ({ name: 'Name', type: 'string', format: 'name', description: `Name of the ${kind}.`, priority: 0 }) as const;
/** A column of text; priority 1 shows only with `-o wide`. */
const column = (name: string, description: string, priority: TableColumn['priority'] = 0): TableColumn => ({ name, type: 'string', description, priority });
const ageColumn = column('Age', 'Time since the object was created.');
const age = (object: KubeObject, now: number) => humanDuration(now - Date.parse(object.metadata.creationTimestamp));

export const NODES: KubeResource<NodeObject> = {
  name: 'nodes',
  kind: 'Node',
  namespaced: false,
  shortNames: ['no'],
  columns: [
    nameColumn('node'),
    column('Status', 'The status of the node.'),
    column('Roles', 'The roles of the node.'),
    ageColumn,
    column('Version', 'Kubelet version.'),
    column('Internal-IP', "The node's internal address.", 1),
    column('External-IP', "The node's external address.", 1),
    column('OS-Image', 'OS image reported by the node.', 1),
    column('Kernel-Version', 'Kernel version reported by the node.', 1),
    column('Container-Runtime', 'Container runtime reported by the node.', 1),
  ],
  cells: (node, now) => [
    node.metadata.name,
    nodeStatusCell(node),
    nodeRoles(node),
    age(node, now),
    node.status.nodeInfo.kubeletVersion!,
    node.status.addresses.find((address) => address.type === 'InternalIP')?.address ?? '<none>',
    '<none>',
    node.status.nodeInfo.osImage!,
    node.status.nodeInfo.kernelVersion!,
    node.status.nodeInfo.containerRuntimeVersion!,
  ],
  fields: { 'spec.unschedulable': (node) => String(node.spec.unschedulable === true) },
};

// ------------------------------------------------------------------------------------------------
// Pods

export type PodObject = KubeObject & {
  kind: 'Pod';
  apiVersion: 'v1';
  spec: { nodeName?: string; containers: Array<{ name: string; image: string }> };
  status: {
    phase: 'Running' | 'Pending';
    conditions: Array<{ type: string; status: 'True' | 'False' }>;
    hostIP?: string;
    podIP?: string;
    startTime?: string;
    containerStatuses: Array<{ name: string; image: string; ready: boolean; restartCount: number; started: boolean; state: Record<string, unknown> }>;
  };
};

interface Workload {
  name: string;
  namespace: string;
  container: string;
  image: string;
  labels: Record<string, string>;
  /** When it appeared: the cluster's creation, or an add-on's installation. */
  since: number;
}

function podObject(cluster: SimulatedCluster, workload: Workload, name: string, node: SimulatedNode | undefined, ordinal: number): PodObject {
  const created = Math.max(workload.since, node?.createdAt ?? workload.since);
  const running = node !== undefined && (node.status === 'ready' || node.status === 'draining');
  const hostNetwork = workload.namespace === 'kube-system' && ['kube-proxy', 'calico-node', 'cilium', 'node-exporter'].includes(workload.container);
  const podIp = node ? (hostNetwork ? nodeAddress(cluster, node) : ipv4(nodePodCidr(cluster, node).base + 2 + (fnv1a(`${name}/ip`) % 250))) : undefined;
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: {
      name,
      namespace: workload.namespace,
      uid: stableUid(`${cluster.id}/pod/${workload.namespace}/${name}`),
      resourceVersion: resourceVersion(Math.max(created, node?.updatedAt ?? 0)),
      creationTimestamp: kubeTime(created),
      labels: { ...workload.labels, 'pod-template-hash': suffixOf(`${cluster.id}/${workload.name}/template`, 10) },
    },
    spec: { ...(node ? { nodeName: node.name } : {}), containers: [{ name: workload.container, image: workload.image }] },
    status: {
      phase: running ? 'Running' : 'Pending',
      conditions: [
        { type: 'PodScheduled', status: node ? 'True' : 'False' },
        { type: 'Initialized', status: node ? 'True' : 'False' },
        { type: 'ContainersReady', status: running ? 'True' : 'False' },
        { type: 'Ready', status: running ? 'True' : 'False' },
      ],
      ...(node ? { hostIP: nodeAddress(cluster, node), podIP: podIp, startTime: kubeTime(created) } : {}),
      containerStatuses: [
        {
          name: workload.container,
          image: workload.image,
          ready: running,
          restartCount: 0,
          started: running,
          state: running ? { running: { startedAt: kubeTime(created + 5_000 + ordinal * 1_000) } } : { waiting: { reason: node ? 'ContainerCreating' : 'Pending' } },
        },
      ],
    },
  };
}

/** What every node runs (DaemonSets of kube-system). */
function daemonSets(cluster: SimulatedCluster): Workload[] {
  const version = `v${cluster.kubernetesVersion}`;
  const cni: Workload =
    cluster.networking.cni === 'cilium'
      ? { name: 'cilium', namespace: 'kube-system', container: 'cilium', image: 'quay.io/cilium/cilium:v1.18.2', labels: { 'k8s-app': 'cilium' }, since: cluster.createdAt }
      : { name: 'calico-node', namespace: 'kube-system', container: 'calico-node', image: 'quay.io/calico/node:v3.30.3', labels: { 'k8s-app': 'calico-node' }, since: cluster.createdAt };
  return [
    cni,
    { name: 'csi-driver-node', namespace: 'kube-system', container: 'csi-driver', image: 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.14.0', labels: { app: 'csi', role: 'disk-driver' }, since: cluster.createdAt },
    { name: 'kube-proxy', namespace: 'kube-system', container: 'kube-proxy', image: `registry.k8s.io/kube-proxy:${version}`, labels: { app: 'kubernetes', role: 'proxy' }, since: cluster.createdAt },
    { name: 'node-exporter', namespace: 'kube-system', container: 'node-exporter', image: 'quay.io/prometheus/node-exporter:v1.9.1', labels: { component: 'node-exporter' }, since: cluster.createdAt },
    { name: 'node-problem-detector', namespace: 'kube-system', container: 'node-problem-detector', image: 'registry.k8s.io/node-problem-detector/node-problem-detector:v0.8.21', labels: { app: 'node-problem-detector' }, since: cluster.createdAt },
  ];
}

/** The Deployments of kube-system (the control plane itself runs outside the cluster, as on Gardener), with their replicas. */
function deployments(cluster: SimulatedCluster): Array<{ workload: Workload; replicas: number }> {
  const system = (name: string, image: string, labels: Record<string, string>, replicas = 1) => ({
    workload: { name, namespace: 'kube-system', container: name, image, labels, since: cluster.createdAt },
    replicas,
  });
  return [
    system('coredns', 'registry.k8s.io/coredns/coredns:v1.12.3', { 'k8s-app': 'kube-dns' }, 2),
    system('metrics-server', 'registry.k8s.io/metrics-server/metrics-server:v0.8.0', { 'k8s-app': 'metrics-server' }),
    cluster.networking.cni === 'cilium'
      ? system('cilium-operator', 'quay.io/cilium/operator-generic:v1.18.2', { 'io.cilium/app': 'operator' })
      : system('calico-kube-controllers', 'quay.io/calico/kube-controllers:v3.30.3', { 'k8s-app': 'calico-kube-controllers' }),
    system('vpn-shoot', 'europe-docker.pkg.dev/gardener-project/releases/gardener/vpn-client:0.41.1', { app: 'vpn-shoot' }),
    ...cluster.addons.map((addon) => {
      const name = addonNamespace(addon.id);
      return { workload: { name, namespace: name, container: name, image: `registry.kubemarket.eu/addons/${name}:stable`, labels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/managed-by': 'kubemarket' }, since: addon.installedAt }, replicas: 1 };
    }),
  ];
}

/** "addon_cert_manager" → "cert-manager". */
export function addonNamespace(addonId: string): string {
  return addonId.replace(/^addon_/, '').replaceAll('_', '-');
}

export function podObjects(cluster: SimulatedCluster): PodObject[] {
  const nodes = cluster.nodes.filter((node) => node.status !== 'hibernated');
  const schedulable = nodes.filter((node) => node.status === 'ready');
  const pods: PodObject[] = [];
  for (const workload of daemonSets(cluster)) {
    nodes.forEach((node, index) => pods.push(podObject(cluster, workload, `${workload.name}-${suffixOf(`${cluster.id}/${workload.name}/${node.name}`, 5)}`, node, index)));
  }
  for (const { workload, replicas } of deployments(cluster)) {
    const replicaSet = suffixOf(`${cluster.id}/${workload.name}/template`, 10);
    const first = fnv1a(`${cluster.id}/${workload.name}/placement`);
    for (let replica = 0; replica < replicas; replica += 1) {
      // Replicas spread over the ready nodes; with none ready, they wait unscheduled.
      const node = schedulable.length > 0 ? schedulable[(first + replica) % schedulable.length] : undefined;
      pods.push(podObject(cluster, workload, `${workload.name}-${replicaSet}-${suffixOf(`${cluster.id}/${workload.name}/${replica}`, 5)}`, node, replica));
    }
  }
  return pods.sort((a, b) => (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') || a.metadata.name.localeCompare(b.metadata.name));
}

export const PODS: KubeResource<PodObject> = {
  name: 'pods',
  kind: 'Pod',
  namespaced: true,
  shortNames: ['po'],
  columns: [
    nameColumn('pod'),
    column('Ready', 'The number of containers ready.'),
    column('Status', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'The number of times the containers in this pod have been restarted.'),
    ageColumn,
    column('IP', 'IP address allocated to the pod.', 1),
    column('Node', 'Name of the node the pod is assigned to.', 1),
    column('Nominated Node', 'Name of the node the pod is nominated to.', 1),
    column('Readiness Gates', 'The readiness gates of the pod.', 1),
  ],
  cells: (pod, now) => {
    const statuses = pod.status.containerStatuses;
    const waiting = statuses.find((status) => 'waiting' in status.state)?.state.waiting as { reason: string } | undefined;
    return [
      pod.metadata.name,
      `${statuses.filter((status) => status.ready).length}/${pod.spec.containers.length}`,
      waiting?.reason ?? pod.status.phase,
      String(statuses.reduce((sum, status) => sum + status.restartCount, 0)),
      age(pod, now),
      pod.status.podIP ?? '<none>',
      pod.spec.nodeName ?? '<none>',
      '<none>',
      '<none>',
    ];
  },
  fields: { 'spec.nodeName': (pod) => pod.spec.nodeName ?? '', 'status.phase': (pod) => pod.status.phase },
};

// ------------------------------------------------------------------------------------------------
// Namespaces

export type NamespaceObject = KubeObject & { kind: 'Namespace'; apiVersion: 'v1'; spec: { finalizers: string[] }; status: { phase: 'Active' } };

export function namespaceObjects(cluster: SimulatedCluster): NamespaceObject[] {
  const namespace = (name: string, since: number): NamespaceObject => ({
    kind: 'Namespace',
    apiVersion: 'v1',
    metadata: { name, uid: stableUid(`${cluster.id}/namespace/${name}`), resourceVersion: resourceVersion(since), creationTimestamp: kubeTime(since), labels: { 'kubernetes.io/metadata.name': name } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  const system = ['default', 'kube-node-lease', 'kube-public', 'kube-system'].map((name) => namespace(name, cluster.createdAt));
  const addons = cluster.addons.map((addon) => namespace(addonNamespace(addon.id), addon.installedAt));
  return [...system, ...addons].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

export const NAMESPACES: KubeResource<NamespaceObject> = {
  name: 'namespaces',
  kind: 'Namespace',
  namespaced: false,
  shortNames: ['ns'],
  columns: [nameColumn('namespace'), column('Status', 'The status of the namespace.'), ageColumn],
  cells: (namespace, now) => [namespace.metadata.name, namespace.status.phase, age(namespace, now)],
  fields: { 'status.phase': (namespace) => namespace.status.phase },
};

// ------------------------------------------------------------------------------------------------
// Events

export type EventObject = KubeObject & {
  kind: 'Event';
  apiVersion: 'v1';
  involvedObject: { kind: string; apiVersion: string; name: string };
  reason: string;
  message: string;
  type: 'Normal' | 'Warning';
  source: { component: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
  reportingComponent: string;
  reportingInstance: string;
};

const WARNINGS: ReadonlySet<ClusterEventType> = new Set(['step_retrying', 'step_failed', 'operation_failed']);

/** Cluster activity is told in the default namespace, about the cluster itself. */
export const EVENTS_NAMESPACE = 'default';

export function eventObject(cluster: Pick<SimulatedCluster, 'id' | 'name'>, event: SimulatedEvent): EventObject {
  const at = kubeTime(event.createdAt);
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: {
      // The API server names an event after its object and a hex timestamp-like suffix.
      name: `${cluster.name}.${fnv1a(event.id).toString(16).padStart(8, '0')}${fnv1a(`${event.id}/2`).toString(16).padStart(8, '0')}`,
      namespace: EVENTS_NAMESPACE,
      uid: stableUid(`${cluster.id}/event/${event.id}`),
      resourceVersion: resourceVersion(event.createdAt),
      creationTimestamp: at,
    },
    involvedObject: { kind: 'Cluster', apiVersion: 'kubemarket.eu/v1', name: cluster.name },
    // "kubeconfig_issued" → "KubeconfigIssued", as Kubernetes reasons read.
    reason: event.type.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(''),
    message: event.message,
    type: WARNINGS.has(event.type) ? 'Warning' : 'Normal',
    source: { component: 'kubemarket' },
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
    reportingComponent: 'kubemarket',
    reportingInstance: '',
  };
}

export const EVENTS: KubeResource<EventObject> = {
  name: 'events',
  kind: 'Event',
  namespaced: true,
  shortNames: ['ev'],
  columns: [
    column('Last Seen', 'When the event was last seen.'),
    column('Type', 'Normal or Warning.'),
    column('Reason', 'Why the event happened, in one word.'),
    column('Object', 'The object the event is about.'),
    column('Subobject', 'The part of the object it is about.', 1),
    column('Source', 'The component that reported it.', 1),
    column('Message', 'What happened.'),
    column('First Seen', 'When the event was first seen.', 1),
    column('Count', 'How many times it happened.', 1),
    { ...nameColumn('event'), priority: 1 },
  ],
  cells: (event, now) => [
    humanDuration(now - Date.parse(event.lastTimestamp)),
    event.type,
    event.reason,
    `${event.involvedObject.kind.toLowerCase()}/${event.involvedObject.name}`,
    '',
    event.source.component,
    event.message,
    humanDuration(now - Date.parse(event.firstTimestamp)),
    String(event.count),
    event.metadata.name,
  ],
  fields: {
    'involvedObject.kind': (event) => event.involvedObject.kind,
    'involvedObject.name': (event) => event.involvedObject.name,
    'involvedObject.namespace': () => '',
    'involvedObject.uid': () => '',
    reason: (event) => event.reason,
    type: (event) => event.type,
  },
};
