import { Text } from '@mantine/core';
import { HA_LABELS } from './catalog-admin-options';
import { useAdminFlavors, useAdminTiers, useRegions } from './catalog-admin-queries';
import type { AdminTier } from './catalog-admin-types';
import { CatalogList } from './catalog-list';
import { NameCell, PriceCell, STATUS_COLUMN, type Column } from './catalog-table';
import { formatBasisPoints, formatEuros } from './money';
import { TierForm } from './tier-form';

const COLUMNS: readonly Column<AdminTier>[] = [
  { header: 'Tier', cell: (tier) => <NameCell name={tier.name} id={tier.id} detail={`${tier.nodes} × ${tier.vcpuPerNode} vCPU, ${tier.memoryGbPerNode} GB, ${tier.storageGbPerNode} GB storage`} /> },
  { header: 'Purpose', td: { maw: 240 }, cell: (tier) => <Text size="sm">{tier.purpose}</Text> },
  {
    header: 'SLA and HA control plane',
    cell: (tier) => (
      <>
        <Text size="sm">SLA {tier.slaBasisPoints === null ? 'none' : formatBasisPoints(tier.slaBasisPoints)}</Text>
        <Text size="xs" c="dimmed">
          HA: {HA_LABELS[tier.haControlPlane].toLowerCase()}
          {tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null ? `, ${formatEuros(tier.haMonthlyPriceCents)} / month` : ''}
        </Text>
      </>
    ),
  },
  {
    header: 'Limits',
    cell: (tier) => (
      <>
        <Text size="sm">
          Up to {tier.maxNodes} nodes in {tier.maxPools} {tier.maxPools === 1 ? 'pool' : 'pools'}
        </Text>
        <Text size="xs" c="dimmed">
          {tier.allowedFlavorIds.length} flavours, {tier.allowedRegionIds.length} regions
        </Text>
      </>
    ),
  },
  { header: 'Price', td: { miw: 150 }, cell: (tier) => <PriceCell monthlyCents={tier.monthlyPriceCents} detail={`${formatEuros(tier.yearlyPriceCents)} / year`} scheduled={tier.scheduledPrices} /> },
  STATUS_COLUMN,
  { header: 'Clusters', cell: (tier) => tier.inUse ?? 'Not recorded' },
];

/** Cluster tiers: the list, and creating, editing, archiving and restoring them. */
export function TiersPanel() {
  const tiers = useAdminTiers();
  const flavors = useAdminFlavors();
  const regions = useRegions();
  return (
    <CatalogList
      noun="cluster tiers"
      label="Cluster tiers"
      query={tiers}
      searchText={(tier) => [tier.name, tier.id, tier.purpose, tier.description, HA_LABELS[tier.haControlPlane]]}
      columns={COLUMNS}
      minWidth={1100}
      keyOf={(tier) => tier.id}
      nameOf={(tier) => tier.name}
      archivedOf={(tier) => tier.archivedAt !== null || !tier.active}
      create={{ label: 'Create tier', title: 'Create a cluster tier' }}
      form={(tier, onDone) => <TierForm tier={tier} flavors={flavors.data ?? []} regionOptions={regions.options} onDone={onDone} />}
      archiving={{ noun: 'cluster tier', procedures: (client) => client.catalogAdmin.clusterTiers, note: 'Clusters on this tier keep running on it.' }}
    />
  );
}
