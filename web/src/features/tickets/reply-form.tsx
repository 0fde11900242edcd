import { Button, Group, Stack } from '@mantine/core';
import { ticketMessageSchema } from '@kubemarket/shared';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { useSchemaForm } from '../../lib/use-schema-form';
import { attachmentsRule, FilePicker } from './file-picker';
import { MarkdownField } from './markdown-field';

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

/** A message checked by the server's rule, except that it may be empty when files are sent; files by the attachment rules. */
const replySchema = z.object({ body: z.string(), files: z.custom<File[]>() }).transform(({ body, files }, context) => {
  const fileProblem = attachmentsRule.safeParse(files);
  if (!fileProblem.success) context.addIssue({ code: 'custom', path: ['files'], message: fileProblem.error.issues[0]?.message ?? '' });
  if (files.length > 0 && !body.trim()) return fileProblem.success ? { body: '', files } : z.NEVER;
  const message = ticketMessageSchema.safeParse(body);
  if (!message.success) context.addIssue({ code: 'custom', path: ['body'], message: message.error.issues[0]?.message ?? 'Write a message.' });
  return message.success && fileProblem.success ? { body: message.data, files } : z.NEVER;
});

/** A Markdown message with optional files; the message may be empty only when files are sent. */
export function ReplyForm({ label, submitLabel, onSend, allowFiles = true, extra, testId }: ReplyFormProps) {
  // Controlled: the Markdown field and the file picker are.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: replySchema,
    initialValues: { body: '', files: [] as File[] },
    mode: 'controlled',
    submit: (reply) => onSend(reply),
    resetOnSuccess: true,
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label} data-testid={testId}>
      <Stack gap="sm">
        <MarkdownField
          label={label}
          value={form.values.body}
          onChange={(body) => form.setFieldValue('body', body)}
          error={form.errors.body as string | undefined}
          minRows={4}
          disabled={submitting}
          testId={testId ? `${testId}-body` : undefined}
        />
        {allowFiles ? <FilePicker files={form.values.files} onChange={(files) => form.setFieldValue('files', files)} disabled={submitting} /> : null}
        {extra}
        <ErrorAlert>{error}</ErrorAlert>
        <Group>
          <Button type="submit" loading={submitting} data-testid={testId ? `${testId}-submit` : undefined}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
