import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal, useConfirmRun } from '../../components/confirm-modal';
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
  const { error, pending, run, clearError } = useConfirmRun();
  const close = () => {
    clearError();
    onClose();
  };
  const confirm = () =>
    action &&
    run(async () => {
      await action.run();
      toast({ title: action.done, variant: 'success' });
      close();
    });
  return (
    <ConfirmModal
      opened={action !== null}
      onClose={close}
      title={action?.title ?? ''}
      error={error}
      pending={pending}
      confirmLabel={action?.confirmLabel}
      confirmColor={action?.danger ? 'red' : undefined}
      onConfirm={() => void confirm()}
      testIds={{ body: 'team-confirm' }}
    >
      <Text size="sm">{action?.body}</Text>
      {action?.extra}
    </ConfirmModal>
  );
}
