import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { Modal } from './overlays';

interface ConfirmModalProps {
  opened: boolean;
  /** Closing is ignored while the action runs. */
  onClose: () => void;
  /** The question, in bold: "Remove Ingress NGINX?". */
  title: ReactNode;
  /** What happens, above the error and the buttons. */
  children: ReactNode;
  /** The server's refusal, shown in the dialog. */
  error: string | null | undefined;
  pending: boolean;
  /** The button that closes without doing anything: "Cancel" by default. */
  keepLabel?: string;
  confirmLabel: ReactNode;
  /** The confirm button's colour: red for what cannot be undone. */
  confirmColor?: string;
  onConfirm: () => void;
  testIds?: { modal?: string; body?: string; confirm?: string };
}

/**
 * Asks before an action (revoke, remove, restore, cancel): what it does, the server's refusal if it
 * is refused, and two buttons, the confirmation on the right. Closing waits for the action.
 */
export function ConfirmModal({ opened, onClose, title, children, error, pending, keepLabel = 'Cancel', confirmLabel, confirmColor, onConfirm, testIds = {} }: ConfirmModalProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{title}</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid={testIds.modal}>
      <Stack gap="md" data-testid={testIds.body}>
        {children}
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            {keepLabel}
          </Button>
          <Button color={confirmColor} loading={pending} onClick={onConfirm} data-testid={testIds.confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The state of a confirmed action that is not a mutation of its own (a list of steps, a callback):
 * pending while it runs, and its failure's message for the dialog unless `onFailure` takes it.
 */
export function useConfirmRun() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<void>, onFailure?: (failure: unknown, message: string) => boolean) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (!onFailure?.(failure, message)) setError(message);
    } finally {
      setPending(false);
    }
  };
  return { error, pending, run, clearError: () => setError(null) };
}
