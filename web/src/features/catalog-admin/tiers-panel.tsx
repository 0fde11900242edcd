import { Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { HA_LABELS } from './catalog-admin-options';
import { useAdminFlavors, useAdminTiers, useRefreshCatalog, useRegions } from './catalog-admin-queries';
import type { AdminTier } from './catalog-admin-types';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { formatBasisPoints, formatEuros } from './money';
import { RowActions } from './row-actions';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';
import { TierForm } from './tier-form';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Tier', 'Purpose', 'SLA and HA control plane', 'Limits', 'Price', 'Status', 'Clusters'] as const;

/** Cluster tiers: the list, and creating, editing, archiving and restoring them. */
export function TiersPanel() {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const tiers = useAdminTiers();
  const flavors = useAdminFlavors();
  const regions = useRegions();
  const filter = useListFilter(tiers.data, (tier) => [tier.name, tier.id, tier.purpose, tier.description, HA_LABELS[tier.haControlPlane]]);
  const [editing, setEditing] = useState<AdminTier | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.clusterTiers.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.clusterTiers.restore.mutationOptions({ onSettled: () => void refresh() }));
  const archived = (tier: AdminTier) => tier.archivedAt !== null || !tier.active;

  return (
    <Stack gap="md">
      <ListToolbar
        noun="cluster tiers"
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={filter.setShowArchived}
        archivedCount={filter.archivedCount}
        createLabel="Create tier"
        onCreate={() => setEditing('new')}
      />
      <ListState noun="cluster tiers" query={tiers} shown={filter.visible.length}>
        <CatalogTable label="Cluster tiers" columns={COLUMNS} minWidth={1100}>
          {filter.visible.map((tier) => (
            <Table.Tr key={tier.id} data-testid="catalog-row" data-id={tier.id}>
              <Table.Td>
                <NameCell name={tier.name} id={tier.id} detail={`${tier.nodes} × ${tier.vcpuPerNode} vCPU, ${tier.memoryGbPerNode} GB, ${tier.storageGbPerNode} GB storage`} />
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm">{tier.purpose}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">SLA {tier.slaBasisPoints === null ? 'none' : formatBasisPoints(tier.slaBasisPoints)}</Text>
                <Text size="xs" c="dimmed">
                  HA: {HA_LABELS[tier.haControlPlane].toLowerCase()}
                  {tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null ? `, ${formatEuros(tier.haMonthlyPriceCents)} / month` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  Up to {tier.maxNodes} nodes in {tier.maxPools} {tier.maxPools === 1 ? 'pool' : 'pools'}
                </Text>
                <Text size="xs" c="dimmed">
                  {tier.allowedFlavorIds.length} flavours, {tier.allowedRegionIds.length} regions
                </Text>
              </Table.Td>
              <Table.Td miw={150}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <span data-testid="monthly-price">{formatEuros(tier.monthlyPriceCents)}</span> / month
                </Text>
                <Text size="xs">{formatEuros(tier.yearlyPriceCents)} / year</Text>
                <ScheduledPrices prices={tier.scheduledPrices} />
              </Table.Td>
              <Table.Td>
                <StatusBadge archived={archived(tier)} />
              </Table.Td>
              <Table.Td>{tier.inUse ?? 'Not recorded'}</Table.Td>
              <Table.Td>
                <RowActions
                  name={tier.name}
                  archived={archived(tier)}
                  onEdit={() => setEditing(tier)}
                  onArchive={() => setArchiving({ id: tier.id, name: tier.name, action: 'archive' })}
                  onRestore={() => setArchiving({ id: tier.id, name: tier.name, action: 'restore' })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </CatalogTable>
      </ListState>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create a cluster tier' : `Edit ${editing?.name ?? ''}`} size="xl">
        {editing !== null ? (
          <TierForm
            key={editing === 'new' ? 'new' : editing.id}
            tier={editing === 'new' ? null : editing}
            flavors={flavors.data ?? []}
            regionOptions={regions.options}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ArchiveDialog
        noun="cluster tier"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
        archiveNote="Clusters on this tier keep running on it."
      />
    </Stack>
  );
}
