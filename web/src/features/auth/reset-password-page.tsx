import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, passwordResetFormSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { ErrorAlert } from '../../components/error-alert';

interface ResetPasswordPageProps {
  token: string | undefined;
}

export function ResetPasswordPage({ token }: ResetPasswordPageProps) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(passwordResetFormSchema, { sync: true }),
  });

  if (!token) {
    return (
      <AuthCard title="Reset your password" footer={<AnchorLink to="/auth">Back to sign in</AnchorLink>}>
        <ErrorAlert>
          This link is incomplete. Open the link from the email again, or ask for a new one.
        </ErrorAlert>
        <ButtonLink to="/forgot-password" fullWidth>
          Send me a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="password-reset-done">
          Your password has been changed and every session of your account was signed out. Sign in with your new
          password.
        </Alert>
        <ButtonLink to="/auth" fullWidth>
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Signing in with the new password works on every device; other sessions are signed out."
      footer={<AnchorLink to="/auth">Back to sign in</AnchorLink>}
    >
      <form noValidate onSubmit={form.onSubmit((values) => reset.mutate({ token, password: values.password }))}>
        <Stack gap="md">
          {reset.error ? (
            <ErrorAlert>
              {reset.error.message}{' '}
              <AnchorLink to="/forgot-password" size="sm">
                Ask for a new link
              </AnchorLink>
            </ErrorAlert>
          ) : null}
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            autoComplete="new-password"
            autoFocus
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Change password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
