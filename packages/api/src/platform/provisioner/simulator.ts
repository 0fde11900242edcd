import { clusterEndpoint, clusterNodeName, fnv1a } from '@kubemarket/shared';
import type { ClusterSpec, NodeState, PoolSpec, ProvisionerPort, StepContext, StepOutcome } from './port';
import { simulatedLeftovers, simulatedVolumes } from './simulator-leftovers';
import { planOperation } from './steps';

/** The PKI (X.509 and YAML, about 0.6 MiB of the Worker's bundle), evaluated on first use rather than at every isolate's start (ADR 50). */
const pki = () => import('./pki');

/**
 * The embedded provisioner (ADR 7): a managed control plane that behaves like a real one without a
 * cloud behind it. Each step takes its planned time (divided by `speed`), nodes join, drain and roll
 * one at a time, the control plane gets an endpoint and its own CA, and kubeconfigs are real x509.
 * Like the sandbox's test cards, cluster names inject failures when `nameFailures` is on:
 * `fail-at-<step>-…` fails that step on every attempt, `flaky-<step>-…` only on the first.
 */

export interface SimulatorOptions {
  /** 1: real durations (about two to three minutes for a small cluster); 60: a minute becomes a second. */
  speed?: number;
  /** Failure injection by cluster name (development and tests; never in production). */
  nameFailures?: boolean;
  /**
   * The local API gateway's URL (development only, ADR 32): kubeconfigs point there, and it serves
   * a read-only Kubernetes API for each simulated cluster. Without it no API server answers.
   */
  apiGatewayUrl?: string;
}

export { CLUSTER_ENDPOINT_DOMAIN as SIMULATOR_ENDPOINT_DOMAIN } from '@kubemarket/shared';

const FAILURE_NAME = /^(fail-at|flaky)-(validate|network|control-plane|etcd|api-endpoint|pool|cni|addons|health|upgrade|delete)(-|$)/;

const FAILURE_REASONS: Record<string, string> = {
  validate: 'The configuration was refused: the region has no capacity for this node flavour right now.',
  network: 'The private network could not be reserved: the region ran out of addresses in the requested range.',
  control_plane: 'The control plane did not start: its virtual machines failed their boot checks.',
  etcd: 'etcd did not form a quorum in time.',
  api_endpoint: 'The API endpoint could not get a public address.',
  pool: 'Nodes did not join the cluster: the machines could not reach the API server.',
  cni: 'The network plugin did not become ready on every node.',
  addons: 'An add-on failed its installation checks.',
  health: 'Health checks failed: the cluster DNS did not answer.',
  upgrade: 'The upgraded nodes did not pass their readiness checks.',
  delete: 'The load balancers could not be released yet.',
};

/** A step key's family: "pool:npl_1" → "pool", "control_plane_upgrade" → "upgrade". */
function family(key: string): string {
  if (key.startsWith('pool:') || key.startsWith('upgrade:')) return key.startsWith('pool:') ? 'pool' : 'upgrade';
  if (key === 'control_plane_upgrade') return 'upgrade';
  if (key.startsWith('delete') || key === 'release') return 'delete';
  return key;
}

function injectedFailure(context: StepContext): string | null {
  const match = FAILURE_NAME.exec(context.cluster.name);
  if (!match) return null;
  const [, mode, step] = match;
  if (family(context.step.key) !== step!.replaceAll('-', '_')) return null;
  if (mode === 'flaky' && context.step.attempts > 0) return null;
  return FAILURE_REASONS[family(context.step.key)] ?? 'The step failed.';
}

/** The nth node of a pool: the same name every time it exists, e.g. "webshop-prod-default-k3x9q". */
export function nodeName(cluster: Pick<ClusterSpec, 'name'>, pool: Pick<PoolSpec, 'id' | 'name'>, index: number): string {
  return clusterNodeName(cluster.name, pool, index);
}

function nodeOf(cluster: ClusterSpec, pool: PoolSpec, index: number, status: NodeState['status'], kubeletVersion = pool.kubernetesVersion): NodeState {
  return {
    name: nodeName(cluster, pool, index),
    poolId: pool.id,
    zone: cluster.zones[index % cluster.zones.length] ?? cluster.region,
    status,
    kubeletVersion,
    cpuMillicores: pool.machine.vcpu * 1000,
    memoryMib: pool.machine.memoryGb * 1024,
    cpuUsagePercent: 0,
    memoryUsagePercent: 0,
  };
}

export function endpointOf(cluster: Pick<ClusterSpec, 'id' | 'name' | 'region'>): string {
  return clusterEndpoint(cluster);
}

