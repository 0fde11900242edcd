import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface CellLinesProps {
  children: ReactNode;
  /** The dimmed line under it (an id, an email, a date). */
  detail?: ReactNode;
  /** The first line in bold (a row's name). */
  strong?: boolean;
}

/** A cell of two lines: what it is, and a smaller dimmed detail under it. */
export function CellLines({ children, detail, strong = false }: CellLinesProps) {
  return (
    <>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {children}
      </Text>
      {detail === undefined || detail === null || detail === false ? null : (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}
