import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { passwordConfirmationInputSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';

interface PasswordConfirmModalProps {
  opened: boolean;
  title: string;
  /** What pressing the button will do. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: MantineColor;
  pending: boolean;
  /** The server's answer to the last try (wrong password, unverified email, ...). */
  error: string | null | undefined;
  onConfirm: (password: string) => void;
  onClose: () => void;
  testId?: string;
}

/**
 * Asks for the account password again before a sensitive change (the server checks it): a session
 * left open on a shared computer is not enough to change how the account signs in.
 */
export function PasswordConfirmModal({ opened, title, children, confirmLabel, confirmColor, pending, error, onConfirm, onClose, testId }: PasswordConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      centered
      size="md"
      data-testid={testId}
    >
      {/* Mounted only while open: every opening starts with an empty field. */}
      {opened ? (
        <PasswordForm confirmLabel={confirmLabel} confirmColor={confirmColor} pending={pending} error={error} onConfirm={onConfirm} onCancel={onClose}>
          {children}
        </PasswordForm>
      ) : null}
    </Modal>
  );
}

interface PasswordFormProps {
  children: ReactNode;
  confirmLabel: string;
  confirmColor: MantineColor | undefined;
  pending: boolean;
  error: string | null | undefined;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

function PasswordForm({ children, confirmLabel, confirmColor, pending, error, onConfirm, onCancel }: PasswordFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(passwordConfirmationInputSchema, { sync: true }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onConfirm(values.password))}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <ErrorAlert>{error}</ErrorAlert>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          data-autofocus
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={confirmColor} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
