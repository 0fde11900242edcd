import { PasswordInput, Stack, Text } from '@mantine/core';
import { CancelSubmitRow } from '../../components/form-fields';
import type { MantineColor } from '@mantine/core';
import { passwordConfirmationInputSchema } from '@kubemarket/shared';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Modal } from '../../components/overlays';

/** The part of a mutation taking the account password (variables: { password }) the dialog drives. */
export interface PasswordConfirmedChange {
  isPending: boolean;
  mutateAsync: (input: { password: string }) => Promise<unknown>;
}

interface PasswordConfirmModalProps {
  opened: boolean;
  title: string;
  /** What pressing the button will do. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: MantineColor;
  /**
   * The change, sent the password; it rejects with the server's answer (wrong password, unverified
   * email, ...), shown in the dialog, and the dialog does not close while it is sent.
   */
  change: PasswordConfirmedChange;
  onClose: () => void;
  testId?: string;
}

/**
 * Asks for the account password again before a sensitive change (the server checks it): a session
 * left open on a shared computer is not enough to change how the account signs in.
 */
export function PasswordConfirmModal({ opened, title, children, confirmLabel, confirmColor, change, onClose, testId }: PasswordConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!change.isPending) onClose();
      }}
      title={title}
      centered
      size="md"
      data-testid={testId}
    >
      {/* Mounted only while open: every opening starts with an empty field. */}
      {opened ? (
        <PasswordForm confirmLabel={confirmLabel} confirmColor={confirmColor} onConfirm={(password) => change.mutateAsync({ password })} onCancel={onClose}>
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
  onConfirm: (password: string) => Promise<unknown>;
  onCancel: () => void;
}

function PasswordForm({ children, confirmLabel, confirmColor, onConfirm, onCancel }: PasswordFormProps) {
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: passwordConfirmationInputSchema,
    initialValues: { password: '' },
    submit: (_parsed, values) => onConfirm(values.password),
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
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
        <CancelSubmitRow onCancel={onCancel} holdCancel submitting={submitting} color={confirmColor} gap="sm">
          {confirmLabel}
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
