import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { FLAVOR_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminFlavors, useAdminTiers, useRegions } from './catalog-admin-queries';
import type { AdminFlavor } from './catalog-admin-types';
import { gpuOf, namesOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { NameCell, PriceCell, STATUS_COLUMN } from './catalog-table';
import { FlavorForm } from './flavor-form';
import { formatHourlyEuros } from './money';

/** Node flavours: the list, and creating, editing, archiving and restoring them. */
export function FlavorsPanel() {
  const flavors = useAdminFlavors();
  const tiers = useAdminTiers();
  const regions = useRegions();
  const tierNames = useMemo(() => new Map((tiers.data ?? []).map((tier) => [tier.id, tier.name])), [tiers.data]);
  return (
    <CatalogList<AdminFlavor>
      noun="node flavours"
      label="Node flavours"
      query={flavors}
      searchText={(flavor) => [flavor.name, flavor.id, FLAVOR_CATEGORY_LABELS[flavor.category], flavor.gpuModel, ...flavor.regionIds]}
      columns={[
        { header: 'Flavour', cell: (flavor) => <NameCell name={flavor.name} id={flavor.id} /> },
        {
          header: 'Size',
          cell: (flavor) => (
            <>
              <Text size="sm">
                {FLAVOR_CATEGORY_LABELS[flavor.category]}: {flavor.vcpu} vCPU, {flavor.memoryGb} GB
              </Text>
              <Text size="xs" c="dimmed">
                {flavor.localDiskGb ? `${flavor.localDiskGb} GB local disk` : 'No local disk'}
                {gpuOf(flavor) ? `, ${gpuOf(flavor)}` : ''}
              </Text>
            </>
          ),
        },
        {
          header: 'Price per node',
          td: { miw: 150 },
          cell: (flavor) => <PriceCell monthlyCents={flavor.monthlyPriceCents} detail={`${formatHourlyEuros(flavor.hourlyPriceMillicents)} / hour`} scheduled={flavor.scheduledPrices} />,
        },
        { header: 'Regions', td: { maw: 220 }, cell: (flavor) => <Text size="sm">{namesOf(flavor.regionIds, regions.names).join(', ')}</Text> },
        {
          header: 'Offered by',
          td: { maw: 200 },
          cell: (flavor) => <Text size="sm">{flavor.offeredByTierIds.length ? namesOf(flavor.offeredByTierIds, tierNames).join(', ') : 'No tier'}</Text>,
        },
        STATUS_COLUMN,
      ]}
      minWidth={1000}
      keyOf={(flavor) => flavor.id}
      nameOf={(flavor) => flavor.name}
      create={{ label: 'Create flavour', title: 'Create a node flavour' }}
      form={(flavor, onDone) => <FlavorForm flavor={flavor} regionOptions={regions.options} onDone={onDone} />}
      archiving={{ noun: 'node flavour', procedures: (client) => client.catalogAdmin.nodeFlavors, note: 'Tiers that list it stop offering it for new node pools.' }}
    />
  );
}
