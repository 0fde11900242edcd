import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { AddonForm } from './addon-form';
import { ADDON_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminAddons, useAdminTiers, useAdminVersions } from './catalog-admin-queries';
import type { AdminAddon } from './catalog-admin-types';
import { kubernetesRangeOf, namesOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { NameCell, PriceCell, STATUS_COLUMN } from './catalog-table';
import { formatEuros } from './money';
import { StaffPage } from '../officers';

/** Staff editing of cluster add-ons. */
export function ManageAddonsPage() {
  return (
    <StaffPage
      title="Manage Add-ons"
      description="The add-ons customers install on their clusters: what they are, their price per cluster, where they can run and what they need. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
    >
      <AddonsList />
    </StaffPage>
  );
}

function AddonsList() {
  const addons = useAdminAddons();
  const tiers = useAdminTiers();
  const versions = useAdminVersions();
  const tierNames = useMemo(() => new Map((tiers.data ?? []).map((tier) => [tier.id, tier.name])), [tiers.data]);
  const addonNames = useMemo(() => new Map((addons.data ?? []).map((addon) => [addon.id, addon.name])), [addons.data]);
  const list = (ids: readonly string[], names: ReadonlyMap<string, string>) => (ids.length ? namesOf(ids, names).join(', ') : 'None');

  return (
    <CatalogList<AdminAddon>
      noun="add-ons"
      label="Add-ons"
      query={addons}
      searchText={(addon) => [addon.name, addon.id, addon.description, addon.version, ADDON_CATEGORY_LABELS[addon.category]]}
      columns={[
        { header: 'Add-on', td: { maw: 300 }, cell: (addon) => <NameCell name={addon.name} id={addon.id} detail={`${ADDON_CATEGORY_LABELS[addon.category]}, version ${addon.version}`} /> },
        {
          header: 'Price per cluster',
          td: { miw: 150 },
          cell: (addon) => (
            <PriceCell
              monthlyCents={addon.monthlyPriceCents}
              detail={`${addon.yearlyPriceCents === null ? '12 months' : formatEuros(addon.yearlyPriceCents)} / year`}
              scheduled={addon.scheduledPrices}
            />
          ),
        },
        {
          header: 'Compatible tiers',
          td: { maw: 240 },
          cell: (addon) => <Text size="sm">{tiers.data && tiers.data.every((tier) => addon.compatibleTierIds.includes(tier.id)) ? 'All tiers' : list(addon.compatibleTierIds, tierNames)}</Text>,
        },
        { header: 'Kubernetes', cell: (addon) => kubernetesRangeOf(addon.minKubernetesVersion, addon.maxKubernetesVersion) },
        {
          header: 'Requires and conflicts',
          td: { maw: 240 },
          cell: (addon) => (
            <>
              <Text size="xs">Requires: {list(addon.requires, addonNames)}</Text>
              <Text size="xs">Conflicts with: {list(addon.conflicts, addonNames)}</Text>
            </>
          ),
        },
        STATUS_COLUMN,
      ]}
      minWidth={1050}
      keyOf={(addon) => addon.id}
      nameOf={(addon) => addon.name}
      create={{ label: 'Create add-on', title: 'Create an add-on' }}
      form={(addon, onDone) => <AddonForm addon={addon} addons={addons.data ?? []} tiers={tiers.data ?? []} versions={versions.data ?? []} onDone={onDone} />}
      archiving={{ noun: 'add-on', procedures: (client) => client.catalogAdmin.addons }}
    />
  );
}
