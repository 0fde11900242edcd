import { Group, Text } from '@mantine/core';
import type { Detail } from '../../components/details-list';
import { formatInteger } from '../../lib/format';
import { HA_LABELS, ItemPrice, slaLabel } from '../catalog';
import type { Catalog, CatalogFlavor, CatalogTier } from '../catalog';

/** The cheapest node flavour a tier offers, which its worker nodes start from. */
export function cheapestFlavor(catalog: Catalog, tier: CatalogTier): CatalogFlavor | undefined {
  return catalog.flavors
    .filter((flavor) => tier.flavorIds.includes(flavor.id))
    .reduce<CatalogFlavor | undefined>((cheapest, flavor) => (!cheapest || flavor.monthlyPriceCents < cheapest.monthlyPriceCents ? flavor : cheapest), undefined);
}

/** "Paris, Frankfurt am Main, Amsterdam": the cities of the regions a tier can be placed in. */
export function regionCities(catalog: Catalog, tier: CatalogTier): string {
  const cities = catalog.regions.filter((region) => tier.regionIds.includes(region.id) && region.status !== 'planned').map((region) => region.city);
  return cities.length > 0 ? cities.join(', ') : 'None yet';
}

function count(value: number | null, one: string, many: string): string {
  return value === null ? 'No limit' : `${formatInteger(value)} ${value === 1 ? one : many}`;
}

function HaControlPlane({ tier }: { tier: CatalogTier }) {
  if (tier.haControlPlane !== 'optional' || tier.haMonthlyPriceCents === null) return <>{HA_LABELS[tier.haControlPlane]}</>;
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      <Text span size="sm" fw={500}>
        Optional at
      </Text>
      <ItemPrice monthlyCents={tier.haMonthlyPriceCents} yearlyCents={tier.haYearlyPriceCents} size="sm" />
    </Group>
  );
}

/**
 * What a tier promises and allows, read from the catalogue: SLA, HA control plane, limits, regions
 * and the price its worker nodes start from. Test ids are `${prefix}-sla`, `${prefix}-max-nodes` ...
 */
export function tierFacts(catalog: Catalog, tier: CatalogTier, prefix: string): Detail[] {
  const flavor = cheapestFlavor(catalog, tier);
  return [
    { label: 'Control-plane SLA', value: slaLabel(tier.slaBasisPoints), testId: `${prefix}-sla` },
    { label: 'HA control plane', value: <HaControlPlane tier={tier} />, testId: `${prefix}-ha` },
    { label: 'Most nodes', value: count(tier.maxNodes, 'node', 'nodes'), testId: `${prefix}-max-nodes` },
    { label: 'Most node pools', value: count(tier.maxPools, 'pool', 'pools'), testId: `${prefix}-max-pools` },
    { label: 'Regions', value: regionCities(catalog, tier), testId: `${prefix}-regions` },
    {
      label: 'Worker nodes from',
      value: flavor ? <ItemPrice monthlyCents={flavor.monthlyPriceCents} yearlyCents={flavor.yearlyPriceCents} unit="per node" size="sm" /> : 'No flavour on sale',
      testId: `${prefix}-nodes-from`,
    },
  ];
}
