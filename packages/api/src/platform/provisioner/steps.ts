import { CLUSTER_STEP_SECONDS, CNI_NAMES } from '@kubemarket/shared';
import type { ClusterSpec, OperationInput, PlannedStep } from './port';

/**
 * The steps of each operation and how long each takes at speed 1 (a real managed control plane:
 * about two to three minutes for a small cluster). Both adapters plan with it, so the screens show
 * the same steps whichever runs the cluster; the simulator divides the durations by its speed.
 */

const SECOND = 1000;

/** Seconds each step takes at speed 1 (shared with the seed, which replays the demo clusters' history). */
export const STEP_SECONDS = CLUSTER_STEP_SECONDS;

/** Seconds of a managed middleware's steps at speed 1 (an operator such as CloudNativePG, ADR 31). */
const MIDDLEWARE_SECONDS = { volumes: 20, instances: 30, replication: 30, credentials: 5, backups: 10, endpoint: 10, resize: 60, restore: 90, delete: 25, health: 10 } as const;

function step(key: string, label: string, seconds: number, speed: number): PlannedStep {
  return { key, label, estimateMs: Math.max(1, Math.round((seconds * SECOND) / speed)) };
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function planOperation(cluster: ClusterSpec, operation: OperationInput, speed = 1): PlannedStep[] {
  const s = (key: string, label: string, seconds: number) => step(key, label, seconds, speed);
  const params = operation.params;
  const poolOf = (id: string | undefined) => cluster.pools.find((pool) => pool.id === id);
  const nodes = cluster.pools.reduce((sum, pool) => sum + pool.count, 0);
  switch (operation.type) {
    case 'provision': {
      const addons = params.addonIds ?? [];
      return [
        s('validate', 'Validating the configuration', STEP_SECONDS.validate),
        s('network', 'Reserving the private network', STEP_SECONDS.network),
        s(
          'control_plane',
          cluster.highAvailability ? 'Starting the control plane (3 replicas across zones)' : 'Starting the control plane',
          cluster.highAvailability ? STEP_SECONDS.controlPlaneHa : STEP_SECONDS.controlPlane,
        ),
        s('etcd', 'Creating etcd with encrypted backups', STEP_SECONDS.etcd),
        s('api_endpoint', 'Publishing the API endpoint', STEP_SECONDS.apiEndpoint),
        ...cluster.pools.map((pool) =>
          s(`pool:${pool.id}`, `Node pool ${pool.name}: ${plural(pool.count, 'node')} joining`, STEP_SECONDS.nodeJoin * pool.count),
        ),
        s('cni', `Installing the network plugin (${CNI_NAMES[cluster.networking.cni]})`, STEP_SECONDS.cni),
        ...(addons.length > 0 ? [s('addons', `Installing ${plural(addons.length, 'add-on')}`, STEP_SECONDS.addon * addons.length)] : []),
        s('health', 'Running health checks', STEP_SECONDS.health),
        s('ready', 'Cluster ready', STEP_SECONDS.ready),
      ];
    }
    case 'scale_pool': {
      const pool = poolOf(params.poolId);
      const from = pool?.count ?? 0;
      const to = params.count ?? from;
      const name = pool?.name ?? 'the pool';
      const changed = Math.abs(to - from);
      return [
        s(
          `pool:${params.poolId}`,
          to === from ? `Node pool ${name}: applying autoscaling limits` : `Node pool ${name}: ${from} → ${plural(to, 'node')}`,
          to > from ? STEP_SECONDS.nodeJoin * changed : STEP_SECONDS.nodeDrain * Math.max(1, changed),
        ),
        s('health', 'Running health checks', STEP_SECONDS.health),
      ];
    }
    case 'add_pool': {
      const pool = params.pool;
      const count = pool?.count ?? 0;
      return [
        s(`pool:${pool?.id}`, `Node pool ${pool?.name ?? ''}: ${plural(count, 'node')} joining`, STEP_SECONDS.nodeJoin * count),
        s('health', 'Running health checks', STEP_SECONDS.health),
      ];
    }
    case 'remove_pool': {
      const pool = poolOf(params.poolId);
      const count = pool?.count ?? 0;
      return [
        s(`drain:${params.poolId}`, `Draining ${plural(count, 'node')} of ${pool?.name ?? 'the pool'}`, STEP_SECONDS.nodeDrain * Math.max(1, count)),
        s(`remove:${params.poolId}`, `Removing node pool ${pool?.name ?? ''}`, STEP_SECONDS.nodeDelete * Math.max(1, count)),
      ];
    }
    case 'upgrade': {
      const to = params.toVersion ?? cluster.kubernetesVersion;
      return [
        s('control_plane_upgrade', `Upgrading the control plane to ${to}`, STEP_SECONDS.controlPlaneUpgrade),
        ...cluster.pools.map((pool) => s(`upgrade:${pool.id}`, `Node pool ${pool.name}: rolling ${plural(pool.count, 'node')} to ${to}`, STEP_SECONDS.nodeUpgrade * Math.max(1, pool.count))),
        s('health', 'Running health checks', STEP_SECONDS.health),
      ];
    }
    case 'hibernate':
      return [
        s('scale_down', `Stopping ${plural(nodes, 'node')}`, STEP_SECONDS.nodeDrain * Math.max(1, nodes)),
        s('pause', 'Pausing the control plane', STEP_SECONDS.pause),
      ];
    case 'wake':
      return [
        s('resume', 'Resuming the control plane', STEP_SECONDS.resume),
        s('scale_up', `Starting ${plural(nodes, 'node')}`, STEP_SECONDS.nodeJoin * Math.max(1, nodes)),
        s('health', 'Running health checks', STEP_SECONDS.health),
      ];
    case 'install_addons': {
      const ids = params.addonIds ?? [];
      return [
        ...ids.map((id, index) => s(`addon:${id}`, `Installing ${params.addonNames?.[index] ?? id}`, STEP_SECONDS.addon)),
        s('health', 'Running health checks', STEP_SECONDS.health),
      ];
    }
    case 'middleware_create': {
      const label = params.middlewareLabel ?? 'the middleware';
      const replicas = params.replicas ?? 1;
      return [
        s('mw_volumes', `Creating ${plural(replicas, 'volume')} of ${params.storageGb ?? 10} GB`, MIDDLEWARE_SECONDS.volumes),
        s('mw_instances', `Starting ${label} (${plural(replicas, 'replica')})`, MIDDLEWARE_SECONDS.instances * Math.max(1, replicas)),
        ...(params.highAvailability ? [s('mw_replication', 'Setting up replication and automatic failover across zones', MIDDLEWARE_SECONDS.replication)] : []),
        s('mw_credentials', 'Creating the credentials', MIDDLEWARE_SECONDS.credentials),
        s('mw_backups', 'Scheduling daily backups', MIDDLEWARE_SECONDS.backups),
        s('mw_endpoint', 'Publishing the endpoint in the cluster', MIDDLEWARE_SECONDS.endpoint),
      ];
    }
    case 'middleware_resize':
      return [
        s('mw_resize', `Moving ${params.middlewareLabel ?? 'the middleware'} to the ${params.planName ?? 'new'} plan, one replica at a time`, MIDDLEWARE_SECONDS.resize),
        s('mw_health', 'Checking it answers', MIDDLEWARE_SECONDS.health),
      ];
    case 'middleware_restore':
      return [
        s('mw_restore', `Restoring the backup of ${params.backupTakenAt ? new Date(params.backupTakenAt).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'the chosen time'}`, MIDDLEWARE_SECONDS.restore),
        s('mw_health', 'Checking it answers', MIDDLEWARE_SECONDS.health),
      ];
    case 'middleware_delete':
      return [
        s('mw_delete', `Deleting ${params.middlewareLabel ?? 'the middleware'} and its volumes`, MIDDLEWARE_SECONDS.delete),
        s('mw_release', 'Removing its endpoint and credentials', MIDDLEWARE_SECONDS.endpoint),
      ];
    case 'delete':
      return [
        s('delete_nodes', `Draining and deleting ${plural(nodes, 'node')}`, STEP_SECONDS.nodeDelete * Math.max(1, nodes)),
        s('delete_control_plane', 'Deleting the control plane and etcd', STEP_SECONDS.controlPlaneDelete),
        s('release', 'Releasing the network and load balancers', STEP_SECONDS.release),
        s('deleted', 'Cluster deleted', STEP_SECONDS.ready),
      ];
  }
}
