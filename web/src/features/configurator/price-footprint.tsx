import { formatKgCo2e, pueText } from '@kubemarket/shared';
import { Card, Text } from '@mantine/core';
import type { Catalog } from '../catalog';
import type { ClusterDraft } from './draft';
import { draftFootprint } from './footprint';

/** Under the price: what the configuration would emit in a month in the chosen region (ADR 39), an estimate. */
export function PriceFootprint({ catalog, draft }: { catalog: Catalog; draft: ClusterDraft }) {
  const region = catalog.regions.find((candidate) => candidate.id === draft.regionId);
  const footprint = region ? draftFootprint(catalog, draft.pools, region) : null;
  if (!region || !footprint) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="price-footprint">
      <Text size="sm" fw={600}>
        Estimated footprint: ≈ {formatKgCo2e(footprint.kgCo2e)} a month
      </Text>
      <Text size="xs" c="dimmed">
        In {region.name}: {footprint.watts.toFixed(0)} W on average × 730 h × PUE {pueText(region.pueMilli)} × {region.gridGramsPerKwh} g CO₂e/kWh ({region.gridYear}). An estimate of the nodes and control plane.
      </Text>
    </Card>
  );
}
