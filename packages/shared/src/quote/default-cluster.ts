import { isQuoteError } from './errors';
import { priceLine } from './lines';
import type { ClusterLineInput, HaControlPlaneMode, PriceBook } from './types';

/**
 * The cluster a tier's configuration starts from, and what it costs (issue 31: the first price a
 * visitor sees is what a default cluster costs, nodes included). The configurator opens on this
 * cluster and the listings advertise its price, both through here, and the price comes from the
 * engine that prices the order, so the two cannot drift apart.
 */

export interface DefaultClusterTier {
  id: string;
  /** Nodes a default cluster of the tier has (the tier's "included nodes"). */
  nodes: number;
  /** The tier's baseline node size: the flavour chosen is the one of this size, else the first offered. */
  vcpu: number;
  memoryGb: number;
  maxNodes: number | null;
  flavorIds: readonly string[];
  regionIds: readonly string[];
  haControlPlane: HaControlPlaneMode;
}

export interface DefaultClusterFlavor {
  id: string;
  vcpu: number;
  memoryGb: number;
  /** Regions it can be ordered in; empty: every region. */
  regionIds: readonly string[];
}

export interface DefaultCluster {
  regionId: string;
  flavorId: string;
  nodes: number;
  highAvailability: boolean;
}

/** The flavours of a tier orderable in a region, in catalogue order. */
export function tierFlavorsIn<F extends DefaultClusterFlavor>(flavors: readonly F[], tier: Pick<DefaultClusterTier, 'flavorIds'>, regionId: string): F[] {
  return flavors.filter((flavor) => tier.flavorIds.includes(flavor.id) && (flavor.regionIds.length === 0 || flavor.regionIds.includes(regionId)));
}

/** The flavour nearest the tier's baseline (its vCPU and memory per node) in a region, else the first offered there. */
export function baselineFlavorId(tier: DefaultClusterTier, flavors: readonly DefaultClusterFlavor[], regionId: string): string {
  const offered = tierFlavorsIn(flavors, tier, regionId);
  const baseline = offered.find((flavor) => flavor.vcpu === tier.vcpu && flavor.memoryGb === tier.memoryGb);
  return (baseline ?? offered[0])?.id ?? tier.flavorIds[0] ?? '';
}

/**
 * A tier's default cluster: in the first of `regionIds` (the regions in display order) the tier is
 * offered in, one pool of the tier's included nodes (within its node limit) of its baseline flavour,
 * the HA control plane when the tier includes it.
 */
export function defaultCluster(tier: DefaultClusterTier, flavors: readonly DefaultClusterFlavor[], regionIds: readonly string[]): DefaultCluster {
  const regionId = regionIds.find((id) => tier.regionIds.includes(id)) ?? tier.regionIds[0] ?? '';
  return {
    regionId,
    flavorId: baselineFlavorId(tier, flavors, regionId),
    nodes: Math.max(1, Math.min(tier.nodes, tier.maxNodes ?? Number.POSITIVE_INFINITY)),
    highAvailability: tier.haControlPlane === 'included',
  };
}

export interface DefaultClusterVersion {
  version: string;
  isDefault: boolean;
  classification: string;
}

/** The version new clusters get, from versions listed newest first: the catalogue's default, else the newest supported one. */
export function defaultKubernetesVersion(versions: readonly DefaultClusterVersion[]): string {
  return (
    versions.find((version) => version.isDefault)?.version ??
    versions.find((version) => version.classification === 'supported')?.version ??
    versions[0]?.version ??
    ''
  );
}

/** The default cluster as an order line, on a Kubernetes version, with no add-on. */
export function defaultClusterLine(tierId: string, cluster: DefaultCluster, kubernetesVersion: string): ClusterLineInput {
  return {
    kind: 'cluster',
    tierId,
    regionId: cluster.regionId,
    kubernetesVersion,
    highAvailability: cluster.highAvailability,
    nodePools: [{ name: 'pool-1', flavorId: cluster.flavorId, count: cluster.nodes, autoscale: null }],
    addonIds: [],
  };
}

export interface StartingPrice {
  /** The default cluster billed monthly, per month; and billed yearly, per year (EUR cents, excl. VAT). */
  monthlyCents: number;
  yearlyCents: number;
  nodes: number;
  flavorId: string;
  regionId: string;
}

/** What a tier's default cluster costs, priced by the engine; null when it cannot be ordered (no flavour, no region). */
export function startingPrice(
  tier: DefaultClusterTier,
  flavors: readonly DefaultClusterFlavor[],
  regionIds: readonly string[],
  kubernetesVersion: string,
  priceBook: PriceBook,
): StartingPrice | null {
  const cluster = defaultCluster(tier, flavors, regionIds);
  try {
    const line = priceLine(defaultClusterLine(tier.id, cluster, kubernetesVersion), priceBook, { cycle: 'monthly' });
    return { monthlyCents: line.monthlyPriceCents, yearlyCents: line.yearlyPriceCents, nodes: cluster.nodes, flavorId: cluster.flavorId, regionId: cluster.regionId };
  } catch (error) {
    if (isQuoteError(error)) return null;
    throw error;
  }
}
