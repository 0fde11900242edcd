import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS } from './catalog-admin-options';
import { useAdminSupportPlans, useRefreshCatalog } from './catalog-admin-queries';
import type { AdminSupportPlan } from './catalog-admin-types';
import { formatMinutes, supportPriceOf } from './catalog-display';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { RowActions } from './row-actions';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';
import { SupportPlanForm } from './support-plan-form';
import { SEVERITIES, responseField } from './support-plan-form-values';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Plan', 'First response', 'Channels', 'Hours', 'Named engineer', 'Price', 'Status'] as const;

/** Support plans: the list, and creating, editing, archiving and restoring them. */
export function SupportPlansPanel() {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const plans = useAdminSupportPlans();
  const filter = useListFilter(plans.data, (plan) => [plan.name, plan.id, plan.description, SUPPORT_HOURS_LABELS[plan.hours], ...plan.channels.map((channel) => SUPPORT_CHANNEL_LABELS[channel])]);
  const [editing, setEditing] = useState<AdminSupportPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.supportPlans.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.supportPlans.restore.mutationOptions({ onSettled: () => void refresh() }));

  return (
    <Stack gap="md">
      <ListToolbar
        noun="support plans"
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={filter.setShowArchived}
        archivedCount={filter.archivedCount}
        createLabel="Create support plan"
        onCreate={() => setEditing('new')}
      />
      <ListState noun="support plans" query={plans} shown={filter.visible.length}>
        <CatalogTable label="Support plans" columns={COLUMNS} minWidth={1100}>
          {filter.visible.map((plan) => {
            const archived = plan.archivedAt !== null;
            return (
              <Table.Tr key={plan.id} data-testid="catalog-row" data-id={plan.id}>
                <Table.Td maw={260}>
                  <NameCell name={plan.name} id={plan.id} detail={plan.description} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {SEVERITIES.map((severity) => (
                      <Text key={severity} size="xs">
                        {severity.toUpperCase()}: {formatMinutes(plan[responseField(severity)])}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td maw={200}>
                  <Group gap={4}>
                    {plan.channels.map((channel) => (
                      <Badge key={channel} size="xs" variant="default" tt="none">
                        {SUPPORT_CHANNEL_LABELS[channel]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{SUPPORT_HOURS_LABELS[plan.hours]}</Table.Td>
                <Table.Td>{plan.namedEngineer ? 'Yes' : 'No'}</Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm">{supportPriceOf(plan)}</Text>
                  <ScheduledPrices prices={plan.scheduledPrices} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge archived={archived} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={plan.name}
                    archived={archived}
                    onEdit={() => setEditing(plan)}
                    onArchive={() => setArchiving({ id: plan.id, name: plan.name, action: 'archive' })}
                    onRestore={() => setArchiving({ id: plan.id, name: plan.name, action: 'restore' })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </CatalogTable>
      </ListState>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create a support plan' : `Edit ${editing?.name ?? ''}`} size="xl">
        {editing !== null ? <SupportPlanForm key={editing === 'new' ? 'new' : editing.id} plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ArchiveDialog
        noun="support plan"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
        archiveNote="Organisations on this plan keep it."
      />
    </Stack>
  );
}
