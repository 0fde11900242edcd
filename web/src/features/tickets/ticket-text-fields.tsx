import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { fieldAlert } from './field-alert';
import { MarkdownField } from './markdown-field';

interface TicketTextFieldsProps {
  /** A controlled form holding the ticket's subject and description. */
  form: {
    values: { subject: string; description: string };
    errors: Record<string, ReactNode>;
    getInputProps: (path: 'subject') => GetInputPropsReturnType;
    setFieldValue: (path: 'description', value: string) => void;
  };
  /** What the description should tell. */
  descriptionPlaceholder: string;
  testIds?: { subject: string; description: string };
}

/** A new ticket's subject and its Markdown description, as a customer and a visitor write them. */
export function TicketTextFields({ form, descriptionPlaceholder, testIds }: TicketTextFieldsProps) {
  return (
    <>
      <TextInput
        label="Subject"
        {...form.getInputProps('subject')}
        error={fieldAlert(form.errors.subject)}
        withAsterisk
        maxLength={200}
        placeholder="Ingress returns 502 on webshop-prod"
        data-testid={testIds?.subject}
      />
      <MarkdownField
        label="Description"
        value={form.values.description}
        onChange={(description) => form.setFieldValue('description', description)}
        error={form.errors.description as string | undefined}
        required
        placeholder={descriptionPlaceholder}
        testId={testIds?.description}
      />
    </>
  );
}
