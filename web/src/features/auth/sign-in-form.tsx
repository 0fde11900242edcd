import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { signInInputSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { AnchorLink } from '../../components/router-links';
import type { MfaChallenge } from './auth-storage';
import { useLogin } from './use-sign-in';

interface SignInFormProps {
  onChallenge: (challenge: MfaChallenge) => void;
}

export function SignInForm({ onChallenge }: SignInFormProps) {
  const login = useLogin(onChallenge);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { identifier: '', password: '' },
    validate: schemaResolver(signInInputSchema, { sync: true }),
  });

  return (
    <form
      noValidate
      data-testid="sign-in-form"
      onSubmit={form.onSubmit((values) => login.mutate({ identifier: values.identifier.trim(), password: values.password }))}
    >
      <Stack gap="md">
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <AnchorLink to="/forgot-password" size="sm">
              Forgot your password?
            </AnchorLink>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Group justify="center">
          <AnchorLink to="/magic-link-login" size="sm">
            Email me a sign-in link instead
          </AnchorLink>
        </Group>
      </Stack>
    </form>
  );
}
