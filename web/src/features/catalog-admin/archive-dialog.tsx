import { Text } from '@mantine/core';
import { ConfirmModal, useConfirmRun } from '../../components/confirm-modal';
import { toast } from '../../lib/toast';

export interface ArchiveTarget {
  /** The item's id (a promotion's code). */
  id: string;
  /** The item's name as staff know it. */
  name: string;
  action: 'archive' | 'restore';
}

interface ArchiveDialogProps<T extends ArchiveTarget> {
  /** What the item is, e.g. "add-on"; "Add-on archived" in the toast. */
  noun: string;
  target: T | null;
  onClose: () => void;
  /** Archives or restores the target; rejects with the server's reason. */
  onConfirm: (target: T) => Promise<unknown>;
  /** What else archiving this kind of item does, e.g. "Its plans go off sale with it." */
  archiveNote?: string;
  /** Words for the archive action where "archive" is not the word (promotions are withdrawn). */
  verbs?: { archive: string; archiving: string; archived: string };
  /**
   * Takes a refusal the caller handles itself (a restore that needs a second administrator, offered
   * for approval): returns true, and the dialog closes without showing it as an error.
   */
  onRefused?: (target: T, failure: unknown) => boolean;
}

const ARCHIVE_VERBS = { archive: 'archive', archiving: 'archiving', archived: 'archived' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Confirms taking an item off sale, or putting it back. Archiving never deletes: the clusters and
 * orders that have the item keep it, at the price they were ordered at.
 */
export function ArchiveDialog<T extends ArchiveTarget>({ noun, target, onClose, onConfirm, archiveNote, verbs = ARCHIVE_VERBS, onRefused }: ArchiveDialogProps<T>) {
  const { error, pending, run, clearError } = useConfirmRun();
  const archive = target?.action === 'archive';
  const verb = archive ? verbs.archive : 'restore';

  const close = () => {
    clearError();
    onClose();
  };

  const confirm = (item: T) =>
    run(
      async () => {
        await onConfirm(item);
        toast({
          title: `${capitalised(noun)} ${archive ? verbs.archived : 'restored'}`,
          description: archive ? `“${item.name}” is off sale. Existing clusters and orders keep it.` : `“${item.name}” is on sale again.`,
          variant: 'success',
        });
        close();
      },
      (failure, message) => {
        if (onRefused?.(item, failure)) {
          close();
          return true;
        }
        toast({ title: `The ${noun} was not ${archive ? verbs.archived : 'restored'}`, description: message, variant: 'destructive' });
        return false;
      },
    );

  return (
    <ConfirmModal
      opened={target !== null}
      onClose={close}
      title={target ? `${capitalised(verb)} ${target.name}?` : ''}
      error={error}
      pending={pending}
      confirmLabel={capitalised(verb)}
      confirmColor={archive ? 'red.9' : 'teal.9'}
      onConfirm={() => target && void confirm(target)}
      testIds={{ body: 'archive-dialog' }}
    >
      {!target ? null : archive ? (
        <Text size="sm">
          {capitalised(verbs.archiving)} takes “{target.name}” off sale: customers can no longer choose it for new
          orders. An archived {noun} stays on existing clusters and orders, which keep the price they were ordered at. You can restore it later.
          {archiveNote ? ` ${archiveNote}` : ''}
        </Text>
      ) : (
        <Text size="sm">Restoring puts “{target.name}” back on sale: customers can choose it again, at its current price.</Text>
      )}
    </ConfirmModal>
  );
}