export function simulatorProvisioner(options: SimulatorOptions = {}): ProvisionerPort {
  const speed = options.speed && options.speed > 0 ? options.speed : 1;

  /** How far through its planned time the step is, and how long until the next of `parts` is due. */
  function progressOf(context: StepContext, parts: number) {
    const estimate = context.step.estimateMs;
    const elapsed = Math.max(0, context.now - (context.step.startedAt ?? context.now));
    const per = estimate / Math.max(1, parts);
    const done = Math.min(parts, Math.floor(elapsed / per + 1e-9));
    const retryInMs = Math.max(1, Math.ceil((done + 1) * per - elapsed));
    return { done, retryInMs, finished: elapsed >= estimate };
  }

  function poolOf(context: StepContext, id: string): PoolSpec | undefined {
    return context.cluster.pools.find((pool) => pool.id === id) ?? (context.operation.params.pool?.id === id ? poolFromParams(context) : undefined);
  }

  /** add_pool: the new pool is in the operation's params until the engine stores it. */
  function poolFromParams(context: StepContext): PoolSpec | undefined {
    const pool = context.operation.params.pool;
    const machine = context.cluster.pools[0]?.machine;
    if (!pool || !machine) return undefined;
    return { ...pool, machine, kubernetesVersion: context.cluster.kubernetesVersion };
  }

  /**
   * Brings a pool to `target` nodes one at a time: a node joins, is ready at the next call, and the
   * next one joins; or the last node drains and is gone at the next call. The stored nodes are the
   * only state: the nodes this call changes were stored by the last one, so how many there were
   * when the step began is never needed (it is not known either, once the first node has moved).
   * The time left is shared out evenly among the nodes still to move.
   */
  function resizePool(context: StepContext, pool: PoolSpec, target: number): StepOutcome {
    const current = context.nodes.filter((node) => node.poolId === pool.id);
    const { finished } = progressOf(context, 1);
    const remainingMs = Math.max(0, (context.step.startedAt ?? context.now) + context.step.estimateMs - context.now);
    const nodes = (count: number) => `${count} ${count === 1 ? 'node' : 'nodes'}`;
    if (current.length <= target) {
      if (finished) {
        const upsertNodes: NodeState[] = [];
        for (let index = 0; index < target; index += 1) {
          const node = current.find((candidate) => candidate.name === nodeName(context.cluster, pool, index));
          if (!node || node.status === 'joining') upsertNodes.push(nodeOf(context.cluster, pool, index, 'ready'));
        }
        return { kind: 'done', detail: `${target} of ${nodes(target)} ready`, changes: { upsertNodes } };
      }
      const upsertNodes: NodeState[] = current.flatMap((node) => (node.status === 'joining' ? [{ ...node, status: 'ready' as const }] : []));
      const settled = current.length;
      if (settled < target) upsertNodes.push(nodeOf(context.cluster, pool, settled, 'joining'));
      return {
        kind: 'progress',
        detail: `${settled} of ${nodes(target)} ready`,
        retryInMs: Math.max(1, Math.ceil(remainingMs / Math.max(1, target - settled))),
        changes: { upsertNodes },
      };
    }
    const names = current.map((node) => node.name);
    if (finished) return { kind: 'done', detail: `${nodes(target)} left`, changes: { removeNodes: names.slice(target) } };
    const drained = current.filter((node) => node.status === 'draining').map((node) => node.name);
    const staying = current.filter((node) => node.status !== 'draining');
    const next = staying.length > target ? [{ ...staying[staying.length - 1]!, status: 'draining' as const }] : [];
    return {
      kind: 'progress',
      detail: `${nodes(staying.length - next.length)} left, ${target} wanted`,
      retryInMs: Math.max(1, Math.ceil(remainingMs / Math.max(1, staying.length - target))),
      changes: { removeNodes: drained, upsertNodes: next },
    };
  }

  /** Moves every node of `nodes` to a status (or version), one at a time across the step. */
  function rollNodes(context: StepContext, nodes: NodeState[], change: (node: NodeState) => NodeState, verb: string): StepOutcome {
    const { done, retryInMs, finished } = progressOf(context, Math.max(1, nodes.length));
    const count = finished ? nodes.length : done;
    const upsertNodes = nodes.slice(0, count).map(change);
    const detail = `${count} of ${nodes.length} ${nodes.length === 1 ? 'node' : 'nodes'} ${verb}`;
    return finished ? { kind: 'done', detail, changes: { upsertNodes } } : { kind: 'progress', detail, retryInMs, changes: { upsertNodes } };
  }

  async function timed(context: StepContext, whenDone: () => Promise<StepOutcome> | StepOutcome): Promise<StepOutcome> {
    const { finished } = progressOf(context, 1);
    if (!finished) {
      const remaining = Math.max(1, (context.step.startedAt ?? context.now) + context.step.estimateMs - context.now);
      return { kind: 'progress', detail: context.step.detail ?? 'In progress', retryInMs: remaining };
    }
    return whenDone();
  }

  return {
    kind: 'simulator',
    timeScale: 1 / speed,

    plan: (cluster, operation) => planOperation(cluster, operation, speed),

    async runStep(context) {
      const key = context.step.key;
      if (options.nameFailures) {
        const failure = injectedFailure(context);
        if (failure && progressOf(context, 1).finished) return { kind: 'failed', reason: failure, retryable: true };
      }
      const { cluster, operation } = context;
      const [kind, poolId] = key.includes(':') ? (key.split(':') as [string, string]) : [key, ''];

      if (kind === 'pool') {
        const pool = poolOf(context, poolId);
        if (!pool) return { kind: 'failed', reason: 'The node pool no longer exists.', retryable: false };
        const target = operation.type === 'scale_pool' ? (operation.params.count ?? pool.count) : pool.count;
        return resizePool(context, pool, target);
      }
      if (kind === 'drain') {
        const nodes = context.nodes.filter((node) => node.poolId === poolId);
        return rollNodes(context, nodes, (node) => ({ ...node, status: 'draining' }), 'drained');
      }
      if (kind === 'remove') {
        return timed(context, () => ({ kind: 'done', detail: 'Node pool removed', changes: { removeNodes: context.nodes.filter((node) => node.poolId === poolId).map((node) => node.name) } }));
      }
      if (kind === 'upgrade') {
        const to = operation.params.toVersion ?? cluster.kubernetesVersion;
        const nodes = context.nodes.filter((node) => node.poolId === poolId);
        return rollNodes(context, nodes, (node) => ({ ...node, kubeletVersion: to, status: 'ready' }), `on ${to}`);
      }
      switch (kind) {
        case 'api_endpoint':
          return timed(context, async () => ({
            kind: 'done',
            detail: endpointOf(cluster),
            changes: { endpoint: endpointOf(cluster), ca: await (await pki()).createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now: context.now }) },
          }));
        case 'scale_down':
          return rollNodes(context, context.nodes, (node) => ({ ...node, status: 'hibernated', cpuUsagePercent: 0, memoryUsagePercent: 0 }), 'stopped');
        case 'scale_up':
          return rollNodes(context, context.nodes, (node) => ({ ...node, status: 'ready' }), 'started');
        case 'delete_nodes': {
          const { done, retryInMs, finished } = progressOf(context, Math.max(1, context.nodes.length));
          const names = context.nodes.map((node) => node.name);
          const removeNodes = finished ? names : names.slice(0, done);
          const detail = `${removeNodes.length} of ${names.length} ${names.length === 1 ? 'node' : 'nodes'} deleted`;
          return finished ? { kind: 'done', detail, changes: { removeNodes } } : { kind: 'progress', detail, retryInMs, changes: { removeNodes } };
        }
        default:
          return timed(context, () => ({ kind: 'done' }));
      }
    },

    issueKubeconfig: async (request) => (await pki()).simulatorKubeconfig(request, options.apiGatewayUrl),

    apiServer: (endpoint) => (endpoint && options.apiGatewayUrl ? { url: options.apiGatewayUrl, tlsServerName: new URL(endpoint).hostname } : null),

    async rotateCredentials(cluster, now) {
      return { ca: await (await pki()).createClusterCa({ clusterName: cluster.name, clusterId: cluster.id, now }) };
    },

    nodeUsage(node, now) {
      if (node.status !== 'ready') return { cpuUsagePercent: 0, memoryUsagePercent: 0 };
      // Changes every five minutes, differs per node, stays in a plausible band.
      const slot = Math.floor(now / 300_000);
      return { cpuUsagePercent: 12 + (fnv1a(`${node.name}/cpu/${slot}`) % 60), memoryUsagePercent: 30 + (fnv1a(`${node.name}/mem/${slot}`) % 50) };
    },
    usageMetrics(cluster, hourStart) {
      // Deterministic per cluster and hour, so a repeated or late metering run reads the same figures:
      // the cluster's volumes (20–40 GB per node), and 0–2 GB of egress per node each hour (less at night, UTC).
      const nodes = cluster.pools.reduce((sum, pool) => sum + pool.count, 0);
      const storageGb = simulatedVolumes(cluster).reduce((sum, volume) => sum + volume.sizeGb, 0);
      const hourOfDay = new Date(hourStart).getUTCHours();
      const dayFactor = hourOfDay >= 7 && hourOfDay < 20 ? 1 : 0.25;
      const egressPerNode = ((fnv1a(`${cluster.id}/egress/${hourStart}`) % 2001) / 1000) * dayFactor;
      return { storageGb, egressGb: Math.round(nodes * egressPerNode * 1000) / 1000 };
    },

    leftovers: async (scope) => simulatedLeftovers(scope),
  };
}
