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
