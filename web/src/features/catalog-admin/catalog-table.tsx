import { Code, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CellProps, Column as KitColumn } from '../../components/list-kit';
import type { ScheduledPrice } from './catalog-admin-types';
import { formatEuros } from './money';
import { ScheduledPrices } from './scheduled-prices';
import { StatusBadge } from './status-badge';

/** A column of a catalogue list: the kit's column, whose cell also knows whether the item is archived. */
export interface Column<T> extends Omit<KitColumn<T>, 'cell' | 'cellProps'> {
  cell: (item: T, archived: boolean) => ReactNode;
  /** The cell's props (a width). */
  td?: CellProps;
}

/** The Status column: on sale or archived. */
export const STATUS_COLUMN: Column<unknown> = { header: 'Status', cell: (_item, archived) => <StatusBadge archived={archived} /> };

/** The kit's columns of a catalogue list: its own, each told whether its item is archived, then the row's actions (a heading said to screen readers only). */
export function tableColumns<T>(columns: readonly Column<T>[], archivedOf: (item: T) => boolean, actions: (item: T, archived: boolean) => ReactNode): KitColumn<T>[] {
  return [
    ...columns.map(({ cell, td, ...column }): KitColumn<T> => ({ ...column, cell: (item) => cell(item, archivedOf(item)), cellProps: td ? () => td : undefined })),
    { header: 'Actions', hideHeader: true, cell: (item) => actions(item, archivedOf(item)) },
  ];
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
