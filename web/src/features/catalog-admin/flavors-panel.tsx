import { Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { FLAVOR_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminFlavors, useAdminTiers, useRefreshCatalog, useRegions } from './catalog-admin-queries';
import type { AdminFlavor } from './catalog-admin-types';
import { gpuOf, namesOf } from './catalog-display';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { FlavorForm } from './flavor-form';
import { ListToolbar } from './list-toolbar';
import { formatEuros, formatHourlyEuros } from './money';
import { RowActions } from './row-actions';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Flavour', 'Size', 'Price per node', 'Regions', 'Offered by', 'Status'] as const;

/** Node flavours: the list, and creating, editing, archiving and restoring them. */
export function FlavorsPanel() {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const flavors = useAdminFlavors();
  const tiers = useAdminTiers();
  const regions = useRegions();
  const tierNames = useMemo(() => new Map((tiers.data ?? []).map((tier) => [tier.id, tier.name])), [tiers.data]);
  const filter = useListFilter(flavors.data, (flavor) => [flavor.name, flavor.id, FLAVOR_CATEGORY_LABELS[flavor.category], flavor.gpuModel, ...flavor.regionIds]);
  const [editing, setEditing] = useState<AdminFlavor | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.nodeFlavors.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.nodeFlavors.restore.mutationOptions({ onSettled: () => void refresh() }));

  return (
    <Stack gap="md">
      <ListToolbar
        noun="node flavours"
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={filter.setShowArchived}
        archivedCount={filter.archivedCount}
        createLabel="Create flavour"
        onCreate={() => setEditing('new')}
      />
      <ListState noun="node flavours" query={flavors} shown={filter.visible.length}>
        <CatalogTable label="Node flavours" columns={COLUMNS} minWidth={1000}>
          {filter.visible.map((flavor) => {
            const archived = flavor.archivedAt !== null;
            return (
              <Table.Tr key={flavor.id} data-testid="catalog-row" data-id={flavor.id}>
                <Table.Td>
                  <NameCell name={flavor.name} id={flavor.id} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {FLAVOR_CATEGORY_LABELS[flavor.category]}: {flavor.vcpu} vCPU, {flavor.memoryGb} GB
                  </Text>
                  <Text size="xs" c="dimmed">
                    {flavor.localDiskGb ? `${flavor.localDiskGb} GB local disk` : 'No local disk'}
                    {gpuOf(flavor) ? `, ${gpuOf(flavor)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td miw={150}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <span data-testid="monthly-price">{formatEuros(flavor.monthlyPriceCents)}</span> / month
                  </Text>
                  <Text size="xs">{formatHourlyEuros(flavor.hourlyPriceMillicents)} / hour</Text>
                  <ScheduledPrices prices={flavor.scheduledPrices} />
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm">{namesOf(flavor.regionIds, regions.names).join(', ')}</Text>
                </Table.Td>
                <Table.Td maw={200}>
                  <Text size="sm">{flavor.offeredByTierIds.length ? namesOf(flavor.offeredByTierIds, tierNames).join(', ') : 'No tier'}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge archived={archived} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={flavor.name}
                    archived={archived}
                    onEdit={() => setEditing(flavor)}
                    onArchive={() => setArchiving({ id: flavor.id, name: flavor.name, action: 'archive' })}
                    onRestore={() => setArchiving({ id: flavor.id, name: flavor.name, action: 'restore' })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </CatalogTable>
      </ListState>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create a node flavour' : `Edit ${editing?.name ?? ''}`} size="xl">
        {editing !== null ? (
          <FlavorForm key={editing === 'new' ? 'new' : editing.id} flavor={editing === 'new' ? null : editing} regionOptions={regions.options} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ArchiveDialog
        noun="node flavour"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
        archiveNote="Tiers that list it stop offering it for new node pools."
      />
    </Stack>
  );
}
