import { monthlyClusterFootprint, powerFactorsOf, type Footprint } from '@kubemarket/shared';
import type { Catalog, CatalogRegion } from '../catalog';
import type { ClusterDraft } from './draft';

/**
 * What the cluster being configured would emit in a month in a region (ADR 39), computed here from
 * the catalogue the configurator already loads, with the shared model the server bills the annex
 * with: its pools at their starting node count, and its control plane.
 */
export function draftFootprint(catalog: Catalog, pools: ClusterDraft['pools'], region: CatalogRegion): (Footprint & { watts: number; missing: string[] }) | null {
  const flavors = new Map(catalog.flavors.map((flavor) => [flavor.id, flavor]));
  const specs = pools.flatMap((pool) => {
    const flavor = flavors.get(pool.flavorId);
    return flavor ? [{ flavor, nodes: pool.count }] : [];
  });
  if (specs.length === 0) return null;
  return monthlyClusterFootprint({ pools: specs, controlPlane: true }, region, powerFactorsOf(catalog.powerFactors));
}
