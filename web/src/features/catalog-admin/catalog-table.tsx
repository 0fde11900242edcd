import { Code, Skeleton, Stack, Table, Text, VisuallyHidden, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import type { ScheduledPrice } from './catalog-admin-types';
import { formatEuros } from './money';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';

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

/** A column of a catalogue list: its heading, and its cell for an item (archived or not). */
export interface Column<T> {
  header: string;
  cell: (item: T, archived: boolean) => ReactNode;
  /** The cell's props (a width). */
  td?: TableTdProps;
}

/** The Status column: on sale or archived. */
export const STATUS_COLUMN: Column<unknown> = { header: 'Status', cell: (_item, archived) => <StatusBadge archived={archived} /> };

interface CatalogTableProps<T> {
  /** The table's accessible name, e.g. "Cluster tiers". */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** The item's key (its id), for the browser tests too (`data-id`). */
  keyOf: (item: T) => string;
  archivedOf: (item: T) => boolean;
  /** The last cell of a row: its actions. */
  actions: (item: T, archived: boolean) => ReactNode;
  minWidth?: number;
}

/** A catalogue list: named, a row an item, with its last column for the row actions. */
export function CatalogTable<T>({ label, columns, rows, keyOf, archivedOf, actions, minWidth = 900 }: CatalogTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const archived = archivedOf(item);
            return (
              <Table.Tr key={keyOf(item)} data-testid="catalog-row" data-id={keyOf(item)}>
                {columns.map((column) => (
                  <Table.Td key={column.header} {...column.td}>
                    {column.cell(item, archived)}
                  </Table.Td>
                ))}
                <Table.Td>{actions(item, archived)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A price cell: the monthly price (named for the browser tests), a second line, and the changes scheduled. */
export function PriceCell({ monthlyCents, detail, scheduled }: { monthlyCents: number; detail: ReactNode; scheduled: readonly ScheduledPrice[] }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <span data-testid="monthly-price">{formatEuros(monthlyCents)}</span> / month
      </Text>
      <Text size="xs">{detail}</Text>
      <ScheduledPrices prices={scheduled} />
    </>
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
