/** The search of /cluster-provisioning and /clusters/provisioning: which cluster to follow. */
export interface ProvisioningSearch {
  clusterId?: string;
  /** A cluster order: the cluster it created is followed. */
  orderId?: string;
}

/** The two addresses of the page (the configuration layout of docs/product/screens.md#signed-in-layouts), each linking within itself. */
export type ProvisioningPath = '/cluster-provisioning' | '/clusters/provisioning';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function id(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return ID.test(trimmed) ? trimmed : undefined;
}

/** Keeps well-formed ids only; a cluster id wins over an order id when both are given. */
export function provisioningSearch(search: Record<string, unknown>): ProvisioningSearch {
  const clusterId = id(search.clusterId);
  if (clusterId) return { clusterId };
  const orderId = id(search.orderId);
  return orderId ? { orderId } : {};
}
