import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { CLOSE_BUTTON } from './form-inputs';

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
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const archive = target?.action === 'archive';
  const verb = archive ? verbs.archive : 'restore';

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!target) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(target);
      toast({
        title: `${capitalised(noun)} ${archive ? verbs.archived : 'restored'}`,
        description: archive ? `“${target.name}” is off sale. Existing clusters and orders keep it.` : `“${target.name}” is on sale again.`,
        variant: 'success',
      });
      close();
    } catch (failure) {
      if (onRefused?.(target, failure)) {
        close();
        return;
      }
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      toast({ title: `The ${noun} was not ${archive ? verbs.archived : 'restored'}`, description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal closeButtonProps={CLOSE_BUTTON} opened={target !== null} onClose={close} title={target ? `${capitalised(verb)} ${target.name}?` : ''} centered>
      {target ? (
        <Stack gap="md" data-testid="archive-dialog">
          {archive ? (
            <Text size="sm">
              {capitalised(verbs.archiving)} takes “{target.name}” off sale: customers can no longer choose it for new
              orders. An archived {noun} stays on existing clusters and orders, which keep the price they were ordered at. You can restore it later.
              {archiveNote ? ` ${archiveNote}` : ''}
            </Text>
          ) : (
            <Text size="sm">Restoring puts “{target.name}” back on sale: customers can choose it again, at its current price.</Text>
          )}
          <ErrorAlert>{error}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color={archive ? 'red.9' : 'teal.9'} loading={pending} onClick={() => void confirm()}>
              {capitalised(verb)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
