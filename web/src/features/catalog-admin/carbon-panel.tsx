import { formatWatts, pueText } from '@kubemarket/shared';
import { Stack, Title } from '@mantine/core';
import { useAdminPowerFactors, useRegions } from './catalog-admin-queries';
import type { AdminPowerFactor, AdminRegion } from './catalog-admin-types';
import { PowerFactorForm, RegionForm } from './carbon-forms';
import { CatalogList } from './catalog-list';
import type { Column } from './catalog-table';

const REGION_COLUMNS: readonly Column<AdminRegion>[] = [
  { header: 'Region', td: { fw: 600 }, cell: (region) => `${region.name} (${region.id})` },
  { header: 'Operator and law', cell: (region) => `${region.operator}; ${region.jurisdiction}` },
  { header: 'EU-only access', cell: (region) => (region.euOnlyAccess ? 'Yes' : 'No') },
  { header: 'PUE', cell: (region) => pueText(region.pueMilli) },
  { header: 'Grid (g CO₂e/kWh)', cell: (region) => `${region.gridGramsPerKwh} (${region.gridYear})` },
  { header: 'Source', cell: (region) => region.gridSource },
];

const FACTOR_COLUMNS: readonly Column<AdminPowerFactor>[] = [
  { header: 'Factor', td: { fw: 600 }, cell: (factor) => factor.label },
  { header: 'Average power', cell: (factor) => formatWatts(factor.milliwatts) },
  { header: 'Source', cell: (factor) => `${factor.source} (${factor.year})` },
  { header: 'Flavours', cell: (factor) => (factor.flavorIds.length > 3 ? `${factor.flavorIds.length} flavours` : factor.flavorIds.join(', ') || 'None yet') },
];

/**
 * Regions and the carbon model (issue 34, ADR 39): each region's operator, law, EU-only access, PUE
 * and grid intensity, and the power factors, every figure with its source and year. Regions come
 * from the provisioner: they are edited here, never added.
 */
export function CarbonPanel() {
  const regions = useRegions().query;
  const factors = useAdminPowerFactors();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Regions
        </Title>
        <CatalogList
          noun="regions"
          label="Regions"
          query={regions}
          searchText={(region) => [region.id, region.name, region.country, region.operator, region.jurisdiction]}
          columns={REGION_COLUMNS}
          minWidth={900}
          keyOf={(region) => region.id}
          nameOf={(region) => region.name}
          archivedOf={() => false}
          form={(region, onDone) => (region ? <RegionForm region={region} onDone={onDone} /> : null)}
          formSize="lg"
        />
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Power factors
        </Title>
        <CatalogList
          noun="power factors"
          label="Power factors"
          query={factors}
          searchText={(factor) => [factor.id, factor.label, factor.source]}
          columns={FACTOR_COLUMNS}
          minWidth={800}
          keyOf={(factor) => factor.id}
          nameOf={(factor) => factor.label}
          archivedOf={() => false}
          create={{ label: 'Add factor', title: 'Add a power factor' }}
          form={(factor, onDone) => <PowerFactorForm factor={factor} onDone={onDone} />}
          formSize="lg"
        />
      </Stack>
    </Stack>
  );
}
