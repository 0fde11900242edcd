import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';

export interface ConfirmAction {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Fields the action needs (a role to choose), above the buttons. */
  extra?: ReactNode;
  run: () => Promise<unknown>;
  done: string;
}

/** Confirms a change to the team; the server's refusal (last owner, …) is shown in the dialog. */
export function ConfirmDialog({ action, onClose }: { action: ConfirmAction | null; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!action) return;
    setPending(true);
    setError(null);
    try {
      await action.run();
      toast({ title: action.done, variant: 'success' });
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={action !== null} onClose={close} title={action?.title ?? ''} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {action ? (
        <Stack gap="md" data-testid="team-confirm">
          <Text size="sm">{action.body}</Text>
          {action.extra}
          <ErrorAlert>{error}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color={action.danger ? 'red' : undefined} loading={pending} onClick={() => void confirm()}>
              {action.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
