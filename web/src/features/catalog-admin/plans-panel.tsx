import { Alert, Card, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { useAdminPlans, useRefreshCatalog } from './catalog-admin-queries';
import type { AdminMiddleware, AdminPlan } from './catalog-admin-types';
import { planSizeOf } from './catalog-display';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { formatEuros } from './money';
import { PlanForm } from './plan-form';
import { RowActions } from './row-actions';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Plan', 'Size', 'Storage', 'High availability', 'Monthly', 'Yearly', 'Status'] as const;

/** The plans of one middleware: the sizes customers order, each with its price. */
export function PlansPanel({ middleware }: { middleware: AdminMiddleware }) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const plans = useAdminPlans(middleware.id);
  const filter = useListFilter(plans.data, (plan) => [plan.name, plan.id, planSizeOf(plan)]);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.middlewarePlans.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.middlewarePlans.restore.mutationOptions({ onSettled: () => void refresh() }));
  const middlewareArchived = middleware.archivedAt !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  const title = `Plans of ${middleware.name}`;

  // Opening another middleware's plans moves the reader to them.
  useEffect(() => {
    heading.current?.focus();
  }, [middleware.id]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="middleware-plans-title" data-testid="plans-panel">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="middleware-plans-title" ref={heading} tabIndex={-1}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Each plan is a size of {middleware.name} with its own price. Archived plans stay with the customers who ordered them.
          </Text>
        </Stack>
        {middlewareArchived ? (
          <Alert color="gray" variant="light">
            {middleware.name} is archived, and its plans with it: restore it to add plans or put them back on sale.
          </Alert>
        ) : null}
        <ListToolbar
          noun="plans"
          search={filter.search}
          onSearch={filter.setSearch}
          showArchived={filter.showArchived}
          onShowArchived={filter.setShowArchived}
          archivedCount={filter.archivedCount}
          createLabel={middlewareArchived ? undefined : 'Create plan'}
          onCreate={middlewareArchived ? undefined : () => setEditing('new')}
        />
        <ListState noun="plans" query={plans} shown={filter.visible.length}>
          <CatalogTable label={title} columns={COLUMNS} minWidth={900}>
            {filter.visible.map((plan) => {
              const archived = plan.archivedAt !== null;
              return (
                <Table.Tr key={plan.id} data-testid="catalog-row" data-id={plan.id}>
                  <Table.Td>
                    <NameCell name={plan.name} id={plan.id} />
                  </Table.Td>
                  <Table.Td>{planSizeOf(plan) ?? 'Not sized in machines'}</Table.Td>
                  <Table.Td>{plan.storageGb} GB</Table.Td>
                  <Table.Td>{plan.highAvailability ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatEuros(plan.monthlyPriceCents)}</Text>
                    <ScheduledPrices prices={plan.scheduledPrices} />
                  </Table.Td>
                  <Table.Td>{plan.yearlyPriceCents === null ? '12 months' : formatEuros(plan.yearlyPriceCents)}</Table.Td>
                  <Table.Td>
                    <StatusBadge archived={archived} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={`${middleware.name} ${plan.name}`}
                      archived={archived}
                      onEdit={() => setEditing(plan)}
                      onArchive={() => setArchiving({ id: plan.id, name: `${middleware.name} ${plan.name}`, action: 'archive' })}
                      onRestore={middlewareArchived ? undefined : () => setArchiving({ id: plan.id, name: `${middleware.name} ${plan.name}`, action: 'restore' })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </CatalogTable>
        </ListState>
      </Stack>
      <Modal
        closeButtonProps={CLOSE_BUTTON}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `Create a plan of ${middleware.name}` : `Edit ${middleware.name} ${editing?.name ?? ''}`}
        size="xl"
      >
        {editing !== null ? (
          <PlanForm key={editing === 'new' ? 'new' : editing.id} middleware={middleware} plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ArchiveDialog
        noun="plan"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
        archiveNote="The last plan on sale of a middleware cannot be archived: archive the middleware instead."
      />
    </Card>
  );
}
