/**
 * How the embedded provisioner (packages/api platform/provisioner) times its steps and names what it
 * builds. The seed (packages/db) writes the demo clusters' history by the same rules, so they live here.
 */

/** Seconds each step takes at speed 1; node steps are per node. */
export const CLUSTER_STEP_SECONDS = {
  validate: 4,
  network: 12,
  controlPlane: 40,
  controlPlaneHa: 55,
  etcd: 20,
  apiEndpoint: 10,
  nodeJoin: 10,
  cni: 12,
  addon: 8,
  health: 10,
  ready: 1,
  nodeDrain: 5,
  controlPlaneUpgrade: 30,
  nodeUpgrade: 10,
  pause: 8,
  resume: 10,
  nodeDelete: 3,
  controlPlaneDelete: 10,
  release: 8,
} as const;

export const CNI_NAMES = { cilium: 'Cilium', calico: 'Calico' } as const;

/** Each cluster operation in a phrase: "The cluster is busy with <phrase>", "<Phrase> of x finished." */
export const CLUSTER_OPERATION_PHRASES = {
  provision: 'provisioning',
  scale_pool: 'scaling a node pool',
  add_pool: 'adding a node pool',
  remove_pool: 'removing a node pool',
  upgrade: 'a Kubernetes upgrade',
  hibernate: 'hibernation',
  wake: 'waking up',
  delete: 'deletion',
  install_addons: 'installing add-ons',
  middleware_create: 'creating a middleware',
  middleware_resize: 'resizing a middleware',
  middleware_restore: 'restoring a middleware backup',
  middleware_delete: 'deleting a middleware',
} as const;

export const CLUSTER_ENDPOINT_DOMAIN = 'k8s.kubemarket.eu';

/** FNV-1a: stable pseudo-random numbers for names and simulated load. */
export function fnv1a(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A UUID-shaped id, the same for the same seed: a simulated object's uid, a volume's name. */
export function stableUid(seed: string): string {
  const hex = [0, 1, 2, 3].map((part) => fnv1a(`${seed}/${part}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The nth node of a pool: the same name every time it exists, e.g. "webshop-prod-default-k3x9q". */
export function clusterNodeName(clusterName: string, pool: { id: string; name: string }, index: number): string {
  const suffix = fnv1a(`${pool.id}/${index}`).toString(36).padStart(5, '0').slice(-5);
  return `${clusterName}-${pool.name}-${suffix}`.slice(0, 63);
}

/**
 * `https://<name>.<8 characters of the id>.<region>.k8s.kubemarket.eu:6443`. Only the id's letters
 * and digits are taken, so an id with underscores near its end (a seeded one) still makes a host name.
 */
export function clusterEndpoint(cluster: { id: string; name: string; region: string }): string {
  return `https://${cluster.name}.${cluster.id.replace(/[^a-z0-9]/g, '').slice(-8)}.${cluster.region}.${CLUSTER_ENDPOINT_DOMAIN}:6443`;
}
