import { Table, VisuallyHidden } from '@mantine/core';
import type { TableProps, TableTdProps, TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of a row or a cell: Mantine's, and data attributes for the browser tests. */
type WithData<P> = P & { [attribute: `data-${string}`]: string | number | boolean | undefined };
/** What a column may set on its cells, beside their content. */
export type CellProps = WithData<Pick<TableTdProps, 'ta' | 'fw' | 'c' | 'style' | 'w' | 'miw' | 'maw'>>;

export interface Column<T> {
  /** The column's heading (its key too). */
  header: string;
  /** A heading said to screen readers only, such as "Actions". */
  hideHeader?: boolean;
  align?: 'right';
  /** The cell names its row: a `th scope="row"` (in the first column, usually). */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** More of the cell's props (a test id, a style) for a row. */
  cellProps?: (row: T) => CellProps;
}

export interface DataTableProps<T> extends Pick<TableProps, 'striped' | 'highlightOnHover' | 'withTableBorder' | 'verticalSpacing' | 'horizontalSpacing' | 'fz'> {
  rows: readonly T[];
  /** The columns, in order; `false` leaves one out (a column shown only sometimes). */
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => WithData<TableTrProps>;
  /** A visible caption naming the table, or else… */
  caption?: string;
  /** …a name for screen readers only. */
  label?: string;
  /** Below this width the table scrolls sideways rather than squeeze its columns. */
  minWidth: number;
  testId?: string;
  /** Rows under the body (totals), in a `tfoot`. */
  footer?: ReactNode;
  /** The rows are an earlier answer while the next one loads: said busy, and dimmed. */
  busy?: boolean;
  /**
   * For a table whose long cells can make it scroll sideways: the name of its scroll area, then a
   * focusable region the keyboard can scroll (WCAG 2.1.1).
   */
  scrollRegion?: string;
  /**
   * `native` (the default): the browser's own scrollbar. `scrollarea`: Mantine's scroll area, which
   * measures itself as it mounts and renders again at once, synchronously, in the same task as the
   * page's hydration (ADR 53): every list uses the native one.
   */
  scrollType?: 'native' | 'scrollarea';
}

/**
 * The one table of the lists: a named table (caption or aria-label) in a scroll container, column
 * headings with `scope="col"`, and each row drawn from its columns.
 */
export function DataTable<T>({ rows, columns, rowKey, rowProps, caption, label, minWidth, testId, footer, busy, scrollRegion, scrollType = 'native', ...tableProps }: DataTableProps<T>) {
  const shown = columns.filter((column): column is Column<T> => column !== false);
  const region = scrollRegion ? ({ tabIndex: 0, role: 'region', 'aria-label': scrollRegion } as const) : undefined;
  return (
    // Natively scrolled, the container is also the containing block of what cells position
    // absolutely (visually hidden labels): otherwise those escape its clipping and widen the page.
    <Table.ScrollContainer
      minWidth={minWidth}
      type={scrollType}
      {...(scrollType === 'native' ? { pos: 'relative', ...region } : { scrollAreaProps: region ? { viewportProps: region } : undefined })}
    >
      <Table {...tableProps} aria-label={label} data-testid={testId} aria-busy={busy} style={busy ? { opacity: 0.6 } : undefined}>
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.header} scope="col" ta={column.align}>
                {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((column) => {
                const props = { ta: column.align, ...column.cellProps?.(row) };
                return column.rowHeader ? (
                  <Table.Th key={column.header} scope="row" fw={500} {...props}>
                    {column.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.header} {...props}>
                    {column.cell(row)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
