/**
 * Metered prices that no order line carries (issue 13). Order lines price the control plane, the
 * nodes, add-ons and middleware plans; these price what only the hourly metering sees.
 */

/**
 * A hibernated cluster's nodes are scaled to zero but their disks (and the pool definitions) are
 * kept, so an asleep node-hour costs a tenth of the node-hour price agreed in the order: the disk
 * share of a node's cost, not nothing. Basis points of the node-hour price (1000 = 10 %).
 */
export const HIBERNATED_NODE_RATE_BASIS_POINTS = 1_000;

/** Persistent volumes: €0.10 per GB-month, i.e. 10 cents × 1000 ÷ 730 h ≈ 14 millicents per GB-hour. */
export const STORAGE_GB_HOUR_MILLICENTS = 14;

/** Traffic leaving the data centre: €0.01 per GB. */
export const EGRESS_GB_MILLICENTS = 1_000;

/** What the hourly metering records (packages/db's usage_records.kind takes these). */
export const USAGE_KINDS = ['control_plane', 'node', 'hibernated_node', 'addon', 'middleware', 'storage', 'egress', 'leftover'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Each resource kind as the usage answer, the /usage page and its CSV name it. */
export const USAGE_KIND_LABELS: Record<UsageKind, string> = {
  control_plane: 'Control plane',
  node: 'Nodes',
  hibernated_node: 'Hibernated nodes',
  addon: 'Add-ons',
  middleware: 'Middlewares',
  storage: 'Storage',
  egress: 'Egress traffic',
  leftover: 'Kept after cluster deletion',
};

/** The unit each kind's quantity is counted in (the usage answer, its CSV and the invoice lines). */
export const USAGE_KIND_UNITS: Record<UsageKind, string> = {
  control_plane: 'hours',
  node: 'node-hours',
  hibernated_node: 'node-hours',
  addon: 'hours',
  middleware: 'hours',
  storage: 'GB-hours',
  egress: 'GB',
  leftover: 'hours',
};
