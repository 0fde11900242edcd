import { Button, Stack, TextInput } from '@mantine/core';
import { emailRequestInputSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/error-alert';

interface EmailRequestFormProps {
  submitLabel: string;
  pending: boolean;
  error: { message: string } | null;
  onSubmit: (email: string) => void;
}

/** The one-field "email me a link" form of the password reset and magic link pages. */
export function EmailRequestForm({ submitLabel, pending, error, onSubmit }: EmailRequestFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(emailRequestInputSchema, { sync: true }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.email.trim()))}>
      <Stack gap="md">
        {error ? (
          <ErrorAlert>
            {error.message}
          </ErrorAlert>
        ) : null}
        <TextInput label="Email" type="email" autoComplete="email" autoFocus required key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
