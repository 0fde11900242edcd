import { Code, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';

interface ListStateProps {
  /** What the list holds, e.g. "add-ons". */
  noun: string;
  query: { isPending: boolean; error: { message: string } | null; isFetching: boolean; refetch: () => unknown };
  /** Rows after search and the archived switch. */
  shown: number;
  children: ReactNode;
}

/** Loading, failure, an empty result, or the list. */
export function ListState({ noun, query, shown, children }: ListStateProps) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${noun}`}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (query.error) {
    return <QueryErrorAlert title={`The ${noun} could not be loaded`} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {shown === 0 ? `No ${noun} match.` : `${shown} ${noun} shown.`}
      </Text>
      {shown === 0 ? null : children}
    </Stack>
  );
}

interface CatalogTableProps {
  /** The table's accessible name, e.g. "Cluster tiers". */
  label: string;
  columns: readonly string[];
  minWidth?: number;
  children: ReactNode;
}

/** A catalogue list: named, with its last column for the row actions. */
export function CatalogTable({ label, columns, minWidth = 900, children }: CatalogTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The first cell of a row: the item's name and its id. */
export function NameCell({ name, id, detail }: { name: string; id: string; detail?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Code fz="xs">{id}</Code>
      {detail ? (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}
