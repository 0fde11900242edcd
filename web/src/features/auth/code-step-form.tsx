import { Button, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { AuthForm, type AuthFormState } from './auth-form';

interface CodeStepFormProps {
  /** useSchemaForm's result for a form whose one field is `code`. */
  schemaForm: AuthFormState & { form: { key: (path: string) => string; getInputProps: (path: string) => GetInputPropsReturnType } };
  testId: string;
  /** Above the field: what to type. */
  intro?: ReactNode;
  /** The code field's label and what else it says. */
  codeInput: TextInputProps & { label: string };
  submitLabel: string;
  /** Abandons this sign-in and goes back to the password step. */
  onCancel: () => void;
}

/** A sign-in step that asks for a code from the authenticator app, or gives up on this account. */
export function CodeStepForm({ schemaForm, testId, intro, codeInput, submitLabel, onCancel }: CodeStepFormProps) {
  const { form, submitting } = schemaForm;
  return (
    <AuthForm
      schemaForm={schemaForm}
      submitLabel={submitLabel}
      testId={testId}
      after={
        <Button variant="subtle" color="gray" fullWidth onClick={onCancel} disabled={submitting}>
          Sign in with a different account
        </Button>
      }
    >
      {intro}
      <TextInput placeholder="123456" autoComplete="one-time-code" required {...codeInput} key={form.key('code')} {...form.getInputProps('code')} />
    </AuthForm>
  );
}
