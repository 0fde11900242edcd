import { Button, Group } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowActionsProps {
  /** The item's name, for the buttons' accessible names ("Edit Argo CD"). */
  name: string;
  archived: boolean;
  onEdit: () => void;
  /** Left out for items that are never archived (Kubernetes versions). */
  onArchive?: () => void;
  onRestore?: () => void;
  /** Labels of the archive action where "Archive" is not the word (promotions are withdrawn). */
  archiveLabel?: string;
  children?: ReactNode;
}

/** Edit, and archive or restore, for one row of a catalogue list. */
export function RowActions({ name, archived, onEdit, onArchive, onRestore, archiveLabel = 'Archive', children }: RowActionsProps) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {children}
      <Button size="compact-sm" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {archived && onRestore ? (
        <Button size="compact-sm" variant="default" leftSection={<IconArchiveOff size={14} />} onClick={onRestore} aria-label={`Restore ${name}`}>
          Restore
        </Button>
      ) : null}
      {!archived && onArchive ? (
        <Button size="compact-sm" variant="default" leftSection={<IconArchive size={14} />} onClick={onArchive} aria-label={`${archiveLabel} ${name}`}>
          {archiveLabel}
        </Button>
      ) : null}
    </Group>
  );
}
