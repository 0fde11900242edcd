import { HIBERNATED_NODE_RATE_BASIS_POINTS, type UsageKind } from '@kubemarket/shared';
import type { ClusterCostMonth } from './schemas';

/** One group of a month's usage records of the cluster: a kind, a resource, the order that priced it. */
export interface UsageCell {
  kind: UsageKind;
  resourceId: string;
  orderId: string | null;
  quantityMilli: number;
  millicents: number;
}

const quantity = (milli: number) => (milli / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 });

/**
 * Why a month's metered actual differs from what its quotes priced, by line, in cents that add
 * up to the difference exactly: each line is rounded once and the rest (prices and rounding) is
 * what remains.
 *
 * - Autoscaling: node-hours metered (awake or asleep) above those the quotes priced, per flavour,
 *   at the flavour's full node-hour price as metered. Negative when fewer nodes ran than quoted.
 * - Hibernation: node-hours asleep cost 10 % of the price; the line is what that saved against
 *   the full price (negative).
 * - Egress and storage: metered only, never quoted.
 * - Add-ons outside the quote: add-ons bought by a later add-on order (their usage names that order).
 */
export function explainDifference(input: {
  quotedMillicents: number;
  quotedNodeHoursByFlavor: Map<string, number>;
  cells: UsageCell[];
  clusterOrderId: string | null;
}): Pick<ClusterCostMonth, 'quotedCents' | 'actualCents' | 'differenceCents' | 'lines'> {
  const actualMillicents = input.cells.reduce((sum, cell) => sum + cell.millicents, 0);
  const quotedCents = Math.round(input.quotedMillicents / 1000);
  const actualCents = Math.round(actualMillicents / 1000);
  const differenceCents = actualCents - quotedCents;

  // Node-hours per flavour, awake and asleep, and each flavour's full node-hour price as metered.
  const nodes = new Map<string, { awakeMilli: number; awakeMillicents: number; asleepMilli: number; asleepMillicents: number }>();
  for (const cell of input.cells) {
    if (cell.kind !== 'node' && cell.kind !== 'hibernated_node') continue;
    const entry = nodes.get(cell.resourceId) ?? { awakeMilli: 0, awakeMillicents: 0, asleepMilli: 0, asleepMillicents: 0 };
    if (cell.kind === 'node') {
      entry.awakeMilli += cell.quantityMilli;
      entry.awakeMillicents += cell.millicents;
    } else {
      entry.asleepMilli += cell.quantityMilli;
      entry.asleepMillicents += cell.millicents;
    }
    nodes.set(cell.resourceId, entry);
  }
  const fullPrice = (entry: { awakeMilli: number; awakeMillicents: number; asleepMilli: number; asleepMillicents: number }) =>
    entry.awakeMilli > 0 ? (entry.awakeMillicents * 1000) / entry.awakeMilli : entry.asleepMilli > 0 ? (entry.asleepMillicents * 1000 * 10_000) / (entry.asleepMilli * HIBERNATED_NODE_RATE_BASIS_POINTS) : 0;
  let extraMillicents = 0;
  let extraNodeHoursMilli = 0;
  let meteredNodeHoursMilli = 0;
  let savedMillicents = 0;
  let asleepMilli = 0;
  for (const [flavorId, entry] of nodes) {
    const price = fullPrice(entry);
    const metered = entry.awakeMilli + entry.asleepMilli;
    const extra = metered - (input.quotedNodeHoursByFlavor.get(flavorId) ?? 0) * 1000;
    meteredNodeHoursMilli += metered;
    extraNodeHoursMilli += extra;
    extraMillicents += (extra * price) / 1000;
    asleepMilli += entry.asleepMilli;
    savedMillicents += entry.asleepMillicents - (entry.asleepMilli * price) / 1000;
  }
  const quotedNodeHours = [...input.quotedNodeHoursByFlavor.values()].reduce((sum, hours) => sum + hours, 0);
  // A flavour quoted but never metered (a pool removed before any hour ran): its quoted node-hours are all missing.
  for (const [flavorId, hours] of input.quotedNodeHoursByFlavor) if (!nodes.has(flavorId)) extraNodeHoursMilli -= hours * 1000;

  const sumOf = (kind: UsageKind, keep: (cell: UsageCell) => boolean = () => true) => input.cells.filter((cell) => cell.kind === kind && keep(cell));
  const egress = sumOf('egress');
  const storage = sumOf('storage');
  const addons = sumOf('addon', (cell) => cell.orderId !== input.clusterOrderId);
  const total = (cells: UsageCell[], field: 'millicents' | 'quantityMilli') => cells.reduce((sum, cell) => sum + cell[field], 0);

  const lines: ClusterCostMonth['lines'] = [];
  const push = (key: ClusterCostMonth['lines'][number]['key'], label: string, detail: string, millicents: number) => {
    const cents = Math.round(millicents / 1000);
    if (cents !== 0) lines.push({ key, label, detail, cents });
  };
  push(
    'autoscaling',
    extraNodeHoursMilli >= 0 ? 'Nodes above the quoted count (autoscaling)' : 'Fewer nodes than quoted',
    `${quantity(meteredNodeHoursMilli)} node-hours metered against ${quantity(quotedNodeHours * 1000)} quoted: ${quantity(Math.abs(extraNodeHoursMilli))} ${extraNodeHoursMilli >= 0 ? 'more' : 'fewer'}, at each flavour's node-hour price.`,
    extraMillicents,
  );
  push('hibernation', 'Hibernation savings', `${quantity(asleepMilli)} node-hours asleep at ${HIBERNATED_NODE_RATE_BASIS_POINTS / 100} % of the node-hour price instead of the full price.`, savedMillicents);
  push('egress', 'Egress traffic', `${quantity(total(egress, 'quantityMilli'))} GB leaving the data centre, metered only (never in a quote).`, total(egress, 'millicents'));
  push('storage', 'Storage', `${quantity(total(storage, 'quantityMilli'))} GB-hours of persistent volumes, metered only (never in a quote).`, total(storage, 'millicents'));
  push('addons', 'Add-ons outside the quote', `${quantity(total(addons, 'quantityMilli'))} hours of add-ons bought after the cluster, at their own order's price.`, total(addons, 'millicents'));
  const explained = lines.reduce((sum, line) => sum + line.cents, 0);
  if (differenceCents - explained !== 0) {
    lines.push({
      key: 'other',
      label: 'Prices and rounding',
      detail: 'The rest: a quote is a monthly price spread over 730 hours, while the metering prices each hour from the order’s components, each rounded to the thousandth of a cent.',
      cents: differenceCents - explained,
    });
  }
  return { quotedCents, actualCents, differenceCents, lines };
}
