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

/**
 * What a deleted cluster may leave billable (issue 34), priced per month so the delete dialog and
 * /billing can show what keeping each costs. The figures sit in the range European providers charge
 * in 2026, so a customer who keeps something pays what the IaaS bills us plus our usual margin:
 * - a load balancer €10 a month: Scaleway's LB-S is €9.99, OVHcloud's smallest €10.00 excl. VAT,
 *   and the public IPv4 it holds is most of that cost whether it carries traffic or not;
 * - backups €0.02 per GB-month: they are objects in Standard object storage (Scaleway €0.0146,
 *   OVHcloud €0.01–0.02), written once and read only to restore;
 * - volume snapshots €0.05 per GB-month: block-storage snapshots cost half a volume (AWS EBS
 *   snapshots $0.05, Scaleway €0.035) as they keep only changed blocks, but still on block storage;
 * - a volume keeps the price it had while its cluster ran (STORAGE_GB_HOUR_MILLICENTS, €0.10 per GB-month).
 */
export const LOAD_BALANCER_MONTHLY_CENTS = 1_000;
export const BACKUP_GB_MONTH_CENTS = 2;
export const SNAPSHOT_GB_MONTH_CENTS = 5;
/** STORAGE_GB_HOUR_MILLICENTS × 730 h ÷ 1000 ≈ 10 cents: a kept volume costs what it cost in use. */
export const VOLUME_GB_MONTH_CENTS = Math.round((STORAGE_GB_HOUR_MILLICENTS * 730) / 1000);

/** The resources a deleted cluster may leave behind (cluster_leftovers.kind takes these). */
export type LeftoverKindName = 'load_balancer' | 'volume' | 'backup' | 'snapshot';

export const LEFTOVER_KIND_LABELS: Record<LeftoverKindName, string> = {
  load_balancer: 'Load balancer',
  volume: 'Volume',
  backup: 'Backup',
  snapshot: 'Snapshot',
};

/** A leftover's monthly price, EUR cents: a load balancer flat, the others by size (a part GB counts whole). */
export function leftoverMonthlyCents(kind: LeftoverKindName, sizeGb: number | null): number {
  if (kind === 'load_balancer') return LOAD_BALANCER_MONTHLY_CENTS;
  const perGb = kind === 'volume' ? VOLUME_GB_MONTH_CENTS : kind === 'backup' ? BACKUP_GB_MONTH_CENTS : SNAPSHOT_GB_MONTH_CENTS;
  return Math.ceil(sizeGb ?? 0) * perGb;
}

/** What the hourly metering bills a kept leftover each hour: its monthly price ÷ 730 h, millicents. */
export function leftoverHourlyMillicents(monthlyCents: number): number {
  return Math.round((monthlyCents * 1000) / 730);
}
