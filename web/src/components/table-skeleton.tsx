import { Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface TableSkeletonProps {
  /** The column headings of the table it stands for, shown as they will be. */
  columns: readonly string[];
  /** The caption of the table it stands for (or one as long). */
  caption: string;
  /** The Table.ScrollContainer minWidth of the table it stands for. */
  minWidth: number;
  rows?: number;
  /**
   * A typical row's cells, column by column, laid out under the skeletons: on a narrow screen a
   * placeholder row then wraps, and so grows, as a real one would. Without it, one-line rows.
   */
  sample?: readonly ReactNode[];
}

/**
 * A loading table laid out like the one it stands for (same headings, caption, spacing and scroll
 * container), with placeholder rows as tall as one-line rows: the section does not change height
 * when its rows arrive, so nothing below it moves. Decorative, hence hidden from assistive technology.
 */
export function TableSkeleton({ columns, caption, minWidth, rows = 1, sample }: TableSkeletonProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} aria-hidden data-testid="table-skeleton">
      <Table verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Array.from({ length: rows }, (_, row) => (
            <Table.Tr key={row}>
              {columns.map((column, index) => (
                <Table.Td key={column}>
                  {sample?.[index] === undefined ? (
                    <Skeleton>
                      <Text size="sm">&nbsp;</Text>
                    </Skeleton>
                  ) : (
                    <Skeleton width="fit-content" maw="100%">
                      {sample[index]}
                    </Skeleton>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
