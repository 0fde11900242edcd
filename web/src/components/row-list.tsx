import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { ActionIconProps, ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';

interface RowListProps<T> {
  /** The group's heading, which names the group for assistive technology. */
  title: string;
  /** The heading's id; one is made up when not given. */
  id?: string;
  titleWeight?: number;
  description?: ReactNode;
  rows: readonly T[];
  /** The fields of one row; its remove button follows them. */
  renderRow: (row: T, index: number) => ReactNode;
  rowAlign: 'flex-start' | 'flex-end';
  rowWrap: 'wrap' | 'nowrap';
  /** The remove button's accessible name for the row at index. */
  removeLabel: (index: number) => string;
  removeIcon: ReactNode;
  removeProps: ActionIconProps;
  onRemove: (index: number) => void;
  /** A message about the rows as a whole, shown under them. */
  error?: ReactNode;
  addLabel: string;
  addSize: ButtonProps['size'];
  onAdd: () => void;
}

/**
 * A labelled group of rows that can be added and removed one by one, such as a node pool's
 * Kubernetes labels or taints: a heading, an optional hint, the rows each with a remove button,
 * and an add button under them.
 */
export function RowList<T>({
  title,
  id,
  titleWeight = 600,
  description,
  rows,
  renderRow,
  rowAlign,
  rowWrap,
  removeLabel,
  removeIcon,
  removeProps,
  onRemove,
  error,
  addLabel,
  addSize,
  onAdd,
}: RowListProps<T>) {
  const generatedId = useId();
  const titleId = id ?? generatedId;
  return (
    <Stack gap={6} role="group" aria-labelledby={titleId}>
      <Text size="sm" fw={titleWeight} id={titleId}>
        {title}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align={rowAlign} wrap={rowWrap}>
          {renderRow(row, index)}
          <ActionIcon variant="subtle" {...removeProps} aria-label={removeLabel(index)} onClick={() => onRemove(index)}>
            {removeIcon}
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button size={addSize} variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
