import { Button, Group } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
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

interface CancelSubmitRowProps extends SubmitButtonProps {
  onCancel: () => void;
  /** Cancel waits too while the form is sent. */
  holdCancel?: boolean;
  /** The submit button's colour: red for what cannot be undone. */
  color?: MantineColor;
  /** The two buttons closer together, as in the dialogs whose form is dense. */
  gap?: 'sm';
}

/** A dialog's form ends with Cancel (closes it) and its submit button, on the right. */
export function CancelSubmitRow({ onCancel, holdCancel = false, submitting, disabled, color, gap, testId, children }: CancelSubmitRowProps) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel} disabled={holdCancel && submitting}>
        Cancel
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={submitting} data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}
