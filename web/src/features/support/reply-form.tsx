import { Button, Group, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { focusFirstInvalidSoon } from '../../lib/focus-invalid';
import { FilePicker, filesAreValid } from './file-picker';
import { MarkdownField } from './markdown-field';
import { messageError } from './ticket-form-rules';

interface ReplyFormProps {
  label: string;
  submitLabel: string;
  /** Sends the reply; files present means the REST upload. Throws to show its message. */
  onSend: (reply: { body: string; files: File[] }) => Promise<unknown>;
  allowFiles?: boolean;
  /** Extra fields between the message and the buttons (e.g. the status after a staff reply). */
  extra?: ReactNode;
  testId?: string;
}

/** A Markdown message with optional files; the message may be empty only when files are sent. */
export function ReplyForm({ label, submitLabel, onSend, allowFiles = true, extra, testId }: ReplyFormProps) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = files.length > 0 && !body.trim() ? null : messageError(body);
    setError(problem);
    if (problem || !filesAreValid(files)) {
      focusFirstInvalidSoon(formRef);
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      await onSend({ body: body.trim(), files });
      setBody('');
      setFiles([]);
    } catch (failure) {
      setSendError(failure instanceof Error ? failure.message : 'The message could not be sent.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={label} data-testid={testId}>
      <Stack gap="sm">
        <MarkdownField label={label} value={body} onChange={setBody} error={error} minRows={4} disabled={sending} testId={testId ? `${testId}-body` : undefined} />
        {allowFiles ? <FilePicker files={files} onChange={setFiles} disabled={sending} /> : null}
        {extra}
        <ErrorAlert>{sendError}</ErrorAlert>
        <Group>
          <Button type="submit" loading={sending} data-testid={testId ? `${testId}-submit` : undefined}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

