import { Badge, Modal, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import { useAdminVersions } from './catalog-admin-queries';
import type { AdminVersion } from './catalog-admin-types';
import { CatalogTable, ListState } from './catalog-table';
import { CLOSE_BUTTON } from './form-inputs';
import { visibleItems } from './list-filter';
import { ListToolbar } from './list-toolbar';
import { RowActions } from './row-actions';
import { formatUtcDate } from './utc-dates';
import { VersionForm } from './version-form';

const COLUMNS = ['Version', 'Classification', 'End of support', 'Default', 'Clusters'] as const;
const CLASSIFICATION_COLORS = { preview: 'violet.9', supported: 'teal.9', deprecated: 'red.9' } as const;

/** Kubernetes versions: add one, change its classification, end of support or the default. Versions are never archived. */
export function VersionsPanel() {
  const versions = useAdminVersions();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminVersion | 'new' | null>(null);
  const shown = visibleItems(
    (versions.data ?? []).map((version) => ({ ...version, archivedAt: null })),
    search,
    true,
    (version) => [version.version, `${version.version}.${version.patch}`, VERSION_CLASSIFICATION_LABELS[version.classification]],
  );

  return (
    <Stack gap="md">
      <ListToolbar noun="Kubernetes versions" search={search} onSearch={setSearch} createLabel="Add version" onCreate={() => setEditing('new')} />
      <ListState noun="Kubernetes versions" query={versions} shown={shown.length}>
        <CatalogTable label="Kubernetes versions" columns={COLUMNS} minWidth={700}>
          {shown.map((version) => (
            <Table.Tr key={version.version} data-testid="catalog-row" data-id={version.version}>
              <Table.Td fw={600}>
                {version.version}.{version.patch}
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="filled" color={CLASSIFICATION_COLORS[version.classification]} miw="max-content">
                  {VERSION_CLASSIFICATION_LABELS[version.classification]}
                </Badge>
              </Table.Td>
              <Table.Td>{version.endOfSupportAt === null ? 'Not announced' : formatUtcDate(version.endOfSupportAt)}</Table.Td>
              <Table.Td>{version.isDefault ? 'Default' : ''}</Table.Td>
              <Table.Td>{version.inUse ?? 'Not recorded'}</Table.Td>
              <Table.Td>
                <RowActions name={`Kubernetes ${version.version}`} archived={false} onEdit={() => setEditing(version)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </CatalogTable>
      </ListState>
      <Modal
        closeButtonProps={CLOSE_BUTTON}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a Kubernetes version' : `Edit Kubernetes ${editing?.version ?? ''}`}
        size="lg"
      >
        {editing !== null ? <VersionForm key={editing === 'new' ? 'new' : editing.version} version={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
