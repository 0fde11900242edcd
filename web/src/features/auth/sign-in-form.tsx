import { Group, Stack, TextInput } from '@mantine/core';
import { signInInputSchema } from '@kubemarket/shared';
import { CurrentPasswordInput } from '../../components/new-password-fields';
import { AnchorLink } from '../../components/router-links';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthForm } from './auth-form';
import type { MfaChallenge } from './auth-storage';
import { useLogin } from './use-sign-in';

interface SignInFormProps {
  onChallenge: (challenge: MfaChallenge) => void;
}

export function SignInForm({ onChallenge }: SignInFormProps) {
  const login = useLogin(onChallenge);
  // A refusal is said by a toast (useLogin).
  const schemaForm = useSchemaForm({
    schema: signInInputSchema,
    initialValues: { identifier: '', password: '' },
    submit: (_parsed, values) => login.mutateAsync({ identifier: values.identifier.trim(), password: values.password }),
  });
  const { form } = schemaForm;

  return (
    <AuthForm
      schemaForm={schemaForm}
      submitLabel="Sign in"
      testId="sign-in-form"
      after={
        <Group justify="center">
          <AnchorLink to="/magic-link-login" size="sm">
            Email me a sign-in link instead
          </AnchorLink>
        </Group>
      }
    >
      <TextInput
        label="Email or username"
        placeholder="you@company.eu"
        autoComplete="username"
        autoFocus
        required
        key={form.key('identifier')}
        {...form.getInputProps('identifier')}
      />
      <Stack gap={6}>
        <CurrentPasswordInput form={form} name="password" label="Password" />
        <Group justify="flex-end">
          <AnchorLink to="/forgot-password" size="sm">
            Forgot your password?
          </AnchorLink>
        </Group>
      </Stack>
    </AuthForm>
  );
}
