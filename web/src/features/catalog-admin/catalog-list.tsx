import type { AppRouter } from '@kubemarket/api';
import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { Fragment, useState, type ReactNode } from 'react';
import { DataTable, QueryView, RowsSkeleton } from '../../components/list-kit';
import { useTRPCClient } from '../../lib/trpc';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { useRefreshCatalog } from './catalog-admin-queries';
import { tableColumns, type Column } from './catalog-table';
import { CLOSE_BUTTON } from './form-inputs';
import { isArchived } from './list-filter';
import { ListToolbar } from './list-toolbar';
import { RowActions } from './row-actions';
import { useListFilter } from './use-list-filter';
import { Modal } from '../../components/overlays';

/** An entity's archive and restore procedures on the tRPC client, e.g. `client.catalogAdmin.addons`. */
interface ArchiveProcedures<Input> {
  archive: { mutate: (input: Input) => Promise<unknown> };
  restore: { mutate: (input: Input) => Promise<unknown> };
}

interface Archiving<Input> {
  /** What an item is, e.g. "add-on": names the dialog and its toasts. */
  noun: string;
  procedures: (client: TRPCClient<AppRouter>) => ArchiveProcedures<Input>;
  /** The procedures' input for an item's key: `{ id }` unless told. */
  input?: (key: string) => Input;
  /** What else archiving this kind of item does, e.g. "Its plans go off sale with it." */
  note?: string;
  /** Words of the archive action where "archive" is not the word (promotions are withdrawn). */
  verbs?: { archive: string; archiving: string; archived: string };
  label?: string;
  /** Whether archived items can be put back from here (not the plans of an archived middleware). */
  canRestore?: boolean;
  /** Takes a refusal the list handles itself (a restore needing a second administrator): true when it did. */
  onRefused?: (target: ArchiveTarget, failure: unknown) => boolean;
}

interface CatalogListProps<T extends object, Input> {
  /** What the list holds, e.g. "add-ons": names the search, the switch and the list's states. */
  noun: string;
  /** The table's accessible name, e.g. "Add-ons". */
  label: string;
  query: UseQueryResult<readonly T[], { message: string }>;
  /** The text the search looks in. */
  searchText: (item: T) => readonly (string | null | undefined)[];
  columns: readonly Column<T>[];
  minWidth: number;
  /** The item's key: its id (a version's number, a promotion's code). */
  keyOf: (item: T) => string;
  /** The item's name for staff: its buttons ("Edit Argo CD"), its dialogs. */
  nameOf: (item: T) => string;
  /** Shown as archived (a tier also when inactive); `archivedAt` set unless told. */
  archivedOf?: (item: T) => boolean;
  /** The create button and the title of its form; left out where nothing can be created. */
  create?: { label: string; title: string };
  /** The form of an item, or of a new one (null). */
  form: (item: T | null, onDone: () => void) => ReactNode;
  formSize?: 'lg' | 'xl';
  /** Left out for items that are never archived (Kubernetes versions). */
  archiving?: Archiving<Input>;
  /** More buttons of a row, before Edit. */
  rowActions?: (item: T) => ReactNode;
}

/**
 * A catalogue list: its search (and "Show archived" switch), its table, and the dialogs that
 * create, edit, archive and restore its items. Each entity gives its columns and its form.
 */
export function CatalogList<T extends object, Input = { id: string }>({
  noun,
  label,
  query,
  searchText,
  columns,
  minWidth,
  keyOf,
  nameOf,
  archivedOf = isArchived,
  create,
  form,
  formSize = 'xl',
  archiving,
  rowActions,
}: CatalogListProps<T, Input>) {
  const client = useTRPCClient();
  const refresh = useRefreshCatalog();
  const filter = useListFilter(query.data, searchText);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [target, setTarget] = useState<ArchiveTarget | null>(null);
  const close = () => setEditing(null);
  const ask = (item: T, action: ArchiveTarget['action']) => () => setTarget({ id: keyOf(item), name: nameOf(item), action });

  const confirm = async ({ id, action }: ArchiveTarget) => {
    if (!archiving) return;
    const procedures = archiving.procedures(client);
    try {
      await procedures[action].mutate(archiving.input ? archiving.input(id) : ({ id } as Input));
    } finally {
      void refresh();
    }
  };

  return (
    <Stack gap="md">
      <ListToolbar
        noun={noun}
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={archiving ? filter.setShowArchived : undefined}
        archivedCount={filter.archivedCount}
        createLabel={create?.label}
        onCreate={create ? () => setEditing('new') : undefined}
      />
      <QueryView query={query} loading={<RowsSkeleton label={`Loading ${noun}`} heights={[36, 36, 36]} />} errorTitle={`The ${noun} could not be loaded`}>
        {() => (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {filter.visible.length === 0 ? `No ${noun} match.` : `${filter.visible.length} ${noun} shown.`}
            </Text>
            {filter.visible.length === 0 ? null : (
              <DataTable
                rows={filter.visible}
                columns={tableColumns(columns, archivedOf, (item, archived) => (
                  <RowActions
                    name={nameOf(item)}
                    archived={archived}
                    archiveLabel={archiving?.label}
                    onEdit={() => setEditing(item)}
                    onArchive={archiving ? ask(item, 'archive') : undefined}
                    onRestore={archiving && archiving.canRestore !== false ? ask(item, 'restore') : undefined}
                  >
                    {rowActions?.(item)}
                  </RowActions>
                ))}
                rowKey={keyOf}
                rowProps={(item) => ({ 'data-testid': 'catalog-row', 'data-id': keyOf(item) })}
                label={label}
                minWidth={minWidth}
                verticalSpacing="sm"
                striped
                highlightOnHover
              />
            )}
          </Stack>
        )}
      </QueryView>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={close} title={editing === 'new' ? create?.title : editing ? `Edit ${nameOf(editing)}` : ''} size={formSize}>
        {editing !== null ? <Fragment key={editing === 'new' ? 'new' : keyOf(editing)}>{form(editing === 'new' ? null : editing, close)}</Fragment> : null}
      </Modal>
      {archiving ? (
        <ArchiveDialog noun={archiving.noun} target={target} onClose={() => setTarget(null)} onConfirm={confirm} archiveNote={archiving.note} verbs={archiving.verbs} onRefused={archiving.onRefused} />
      ) : null}
    </Stack>
  );
}
