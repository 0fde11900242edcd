import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode, RefObject } from 'react';

/** What useSchemaForm gives that the form element and its button need. */
export interface AuthFormState {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
}

interface AuthFormProps {
  schemaForm: AuthFormState;
  submitLabel: string;
  testId?: string;
  /** Under the submit button: another way, or what pressing it does. */
  after?: ReactNode;
  /** The fields, above the submit button. */
  children: ReactNode;
}

/** A form of the sign-in pages: its fields, the full-width submit button, then what follows it. */
export function AuthForm({ schemaForm: { formRef, onSubmit, submitting }, submitLabel, testId, after, children }: AuthFormProps) {
  return (
    <form ref={formRef} noValidate data-testid={testId} onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}
