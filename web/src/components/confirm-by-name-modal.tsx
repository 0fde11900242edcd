import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { deleteConfirmationMatches } from '@kubemarket/shared';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useSchemaForm } from '../lib/use-schema-form';
import { ErrorAlert } from './error-alert';
import { Modal } from './overlays';

const typedNameSchema = z.object({ typed: z.string() });

/** The part of a mutation (variables: the confirmed name) the modal drives. */
export interface NameDeletion {
  mutate: (name: string) => void;
  reset: () => void;
  isPending: boolean;
  error: { message: string } | null;
}

interface ConfirmByNameModalProps {
  opened: boolean;
  onClose: () => void;
  /** What is deleted, typed to confirm: "webshop-prod". */
  name: string;
  /** The text field's label: "Cluster name". */
  label: string;
  /** What goes, above the field; the sentence asking to type the name follows it. */
  consequences: ReactNode;
  /** More to decide before confirming, under the consequences (a cluster's leftovers to keep). */
  details?: ReactNode;
  /** "Keep the cluster". */
  keepLabel: string;
  /** The deletion, sent the confirmed name; it is reset when the modal closes. */
  deletion: NameDeletion;
  testIds: { name: string; confirm: string; modal?: string };
}

/**
 * A deletion confirmed by typing the exact name of what goes (a cluster, a middleware): the button
 * stays disabled until the name matches, and Enter submits once it does.
 */
export function ConfirmByNameModal({ opened, onClose, name, label, consequences, details, keepLabel, deletion, testIds }: ConfirmByNameModalProps) {
  const pending = deletion.isPending;
  // Controlled: the button follows the name as it is typed.
  const { form, formRef, onSubmit } = useSchemaForm({
    schema: typedNameSchema,
    initialValues: { typed: '' },
    mode: 'controlled',
    submit: ({ typed }) => {
      if (deleteConfirmationMatches(typed, name) && !pending) deletion.mutate(name);
    },
  });
  const matches = deleteConfirmationMatches(form.values.typed, name);
  // Closed (deleted, or kept), it opens empty again: cleared once it has gone.
  const close = () => {
    if (pending) return;
    deletion.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Delete {name}?</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered onExitTransitionEnd={() => form.reset()} data-testid={testIds.modal}>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">
            {consequences} Type its name,{' '}
            <Text span fw={700} ff="monospace">
              {name}
            </Text>
            , to confirm.
          </Text>
          {details}
          <TextInput label={label} {...form.getInputProps('typed')} autoComplete="off" spellCheck={false} data-autofocus data-testid={testIds.name} />
          <ErrorAlert>{deletion.error?.message}</ErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {keepLabel}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={pending} data-testid={testIds.confirm}>
              Delete {name}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
