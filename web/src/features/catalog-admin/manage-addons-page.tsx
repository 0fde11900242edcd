import { Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { AddonForm } from './addon-form';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { ADDON_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminAddons, useAdminTiers, useAdminVersions, useRefreshCatalog } from './catalog-admin-queries';
import type { AdminAddon } from './catalog-admin-types';
import { kubernetesRangeOf, namesOf } from './catalog-display';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { formatEuros } from './money';
import { RowActions } from './row-actions';
import { ScheduledPrices } from './scheduled-prices';
import { StaffPage } from '../officers';
import { StatusBadge } from './status-badge';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Add-on', 'Price per cluster', 'Compatible tiers', 'Kubernetes', 'Requires and conflicts', 'Status'] as const;

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
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const addons = useAdminAddons();
  const tiers = useAdminTiers();
  const versions = useAdminVersions();
  const tierNames = useMemo(() => new Map((tiers.data ?? []).map((tier) => [tier.id, tier.name])), [tiers.data]);
  const addonNames = useMemo(() => new Map((addons.data ?? []).map((addon) => [addon.id, addon.name])), [addons.data]);
  const filter = useListFilter(addons.data, (addon) => [addon.name, addon.id, addon.description, addon.version, ADDON_CATEGORY_LABELS[addon.category]]);
  const [editing, setEditing] = useState<AdminAddon | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.addons.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.addons.restore.mutationOptions({ onSettled: () => void refresh() }));
  const list = (ids: readonly string[], names: ReadonlyMap<string, string>) => (ids.length ? namesOf(ids, names).join(', ') : 'None');

  return (
    <Stack gap="md">
      <ListToolbar
        noun="add-ons"
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={filter.setShowArchived}
        archivedCount={filter.archivedCount}
        createLabel="Create add-on"
        onCreate={() => setEditing('new')}
      />
      <ListState noun="add-ons" query={addons} shown={filter.visible.length}>
        <CatalogTable label="Add-ons" columns={COLUMNS} minWidth={1050}>
          {filter.visible.map((addon) => {
            const archived = addon.archivedAt !== null;
            return (
              <Table.Tr key={addon.id} data-testid="catalog-row" data-id={addon.id}>
                <Table.Td maw={300}>
                  <NameCell name={addon.name} id={addon.id} detail={`${ADDON_CATEGORY_LABELS[addon.category]}, version ${addon.version}`} />
                </Table.Td>
                <Table.Td miw={150}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <span data-testid="monthly-price">{formatEuros(addon.monthlyPriceCents)}</span> / month
                  </Text>
                  <Text size="xs">{addon.yearlyPriceCents === null ? '12 months' : formatEuros(addon.yearlyPriceCents)} / year</Text>
                  <ScheduledPrices prices={addon.scheduledPrices} />
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm">{tiers.data && tiers.data.every((tier) => addon.compatibleTierIds.includes(tier.id)) ? 'All tiers' : list(addon.compatibleTierIds, tierNames)}</Text>
                </Table.Td>
                <Table.Td>{kubernetesRangeOf(addon.minKubernetesVersion, addon.maxKubernetesVersion)}</Table.Td>
                <Table.Td maw={240}>
                  <Text size="xs">Requires: {list(addon.requires, addonNames)}</Text>
                  <Text size="xs">Conflicts with: {list(addon.conflicts, addonNames)}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge archived={archived} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={addon.name}
                    archived={archived}
                    onEdit={() => setEditing(addon)}
                    onArchive={() => setArchiving({ id: addon.id, name: addon.name, action: 'archive' })}
                    onRestore={() => setArchiving({ id: addon.id, name: addon.name, action: 'restore' })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </CatalogTable>
      </ListState>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create an add-on' : `Edit ${editing?.name ?? ''}`} size="xl">
        {editing !== null ? (
          <AddonForm
            key={editing === 'new' ? 'new' : editing.id}
            addon={editing === 'new' ? null : editing}
            addons={addons.data ?? []}
            tiers={tiers.data ?? []}
            versions={versions.data ?? []}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ArchiveDialog
        noun="add-on"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
      />
    </Stack>
  );
}
