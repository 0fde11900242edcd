import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface KeepOrConfirmProps {
  /** What keeping things as they are is called: "Keep it". */
  keepLabel: string;
  onKeep: () => void;
  pending: boolean;
  onConfirm: () => void;
  color?: 'red';
  testId: string;
  /** The confirm button's words. */
  children: ReactNode;
}

/** The end of a billing dialog: keep things as they are, or confirm, on the right. */
export function KeepOrConfirm({ keepLabel, onKeep, pending, onConfirm, color, testId, children }: KeepOrConfirmProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onKeep}>
        {keepLabel}
      </Button>
      <Button color={color} loading={pending} onClick={onConfirm} data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}
