import { Stack, Text, Textarea } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { fieldRule } from '../../lib/field-rule';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Modal } from '../../components/overlays';

export interface ReasonAction {
  /** The dialog's title, e.g. "Disable Alice Martin?" */
  title: string;
  /** What the action does, in plain words. */
  body: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (disable, reject, reset). */
  danger?: boolean;
  /** Whether a reason must be given (it is always kept in the audit log when given). */
  reasonRequired?: boolean;
  reasonLabel?: string;
  reasonDescription?: string;
  /** Runs the action with the reason; rejects with the server's message. */
  run: (reason: string) => Promise<unknown>;
  /** The toast after success; a function reads what `run` resolved to (an action whose outcome varies). */
  done: { title: string; description?: string } | string | ((result: unknown) => { title: string; description?: string });
  /** Extra fields above the reason (a role to choose), rendered as given. */
  extra?: ReactNode;
}

/** Confirms a staff action with the reason the audit log (and often the user) will read. */
export function ReasonDialog({ action, reasonProblem, onClose }: { action: ReasonAction | null; reasonProblem: ReasonCheck; onClose: () => void }) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={action?.title ?? ''} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {action ? <ReasonForm key={action.title} action={action} reasonProblem={reasonProblem} onClose={onClose} /> : null}
    </Modal>
  );
}

/** What is wrong with the reason typed, by the rule of the server that receives it. */
export type ReasonCheck = (reason: string, required: boolean) => string | null;

function ReasonForm({ action, reasonProblem, onClose }: { action: ReasonAction; reasonProblem: ReasonCheck; onClose: () => void }) {
  const id = useId();
  const required = action.reasonRequired ?? true;
  const schema = z.object({ reason: fieldRule((reason: string) => reasonProblem(reason, required)) });
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema,
    initialValues: { reason: '' },
    validateInputOnBlur: true,
    submit: ({ reason }) => action.run(reason.trim()),
    success: (result) => {
      const done = typeof action.done === 'string' ? { title: action.done } : typeof action.done === 'function' ? action.done(result) : action.done;
      return { title: done.title, description: done.description, variant: 'success' };
    },
    onSuccess: onClose,
  });

  return (
    // The dialog may be opened from inside another form (a catalogue form asking for approval):
    // onSubmit keeps the submit from bubbling through the portal to it.
    <form ref={formRef} noValidate data-testid="reason-dialog" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">{action.body}</Text>
        <ErrorAlert>{error}</ErrorAlert>
        {action.extra}
        <Textarea
          id={`${id}-reason`}
          label={action.reasonLabel ?? 'Reason'}
          description={action.reasonDescription ?? 'Kept in the audit log.'}
          required={required}
          autosize
          minRows={2}
          maxRows={6}
          key={form.key('reason')}
          {...form.getInputProps('reason')}
          data-autofocus
        />
        <CancelSubmitRow onCancel={onClose} holdCancel submitting={submitting} color={action.danger ? 'red' : undefined}>
          {action.confirmLabel}
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
