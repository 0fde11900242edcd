import { TextInput } from '@mantine/core';
import { emailRequestInputSchema } from '@kubemarket/shared';
import { ErrorAlert } from '../../components/error-alert';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthForm } from './auth-form';

interface EmailRequestFormProps {
  submitLabel: string;
  /** Asks for the link; rejects with the server's refusal. */
  send: (email: string) => Promise<unknown>;
}

/** The one-field "email me a link" form of the password reset and magic link pages. */
export function EmailRequestForm({ submitLabel, send }: EmailRequestFormProps) {
  const schemaForm = useSchemaForm({
    schema: emailRequestInputSchema,
    initialValues: { email: '' },
    submit: (_parsed, values) => send(values.email.trim()),
  });
  const { form, error } = schemaForm;

  return (
    <AuthForm schemaForm={schemaForm} submitLabel={submitLabel}>
      <ErrorAlert>{error}</ErrorAlert>
      <TextInput label="Email" type="email" autoComplete="email" autoFocus required key={form.key('email')} {...form.getInputProps('email')} />
    </AuthForm>
  );
}
