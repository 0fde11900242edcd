import { Badge } from '@mantine/core';
import { VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import { useAdminVersions } from './catalog-admin-queries';
import type { AdminVersion } from './catalog-admin-types';
import { CatalogList } from './catalog-list';
import type { Column } from './catalog-table';
import { formatUtcDate } from './utc-dates';
import { VersionForm } from './version-form';

const CLASSIFICATION_COLORS = { preview: 'violet.9', supported: 'teal.9', deprecated: 'red.9' } as const;

const COLUMNS: readonly Column<AdminVersion>[] = [
  { header: 'Version', td: { fw: 600 }, cell: (version) => `${version.version}.${version.patch}` },
  {
    header: 'Classification',
    cell: (version) => (
      <Badge size="sm" variant="filled" color={CLASSIFICATION_COLORS[version.classification]} miw="max-content">
        {VERSION_CLASSIFICATION_LABELS[version.classification]}
      </Badge>
    ),
  },
  { header: 'End of support', cell: (version) => (version.endOfSupportAt === null ? 'Not announced' : formatUtcDate(version.endOfSupportAt)) },
  { header: 'Default', cell: (version) => (version.isDefault ? 'Default' : '') },
  { header: 'Clusters', cell: (version) => version.inUse ?? 'Not recorded' },
];

/** Kubernetes versions: add one, change its classification, end of support or the default. Versions are never archived. */
export function VersionsPanel() {
  const versions = useAdminVersions();
  return (
    <CatalogList
      noun="Kubernetes versions"
      label="Kubernetes versions"
      query={versions}
      searchText={(version) => [version.version, `${version.version}.${version.patch}`, VERSION_CLASSIFICATION_LABELS[version.classification]]}
      columns={COLUMNS}
      minWidth={700}
      keyOf={(version) => version.version}
      nameOf={(version) => `Kubernetes ${version.version}`}
      create={{ label: 'Add version', title: 'Add a Kubernetes version' }}
      form={(version, onDone) => <VersionForm version={version} onDone={onDone} />}
      formSize="lg"
    />
  );
}
