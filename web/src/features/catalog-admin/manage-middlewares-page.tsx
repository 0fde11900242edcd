import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { MIDDLEWARE_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminMiddlewares, useRefreshCatalog, useRegions } from './catalog-admin-queries';
import type { AdminMiddleware } from './catalog-admin-types';
import { namesOf } from './catalog-display';
import { CatalogTable, ListState, NameCell } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { MiddlewareForm } from './middleware-form';
import { PlansPanel } from './plans-panel';
import { RowActions } from './row-actions';
import { StaffPage } from '../officers';
import { StatusBadge } from './status-badge';
import { useListFilter } from './use-list-filter';

const COLUMNS = ['Middleware', 'Versions', 'Regions', 'Plans on sale', 'Status'] as const;

/** Staff editing of the managed data services and their plans. */
export function ManageMiddlewaresPage() {
  return (
    <StaffPage
      title="Manage Middlewares"
      description="The managed data services customers order beside their clusters, and the plans (sizes and prices) of each. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
    >
      <MiddlewaresList />
    </StaffPage>
  );
}

function MiddlewaresList() {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const middlewares = useAdminMiddlewares();
  const regions = useRegions();
  const filter = useListFilter(middlewares.data, (middleware) => [middleware.name, middleware.id, middleware.engine, middleware.description, MIDDLEWARE_CATEGORY_LABELS[middleware.category]]);
  const [editing, setEditing] = useState<AdminMiddleware | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const [planned, setPlanned] = useState<string | null>(null);
  const archive = useMutation(trpc.catalogAdmin.middlewares.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.middlewares.restore.mutationOptions({ onSettled: () => void refresh() }));
  const plansOf = middlewares.data?.find((middleware) => middleware.id === planned) ?? null;

  return (
    <Stack gap="lg">
      <Stack gap="md">
        <ListToolbar
          noun="middlewares"
          search={filter.search}
          onSearch={filter.setSearch}
          showArchived={filter.showArchived}
          onShowArchived={filter.setShowArchived}
          archivedCount={filter.archivedCount}
          createLabel="Create middleware"
          onCreate={() => setEditing('new')}
        />
        <ListState noun="middlewares" query={middlewares} shown={filter.visible.length}>
          <CatalogTable label="Middlewares" columns={COLUMNS} minWidth={1000}>
            {filter.visible.map((middleware) => {
              const archived = middleware.archivedAt !== null;
              return (
                <Table.Tr key={middleware.id} data-testid="catalog-row" data-id={middleware.id}>
                  <Table.Td maw={300}>
                    <NameCell name={middleware.name} id={middleware.id} detail={`${MIDDLEWARE_CATEGORY_LABELS[middleware.category]}, engine ${middleware.engine}`} />
                  </Table.Td>
                  <Table.Td>{middleware.versions.length ? middleware.versions.join(', ') : 'Versionless'}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm">{namesOf(middleware.regionIds, regions.names).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>{middleware.planCount}</Table.Td>
                  <Table.Td>
                    <StatusBadge archived={archived} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={middleware.name}
                      archived={archived}
                      onEdit={() => setEditing(middleware)}
                      onArchive={() => setArchiving({ id: middleware.id, name: middleware.name, action: 'archive' })}
                      onRestore={() => setArchiving({ id: middleware.id, name: middleware.name, action: 'restore' })}
                    >
                      <Button
                        size="compact-sm"
                        variant={planned === middleware.id ? 'filled' : 'default'}
                        color={planned === middleware.id ? 'blue.9' : undefined}
                        leftSection={<IconListDetails size={14} />}
                        onClick={() => setPlanned(middleware.id)}
                        aria-label={`Plans of ${middleware.name}`}
                        aria-pressed={planned === middleware.id}
                      >
                        Plans
                      </Button>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </CatalogTable>
        </ListState>
      </Stack>
      {plansOf ? (
        <PlansPanel middleware={plansOf} />
      ) : middlewares.data ? (
        <Text size="sm" c="dimmed">
          Choose Plans on a middleware to see and edit its plans.
        </Text>
      ) : null}
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create a middleware' : `Edit ${editing?.name ?? ''}`} size="xl">
        {editing !== null ? (
          <MiddlewareForm key={editing === 'new' ? 'new' : editing.id} middleware={editing === 'new' ? null : editing} regionOptions={regions.options} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ArchiveDialog
        noun="middleware"
        target={archiving}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ id: target.id })}
        archiveNote="Its plans go off sale with it, and come back with it."
      />
    </Stack>
  );
}
