import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  submitting: boolean;
  disabled?: boolean;
  testId?: string;
  /** The button's words: "Save name". */
  children: ReactNode;
}

/** A form's submit button, on the right under its fields. */
export function SubmitRow({ submitting, disabled, testId, children }: SubmitButtonProps) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={submitting} disabled={disabled} data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}

/** A dialog's form ends with Cancel (closes it) and its submit button, on the right. */
export function CancelSubmitRow({ onCancel, submitting, children }: SubmitButtonProps & { onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {children}
      </Button>
    </Group>
  );
}
