import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';

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
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const problem = reasonProblem(reason, action.reasonRequired ?? true);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setPending(true);
    setError(null);
    try {
      const result = await action.run(reason.trim());
      const done = typeof action.done === 'string' ? { title: action.done } : typeof action.done === 'function' ? action.done(result) : action.done;
      toast({ title: done.title, description: done.description, variant: 'success' });
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      data-testid="reason-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog may be opened from inside another form (a catalogue form asking for approval):
        // React bubbles events through the portal, and that form must not submit again.
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{action.body}</Text>
        <ErrorAlert>{error}</ErrorAlert>
        {action.extra}
        <Textarea
          id={`${id}-reason`}
          label={action.reasonLabel ?? 'Reason'}
          description={action.reasonDescription ?? 'Kept in the audit log.'}
          required={action.reasonRequired ?? true}
          autosize
          minRows={2}
          maxRows={6}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? problem : null}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={action.danger ? 'red' : undefined} loading={pending}>
            {action.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
